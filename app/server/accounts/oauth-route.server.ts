import { type AppLoadContext, type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import type { OAuthProvider } from '#db/schema.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import {
  CALLBACK_PATHS,
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_TTL_MS,
  finishOAuth,
  isOAuthProvider,
  providerConfig,
  resolveOAuthUser,
  startOAuth,
} from './oauth.server.ts'
import { attempt, pageDeps, signInAndRedirect } from './route.server.ts'

/**
 * The browser's half of the state. Most providers come back by a GET redirect, which carries a SameSite=Lax
 * cookie. Apple comes back by a cross-site form POST, which carries only a SameSite=None cookie: that one is
 * sent only to Apple's callback path (ADR 0011).
 */
function stateCookieName(provider: OAuthProvider) {
  return provider === 'apple' ? `${OAUTH_STATE_COOKIE}_apple` : OAUTH_STATE_COOKIE
}

function stateCookie(provider: OAuthProvider, value: string, maxAgeSeconds: number) {
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

/** `/oAuthRedirectPage?provider=...&redirectTo=...` (SPEC §2): off to the provider. */
export async function oauthStart({ request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const url = new URL(request.url)
  const provider = url.searchParams.get('provider')
  if (!isOAuthProvider(provider)) throw new Response(null, { status: 404 })
  const config = providerConfig(provider, context.cloudflare.env, deps.env)
  if (!config) return data({ error: t('accounts:oauth.notConfigured') }, { status: 503 })
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  const result = await attempt(() => startOAuth(deps, provider, config, redirectTo))
  if (!result.ok) return data({ error: t(result.error.problems[0].key) }, { status: 429 })
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
    return { user: await resolveOAuthUser(deps, provider, finished.identity), redirectTo: finished.redirectTo }
  })
  if (!result.ok) return { ok: false, status: 400, key: result.error.problems[0].key, clear }
  const response = await signInAndRedirect(deps, result.value.user, result.value.redirectTo)
  response.headers.append('Set-Cookie', clear)
  return { ok: true, response }
}

/** The GET callback of Yandex, Google and Microsoft: `?code=...&state=...`. */
export async function oauthCallback(provider: OAuthProvider, { request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const input = { code: url.searchParams.get('code'), state: url.searchParams.get('state') }
  const finished = await finishCallback(provider, request, context, input)
  if (finished.ok) return finished.response
  const { t } = await pageDeps(request, context)
  return data({ error: t(finished.key) }, { status: finished.status, headers: { 'Set-Cookie': finished.clear } })
}

/** What Apple's callback page may be asked to show after its POST (`?error=...`). */
const APPLE_ERRORS: Record<string, string> = {
  state: 'accounts:oauth.state',
  failed: 'accounts:oauth.failed',
  unverifiedEmail: 'accounts:oauth.unverifiedEmail',
  notConfigured: 'accounts:oauth.notConfigured',
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
  const finished = await finishCallback('apple', request, context, input)
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
  return data({ error: t(APPLE_ERRORS[reason] ?? APPLE_ERRORS.state) }, { status: 400 })
}
