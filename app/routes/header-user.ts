import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { getSessionUser, hasSessionCookie } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'

const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' }

/**
 * Who is signed in, for the header of public pages (ADR 0109): those pages render the same HTML for everyone (no
 * session query in their loaders, nothing personal to cache), and the header asks here after load. A browser
 * without a session cookie is answered without touching the database.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!hasSessionCookie(request)) return Response.json({ user: null }, { headers: PRIVATE })
  const user = await getSessionUser(getDb(context.cloudflare.env.DB), request)
  const shown = user
    ? { login: user.login, firstName: user.firstName, lastName: user.lastName, imageUrl: avatarUrl(user.imageKey) }
    : null
  return Response.json({ user: shown }, { headers: PRIVATE })
}
