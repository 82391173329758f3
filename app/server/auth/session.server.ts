import { redirect } from '@remix-run/cloudflare'
import { and, eq, gt } from 'drizzle-orm'
import { sessions, users } from '#db/schema.ts'
import { newId } from '#app/domain/ids.ts'
import type { Db } from '../db.server.ts'
import { randomToken, sha256 } from './tokens.server.ts'

/** The web session cookie: httpOnly, Secure, SameSite=Lax (ARCHITECTURE.md "Sessions and the API"). */
export const SESSION_COOKIE = 'session'
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`
}

/** Starts a web session; the answer's `Set-Cookie` value. */
export async function createWebSession(db: Db, userId: string, now: number): Promise<string> {
  const token = randomToken()
  await db.insert(sessions).values({
    id: newId(now),
    tokenHash: await sha256(token),
    userId,
    expiresAt: now + SESSION_TTL_MS,
  })
  return sessionCookie(token, SESSION_TTL_MS / 1000)
}

/** Ends the web session of this request, if any; the answer's `Set-Cookie` value clears the cookie. */
export async function destroyWebSession(db: Db, request: Request): Promise<string> {
  const token = readCookie(request, SESSION_COOKIE)
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, await sha256(token)))
  return sessionCookie('', 0)
}

/** The stored hash of this request's session token (to tell the current session from the others), or null. */
export async function sessionTokenHash(request: Request): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE)
  return token ? sha256(token) : null
}

/**
 * Whether the request carries a session cookie, valid or not: no database read. For what only shapes the page
 * (the error screen's header), never for access.
 */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(readCookie(request, SESSION_COOKIE))
}

/** The signed-in user of this request, or null. */
export async function getSessionUser(db: Db, request: Request, now: number = Date.now()) {
  const token = readCookie(request, SESSION_COOKIE)
  if (!token) return null
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1)
  return row?.user ?? null
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(db: Db, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(db, request)
  if (user) return user
  const url = new URL(request.url)
  throw redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`)
}
