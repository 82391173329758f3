import { CodeChallengeMethod, OAuth2Client, decodeIdToken, generateCodeVerifier } from 'arctic'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { loginProblem } from '#app/domain/accounts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import { oauthAccounts, oauthStates, users } from '#db/schema.ts'
import { type OAuthProvider, OAUTH_PROVIDERS } from '#app/domain/enums.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { AppEnv } from '../env.server.ts'
import type { AccountDeps } from './deps.server.ts'
import {
  APPLE_ISSUER,
  APPLE_JWKS_URL,
  type AppleSigner,
  type JwksSource,
  appleClientSecret,
  appleSettings,
  appleUserName,
  httpJwks,
  nonceFor,
  verifyIdToken,
} from './apple.server.ts'
import { Refused, refuse } from '../refusal.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { ACCOUNT_LIMITS, enforceLimit } from './limits.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { defaultScheduleInsert } from '../schedules/schedules.server.ts'

/** The one-time state lives 10 minutes, in the database and in a cookie of the browser that started. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000
export const OAUTH_STATE_COOKIE = 'oauth_state'

/** SPEC §2 callback routes: each provider comes back to its own exact path. */
export const CALLBACK_PATHS: Record<OAuthProvider, string> = {
  yandex: '/confirmYandexOauth',
  google: '/confirmGoogleOauth',
  microsoft: '/confirmMicrosoftOauth',
  apple: '/confirmAppleOauth',
}

type Endpoints = { authorize: string; token: string; userinfo?: string; scopes: string[] }

const ENDPOINTS: Record<OAuthProvider, Endpoints> = {
  yandex: {
    authorize: 'https://oauth.yandex.ru/authorize',
    token: 'https://oauth.yandex.ru/token',
    userinfo: 'https://login.yandex.ru/info?format=json',
    scopes: ['login:email', 'login:info'],
  },
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    scopes: ['openid', 'email', 'profile'],
  },
  microsoft: {
    authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scopes: ['openid', 'email', 'profile'],
  },
  // Apple asks for `name email` (no `openid`); with them it answers only by a form POST (ADR 0011).
  apple: {
    authorize: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    scopes: ['name', 'email'],
  },
}

/** Microsoft's tenant of personal accounts, whose addresses Microsoft has verified. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad'

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value)
}

/** Apple's extras: its ID token is verified against its keys, and its client secret is signed per request. */
type AppleExtras = { issuer: string; jwks: JwksSource; signer: AppleSigner | null }

export type ProviderConfig = Endpoints & { clientId: string; clientSecret: string; apple?: AppleExtras }

/**
 * A provider's client settings from the Worker's secrets (`OAUTH_<PROVIDER>_CLIENT_ID` / `_SECRET`; Apple:
 * `APPLE_CLIENT_ID`, `APPLE_TEAM_ID`, `APPLE_KEY_ID`, `APPLE_PRIVATE_KEY`).
 * In development `OAUTH_MOCK_ISSUER` points every provider at one local OpenID provider (the tests' stand-in).
 */
export function providerConfig(
  provider: OAuthProvider,
  bindings: Record<string, unknown>,
  env: AppEnv,
): ProviderConfig | null {
  const mock = typeof bindings.OAUTH_MOCK_ISSUER === 'string' ? bindings.OAUTH_MOCK_ISSUER : ''
  if (mock && env.ENVIRONMENT === 'development') {
    return {
      authorize: `${mock}/authorize`,
      token: `${mock}/token`,
      userinfo: provider === 'yandex' ? `${mock}/userinfo` : undefined,
      scopes: ENDPOINTS[provider].scopes,
      clientId: `fastslot-${provider}`,
      clientSecret: 'local-secret',
      apple: provider === 'apple' ? { issuer: mock, jwks: httpJwks(`${mock}/jwks`), signer: null } : undefined,
    }
  }
  if (provider === 'apple') {
    const apple = appleSettings(bindings)
    if (!apple) return null
    const { clientId, ...signer } = apple
    return {
      ...ENDPOINTS.apple,
      clientId,
      clientSecret: '',
      apple: { issuer: APPLE_ISSUER, jwks: httpJwks(APPLE_JWKS_URL), signer },
    }
  }
  const prefix = `OAUTH_${provider.toUpperCase()}`
  const clientId = bindings[`${prefix}_CLIENT_ID`]
  const clientSecret = bindings[`${prefix}_CLIENT_SECRET`]
  if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret) return null
  return { ...ENDPOINTS[provider], clientId, clientSecret }
}

function client(config: ProviderConfig, provider: OAuthProvider, env: AppEnv) {
  return new OAuth2Client(config.clientId, config.clientSecret, `${env.APP_URL}${CALLBACK_PATHS[provider]}`)
}

/** How a sign-in ends: a web session (`web`), or a one-time code for an API client (`api`, with its challenge). */
export type OAuthStart = { mode: 'web' } | { mode: 'api'; codeChallenge: string | null }

/**
 * Starts a sign-in: a one-time state (stored hashed) and a PKCE verifier; the answer is the provider's
 * authorization URL and the state for the browser's cookie.
 */
