import { type LoaderFunctionArgs, data, redirect } from '@remix-run/cloudflare'
import type { OAuthProvider } from '#db/schema.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'
import {
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_TTL_MS,
  finishOAuth,
  isOAuthProvider,
  providerConfig,
  resolveOAuthUser,
  startOAuth,
} from './oauth.server.ts'
import { attempt, pageDeps, signInAndRedirect } from './route.server.ts'

function stateCookie(value: string, maxAgeSeconds: number) {
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`
}

function readStateCookie(request: Request): string | null {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === OAUTH_STATE_COOKIE) return rest.join('=') || null
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
    headers: { 'Set-Cookie': stateCookie(result.value.state, OAUTH_STATE_TTL_MS / 1000) },
  })
}

/** A provider's callback: checks the state, signs the person in, or shows why not. */
export async function oauthCallback(provider: OAuthProvider, { request, context }: LoaderFunctionArgs) {
  const { deps, t } = await pageDeps(request, context)
  const config = providerConfig(provider, context.cloudflare.env, deps.env)
  const clear = { 'Set-Cookie': stateCookie('', 0) }
  if (!config) return data({ error: t('accounts:oauth.notConfigured') }, { status: 503, headers: clear })
  const url = new URL(request.url)
  const result = await attempt(async () => {
    const finished = await finishOAuth(deps, provider, config, {
      code: url.searchParams.get('code'),
      state: url.searchParams.get('state'),
      cookieState: readStateCookie(request),
    })
    return { user: await resolveOAuthUser(deps, provider, finished.identity), redirectTo: finished.redirectTo }
  })
  if (!result.ok) return data({ error: t(result.error.problems[0].key) }, { status: 400, headers: clear })
  const response = await signInAndRedirect(deps, result.value.user, result.value.redirectTo)
  response.headers.append('Set-Cookie', clear['Set-Cookie'])
  return response
}
