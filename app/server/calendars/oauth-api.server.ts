/**
 * Google Calendar, Microsoft Graph (issue 14) and Yandex Telemost (issue 15) as OAuth-authorized APIs: the OAuth client
 * sign-in already uses, asked for the API's scopes; the one-time consent state (`oauth_states`, bound to the owner who
 * asked); the token endpoint (code exchange, refresh); and API calls that refresh an expired token first, refresh
 * once more on a 401, give up after CALENDAR_TIMEOUT_MS, and turn failures into the provider errors
 * (CalendarAuthError: reconnect; CalendarUnavailableError: retry later).
 *
 * Token requests are sent here rather than through arctic's `validateAuthorizationCode` / `refreshAccessToken`:
 * those call the global `fetch` with no timeout and no way to pass the tests' fetch boundary. arctic still builds the
 * consent URL with PKCE and reads the token answer (`OAuth2Tokens`).
 */
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens, generateCodeVerifier } from 'arctic'
import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import type { OAuthMode, OAuthProvider } from '#app/domain/enums.ts'
import { oauthStates } from '#db/schema.ts'
import { OAUTH_STATE_TTL_MS, providerConfig } from '../accounts/oauth-providers.server.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import {
  CALENDAR_TIMEOUT_MS,
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarProvider,
  CalendarUnavailableError,
  type ProviderInput,
} from './provider.server.ts'

export type CalendarOAuthProvider = 'google' | 'outlook'
/** Every API the app calls with a person's OAuth grant. */
export type OAuthApiProvider = CalendarOAuthProvider | 'telemost'

/** SPEC §2: the consent of each provider comes back to its own exact path (Telemost's is ours, like the others). */
const RETURN_PATHS: Record<OAuthApiProvider, string> = {
  google: '/GoogleOAuth/Code',
  outlook: '/OutlookOAuth/Code',
  telemost: '/TelemostOAuth/Code',
}

/** The sign-in client each provider shares (one registration per provider). */
export const SIGN_IN_CLIENT: Record<OAuthApiProvider, OAuthProvider> = {
  google: 'google',
  outlook: 'microsoft',
  telemost: 'yandex',
}

/** The one-time state's mode of each purpose, so a calendar consent's state never finishes a Telemost one. */
const CONSENT_MODE: Record<OAuthApiProvider, OAuthMode> = {
  google: 'calendar',
  outlook: 'calendar',
  telemost: 'telemost',
}

/** How the API takes the token: Yandex's APIs want `OAuth <token>` (https://yandex.ru/dev/telemost/doc/). */
const AUTH_SCHEME: Record<OAuthApiProvider, string> = { google: 'Bearer', outlook: 'Bearer', telemost: 'OAuth' }

/**
 * Google: events read and written, calendars listed; `openid email profile` name the account on the card.
 * Microsoft: `offline_access` for a refresh token, `User.Read` for `/me`.
 * Telemost: conferences created; `login:email` names the account on the card.
 */
const SCOPES: Record<OAuthApiProvider, string[]> = {
  google: [
    'openid',
    'email',
    'profile',
    'https://www.googleapis.com/auth/calendar.events',
    'https://www.googleapis.com/auth/calendar.readonly',
  ],
  outlook: ['offline_access', 'Calendars.ReadWrite', 'User.Read'],
  telemost: ['telemost-api:conferences.create', 'login:email'],
}

export type CalendarOAuthClient = {
  clientId: string
  clientSecret: string
  authorize: string
  token: string
  scopes: string[]
  redirectUri: string
}

/**
 * The OAuth client of a provider: sign-in's client settings (`OAUTH_GOOGLE_*`, `OAUTH_MICROSOFT_*`, `OAUTH_YANDEX_*`,
 * or the local OpenID provider of `OAUTH_MOCK_ISSUER` in development) with the API's scopes; null when not configured.
 */
export function oauthApiClient(env: AppEnv, provider: OAuthApiProvider): CalendarOAuthClient | null {
  const config = providerConfig(SIGN_IN_CLIENT[provider], env, env)
  if (!config) return null
  return {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorize: config.authorize,
    token: config.token,
    scopes: SCOPES[provider],
    redirectUri: `${env.APP_URL}${RETURN_PATHS[provider]}`,
  }
}

/** Consents one owner may have pending at once per purpose: a new one retires the oldest, so nobody fills the table. */
const PENDING_CONSENTS_PER_OWNER = 5

type ConsentDeps = { db: Db; env: AppEnv; now: number }

