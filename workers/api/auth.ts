import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { users } from '#db/schema.ts'
import { verifyAccessClaims } from '#app/server/auth/tokens.server.ts'
import { sessionSecret } from '#app/server/env.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './envelope.ts'

/**
 * Routes behind it need `Authorization: Bearer <access token>`; no token, a bad one or an expired one
 * answers 401 (SPEC §8: the client refreshes and replays), and so does a token issued before the user's last
 * password change, reset or logout (its generation is older than the user row's). Sets `user` for the handler.
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
  const claims = token ? await verifyAccessClaims(sessionSecret(c.get('config')), token, Date.now()) : null
  const [user] = claims ? await c.get('db').select().from(users).where(eq(users.id, claims.userId)).limit(1) : []
  // A token of an earlier generation ended with a password change, a reset or a logout (ADR 0088).
  if (!user || !claims || claims.generation !== user.tokenGeneration)
    throw new ApiError(401, [c.get('t')('api:unauthorized')])
  c.set('user', user)
  await next()
})
