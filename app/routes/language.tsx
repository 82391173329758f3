import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { DEFAULT_LANGUAGE, isLanguage } from '#app/i18n/config.ts'
import { languageCookie } from '#app/i18n/i18n.server.ts'
import { setCulture } from '#app/server/accounts/profile.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'

/** Keeps the chosen interface language in a cookie, then returns to the page it was chosen on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const chosen = form.get('language')
  const language = isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE
  // A signed-in specialist's profile culture follows the interface (SPEC §4 "Auth start").
  const db = getDb(context.cloudflare.env.DB)
  const user = await getSessionUser(db, request)
  if (user && user.culture !== language) await setCulture(db, user.id, language)
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await languageCookie.serialize(language) },
  })
}

export function loader() {
  throw new Response(null, { status: 405, statusText: 'Method Not Allowed' })
}

/** Never rendered: GET answers the 405 screen of the root error boundary. */
export default function Language() {
  return null
}
