import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '#app/server/db.server.ts'
import { outbox } from '#db/schema.ts'
import { checkAnswer } from './openapi-check.ts'

let counter = 0

/** A unique suffix for logins and emails of one test. */
export function unique(prefix = 'u'): string {
  counter++
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** A client address of its own per caller, so per-IP limits of one test never spill into another. */
export function newIp(): string {
  return `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`
}

export type Envelope<T = unknown> = { isOk: boolean; data: T; apiErrors: { text: string }[] }

/** Calls the JSON API like a client: JSON body, optional bearer token, language and client IP. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; auth?: string; language?: string; ip?: string; rawBody?: BodyInit } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const headers: Record<string, string> = {
    'Accept-Language': options.language ?? 'ru',
    'CF-Connecting-IP': options.ip ?? newIp(),
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.auth) headers.Authorization = options.auth
  const response = await SELF.fetch(`http://localhost/api/v2${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const body = (await response.json()) as Envelope<T>
  // Every answer is checked against the OpenAPI document (ADR 0104).
  checkAnswer(method, path, response.status, body)
  return { status: response.status, body, headers: response.headers }
}

/** The newest email sent to an address, read back from the outbox the app wrote it to. */
export async function lastEmailTo(recipient: string) {
  const [row] = await getDb(env.DB)
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, 'email')))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1)
  return row ?? null
}

export async function emailsTo(recipient: string) {
  return getDb(env.DB).select().from(outbox).where(eq(outbox.recipient, recipient))
}

export function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/)
  if (!match) throw new Error(`No code in: ${text}`)
  return match[1]
}

export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`))
  if (!match) throw new Error(`No ${path} link in: ${text}`)
  return match[1]
}

export const STRONG_PASSWORD = 'Strong-pass-1'

export function signupBody(overrides: Record<string, unknown> = {}) {
  const login = unique('acc')
  return {
    login,
    email: `${login}@example.com`,
    password: STRONG_PASSWORD,
    firstName: 'Анна',
    lastName: 'Смирнова',
    isAgreementAccepted: true,
    ...overrides,
  }
}

/** Signs up through the API and confirms with the emailed code; the tokens and the account's data. */
export async function signupAndConfirm(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides)
  const created = await api<{ id: string }>('POST', '/identity/signup/email', { body })
  if (created.status !== 201) throw new Error(JSON.stringify(created.body))
  const email = await lastEmailTo(body.email as string)
  const confirmed = await api<{ token: string; refreshToken: string }>('POST', '/identity/signup/email/code', {
    body: { email: body.email, code: codeIn(email!.text) },
  })
  if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.body))
  return { ...body, id: created.body.data.id, ...confirmed.body.data }
}
