import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants } from '#db/schema.ts'
import { openApiDocument } from '#workers/api/openapi/document.ts'
import { type Operation, OPERATIONS } from '#workers/api/openapi/operations.ts'
import { newIp } from './helpers/accounts.ts'
import { contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { checkAnswer } from './helpers/openapi-check.ts'
import { bearerFor } from './helpers/users.ts'

/**
 * Issue 17's fuzz test: it walks the OpenAPI document and sends every operation deterministic malformed input (wrong
 * types, missing fields, huge strings, control characters, impossible dates, unknown zones and query parameters,
 * malformed path parameters) as a signed-in specialist with data. Each answer must be a 4xx in the envelope with
 * translated texts (the calls ask for English: a Russian or key-like text is a missing translation), never a 5xx;
 * and no table of the database may change.
 */

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: unknown
  maxLength?: number
  enum?: unknown[]
  format?: string
  pattern?: string
  anyOf?: Schema[]
}
type DocParam = { name: string; in: string; schema: Schema }
type DocOperation = { parameters: DocParam[]; requestBody?: { content: Record<string, { schema: Schema }> } }

const doc = openApiDocument('en') as { paths: Record<string, Record<string, DocOperation>> }
const docOf = (op: Operation) => doc.paths[op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')][op.method]

type Case = { name: string; path: string; body?: string; headers?: Record<string, string>; signedOut?: boolean }

const HUGE = 'x'.repeat(20_000)
const CONTROL = 'a\u0000\u0007\u001b[31m\u202e'

function types(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(types)
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]
}

/** A JSON value the property's schema refuses for its type, if it declares one. */
function wrongType(schema: Schema): unknown {
  const allowed = types(schema)
  if (allowed.length === 0) return undefined
  if (!allowed.includes('string')) return 'not-a-value'
  if (!allowed.includes('object')) return { nested: true }
  return undefined
}

/** Values for a string property that no honest validation takes: by its name, dates and zones get theirs. */
function badStrings(name: string, schema: Schema): unknown[] {
  if (!types(schema).includes('string')) return []
  const values: unknown[] = [HUGE, CONTROL]
  if (/date|start|end|from|to$|period|day/i.test(name)) values.push('2026-02-30T10:00:00Z', '30.02.2026')
  if (/zone/i.test(name)) values.push('Mars/Olympus')
  return values
}

/**
 * Two bodies per operation: malformed JSON, and an object whose every field is malformed at once (a wrong type where
 * the field declares one, else a huge string, control characters, 30 February or an unknown zone by its name).
 */
function bodyCases(op: Operation, path: string): Case[] {
  const body = docOf(op).requestBody?.content['application/json']?.schema
  if (!body) return []
  const cases: Case[] = [{ name: 'malformed JSON', path, body: '{"broken":' }]
  const fields = Object.entries(body.properties ?? {})
  const malformed = Object.fromEntries(
    fields.map(([name, schema], index) => {
      const strings = badStrings(name, schema)
      const special = strings.length > 2 ? strings[2 + (index % (strings.length - 2))] : undefined
      return [name, special ?? wrongType(schema) ?? strings[index % 2] ?? 12345]
    }),
  )
  cases.push({
    name: fields.length > 0 ? 'every field malformed' : 'a string for the body',
    path,
    body: JSON.stringify(fields.length > 0 ? malformed : 'text'),
  })
  return cases
}

/** The constrained query parameters all malformed at once, and an unknown one where the route is strict. */
function queryCases(op: Operation, path: string): Case[] {
  if (!op.query || op.documentedQuery) return []
  const params = docOf(op).parameters.filter((p) => p.in === 'query')
  const query = new URLSearchParams()
  for (const param of params) {
    const allowed = types(param.schema)
    const numeric = allowed.includes('number') || allowed.includes('integer')
    if (/date|from|to$/i.test(param.name)) query.set(param.name, '2026-02-30')
    else if (numeric) query.set(param.name, 'abc')
    else if (param.schema.enum || param.schema.format || param.schema.pattern) query.set(param.name, CONTROL)
  }
  const cases: Case[] = []
  if ([...query.keys()].length > 0) cases.push({ name: `?${query}`.slice(0, 40), path: `${path}?${query}` })
  if (isStrict(op)) cases.push({ name: 'unknown query parameter', path: `${path}?zzUnknown=1` })
  return cases
}

function isStrict(op: Operation): boolean {
  const def = (op.query as unknown as { def?: { catchall?: { def?: { type?: string } } } }).def
  return def?.catchall?.def?.type === 'never'
}

type Fixture = {
  auth: string
  values: (op: Operation, name: string) => string
}

/** Path parameters: the specialist's own objects, so owner routes get past their 404 to the input. */
function fill(op: Operation, fixture: Fixture, override?: { name: string; value: string }): string {
  return op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(override?.name === name ? override.value : fixture.values(op, name)),
  )
}

