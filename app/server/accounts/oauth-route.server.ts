import { type AppLoadContext, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import type { OAuthProvider } from '#app/domain/enums.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import { issueApiSigninCode, locationWithCode } from './api-signin.server.ts'
import { abandonOAuth, finishOAuth, pendingSignInProvider, startOAuth } from './oauth.server.ts'
import { resolveOAuthUser } from './oauth-accounts.server.ts'
import {
  CALLBACK_PATHS,
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_TTL_MS,
  isOAuthProvider,
  providerConfig,
} from './oauth-providers.server.ts'
import { pageDeps, signInAndRedirect } from './route.server.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { attempt, problemText } from '../refusal.server.ts'
import { withGoals } from '../analytics/goals.server.ts'

/**
 * The browser's half of the state. Most providers come back by a GET redirect, which carries a SameSite=Lax
 * cookie. Apple comes back by a cross-site form POST, which carries only a SameSite=None cookie: that one is
 * sent only to Apple's callback path (ADR 0011).
 */
function stateCookieName(provider: OAuthProvider) {
  return provider === 'apple' ? `${OAUTH_STATE_COOKIE}_apple` : OAUTH_STATE_COOKIE
}

export function stateCookie(provider: OAuthProvider, value: string, maxAgeSeconds: number) {
  const scope = provider === 'apple' ? `Path=${CALLBACK_PATHS.apple}; SameSite=None` : 'Path=/; SameSite=Lax'
  return `${stateCookieName(provider)}=${value}; ${scope}; HttpOnly; Secure; Max-Age=${maxAgeSeconds}`
}

function readStateCookie(request: Request, provider: OAuthProvider): string | null {
  const wanted = stateCookieName(provider)
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === wanted) return rest.join('=') || null
  }
  return null
}

/**
 * `/oAuthRedirectPage` (SPEC §2), both ends of a provider sign-in: `?provider=...&redirectTo=...` sends the browser
 * off to the provider; `?code=...&state=...` (or `?error=...&state=...`) is a provider's answer landing here, finished
 * exactly as the provider's own callback finishes it, for the provider that state was issued to (the state is
 * looked up, never taken from the query, and the way on is the one stored with it, so nothing here redirects where
 * the query says). Anything else is a translated "start again" (ADR 0106).
 */
export async function oauthLanding(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url)
  if (url.searchParams.has('provider')) return oauthStart(args)
  const state = url.searchParams.get('state')
  const { deps, t } = await pageDeps(args.request, args.context)
  const provider = state ? await pendingSignInProvider(deps, state) : null
  if (!provider) return data({ error: t('accounts:oauth.state') }, { status: 400 })
  return oauthCallback(provider, args)
}

