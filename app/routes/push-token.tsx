import type { ActionFunctionArgs } from '@remix-run/cloudflare'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { registerPushToken } from '#app/server/notify/notifications.server.ts'

/** An FCM registration token is a few hundred URL-safe characters. */
const TOKEN = /^[A-Za-z0-9_:.-]{20,4096}$/

/**
 * `POST /push-token` (form field `token`): the web app's twin of the API's `POST /firebaseCloudMessaging`, for
 * the signed-in web session (issue 8, ADR 0041). Same-origin only, like every page form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await getSessionUser(db, request)
  if (!user) return Response.json({ ok: false }, { status: 401 })
  if (request.method !== 'POST') return Response.json({ ok: false }, { status: 405 })
  const form = await request.formData().catch(() => null)
  const token = form?.get('token')
  if (typeof token !== 'string' || !TOKEN.test(token)) return Response.json({ ok: false }, { status: 400 })
  await registerPushToken(db, user.id, token)
  return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } })
}