/**
 * A consent URL for the owner: a one-time state (stored hashed, ten minutes, PKCE verifier, bound to the owner) and
 * the provider's authorization URL; null when the deployment has no OAuth client for it. `redirectTo` is kept with
 * the state for the return page.
 */
export async function startConsent(
  deps: ConsentDeps,
  ownerId: string,
  provider: OAuthApiProvider,
  redirectTo: string,
): Promise<string | null> {
  const client = oauthApiClient(deps.env, provider)
  if (!client) return null
  const state = randomToken()
  const codeVerifier = generateCodeVerifier()
  const mode = CONSENT_MODE[provider]
  const pending = await deps.db
    .select({ stateHash: oauthStates.stateHash })
    .from(oauthStates)
    .where(and(eq(oauthStates.ownerId, ownerId), eq(oauthStates.mode, mode)))
    .orderBy(desc(oauthStates.expiresAt))
  const retired = pending.slice(PENDING_CONSENTS_PER_OWNER - 1).map((row) => row.stateHash)
  const insert = deps.db.insert(oauthStates).values({
    stateHash: await sha256(state),
    provider: SIGN_IN_CLIENT[provider],
    codeVerifier,
    redirectTo,
    mode,
    ownerId,
    expiresAt: deps.now + OAUTH_STATE_TTL_MS,
  })
  if (retired.length > 0) {
    await deps.db.batch([deps.db.delete(oauthStates).where(inArray(oauthStates.stateHash, retired)), insert])
  } else {
    await insert
  }
  const url = new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri).createAuthorizationURLWithPKCE(
    client.authorize,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    client.scopes,
  )
  if (provider === 'google') {
    // A refresh token comes only with offline access, and again on a reconnect only when consent is asked anew.
    url.searchParams.set('access_type', 'offline')
    url.searchParams.set('prompt', 'consent')
  }
  return url.toString()
}

/** The owner's pending consent of this provider that `state` names, spent here (once), or null. */
export async function spendConsent(deps: ConsentDeps, ownerId: string, provider: OAuthApiProvider, state: string) {
  const [stored] = await deps.db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, await sha256(state)),
        eq(oauthStates.mode, CONSENT_MODE[provider]),
        eq(oauthStates.provider, SIGN_IN_CLIENT[provider]),
        eq(oauthStates.ownerId, ownerId),
        gt(oauthStates.expiresAt, deps.now),
      ),
    )
    .returning()
  return stored ?? null
}

/** The code of a consent exchanged for tokens with its PKCE verifier (RFC 7636). */
export function exchangeCode(
  client: CalendarOAuthClient,
  code: string,
  codeVerifier: string,
  fetcher: Fetcher,
): Promise<TokenAnswer> {
  return requestTokens(
    client,
    { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: codeVerifier },
    fetcher,
  )
}

export type Fetcher = typeof fetch

/** The platform's fetch, looked up at call time (so a test's spy on `globalThis.fetch` is seen). */
export const platformFetch: Fetcher = (input, init) => fetch(input, init)

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds; null when absent or unreadable. */
export function retryAfterMs(response: Response, now = Date.now()): number | null {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return null
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** An answer that is neither success nor a refused grant: retried later, after Retry-After when given. */
export async function unavailable(response: Response, what: string): Promise<CalendarUnavailableError> {
  const detail = (await response.text().catch(() => '')).slice(0, 300)
  return new CalendarUnavailableError(`${what}: HTTP ${response.status} ${detail}`.trim(), retryAfterMs(response))
}

/** One outside call with the timeout; a network failure or the timeout is `CalendarUnavailableError`. */
export async function send(fetcher: Fetcher, url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal: AbortSignal.timeout(CALENDAR_TIMEOUT_MS) })
  } catch (error) {
    throw new CalendarUnavailableError(`${what}: ${String(error)}`)
  }
}

export type TokenAnswer = {
  accessToken: string
  refreshToken: string | null
  expiresAt: number | null
  idToken: string | null
}

/**
 * A token endpoint request (RFC 6749 §4.1.3 code exchange, §6 refresh), the client authenticated by HTTP Basic as
 * arctic does for sign-in. `invalid_grant` (revoked, expired or reused grant) is `CalendarAuthError`; anything
 * else that fails is `CalendarUnavailableError` (a wrong client secret is the deployment's fault, not the user's).
 */
