import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare'
import { GUIDE_STEPS, type GuideStep, serializeMarked } from '#app/domain/home/first-run.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { guideCookie, markedSteps } from '#app/server/home/first-run.server.ts'

/** `POST /home-guide` `{ step }`: marks a step of the home page's first-run guide done (a plain form), then home. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(getDb(context.cloudflare.env.DB), request)
  const step = (await request.formData()).get('step')
  if (!GUIDE_STEPS.includes(step as GuideStep)) throw new Response(null, { status: 400 })
  const marked = await markedSteps(request)
  marked.add(step as GuideStep)
  return redirect('/', { headers: { 'Set-Cookie': await guideCookie.serialize(serializeMarked(marked)) } })
}

export function loader() {
  throw new Response(null, { status: 405, statusText: 'Method Not Allowed' })
}

/** Never rendered: GET answers the 405 screen of the root error boundary. */
export default function HomeGuide() {
  return null
}
