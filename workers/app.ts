import { createRequestHandler } from '@remix-run/cloudflare'
// The Remix server build: `npm run build` makes it before wrangler bundles this entry.
import * as remixBuild from '#build/server'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { appleFormPost, isAppleFormPost } from '#app/server/accounts/oauth-route.server.ts'
import { SESSION_COOKIE } from '#app/server/auth/session.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { api } from './api/index.ts'
import { runScheduled } from './cron/dispatcher.ts'
import { withFormBodyCheck } from './form-body.ts'
import type { LoadContext } from './load-context.ts'
import { isCrossSiteFormPost, isFramable, isPersonal, newNonce, withSecurityHeaders } from './security-headers.ts'

export { HostLock } from './durable/host-lock.ts'
export { RateLimiter } from './durable/rate-limiter.ts'

const build = withFormBodyCheck(remixBuild)
const handleRemix = createRequestHandler(build)

/** A page's cross-site POST: refused before Remix, in the visitor's language (`?lang=`, else the cookie). */
async function crossSiteRefusal(request: Request): Promise<Response> {
  const language = await getLanguage(request)
  return new Response(getT(language)('errors.crossSiteText'), {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Language': language },
  })
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url)
    const nonce = newNonce()
    let response: Response
    if (isCrossSiteFormPost(request, url)) {
      response = await crossSiteRefusal(request)
    } else if (url.pathname.startsWith('/api/')) {
      response = await api.fetch(request, env, ctx)
    } else if (isAppleFormPost(request, url)) {
      // Sign in with Apple's cross-site form POST: before Remix, whose actions refuse any cross-origin POST.
      response = await appleFormPost(request, { cloudflare: { env, ctx }, nonce })
    } else {
      const context: LoadContext = { cloudflare: { env, ctx }, nonce }
      response = await handleRemix(request, context)
    }
    const framable = !url.pathname.startsWith('/api/') && isFramable(build.routes, url.pathname)
    return withSecurityHeaders(response, framable, nonce, {
      production: env.ENVIRONMENT === 'production',
      personal: isPersonal(request, url, SESSION_COOKIE),
    })
  },

  async scheduled(controller, env, _ctx) {
    await runScheduled(controller.cron, controller.scheduledTime, env)
  },
} satisfies ExportedHandler<Bindings>