/** Path parameters: an object id with control characters (404), and an impossible year, month or day (400). */
function paramCases(op: Operation, fixture: Fixture): Case[] {
  const cases: Case[] = []
  const names = [...op.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
  if (names.includes('id'))
    cases.push({ name: '{id} with control characters', path: fill(op, fixture, { name: 'id', value: CONTROL }) })
  if (names.includes('day'))
    cases.push({ name: '30 February', path: fill(op, fixture).replace(/\/\d{4}\/\d{1,2}\/1$/, '/2026/2/30') })
  else if (names.includes('month'))
    cases.push({ name: 'month 13', path: fill(op, fixture, { name: 'month', value: '13' }) })
  if (/\/(days|slots)\//.test(op.path) && op.auth === 'public')
    cases.push({ name: 'unknown time zone', path: fill(op, fixture), headers: { timezone: 'Mars/Olympus' } })
  return cases
}

async function snapshot(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>()
  const counts: Record<string, number> = {}
  for (const { name } of results) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>()
    counts[name] = row?.n ?? 0
  }
  return counts
}

async function fixture(): Promise<Fixture & { login: string }> {
  const { host, eventType, scheduleId } = await createBookableHost({}, { plan: 'Pro' })
  const auth = await bearerFor(host.id)
  const { slots } = await firstFreeSlot(host.login, eventType.link)
  const booked = await SELF.fetch(`http://localhost/api/v2/public/${host.login}/eventTypes/${eventType.link}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': newIp(), 'Accept-Language': 'en' },
    body: JSON.stringify({ contactInfo: contactInfo('fuzz'), slots: [{ start: slots[0].start }] }),
  })
  expect(booked.status).toBe(201)
  const { data } = (await booked.json()) as { data: { meetingIds: string[] } }
  const meetingId = data.meetingIds[0]
  const [participant] = await getDb(env.DB)
    .select()
    .from(meetingParticipants)
    .where(eq(meetingParticipants.meetingId, meetingId))
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return {
    login: host.login,
    auth,
    values: (op, name) => {
      if (name === 'login') return host.login
      if (name === 'eventLink') return eventType.link
      if (name === 'year') return String(next.getUTCFullYear())
      if (name === 'month') return String(next.getUTCMonth() + 1)
      if (name === 'day') return '1'
      if (name !== 'id') return 'x'
      if (/^\/(eventTypes|unique\/eventType|widget\/eventType)\//.test(op.path)) return eventType.id
      if (op.path.startsWith('/schedule/')) return scheduleId
      if (/^\/(userEvents|meetings|companyEvent)\//.test(op.path)) return meetingId
      if (op.path.startsWith('/eventContact/')) return participant.id
      return 'no-such-id'
    },
  }
}

const KEY_LIKE = /^[a-z]+:[a-zA-Z]+(\.[a-zA-Z]+)+$|\b[a-z]+:[a-z]+[A-Z][a-zA-Z]*\.[a-zA-Z]+\b/

describe('API fuzz over the OpenAPI document (issue 17)', () => {
  it('answers malformed input with a translated 4xx in the envelope, never a 5xx, and writes nothing', async () => {
    const fx = await fixture()
    const cases: { op: Operation; c: Case }[] = []
    for (const op of OPERATIONS) {
      const path = fill(op, fx)
      const own = [...bodyCases(op, path), ...queryCases(op, path), ...paramCases(op, fx)]
      for (const c of own) cases.push({ op, c })
      if (op.auth === 'user' || op.auth === 'session')
        cases.push({ op, c: { name: 'no token', path, signedOut: true } })
    }
    expect(cases.length).toBeGreaterThan(150)
    const before = await snapshot()
    const failures: string[] = []
    const run = async ({ op, c }: { op: Operation; c: Case }) => {
      const response = await SELF.fetch(`http://localhost/api/v2${c.path}`, {
        method: op.method.toUpperCase(),
        headers: {
          'Accept-Language': 'en',
          'CF-Connecting-IP': newIp(),
          ...(c.signedOut ? {} : { Authorization: fx.auth }),
          ...(c.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...c.headers,
        },
        body: c.body,
      })
      const where = `${op.method.toUpperCase()} ${op.path} [${c.name}]`
      const text = await response.text()
      // Services that are not configured here answer their documented 503 before reading input.
      if (response.status === 503 && op.errors?.includes(503)) return
      // A provider's notification is acknowledged whatever it says (it is read back from the provider, ADR 0095).
      if (op.auth === 'service' && response.status < 500) return
      if (response.status < 400 || response.status >= 500) {
        failures.push(`${where}: ${response.status} ${text.slice(0, 200)}`)
        return
      }
      let body: { isOk: boolean; data: unknown; apiErrors: { text: string }[] }
      try {
        body = JSON.parse(text)
        checkAnswer(op.method.toUpperCase(), c.path, response.status, body)
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message.slice(0, 300)}`)
        return
      }
      for (const { text: message } of body.apiErrors)
        if (/[А-Яа-яЁё]/.test(message) || KEY_LIKE.test(message))
          failures.push(`${where}: untranslated text "${message.slice(0, 120)}"`)
    }
    for (let i = 0; i < cases.length; i += 6) await Promise.all(cases.slice(i, i + 6).map(run))
    expect(failures).toEqual([])
    expect(await snapshot()).toEqual(before)
  }, 600_000)

  it('refuses the list side as a query parameter: the route sets it, it is never silently ignored', async () => {
    const fx = await fixture()
    for (const path of ['/userEvents?side=participant', '/meetings?side=organizer']) {
      const response = await SELF.fetch(`http://localhost/api/v2${path}`, {
        headers: { Authorization: fx.auth, 'Accept-Language': 'en' },
      })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { apiErrors: { text: string }[] }
      expect(body.apiErrors[0].text).toContain('side')
    }
  })
})