export async function startOAuth(
  deps: AccountDeps,
  provider: OAuthProvider,
  config: ProviderConfig,
  redirectTo: string,
  start: OAuthStart = { mode: 'web' },
): Promise<{ url: string; state: string }> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.oauthIp, deps.ip, deps.now)
  const state = randomToken()
  const codeVerifier = generateCodeVerifier()
  await deps.db.insert(oauthStates).values({
    stateHash: await sha256(state),
    provider,
    codeVerifier,
    redirectTo,
    mode: start.mode,
    codeChallenge: start.mode === 'api' ? start.codeChallenge : null,
    expiresAt: deps.now + OAUTH_STATE_TTL_MS,
  })
  const url = client(config, provider, deps.env).createAuthorizationURLWithPKCE(
    config.authorize,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    config.scopes,
  )
  if (provider === 'yandex') url.searchParams.set('force_confirm', 'no')
  if (provider === 'apple') {
    // The name and email scopes need the form POST; the nonce ties the ID token to this sign-in.
    url.searchParams.set('response_mode', 'form_post')
    url.searchParams.set('nonce', await nonceFor(codeVerifier))
  }
  return { url: url.toString(), state }
}

export type ProviderIdentity = {
  providerUserId: string
  email: string | null
  emailVerified: boolean
  firstName: string
  lastName: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** What the provider says about the person, from the ID token (OpenID) or Yandex's profile call. */
async function identityFrom(
  provider: OAuthProvider,
  config: ProviderConfig,
  accessToken: string,
  idToken: string | null,
): Promise<ProviderIdentity> {
  if (provider === 'yandex') {
    const response = await fetch(config.userinfo!, { headers: { Authorization: `OAuth ${accessToken}` } })
    if (!response.ok) refuse('oauthFailed')
    const info = (await response.json()) as Record<string, unknown>
    const email = text(info.default_email) || text(info.email)
    return {
      providerUserId: text(info.id) || text(info.sub),
      email: email || null,
      // Yandex ID gives only addresses it has confirmed.
      emailVerified: Boolean(email),
      firstName: text(info.first_name) || text(info.given_name),
      lastName: text(info.last_name) || text(info.family_name),
    }
  }
  if (!idToken) refuse('oauthFailed')
  // The ID token came straight from the token endpoint over TLS (OpenID Connect Core 3.1.3.7).
  const claims = decodeIdToken(idToken) as Record<string, unknown>
  const verified =
    claims.email_verified === true ||
    claims.email_verified === 'true' ||
    (provider === 'microsoft' && claims.tid === MICROSOFT_CONSUMERS_TENANT)
  return {
    providerUserId: text(claims.sub),
    email: text(claims.email) || null,
    emailVerified: verified,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  }
}

/** Where a finished provider sign-in goes, and how it ends there (see `OAuthStart`). */
export type OAuthFinish = { redirectTo: string } & OAuthStart

/**
 * The provider's callback: the state must be unused (deleted here, once) and bound to whoever started: the
 * browser's state cookie, except for an API sign-in started with a code challenge, which is bound by that challenge
 * when its one-time code is exchanged. The code is exchanged with the PKCE verifier. Answers the person and the way
 * back.
 */
export async function finishOAuth(
  deps: AccountDeps,
  provider: OAuthProvider,
  config: ProviderConfig,
  input: { code: string | null; state: string | null; cookieState: string | null; user?: string | null },
): Promise<{ identity: ProviderIdentity } & OAuthFinish> {
  const forged = new Refused(refusal('oauthState'))
  if (!input.state || !input.code) throw forged
  const stateHash = await sha256(input.state)
  const [pending] = await deps.db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash)).limit(1)
  // A calendar consent's state never signs anyone in (app/server/calendars/oauth-calendar.server.ts finishes it).
  if (!pending || pending.provider !== provider || pending.mode === 'calendar') throw forged
  const boundByChallenge = pending.mode === 'api' && pending.codeChallenge !== null
  if (!boundByChallenge && input.state !== input.cookieState) throw forged
  const [stored] = await deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, deps.now)))
    .returning()
  if (!stored) throw forged
  const finish: OAuthFinish =
    stored.mode === 'api'
      ? { mode: 'api', codeChallenge: stored.codeChallenge, redirectTo: stored.redirectTo }
      : { mode: 'web', redirectTo: stored.redirectTo }
  if (config.apple) {
    const identity = await appleIdentity(deps, config, config.apple, input.code, stored.codeVerifier, input.user)
    return { identity, ...finish }
  }
  let tokens: Awaited<ReturnType<OAuth2Client['validateAuthorizationCode']>>
  try {
    tokens = await client(config, provider, deps.env).validateAuthorizationCode(
      config.token,
      input.code,
      stored.codeVerifier,
    )
  } catch (error) {
    console.warn('OAuth code exchange failed', provider, String(error))
    refuse('oauthFailed')
  }
  const idToken = 'id_token' in tokens.data ? tokens.idToken() : null
  const identity = await identityFrom(provider, config, tokens.accessToken(), idToken)
  if (!identity.providerUserId) refuse('oauthFailed')
  return { identity, ...finish }
}

