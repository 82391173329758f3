import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'

/** SPEC §2 "Older variants": the old meeting routes redirect to the new ones, permanently. */
export function loader({ params }: LoaderFunctionArgs) {
  const parts = (params['*'] ?? '').split('/').filter(Boolean).map(encodeURIComponent)
  if (parts[0] === 'myMeetings') {
    return redirect(parts[1] ? `/meetings/myMeetings/${parts[1]}` : '/meetings?side=participant', 301)
  }
  return redirect(parts[0] ? `/meetings/${parts[0]}` : '/meetings', 301)
}
