import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { setAdvertisingClosed } from '#app/server/advertising.server.ts'
import { orNotFoundPage } from '#app/server/refusal.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

/** The home page card's cross (a plain form): closes the card for good, then back home. An unknown card is a 404. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  await orNotFoundPage(setAdvertisingClosed(db, user.id, params.id ?? '', { isClosed: true, isConsentMailing: false }))
  return redirect('/')
}
