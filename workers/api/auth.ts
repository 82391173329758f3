import { createMiddleware } from 'hono/factory'
import { isReadMethod } from '#app/domain/webhooks/rules.ts'
import { userOfAccessToken } from '#app/server/auth/api-user.server.ts'
import { PAT_RATE_LIMIT, userOfPat } from '#app/server/auth/pat.server.ts'
import { sessionKeys } from '#app/server/env.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './envelope.ts'

/**
 * Routes behind it need `Authorization: Bearer <access token>`; no token, a bad one or an expired one
 * answers 401 (SPEC §8: the client refreshes and replays), and so does a token issued before the user's last
 * password change, reset or logout (its generation is older than the user row's). Sets `user` for the handler.
 *
 * A personal access token (`fs_pat_...`, issue 17) works too: unknown or revoked is a 401, a read-only one is a 403
 * on anything but GET, and each token has its own rate limit (429 with `Retry-After`). Sets `pat` then.
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const t = c.get('t')
  const header = c.req.header('Authorization') ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
  const now = Date.now()
  const personal = await userOfPat(c.get('db'), token, now)
  if (personal) {
    const decision = await getRateLimits(c.env).hit(PAT_RATE_LIMIT, personal.pat.id, now)
    if (!decision.allowed)
      throw new ApiError(429, [t('api:tooManyRequests')], { 'Retry-After': String(decision.retryAfterSeconds) })
    if (personal.pat.scope === 'read' && !isReadMethod(c.req.method)) throw new ApiError(403, [t('api:patReadOnly')])
    c.set('user', personal.user)
    c.set('pat', personal.pat)
    return next()
  }
  const user = await userOfAccessToken(c.get('db'), sessionKeys(c.get('config')), token, now)
  if (!user) throw new ApiError(401, [t('api:unauthorized')])
  c.set('user', user)
  await next()
})

/** After `requireAuth`: the call needs the person's own sign-in, not a personal access token (a PAT cannot mint PATs). */
export const refusePat = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.get('pat')) throw new ApiError(403, [c.get('t')('api:patNotAllowed')])
  await next()
})
