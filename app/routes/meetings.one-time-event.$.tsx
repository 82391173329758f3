import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { oldOneTimeTarget } from '#app/utils/old-routes.ts'

/**
 * SPEC §2 "Older variants": `/meetings/one-time-event` and the old create flow's steps (`settings`,
 * `additional-settings`, `success`) land on today's create flow, permanently. `create` and `free` are their own
 * routes; anything else under the path is a 404.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const segments = (params['*'] ?? '').split('/').filter(Boolean)
  const target = oldOneTimeTarget(segments, new URL(request.url).searchParams)
  if (!target) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return redirect(target, 301)
}

/** Never shown: the loader redirects, or its 404 shows the root error boundary's screen. */
export default function OldRoute() {
  return null
}
