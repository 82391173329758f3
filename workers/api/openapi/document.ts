import { z } from 'zod'
import type { Language } from '#app/i18n/config.ts'
import { type Operation, OPERATIONS, TAGS, errorStatuses } from './operations.ts'
import { ErrorEnvelope, envelopeOf } from './responses.ts'

/** The API clients' rules (README "API"), the document's own description, in both languages. */
const DESCRIPTION: Record<Language, string> = {
  ru: `JSON API FastSlot. Один и тот же API отвечает под префиксами \`/api/v2\`, \`/api/v3\` и \`/api/v4\`.

**Ответ** всегда в конверте \`{ isOk, data, apiErrors: [{ text }] }\`. Ошибка: \`isOk: false\` и по тексту на каждую проблему, переведённому на язык заголовка \`locale\` или \`Accept-Language\` (по умолчанию русский), с именем поля: \`password: Минимум 8 символов\`. 400 — неверный ввод, 401 — нет токена или он истёк, 403 — тариф или токен не позволяют, 404 — чужой или несуществующий объект, 409 — время занято, 429 — слишком часто.

**Вход.** \`Authorization: Bearer <token>\`: токен доступа из \`POST /identity/signin/email\` или персональный токен \`fs_pat_…\` (создаётся в /profile/api; только чтение или чтение и запись).

**Правила клиента.**
- 401: обновите токен (\`POST /identity/refresh/token\` с \`{ accessToken, refreshToken }\`) и повторите запрос один раз; снова 401 — войдите заново. Персональный токен не обновляется: 401 значит, что он отозван.
- 429: подождите столько секунд, сколько в заголовке \`Retry-After\`, и повторите.
- Запись (\`POST /public/{login}/eventTypes/{eventLink}/events\`): передавайте заголовок \`Idempotency-Key\` (до 200 символов); повтор с тем же ключом не создаёт вторую запись и отвечает 200 с той же записью.
- Даты в телах \`DD.MM.YYYY\`, время дня \`HH:mm\`, моменты — ISO 8601 UTC. Часовой пояс зрителя — заголовок или параметр \`timezone\` (IANA).
- Неизвестный или неверный параметр запроса там, где маршрут строг, — 400, а не молчаливый пропуск.`,
  en: `FastSlot's JSON API. The same API answers under the prefixes \`/api/v2\`, \`/api/v3\` and \`/api/v4\`.

**Answers** always come in the envelope \`{ isOk, data, apiErrors: [{ text }] }\`. An error has \`isOk: false\` and one text per problem, translated to the language of the \`locale\` or \`Accept-Language\` header (Russian by default) and naming its field: \`password: At least 8 characters\`. 400 bad input, 401 no token or an expired one, 403 the plan or the token does not allow it, 404 another user's object or none, 409 the time is taken, 429 too many requests.

**Sign-in.** \`Authorization: Bearer <token>\`: an access token from \`POST /identity/signin/email\`, or a personal access token \`fs_pat_…\` (made on /profile/api; read-only or read-write).

**Client rules.**
- 401: refresh the token (\`POST /identity/refresh/token\` with \`{ accessToken, refreshToken }\`) and replay the call once; a second 401 means sign in again. A personal access token is not refreshed: a 401 means it was revoked.
- 429: wait as many seconds as the \`Retry-After\` header says, then retry.
- Booking (\`POST /public/{login}/eventTypes/{eventLink}/events\`): send an \`Idempotency-Key\` header (up to 200 characters); a retry with the same key books nothing new and answers 200 with the same booking.
- Dates in bodies are \`DD.MM.YYYY\`, times of day \`HH:mm\`, instants ISO 8601 UTC. The viewer's time zone is the \`timezone\` header or query parameter (IANA).
- An unknown or malformed query parameter where the route is strict is a 400, never silently ignored.`,
}

