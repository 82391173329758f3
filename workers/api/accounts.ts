import type { Context } from 'hono'
import { z } from 'zod'
import {
  AfterBookingCodeSchema,
  ChangePasswordSchema,
  ConfirmCodeSchema,
  CULTURES,
  EmailSchema,
  LoginSchema,
  ProfileSchema,
  RestoreRequestSchema,
  RestoreSchema,
  SigninSchema,
  SignupSchema,
  TimeZoneSchema,
} from '#app/domain/accounts/rules.ts'
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken } from '#app/server/accounts/api-tokens.server.ts'
import { accountDeps } from '#app/server/accounts/deps.server.ts'
import { ACCOUNT_LIMITS, enforceLimit } from '#app/server/accounts/limits.server.ts'
import { refuse } from '#app/server/refusal.server.ts'
import {
  CODE_CHALLENGE,
  CODE_VERIFIER,
  apiRedirectTarget,
  exchangeApiSigninCode,
  unlinkProvider,
} from '#app/server/accounts/api-signin.server.ts'
import { stateCookie } from '#app/server/accounts/oauth-route.server.ts'
import { OAUTH_STATE_TTL_MS, isOAuthProvider, providerConfig } from '#app/server/accounts/oauth-providers.server.ts'
import { startOAuth } from '#app/server/accounts/oauth.server.ts'
import { shortEventTypes } from '#app/server/event-types/event-types.server.ts'
import type { OAuthProvider } from '#app/domain/enums.ts'
import { confirmSignupCode, resendSignupCode } from '#app/server/accounts/email-confirm.server.ts'
import { signin } from '#app/server/accounts/login.server.ts'
import { requestRestore, resetPassword } from '#app/server/accounts/restore.server.ts'
import {
  cancelSignup,
  invalidateSignupCode,
  isEmailFree,
  isLoginFree,
  signup,
} from '#app/server/accounts/signup.server.ts'
import {
  changePassword,
  deleteAccount,
  withdrawMailingConsent,
  deleteAvatar,
  profileView,
  setAvatar,
  setCulture,
  setTimeZone,
  updateProfile,
} from '#app/server/accounts/profile.server.ts'
import { confirmAfterBooking } from '#app/server/booking/after-booking.server.ts'
import { sessionKeys } from '#app/server/env.server.ts'
import { Hono } from 'hono'
import { refusePat, requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

const deps = (c: Context<ApiEnv>) => accountDeps(c.env, c.executionCtx, c.req.raw, c.get('language'))
const keys = (c: Context<ApiEnv>) => sessionKeys(c.get('config'))
const origin = (c: Context<ApiEnv>) => new URL(c.req.url).origin
const flag = (value: string | undefined) => value === 'true' || value === '1'

export const RefreshSchema = z.object({
  accessToken: z.string().max(4000).optional(),
  refreshToken: z.string({ error: 'accounts:required' }).min(1, 'accounts:required').max(200),
})
export const LogoutSchema = RefreshSchema.pick({ refreshToken: true })
export { AfterBookingCodeSchema }

export const ApiSigninSchema = z.object({
  code: z.string({ error: 'accounts:required' }).min(1, 'accounts:required').max(200),
  codeVerifier: z.string().regex(CODE_VERIFIER, 'accounts:apiSignin.verifier').optional(),
})

export const ResendSchema = z.object({ email: EmailSchema })
export const CultureSchema = z.object({ culture: z.enum(CULTURES, { error: 'accounts:culture.invalid' }) })
export const TimeZoneQuerySchema = z.object({ ianaTimeZoneId: TimeZoneSchema })

/** `{service}` of `/identity/signup/{service}`: a provider, else 404 (`email` has its own routes above). */
function providerParam(c: Context<ApiEnv>): OAuthProvider {
  const service = c.req.param('service')
  if (!isOAuthProvider(service)) throw new ApiError(404, [c.get('t')('api:notFound')])
  return service
}

/** SPEC §7 Identity, Uniqueness (email, login) and Profile, in the shapes of API-CONTRACT.md. */
export const accounts = new Hono<ApiEnv>()
  .post('/identity/signup/email', async (c) => {
    const input = await readJson(c, SignupSchema)
    const { id } = await signup(deps(c), input, { isConsentMailing: flag(c.req.query('isConsentMailing')) })
    return ok(c, { id }, 201)
  })
  .delete('/identity/signup/email', async (c) => {
    await cancelSignup(deps(c), c.req.query('id') ?? '')
    return ok(c, null)
  })
  .delete('/identity/signup/email/code', async (c) => {
    await invalidateSignupCode(deps(c), c.req.query('id') ?? '')
    return ok(c, null)
  })
  .post('/identity/signup/email/code', async (c) => {
    const d = deps(c)
    if (flag(c.req.query('afterBooking'))) {
      // After a public booking: the code also proves the booking's email (docs/decisions/0033-signup-after-booking.md).
      const input = await readJson(c, AfterBookingCodeSchema)
      const consent = c.req.query('isConsentMailing')
      const { user, meetingIds } = await confirmAfterBooking(d, input, {
        isConsentMailing: consent === undefined ? undefined : flag(consent),
      })
      return ok(c, { ...(await issueTokenPair(d.db, keys(c), user.id, d.now)), meetingIds })
    }
    const input = await readJson(c, ConfirmCodeSchema)
    const user = await confirmSignupCode(d, input)
    return ok(c, await issueTokenPair(d.db, keys(c), user.id, d.now))
  })
  .post('/identity/signup/email/resend', async (c) => {
    const input = await readJson(c, ResendSchema)
    await resendSignupCode(deps(c), input)
    return ok(c, null)
  })
  // Provider sign-in for API clients (docs/decisions/0010-accounts.md "Provider sign-in through the JSON API").
  .get('/identity/signup/:service', async (c) => {
    const provider = providerParam(c)
    const d = deps(c)
    const config = providerConfig(provider, c.env, d.env)
    if (!config) throw new ApiError(503, [c.get('t')('accounts:oauth.notConfigured')])
    const redirectTo = apiRedirectTarget(c.req.query('redirectUrl'), d.env.APP_URL, c.env.OAUTH_API_REDIRECT_URLS)
    if (!redirectTo) refuse('apiSigninRedirectUrl', 'redirectUrl')
    const codeChallenge = c.req.query('codeChallenge')
    const method = c.req.query('codeChallengeMethod')
    if ((codeChallenge !== undefined && !CODE_CHALLENGE.test(codeChallenge)) || (method && method !== 'S256'))
      refuse('apiSigninChallenge', 'codeChallenge')
    const { url, state } = await startOAuth(d, provider, config, redirectTo, {
      mode: 'api',
      codeChallenge: codeChallenge ?? null,
    })
    // Without a challenge the sign-in is bound to this browser by the state cookie, as on the web.
    if (!codeChallenge) c.header('Set-Cookie', stateCookie(provider, state, OAUTH_STATE_TTL_MS / 1000))
    return ok(c, { url })
  })
  .delete('/identity/signup/:service', requireAuth, async (c) => {
    await unlinkProvider(c.get('db'), c.get('user').id, providerParam(c))
    return ok(c, null)
  })
  .post('/apiKey/signin', async (c) => {
    const input = await readJson(c, ApiSigninSchema)
    const d = deps(c)
    const userId = await exchangeApiSigninCode(d, input)
    return ok(c, await issueTokenPair(d.db, keys(c), userId, d.now))
  })
  .post('/identity/signin/email', async (c) => {
    const input = await readJson(c, SigninSchema)
    const d = deps(c)
    const user = await signin(d, input)
    return ok(c, await issueTokenPair(d.db, keys(c), user.id, d.now))
  })
  .post('/identity/refresh/token', async (c) => {
    const input = await readJson(c, RefreshSchema)
    const d = deps(c)
    return ok(c, await rotateRefreshToken(d.db, keys(c), input.refreshToken, d.now))
  })
  .post('/identity/logout', async (c) => {
    const input = await readJson(c, LogoutSchema)
    const d = deps(c)
    await revokeRefreshToken(d.db, input.refreshToken, d.now)
    return ok(c, null)
  })
  .post('/restore', async (c) => {
    await requestRestore(deps(c), await readJson(c, RestoreRequestSchema))
    return ok(c, null)
  })
  .put('/restore', async (c) => {
    await resetPassword(deps(c), await readJson(c, RestoreSchema))
    return ok(c, null)
  })
  .get('/unique/email/:email', async (c) => {
    const d = deps(c)
    await enforceLimit(d.limits, ACCOUNT_LIMITS.uniqueIp, d.ip, d.now)
    const parsed = EmailSchema.safeParse(c.req.param('email'))
    return ok(c, { isOk: parsed.success && (await isEmailFree(d, parsed.data)) })
  })
  .get('/unique/login/:login', async (c) => {
    const d = deps(c)
    await enforceLimit(d.limits, ACCOUNT_LIMITS.uniqueIp, d.ip, d.now)
    const parsed = LoginSchema.safeParse(c.req.param('login'))
    return ok(c, { isOk: parsed.success && (await isLoginFree(d, parsed.data)) })
  })
  .get('/profile', requireAuth, (c) => ok(c, profileView(c.get('user'), origin(c))))
  // SPEC §7 Profile: the signed-in user's event types in the short form of `GET /eventTypes/short`.
  .get('/profile/eventTypes', requireAuth, async (c) => ok(c, await shortEventTypes(c.get('db'), c.get('user').id)))
  .put('/profile', requireAuth, async (c) => {
    const user = c.get('user')
    const input = await readJson(c, ProfileSchema.partial())
    const merged = parseWith(c, ProfileSchema, {
      firstName: user.firstName,
      lastName: user.lastName,
      description: user.description,
      ianaTimeZoneId: user.timeZone,
      culture: user.culture,
      ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    })
    await updateProfile(c.get('db'), user.id, merged)
    return ok(c, null)
  })
  // Deleting the account needs the person's own sign-in, not a personal access token.
  .delete('/profile', requireAuth, refusePat, async (c) => {
    await deleteAccount(c.get('db'), c.env.AVATARS, c.get('user'))
    return ok(c, null)
  })
  .delete('/unisenderGo', requireAuth, async (c) => {
    await withdrawMailingConsent(c.get('db'), c.get('user').id)
    return ok(c, null)
  })
  .put('/profile/avatar', requireAuth, async (c) => {
    const form = await c.req.formData().catch(() => null)
    const file = form?.get('file') ?? form?.get('avatar')
    if (!(file instanceof File)) refuse('avatarRequired', 'avatar')
    const key = await setAvatar(c.get('db'), c.env.AVATARS, c.get('user'), file)
    return ok(c, { imageUrl: `${origin(c)}/avatars/${key}` })
  })
  .delete('/profile/avatar', requireAuth, async (c) => {
    await deleteAvatar(c.get('db'), c.env.AVATARS, c.get('user'))
    return ok(c, null)
  })
  .put('/profile/password', requireAuth, async (c) => {
    // Every refresh-token family and web session of the account ends; the caller gets a new pair to go on with.
    const d = deps(c)
    await changePassword(d.db, c.get('user'), await readJson(c, ChangePasswordSchema), { now: d.now })
    return ok(c, await issueTokenPair(d.db, keys(c), c.get('user').id, d.now))
  })
  .put('/profile/culture', requireAuth, async (c) => {
    const input = await readJson(c, CultureSchema)
    await setCulture(c.get('db'), c.get('user').id, input.culture)
    return ok(c, null)
  })
  .put('/user/ianaTimeZoneId', requireAuth, async (c) => {
    const zone = parseWith(c, TimeZoneQuerySchema, {
      ianaTimeZoneId: c.req.query('ianaTimeZoneId'),
    })
    await setTimeZone(c.get('db'), c.get('user').id, zone.ianaTimeZoneId)
    return ok(c, null)
  })
