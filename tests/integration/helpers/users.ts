import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { getDb } from '#app/server/db.server.ts'
import { hashPassword } from '#app/server/auth/password.server.ts'
import { createWebSession } from '#app/server/auth/session.server.ts'
import { signAccessToken } from '#app/server/auth/tokens.server.ts'
import { sessionKeys, parseEnv } from '#app/server/env.server.ts'
import { newId } from '#app/domain/ids.ts'
import { users } from '#db/schema.ts'
import type { PlanName } from '#app/domain/enums.ts'

export const TEST_PASSWORD = 'Test-password-1'

/** A confirmed specialist with a unique login and email; a cheap hash keeps tests fast. */
export async function createTestUser(overrides: Partial<typeof users.$inferInsert> & { plan?: PlanName } = {}) {
  const id = newId()
  const suffix = id.slice(-12)
  const user = {
    id,
    login: `user_${suffix}`,
    email: `user_${suffix}@example.com`,
    emailVerifiedAt: Date.now(),
    passwordHash: await hashPassword(TEST_PASSWORD, 1000),
    firstName: 'Тест',
    lastName: 'Пользователь',
    timeZone: 'Europe/Moscow',
    ...overrides,
  }
  await getDb(env.DB).insert(users).values(user)
  return user
}

/** The `Cookie` header of a signed-in web session for the user. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const setCookie = await createWebSession(getDb(env.DB), userId, Date.now())
  return setCookie.split(';')[0]
}

/** An `Authorization` header value for the JSON API. */
export async function bearerFor(userId: string): Promise<string> {
  return `Bearer ${await signAccessToken(sessionKeys(parseEnv(env)), userId, Date.now())}`
}

/**
 * Pages as a browser without script asks for them: GET, and form posts (same origin, urlencoded), with the
 * session `cookie` when given; redirects are returned, not followed.
 */
export function pageClient(cookie?: string) {
  const session: Record<string, string> = cookie ? { Cookie: cookie } : {}
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      SELF.fetch(`http://localhost${path}`, { headers: { ...session, ...headers }, redirect: 'manual' }),
    post: (path: string, fields: Record<string, string> | [string, string][]) =>
      SELF.fetch(`http://localhost${path}`, {
        method: 'POST',
        headers: {
          ...session,
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'http://localhost',
          Host: 'localhost',
        },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      }),
  }
}
