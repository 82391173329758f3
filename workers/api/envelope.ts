import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { type Refusal, refusalProblems, refusalStatus } from '#app/domain/refusal.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import { refusalTexts } from '#app/server/refusal.server.ts'
import type { ApiEnv } from './context.ts'

/** SPEC §3 "Response envelope"; API-CONTRACT.md "Envelope and errors". */
export type Envelope<T> = { isOk: boolean; data: T | null; apiErrors: { text: string }[] }

export function ok<T>(c: Context<ApiEnv>, data: T, status: 200 | 201 = 200) {
  return c.json<Envelope<T>>({ isOk: true, data, apiErrors: [] }, status)
}

/** An error answer: thrown anywhere in a handler, shaped once by the router's `onError`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly texts: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(texts.join('; '))
  }
}

/** An error's answer: an `ApiError` thrown to `onError`, or the same shape answered directly (`refusalAnswer`). */
export function errorResponse(c: Context<ApiEnv>, error: Pick<ApiError, 'status' | 'texts' | 'headers'>) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  return c.json<Envelope<null>>(
    { isOk: false, data: null, apiErrors: error.texts.map((text) => ({ text })) },
    error.status,
  )
}

/**
 * The API's answer to a refusal: the table's status (the same a page answers), one translated text per problem
 * naming its field, and for a 429 the wait as `Retry-After` (`params.seconds`).
 */
export function refusalResponse(c: Context<ApiEnv>, refusal: Refusal) {
  const seconds = refusalProblems(refusal).find((problem) => problem.params?.seconds !== undefined)?.params?.seconds
  const status = refusalStatus(refusal)
  const headers: Record<string, string> = status === 429 && seconds ? { 'Retry-After': String(seconds) } : {}
  // Returned, not thrown: no Error (its stack) is made for each refused request of a race (ADR 0129).
  return errorResponse(c, { status, texts: refusalTexts(refusal, c.get('t')), headers })
}

/** Reads and validates a JSON body: malformed JSON and each schema issue answer 400, translated. */
export async function readJson<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> {
  const t = c.get('t')
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new ApiError(400, [t('api:malformedJson')])
  }
  return parseWith(c, schema, body)
}

export function parseWith<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, value: unknown): z.infer<S> {
  // With the input on each issue, a value of the wrong type reads "invalid", a missing one "required" (zod-errors.ts).
  const result = schema.safeParse(value, { reportInput: true })
  if (!result.success) {
    const t = c.get('t')
    throw new ApiError(
      400,
      result.error.issues.map((issue) => issueText(issue, t)),
    )
  }
  return result.data
}
