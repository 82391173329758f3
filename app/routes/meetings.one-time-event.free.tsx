import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { z } from 'zod'
import { emailField } from '#app/domain/fields.ts'
import { zonedToInstant } from '#app/domain/time/index.ts'
import { isTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { inviteeIsFree } from '#app/server/one-time/one-time.server.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

const QuerySchema = z.object({
  email: emailField(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timeZone: z.string().refine(isTimeZone),
  timeFrom: z.string().regex(/^\d{2}:\d{2}$/),
  timeTo: z.string().regex(/^\d{2}:\d{2}$/),
})

/**
 * The creation page's invitee check while contacts are picked (SPEC §4 "busy invitee asks 'Add anyway?'"): is the
 * email free at the form's date and times? The same check as `GET /companyEvent/organizer/isFree`, for the session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await signedInPage(request, context)
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) return Response.json({ isFree: null }, { status: 400 })
  const { email, date, timeZone, timeFrom, timeTo } = parsed.data
  const from = zonedToInstant(timeZone, date, timeFrom)
  const to = zonedToInstant(timeZone, date, timeTo)
  if (to <= from) return Response.json({ isFree: null }, { status: 400 })
  return Response.json({ isFree: await inviteeIsFree(db, user.id, email, from, to) })
}
