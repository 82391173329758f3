import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { users } from '#db/schema.ts'
import { verifyAccessToken } from '#app/server/auth/tokens.server.ts'
import { sessionSecret } from '#app/server/env.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './envelope.ts'

/**
 * Routes behind it need `Authorization: Bearer <access token>`; no token, a bad one or an expired one
 * answers 401 (SPEC §8: the client refreshes and replays). Sets `user` for the handler.
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
  const userId = token ? await verifyAccessToken(sessionSecret(c.get('config')), token, Date.now()) : null
  const [user] = userId ? await c.get('db').select().from(users).where(eq(users.id, userId)).limit(1) : []
  if (!user) throw new ApiError(401, [c.get('t')('api:unauthorized')])
  c.set('user', user)
  await next()
})