export async function oauthStart({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const url = new URL(request.url)
  const provider = url.searchParams.get('provider')
  if (!isOAuthProvider(provider)) throw new Response(null, { status: 404 })
  const config = providerConfig(provider, context.cloudflare.env, deps.env)
  if (!config) return data({ error: t('accounts:oauth.notConfigured') }, { status: 503 })
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  const result = await attempt(() => startOAuth(deps, provider, config, redirectTo))
  if (!result.ok) return data({ error: problemText(result.refusal, t) }, { status: refusalStatus(result.refusal) })
  return redirect(result.value.url, {
    headers: { 'Set-Cookie': stateCookie(provider, result.value.state, OAUTH_STATE_TTL_MS / 1000) },
  })
}

type CallbackInput = { code: string | null; state: string | null; user?: string | null }

type Finished = { ok: true; response: Response } | { ok: false; status: number; key: string; clear: string }

/** A provider's callback: checks the state and signs the person in (a redirect), or says why not. */
async function finishCallback(
  provider: OAuthProvider,
  request: Request,
  context: AppLoadContext,
  input: CallbackInput,
): Promise<Finished> {
  const { deps } = await pageDeps(request, context)
  const config = providerConfig(provider, context.cloudflare.env, deps.env)
  const clear = stateCookie(provider, '', 0)
  if (!config) return { ok: false, status: 503, key: 'accounts:oauth.notConfigured', clear }
  const result = await attempt(async () => {
    const finished = await finishOAuth(deps, provider, config, {
      ...input,
      cookieState: readStateCookie(request, provider),
    })
    return { user: await resolveOAuthUser(deps, provider, finished.identity), finished }
  })
  if (!result.ok) return { ok: false, status: refusalStatus(result.refusal), key: refusalKey(result.refusal), clear }
  const { user, finished } = result.value
  if (finished.mode === 'api') {
    // A JSON API client's sign-in: no session here; the way back carries a one-time code for `POST /apiKey/signin`.
    const code = await issueApiSigninCode(deps, user.id, finished.codeChallenge)
    const headers = new Headers({ Location: locationWithCode(finished.redirectTo, code), 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', clear)
    return { ok: true, response: new Response(null, { status: 302, headers }) }
  }
  // A person created by this sign-in registered with the provider; anyone else signed in.
  const goal = user.createdAt === deps.now ? 'registrationOauth' : 'login'
  const response = withGoals(request, await signInAndRedirect(deps, user, finished.redirectTo), goal)
  response.headers.append('Set-Cookie', clear)
  return { ok: true, response }
}

/** The provider's "the person said no" answers: OAuth 2.0 `access_denied`, and Apple's own. */
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize'])

/**
 * The provider answered with an error instead of a code (RFC 6749 4.1.2.1): the person cancelled (a calm
 * "sign-in was cancelled"), or the provider failed. Either way the state of that sign-in is spent.
 */
async function providerRefused(
  provider: OAuthProvider,
  request: Request,
  context: AppLoadContext,
  error: string,
  state: string | null,
) {
  const { deps } = await pageDeps(request, context)
  await abandonOAuth(deps, provider, state)
  return CANCELLED.has(error)
    ? { status: 200, key: 'accounts:oauth.cancelled' }
    : { status: 400, key: 'accounts:oauth.failed' }
}

/** The GET callback of Yandex, Google and Microsoft: `?code=...&state=...`, or `?error=...&state=...`. */
export async function oauthCallback(provider: OAuthProvider, { request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const { t } = await pageDeps(request, context)
  const error = url.searchParams.get('error')
  if (error && !url.searchParams.get('code')) {
    const refused = await providerRefused(provider, request, context, error, url.searchParams.get('state'))
    const headers = { 'Set-Cookie': stateCookie(provider, '', 0) }
    return data({ error: t(refused.key) }, { status: refused.status, headers })
  }
  const input = { code: url.searchParams.get('code'), state: url.searchParams.get('state') }
  const finished = await finishCallback(provider, request, context, input)
  if (finished.ok) return finished.response
  return data({ error: t(finished.key) }, { status: finished.status, headers: { 'Set-Cookie': finished.clear } })
}

/** What Apple's callback page may be asked to show after its POST (`?error=...`). */
const APPLE_ERRORS: Record<string, string> = {
  state: 'accounts:oauth.state',
  failed: 'accounts:oauth.failed',
  unverifiedEmail: 'accounts:oauth.unverifiedEmail',
  notConfigured: 'accounts:oauth.notConfigured',
  cancelled: 'accounts:oauth.cancelled',
}

/** Apple's answer: a POST to exactly its callback path (no query). */
export function isAppleFormPost(request: Request, url: URL): boolean {
  return request.method === 'POST' && url.pathname === CALLBACK_PATHS.apple && !url.search
}

/**
 * Apple's callback (`response_mode=form_post`): a cross-site POST of `code`, `state` and, on the first sign-in
 * only, `user`. It is handled by the Worker before Remix, whose actions refuse any cross-origin POST;
 * workers/security-headers.ts lets exactly this path through the Origin check. The state (one-time, server-side,
 * equal to the SameSite=None cookie of the browser that started) is what protects it (ADR 0011). A failure
 * redirects to the GET page, which shows the translated reason (post/redirect/get: a reload posts nothing).
 */
export async function appleFormPost(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await request.formData().catch(() => null)
  const field = (name: string) => {
    const value = form?.get(name)
    return typeof value === 'string' && value ? value : null
  }
  const input = { code: field('code'), state: field('state'), user: field('user') }
  const error = field('error')
  const finished =
    error && !input.code
      ? {
          ok: false as const,
          ...(await providerRefused('apple', request, context, error, input.state)),
          clear: stateCookie('apple', '', 0),
        }
      : await finishCallback('apple', request, context, input)
  if (finished.ok) return finished.response
  const reason = Object.keys(APPLE_ERRORS).find((name) => APPLE_ERRORS[name] === finished.key) ?? 'failed'
  const headers = new Headers({ Location: `${CALLBACK_PATHS.apple}?error=${reason}`, 'Cache-Control': 'no-store' })
  headers.append('Set-Cookie', finished.clear)
  return new Response(null, { status: 303, headers })
}

/** The page after a failed Apple POST, or a GET of the callback, which is never Apple's answer (it always posts). */
export async function appleCallbackPage({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageDeps(request, context)
  const reason = new URL(request.url).searchParams.get('error') ?? ''
  const key = APPLE_ERRORS[reason] ?? APPLE_ERRORS.state
  return data({ error: t(key) }, { status: key === APPLE_ERRORS.cancelled ? 200 : 400 })
}
