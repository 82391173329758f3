/**
 * Connecting Google Calendar and Outlook (issue 14; API-CONTRACT.md "Calendars": `GET .../link`, then the provider's
 * consent page, then /GoogleOAuth/Code or /OutlookOAuth/Code). The consent rides on sign-in's one-time state table
 * (`oauth_states`, mode `calendar`): stored hashed, PKCE verifier, ten minutes, spent once, and bound to the owner who
 * asked, so a consent link someone else started never lands a calendar in their account (the return page checks
 * the session). The code becomes tokens, the account is named (Google's ID token, Graph's /me), and
 * `connectIntegration` lists, stores and syncs it.
 */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { decodeIdToken } from 'arctic'
import type { TFunction } from 'i18next'
import type { CalendarType } from '#app/domain/enums.ts'
import { type RefusalCode, isRefusalCode, refusal } from '#app/domain/refusal.ts'
import { requireUser } from '../auth/session.server.ts'
import { getDb } from '../db.server.ts'
import { parseEnv } from '../env.server.ts'
import { problemText } from '../refusal.server.ts'
import { connectIntegration } from './integrations.server.ts'
import {
  type CalendarOAuthProvider,
  type TokenAnswer,
  exchangeCode,
  oauthApiClient,
  platformFetch,
  send,
  spendConsent,
  startConsent,
} from './oauth-api.server.ts'
import type { CalendarDeps } from './sync.server.ts'

export const CALENDAR_OAUTH_PROVIDERS = ['google', 'outlook'] as const satisfies readonly CalendarOAuthProvider[]

export function isCalendarOAuthProvider(value: unknown): value is CalendarOAuthProvider {
  return typeof value === 'string' && (CALENDAR_OAUTH_PROVIDERS as readonly string[]).includes(value)
}

const CALENDAR_TYPE: Record<CalendarOAuthProvider, CalendarType> = { google: 'Google', outlook: 'Outlook' }
const LABEL: Record<CalendarOAuthProvider, string> = { google: 'Google Calendar', outlook: 'Outlook' }

/** Why a consent did not end in a connected calendar, besides the refusals of `connectIntegration`. */
export type ConsentProblem = 'cancelled' | 'state' | 'failed' | 'notConfigured'
const CONSENT_PROBLEMS: readonly string[] = ['cancelled', 'state', 'failed', 'notConfigured'] satisfies ConsentProblem[]
/** The refusals `connectIntegration` gives, which /integrations may be asked to show. */
const CONNECT_REFUSALS: readonly string[] = [
  'planLimit',
  'calendarCredentialsRefused',
  'calendarUnavailable',
  'calendarNoCalendars',
] satisfies RefusalCode[]

/**
 * The provider's consent URL for the owner (`GET /calendarsIntegrations/{google|outlook}CalendarIntegration/link`),
 * or `notConfigured` (answer 503 with `consentProblemText`) when the deployment has no OAuth client for it.
 */
export async function calendarConsentUrl(
  deps: Pick<CalendarDeps, 'db' | 'env' | 'now'>,
  ownerId: string,
  provider: CalendarOAuthProvider,
): Promise<{ ok: true; url: string } | { ok: false; status: 503; problem: 'notConfigured' }> {
  const url = await startConsent(deps, ownerId, provider, '/integrations')
  return url ? { ok: true, url } : { ok: false, status: 503, problem: 'notConfigured' }
}

/** What came back to the return page: `?code&state`, or `?error&state` (RFC 6749 §4.1.2.1). */
export type ConsentAnswer = { code: string | null; state: string | null; error: string | null }

export type ConsentOutcome = { ok: true; integrationId: string } | { ok: false; problem: ConsentProblem | RefusalCode }

/** The account the grant belongs to: its address is the integration's login, its name the card's. */
async function accountOf(
  deps: CalendarDeps,
  provider: CalendarOAuthProvider,
  tokens: TokenAnswer,
): Promise<{ email: string; name: string } | null> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  if (provider === 'google') {
    // Straight from the token endpoint over TLS (OpenID Connect Core 3.1.3.7), as sign-in reads it.
    if (!tokens.idToken) return null
    const claims = decodeIdToken(tokens.idToken) as Record<string, unknown>
    const email = text(claims.email) || text(claims.sub)
    return email ? { email, name: text(claims.name) } : null
  }
  const response = await send(
    deps.fetcher ?? platformFetch,
    `${deps.env.GRAPH_API_BASE.replace(/\/+$/, '')}/me?$select=displayName,mail,userPrincipalName`,
    { headers: { Authorization: `Bearer ${tokens.accessToken}` } },
    'Graph /me',
  )
  if (!response.ok) {
    await response.body?.cancel()
    return null
  }
  const me = (await response.json()) as Record<string, unknown>
  // Personal Microsoft accounts often have no `mail`: their sign-in name is the address.
  const email = text(me.mail) || text(me.userPrincipalName)
  return email ? { email, name: text(me.displayName) } : null
}

