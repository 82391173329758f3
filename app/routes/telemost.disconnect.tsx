import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { disconnectTelemost } from '#app/server/video/grants.server.ts'

/** `POST /telemost/disconnect` (issue 15): the integrations card's "Disconnect"; back to /integrations. */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  await disconnectTelemost(db, user.id)
  return redirect('/integrations')
}
