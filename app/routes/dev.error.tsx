import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isDevelopment, parseEnv } from '#app/server/env.server.ts'

/**
 * `/dev/error`, development only (like /dev/mail): a page that fails on purpose, to see the root error boundary of
 * SPEC §2 ("Error fallback": sad mascot, generic message, error name and message) and to test it; 404 in
 * production. Outside Remix's development mode the server names the error "Unexpected Server Error".
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (!isDevelopment(parseEnv(context.cloudflare.env))) throw new Response(null, { status: 404 })
  throw new Error('A failure on purpose (/dev/error)')
}

export default function DevError() {
  return null
}