/**
 * The return page's work: the state must be this owner's pending calendar consent for this provider (spent here,
 * once, even when what follows fails); the code is exchanged with its PKCE verifier; the account is connected.
 */
export async function finishCalendarConsent(
  deps: CalendarDeps,
  ownerId: string,
  provider: CalendarOAuthProvider,
  answer: ConsentAnswer,
): Promise<ConsentOutcome> {
  const failed = (problem: ConsentProblem | RefusalCode): ConsentOutcome => ({ ok: false, problem })
  if (!answer.state) return failed('state')
  const stored = await spendConsent(deps, ownerId, provider, answer.state)
  if (!stored) return failed('state')
  if (answer.error || !answer.code) return failed(answer.error === 'access_denied' ? 'cancelled' : 'failed')
  const client = oauthApiClient(deps.env, provider)
  if (!client) return failed('notConfigured')
  let tokens: TokenAnswer
  let account: { email: string; name: string } | null
  try {
    tokens = await exchangeCode(client, answer.code, stored.codeVerifier, deps.fetcher ?? platformFetch)
    account = await accountOf(deps, provider, tokens)
  } catch (error) {
    console.warn('Calendar consent: code exchange failed', provider, String(error))
    return failed('failed')
  }
  if (!account) return failed('failed')
  // Without a refresh token the calendar would stop syncing within the hour: better refused now than depressed later.
  if (!tokens.refreshToken) {
    console.warn('Calendar consent: no refresh token', provider)
    return failed('failed')
  }
  const connected = await connectIntegration(deps, ownerId, {
    type: CALENDAR_TYPE[provider],
    label: LABEL[provider],
    name: account.name,
    login: account.email.toLowerCase(),
    email: account.email,
    url: null,
    credentials: {
      kind: 'oauth',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
    },
  })
  return connected.ok ? { ok: true, integrationId: connected.value.id } : failed(connected.refusal.code)
}

/** Where the return page sends the browser: /integrations, with what happened for its toast (`consentNotice`). */
export function consentLocation(provider: CalendarOAuthProvider, outcome: ConsentOutcome): string {
  const result = outcome.ok ? 'connected' : outcome.problem
  return `/integrations?${new URLSearchParams({ calendarConsent: result, calendarProvider: provider })}`
}

/** `/GoogleOAuth/Code` and `/OutlookOAuth/Code` (SPEC §2): the signed-in owner's consent comes back here. */
export async function calendarConsentReturn(provider: CalendarOAuthProvider, { request, context }: LoaderFunctionArgs) {
  const bindings = context.cloudflare.env
  const db = getDb(bindings.DB)
  // Signed out (another browser, an expired session): sign in, then back here with the same code and state.
  const user = await requireUser(db, request)
  const url = new URL(request.url)
  const get = (name: string) => url.searchParams.get(name) || null
  const outcome = await finishCalendarConsent({ db, env: parseEnv(bindings), now: Date.now() }, user.id, provider, {
    code: get('code'),
    state: get('state'),
    error: get('error'),
  })
  return redirect(consentLocation(provider, outcome), { headers: { 'Cache-Control': 'no-store' } })
}

/** A consent problem's text (`calendars:consent.*`), naming the provider. */
export function consentProblemText(problem: ConsentProblem, provider: CalendarOAuthProvider, t: TFunction): string {
  return t(`calendars:consent.${problem}`, { provider: t(`calendars:consent.provider.${provider}`) }) as string
}

/**
 * The toast /integrations shows after a consent (its loader reads its own URL): success, a consent problem, or the
 * refusal `connectIntegration` gave (plan limit, no calendars, refused, unreachable); null for anything else.
 */
export function consentNotice(url: URL, t: TFunction): { kind: 'success' | 'error'; text: string } | null {
  const result = url.searchParams.get('calendarConsent') ?? ''
  const provider = url.searchParams.get('calendarProvider')
  if (!isCalendarOAuthProvider(provider)) return null
  if (result === 'connected') {
    const name = t(`calendars:consent.provider.${provider}`)
    return { kind: 'success', text: t('calendars:consent.connected', { provider: name }) as string }
  }
  if (CONSENT_PROBLEMS.includes(result)) {
    return { kind: 'error', text: consentProblemText(result as ConsentProblem, provider, t) }
  }
  if (CONNECT_REFUSALS.includes(result) && isRefusalCode(result)) {
    return { kind: 'error', text: problemText(refusal(result), t) }
  }
  return null
}
