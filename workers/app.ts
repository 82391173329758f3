import { createRequestHandler } from '@remix-run/cloudflare'
// The Remix server build: `npm run build` makes it before wrangler bundles this entry.
import * as remixBuild from '#build/server'
import { APP_VERSION_HEADER } from '#app/components/ui/app-version.ts'
import { BROWSER_LANGUAGE_HEADER, getLanguage, withBrowserLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { appleFormPost, isAppleFormPost } from '#app/server/accounts/oauth-route.server.ts'
import { SESSION_COOKIE } from '#app/server/auth/session.server.ts'
import { devCheckoutPost, isDevCheckoutPost } from '#app/server/payments/dev-checkout.server.ts'
import { type Bindings, metrikaCounterId } from '#app/server/env.server.ts'
import { api } from './api/index.ts'
import { runScheduled } from './cron/dispatcher.ts'
import { withFormBodyCheck } from './form-body.ts'
import type { LoadContext } from './load-context.ts'
import {
  isCrossSiteFormPost,
  isFramable,
  isPersonal,
  isPublicBookingPage,
  newNonce,
  withSecurityHeaders,
} from './security-headers.ts'

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

function withoutHeader(request: Request, name: string): Request {
  if (!request.headers.has(name)) return request
  const copy = new Request(request)
  copy.headers.delete(name)
  return copy
}

function withVary(response: Response, header: string): Response {
  const copy = new Response(response.body, response)
  copy.headers.append('Vary', header)
  return copy
}

/** Everything but the API: pages, the pages' cross-site refusal and the two form POSTs answered before Remix. */
async function pageResponse(request: Request, url: URL, env: Bindings, ctx: ExecutionContext, nonce: string) {
  if (isCrossSiteFormPost(request, url)) return crossSiteRefusal(request)
  // The development checkout takes JSON as well as its page's form (API-CONTRACT.md "Plans and payments").
  if (isDevCheckoutPost(request, url)) return devCheckoutPost(request, env)
  // Sign in with Apple's cross-site form POST: before Remix, whose actions refuse any cross-origin POST.
  if (isAppleFormPost(request, url)) return appleFormPost(request, { cloudflare: { env, ctx }, nonce })
  const context: LoadContext = { cloudflare: { env, ctx }, nonce }
  // Public booking pages speak the browser's language until the guest picks one; other pages never do.
  const page = isPublicBookingPage(build.routes, url.pathname)
    ? await withBrowserLanguage(request)
    : withoutHeader(request, BROWSER_LANGUAGE_HEADER)
  const response = await handleRemix(page, context)
  return page.headers.has(BROWSER_LANGUAGE_HEADER) ? withVary(response, 'Accept-Language') : response
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url)
    const isApi = url.pathname.startsWith('/api/')
    // The API answers JSON (its one HTML page, the reference, has no inline script): no nonce is made for an API
    // request unless an HTML answer's policy asks for one (ADR 0129). isCrossSiteFormPost never refuses /api/.
    const pageNonce = isApi ? null : newNonce()
    const response = pageNonce
      ? await pageResponse(request, url, env, ctx, pageNonce)
      : await api.fetch(request, env, ctx)
    const framable = !isApi && isFramable(build.routes, url.pathname)
    const secured = withSecurityHeaders(response, framable, pageNonce ?? newNonce, {
      production: env.ENVIRONMENT === 'production',
      personal: isPersonal(request, url, SESSION_COOKIE),
      metrika: metrikaCounterId(env) !== null,
    })
    // The build this answer comes from: a page of an older build asks to reload (app-version.ts, ADR 0085).
    secured.headers.set(APP_VERSION_HEADER, remixBuild.assets.version)
    return secured
  },

  async scheduled(controller, env, _ctx) {
    await runScheduled(controller.cron, controller.scheduledTime, env)
  },
} satisfies ExportedHandler<Bindings>
