import type { Bindings } from '#app/server/env.server.ts'

/** What Remix loaders and actions receive as `context`. */
export type LoadContext = {
  cloudflare: { env: Bindings; ctx: ExecutionContext }
  /** The CSP nonce of this response's inline scripts. */
  nonce: string
}

declare module '@remix-run/cloudflare' {
  interface AppLoadContext extends LoadContext {}
}
