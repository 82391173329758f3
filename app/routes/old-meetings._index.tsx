import { redirect } from '@remix-run/cloudflare'

/** `/old-meetings` → `/meetings` (SPEC §2 "Older variants"). */
export function loader() {
  return redirect('/meetings', 301)
}