/**
 * The provider a pending sign-in's state was issued to, for a provider's answer landing on `/oAuthRedirectPage`:
 * null for an unknown state, a calendar consent's (it signs nobody in) and Apple's (it answers by a POST to its own
 * path). Reads only; `finishOAuth` checks and spends the state.
 */
export async function pendingSignInProvider(deps: AccountDeps, state: string): Promise<OAuthProvider | null> {
  const [pending] = await deps.db
    .select({ provider: oauthStates.provider, mode: oauthStates.mode })
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, await sha256(state)))
    .limit(1)
  return pending && pending.mode !== 'calendar' && pending.provider !== 'apple' ? pending.provider : null
}

/**
 * The person cancelled at the provider (`?error=access_denied`, Apple's `user_cancelled_authorize`): the state of
 * that sign-in is spent, so it cannot be finished later.
 */
export async function abandonOAuth(deps: AccountDeps, provider: OAuthProvider, state: string | null) {
  if (!state) return
  await deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, await sha256(state)), eq(oauthStates.provider, provider)))
}

/**
 * Apple: the code is exchanged with the client secret in the body (Apple accepts only `client_secret_post`) and
 * the PKCE verifier; the ID token is checked against Apple's keys and the nonce of this sign-in. The name comes
 * from the `user` field Apple posts on the first sign-in only.
 */
async function appleIdentity(
  deps: AccountDeps,
  config: ProviderConfig,
  apple: AppleExtras,
  code: string,
  codeVerifier: string,
  user: string | null | undefined,
): Promise<ProviderIdentity> {
  const failed = new Refused(refusal('oauthFailed'))
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${deps.env.APP_URL}${CALLBACK_PATHS.apple}`,
    client_id: config.clientId,
    client_secret: apple.signer
      ? await appleClientSecret(apple.signer, config.clientId, deps.now)
      : config.clientSecret,
    code_verifier: codeVerifier,
  })
  let idToken: unknown
  try {
    const response = await fetch(config.token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    })
    const answer = (await response.json()) as Record<string, unknown>
    if (!response.ok) throw new Error(`${response.status} ${String(answer.error ?? '')}`)
    idToken = answer.id_token
  } catch (error) {
    console.warn('OAuth code exchange failed', 'apple', String(error))
    throw failed
  }
  if (typeof idToken !== 'string') throw failed
  let claims: Record<string, unknown>
  try {
    claims = await verifyIdToken(idToken, {
      jwks: apple.jwks,
      issuer: apple.issuer,
      audience: config.clientId,
      nonce: await nonceFor(codeVerifier),
      now: deps.now,
    })
  } catch (error) {
    console.warn('Apple ID token refused', String(error))
    throw failed
  }
  const name = appleUserName(user ?? null)
  return {
    providerUserId: text(claims.sub),
    email: text(claims.email) || null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: name.firstName || text(claims.given_name),
    lastName: name.lastName || text(claims.family_name),
  }
}

/** A free login made from the email's local part (SPEC §5 rules), with digits added when taken. */
async function freeLogin(deps: AccountDeps, email: string): Promise<string> {
  let base = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  if (loginProblem(base)) base = `user${base}`
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? base : `${base}${Math.floor(Math.random() * 10 ** Math.min(2 + i, 8))}`
    if (loginProblem(candidate)) continue
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.login, candidate)).limit(1)
    if (!taken) return candidate
  }
  return `user${newId(deps.now).replaceAll('-', '').slice(-12)}`
}

/**
 * Who signs in (issue 4): a linked provider account signs its user in; otherwise only a verified email
 * links to a local account, and only to a confirmed one. An unconfirmed registration with that email,
 * which anyone could have made, is never entered: it is replaced by a new account for the provider's person.
 */
export async function resolveOAuthUser(deps: AccountDeps, provider: OAuthProvider, identity: ProviderIdentity) {
  const [linked] = await deps.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, identity.providerUserId)))
    .limit(1)
  if (linked) return linked.user
  if (!identity.email || !identity.emailVerified) refuse('oauthUnverifiedEmail')
  const email = identity.email.trim().toLowerCase()
  const link = (userId: string) =>
    deps.db.insert(oauthAccounts).values({
      id: newId(deps.now),
      provider,
      providerUserId: identity.providerUserId,
      userId,
      email,
    })
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1)
  if (existing?.emailVerifiedAt) {
    await link(existing.id)
    return existing
  }
  const user = {
    id: newId(deps.now),
    login: await freeLogin(deps, email),
    email,
    emailVerifiedAt: deps.now,
    passwordHash: null,
    firstName: identity.firstName.trim() || email.split('@')[0],
    lastName: identity.lastName.trim(),
    culture: deps.language,
    createdAt: deps.now,
  }
  await deps.db.batch([
    deps.db.delete(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt))),
    deps.db.insert(users).values(user),
    defaultScheduleInsert(deps.db, user.id, getT(deps.language)('schedules:defaultName'), deps.now),
    link(user.id),
  ])
  const [created] = await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1)
  return created
}
