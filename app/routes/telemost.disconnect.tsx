import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { disconnectTelemost } from '#app/server/video/grants.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

/** `POST /telemost/disconnect` (issue 15): the integrations card's "Disconnect"; back to /integrations. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  await disconnectTelemost(db, user.id)
  return redirect('/integrations')
}
