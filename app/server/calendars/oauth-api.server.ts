/**
 * Google Calendar and Microsoft Graph as OAuth-authorized APIs (issue 14): the OAuth client sign-in already uses,
 * asked for calendar scopes; the token endpoint (code exchange, refresh); and API calls that refresh an expired token
 * first, refresh once more on a 401, give up after CALENDAR_TIMEOUT_MS, and turn failures into the provider errors
 * (CalendarAuthError: reconnect; CalendarUnavailableError: retry later).
 *
 * Token requests are sent here rather than through arctic's `validateAuthorizationCode` / `refreshAccessToken`:
 * those call the global `fetch` with no timeout and no way to pass the tests' fetch boundary. arctic still builds the
 * consent URL with PKCE and reads the token answer (`OAuth2Tokens`).
 */
import { OAuth2Tokens } from 'arctic'
import type { OAuthProvider } from '#app/domain/enums.ts'
import { providerConfig } from '../accounts/oauth.server.ts'
import type { AppEnv } from '../env.server.ts'
import {
  CALENDAR_TIMEOUT_MS,
  CalendarAuthError,
  type CalendarCredentials,
  CalendarUnavailableError,
} from './provider.server.ts'

export type CalendarOAuthProvider = 'google' | 'outlook'

/** SPEC §2: the consent of each provider comes back to its own exact path. */
export const CALENDAR_RETURN_PATHS: Record<CalendarOAuthProvider, string> = {
  google: '/GoogleOAuth/Code',
  outlook: '/OutlookOAuth/Code',
}

/** The sign-in client each calendar provider shares (one registration per provider). */
export const SIGN_IN_CLIENT: Record<CalendarOAuthProvider, OAuthProvider> = { google: 'google', outlook: 'microsoft' }

/**
 * Google: events read and written, calendars listed; `openid email profile` name the account on the card.
 * Microsoft: `offline_access` for a refresh token, `User.Read` for `/me`.
 */
export const CALENDAR_SCOPES: Record<CalendarOAuthProvider, string[]> = {
  google: [
    'openid',
    'email',
    'profile',
    'https://www.googleapis.com/auth/calendar.events',
    'https://www.googleapis.com/auth/calendar.readonly',
  ],
  outlook: ['offline_access', 'Calendars.ReadWrite', 'User.Read'],
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
 * The OAuth client of a calendar provider: sign-in's client settings (`OAUTH_GOOGLE_*`, `OAUTH_MICROSOFT_*`, or the
 * local OpenID provider of `OAUTH_MOCK_ISSUER` in development) with the calendar scopes; null when not configured.
 */
export function calendarOAuthClient(env: AppEnv, provider: CalendarOAuthProvider): CalendarOAuthClient | null {
  const config = providerConfig(SIGN_IN_CLIENT[provider], env, env)
  if (!config) return null
  return {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorize: config.authorize,
    token: config.token,
    scopes: CALENDAR_SCOPES[provider],
    redirectUri: `${env.APP_URL}${CALENDAR_RETURN_PATHS[provider]}`,
  }
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
  provider: CalendarOAuthProvider
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
    const client = calendarOAuthClient(env, provider)
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
    headers.set('Authorization', `Bearer ${credentials.accessToken}`)
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
