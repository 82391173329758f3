import { createRequestHandler } from '@remix-run/cloudflare'
// The Remix server build: `npm run build` makes it before wrangler bundles this entry.
import * as build from '#build/server'
import { appleFormPost, isAppleFormPost } from '#app/server/accounts/oauth-route.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { api } from './api/index.ts'
import { runScheduled } from './cron/dispatcher.ts'
import type { LoadContext } from './load-context.ts'
import { isCrossSiteFormPost, newNonce, withSecurityHeaders } from './security-headers.ts'

export { HostLock } from './durable/host-lock.ts'
export { RateLimiter } from './durable/rate-limiter.ts'

const handleRemix = createRequestHandler(build)

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url)
    const nonce = newNonce()
    let response: Response
    if (isCrossSiteFormPost(request, url)) {
      response = new Response('Cross-site request refused', { status: 403 })
    } else if (url.pathname.startsWith('/api/')) {
      response = await api.fetch(request, env, ctx)
    } else if (isAppleFormPost(request, url)) {
      // Sign in with Apple's cross-site form POST: before Remix, whose actions refuse any cross-origin POST.
      response = await appleFormPost(request, { cloudflare: { env, ctx }, nonce })
    } else {
      const context: LoadContext = { cloudflare: { env, ctx }, nonce }
      response = await handleRemix(request, context)
    }
    return withSecurityHeaders(response, url.pathname, nonce)
  },

  async scheduled(controller, env, _ctx) {
    await runScheduled(controller.cron, controller.scheduledTime, env)
  },
} satisfies ExportedHandler<Bindings>
