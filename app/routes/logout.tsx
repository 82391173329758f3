import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { destroyWebSession } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'

/** Logout (SPEC §2): a POST after the confirmation modal; the session ends on the server too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await destroyWebSession(getDb(context.cloudflare.env.DB), request)
  return redirect('/login', { headers: { 'Set-Cookie': cookie } })
}

/** A GET never logs out (a link or an image could do it): back to the app. */
export function loader() {
  return redirect('/')
}