export async function requestTokens(
  client: CalendarOAuthClient,
  params: Record<string, string>,
  fetcher: Fetcher,
): Promise<TokenAnswer> {
  const response = await send(
    fetcher,
    client.token,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      },
      body: new URLSearchParams(params).toString(),
    },
    'token endpoint',
  )
  if (response.status === 400 || response.status === 401) {
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown; error_description?: unknown }
    const message = `token endpoint: ${String(answer.error ?? response.status)} ${String(answer.error_description ?? '')}`
    if (answer.error === 'invalid_grant') throw new CalendarAuthError(message.trim())
    throw new CalendarUnavailableError(message.trim())
  }
  if (!response.ok) throw await unavailable(response, 'token endpoint')
  let tokens: OAuth2Tokens
  try {
    tokens = new OAuth2Tokens((await response.json()) as object)
    return {
      accessToken: tokens.accessToken(),
      refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
      expiresAt: 'expires_in' in tokens.data ? Date.now() + tokens.accessTokenExpiresInSeconds() * 1000 : null,
      idToken: 'id_token' in tokens.data ? tokens.idToken() : null,
    }
  } catch (error) {
    throw new CalendarUnavailableError(`token endpoint: unreadable answer (${String(error)})`)
  }
}

type OAuthCredentials = Extract<CalendarCredentials, { kind: 'oauth' }>

/** A token this close to its expiry is refreshed before use, so a slow call does not outlive it. */
const EXPIRY_MARGIN_MS = 60_000

export type OAuthApi = {
  /**
   * An authorized call: refreshed first when the token is expired, refreshed and repeated once on a 401; a second
   * 401 is `CalendarAuthError`. Other statuses are the caller's to read.
   */
  call(url: string, init?: RequestInit): Promise<Response>
}

/** The authorized API of one integration; refreshed tokens go to `onCredentials` (the integration row keeps them). */
export function oauthApi(options: {
  provider: OAuthApiProvider
  credentials: CalendarCredentials
  env: AppEnv
  fetcher: Fetcher
  onCredentials?: (credentials: CalendarCredentials) => Promise<void>
}): OAuthApi {
  const { provider, env, fetcher, onCredentials } = options
  if (options.credentials.kind !== 'oauth') throw new Error(`${provider} needs OAuth credentials`)
  let credentials: OAuthCredentials = options.credentials
  let refreshing: Promise<void> | null = null

  async function refresh() {
    const refreshToken = credentials.refreshToken
    if (!refreshToken)
      throw new CalendarAuthError(`${provider}: the access token expired and there is no refresh token`)
    const client = oauthApiClient(env, provider)
    if (!client) throw new CalendarUnavailableError(`${provider}: the OAuth client is not configured`)
    const params: Record<string, string> = { grant_type: 'refresh_token', refresh_token: refreshToken }
    // Microsoft's v2.0 endpoint wants the scopes again on a refresh; Google keeps those of the grant.
    if (provider === 'outlook') params.scope = client.scopes.join(' ')
    const tokens = await requestTokens(client, params, fetcher)
    credentials = {
      kind: 'oauth',
      accessToken: tokens.accessToken,
      // Microsoft rotates the refresh token; Google answers none and the old one stays good.
      refreshToken: tokens.refreshToken ?? refreshToken,
      expiresAt: tokens.expiresAt,
    }
    await onCredentials?.(credentials)
  }

  /** One refresh at a time; a call that failed with a token already replaced just retries with the new one. */
  function refreshOnce(staleToken: string): Promise<void> {
    if (credentials.accessToken !== staleToken) return Promise.resolve()
    refreshing ??= refresh().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  const authorized = (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers)
    headers.set('Authorization', `${AUTH_SCHEME[provider]} ${credentials.accessToken}`)
    return send(fetcher, url, { ...init, headers }, `${provider} ${init.method ?? 'GET'} ${new URL(url).pathname}`)
  }

  return {
    async call(url, init = {}) {
      if (credentials.expiresAt !== null && Date.now() >= credentials.expiresAt - EXPIRY_MARGIN_MS) {
        await refreshOnce(credentials.accessToken)
      }
      const used = credentials.accessToken
      const first = await authorized(url, init)
      if (first.status !== 401) return first
      await first.body?.cancel()
      await refreshOnce(used)
      const second = await authorized(url, init)
      if (second.status !== 401) return second
      await second.body?.cancel()
      throw new CalendarAuthError(`${provider}: the API refused a freshly refreshed token`)
    },
  }
}

/** A calendar provider over its OAuth API (Google, Graph): `build` gets the integration's authorized API. */
export function oauthCalendarProvider(
  provider: CalendarOAuthProvider,
  build: (api: OAuthApi, env: AppEnv) => CalendarProvider,
) {
  return (input: ProviderInput, env: AppEnv, fetcher: Fetcher = platformFetch): CalendarProvider =>
    build(oauthApi({ ...input, provider, env, fetcher }), env)
}
