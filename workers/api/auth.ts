import { createMiddleware } from 'hono/factory'
import { userOfAccessToken } from '#app/server/auth/api-user.server.ts'
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
  const user = await userOfAccessToken(c.get('db'), sessionSecret(c.get('config')), token, Date.now())
  if (!user) throw new ApiError(401, [c.get('t')('api:unauthorized')])
  c.set('user', user)
  await next()
})