const STATUS_TEXT: Record<number, Record<Language, string>> = {
  200: { ru: 'Успех', en: 'Success' },
  201: { ru: 'Создано', en: 'Created' },
  202: { ru: 'Принято', en: 'Accepted' },
  400: { ru: 'Неверный ввод', en: 'Bad input' },
  401: {
    ru: 'Нет токена, он неверен или истёк: обновите и повторите',
    en: 'No token, a bad or expired one: refresh and replay',
  },
  403: { ru: 'Тариф или токен не позволяют', en: 'The plan or the token does not allow it' },
  404: { ru: 'Не найдено (или чужое)', en: "Not found (or another user's)" },
  409: {
    ru: 'Конфликт: время занято или состояние изменилось',
    en: 'Conflict: the time is taken or the state changed',
  },
  413: { ru: 'Слишком большой файл', en: 'File too large' },
  422: { ru: 'Тот же Idempotency-Key с другим телом', en: 'The same Idempotency-Key with another body' },
  429: { ru: 'Слишком часто: ждите Retry-After секунд', en: 'Too many requests: wait Retry-After seconds' },
  503: { ru: 'Служба не настроена или недоступна', en: 'The service is not configured or unavailable' },
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] }

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  const { $schema: _, ...rest } = converted
  return rest
}

/** `/eventTypes/:id` → `/eventTypes/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1])
}

function parameters(op: Operation) {
  const list: Record<string, unknown>[] = []
  const params = op.params ? (jsonSchema(op.params, 'input').properties ?? {}) : {}
  for (const name of pathParameterNames(op.path))
    list.push({ name, in: 'path', required: true, schema: params[name] ?? { type: 'string' } })
  if (op.query) {
    const query = jsonSchema(op.query, 'input')
    const required = new Set(query.required ?? [])
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      list.push({
        name,
        in: 'query',
        required: required.has(name),
        schema,
        ...(schema.type === 'array' ? { explode: true } : {}),
      })
    }
  }
  if (op.idempotencyKey)
    list.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } })
  return list
}

function security(op: Operation) {
  if (op.auth === 'user') return [{ accessToken: [] }, { personalAccessToken: [] }]
  if (op.auth === 'session') return [{ accessToken: [] }]
  return []
}

function operationObject(op: Operation, language: Language) {
  const other: Language = language === 'ru' ? 'en' : 'ru'
  const success = op.status ?? 200
  const responses: Record<string, unknown> = {}
  for (const status of [success, ...(op.alsoStatus ?? [])]) {
    responses[String(status)] = op.raw
      ? { description: STATUS_TEXT[status]?.[language] ?? String(status) }
      : {
          description: STATUS_TEXT[status]?.[language] ?? String(status),
          content: { 'application/json': { schema: jsonSchema(envelopeOf(op.data), 'output') } },
        }
  }
  for (const status of errorStatuses(op)) {
    responses[String(status)] = {
      description: STATUS_TEXT[status]?.[language] ?? String(status),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === 429
        ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds' } } }
        : {}),
    }
  }
  const body =
    op.body === undefined
      ? undefined
      : op.body === 'multipart'
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', format: 'binary' } },
                  required: ['file'],
                },
              },
            },
          }
        : { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } }
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary[language],
    description: `${op.summary[other]}${op.documentedQuery ? `\n\n${language === 'ru' ? 'Параметры запроса читаются по одному.' : 'The query parameters are read one by one.'}` : ''}`,
    parameters: parameters(op),
    ...(body ? { requestBody: body } : {}),
    security: security(op),
    responses,
  }
}

const documents = new Map<Language, Record<string, unknown>>()

/** The OpenAPI 3.1 document of the JSON API in one language (summaries; the other language in descriptions). */
export function openApiDocument(language: Language): Record<string, unknown> {
  const cached = documents.get(language)
  if (cached) return cached
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const path = openApiPath(op.path)
    paths[path] ??= {}
    paths[path][op.method] = operationObject(op, language)
  }
  const document = {
    openapi: '3.1.0',
    info: { title: 'FastSlot API', version: '4', description: DESCRIPTION[language] },
    servers: ['v2', 'v3', 'v4'].map((version) => ({ url: `/api/${version}` })),
    tags: TAGS.map((tag) => ({ name: tag.name, 'x-displayName': tag[language], description: tag[language] })),
    paths,
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            language === 'ru'
              ? 'Токен доступа из входа; при 401 обновите и повторите'
              : 'The access token of a sign-in; on 401 refresh and replay',
        },
        personalAccessToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            language === 'ru'
              ? 'Персональный токен fs_pat_… из /profile/api'
              : 'A personal access token fs_pat_… from /profile/api',
        },
      },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') },
    },
  }
  documents.set(language, document)
  return document
}
