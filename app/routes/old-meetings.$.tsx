import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { oldMeetingsTarget } from '#app/utils/old-routes.ts'

/** SPEC §2 "Older variants": the old meeting routes (and the old one-time create flow) redirect, permanently. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const target = oldMeetingsTarget((params['*'] ?? '').split('/'), new URL(request.url).searchParams)
  if (!target) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return redirect(target, 301)
}

/** Never shown: the loader redirects, or its 404 shows the root error boundary's screen. */
export default function OldRoute() {
  return null
}
