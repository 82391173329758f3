import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { unreadCount } from '#app/server/notify/notifications.server.ts'

/** The header badge's unread count for the signed-in web session (the JSON API has `/notificationCenter/count`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await getSessionUser(db, request)
  if (!user) return Response.json({ count: 0 }, { status: 401 })
  return Response.json({ count: await unreadCount(db, user.id) }, { headers: { 'Cache-Control': 'no-store' } })
}
