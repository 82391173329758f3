/**
 * The OAuth providers (SPEC §2: Yandex, Google, Microsoft, Apple; docs/decisions/0011): their endpoints and client
 * settings from the Worker's secrets, and the identity each answers (verified email, name), read from its user-info
 * endpoint or ID token.
 */
import { OAuth2Client, decodeIdToken } from 'arctic'
import { type OAuthProvider, OAUTH_PROVIDERS } from '#app/domain/enums.ts'
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

export function client(config: ProviderConfig, provider: OAuthProvider, env: AppEnv) {
  return new OAuth2Client(config.clientId, config.clientSecret, `${env.APP_URL}${CALLBACK_PATHS[provider]}`)
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
export async function identityFrom(
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

/**
 * Apple: the code is exchanged with the client secret in the body (Apple accepts only `client_secret_post`) and
 * the PKCE verifier; the ID token is checked against Apple's keys and the nonce of this sign-in. The name comes
 * from the `user` field Apple posts on the first sign-in only.
 */
export async function appleIdentity(
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
