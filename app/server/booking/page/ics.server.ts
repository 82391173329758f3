import { getDb } from '../../db.server.ts'
import { findBooking } from '../public.server.ts'
import type { Args } from './flow.server.ts'

/** The ICS of a booking (the success page's "add to calendar"). */
export async function icsLoader({ params, context }: Args) {
  const { env } = context.cloudflare
  const rows = await findBooking(getDb(env.DB), params.bookingId ?? '')
  if (rows.length === 0) throw new Response('Not found', { status: 404 })
  const { buildIcs, fullName, icsMeetingOf } = await import('#app/domain/booking/ics.ts')
  const host = await getDb(env.DB).query.users.findFirst({ where: (u, { eq }) => eq(u.id, rows[0].meeting.ownerId) })
  const ics = buildIcs(
    rows.map(({ meeting, participant }) =>
      icsMeetingOf(meeting, host ?? { firstName: '', email: '' }, [
        { name: fullName(participant), email: participant.email },
      ]),
    ),
    Date.now(),
  )
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="meeting.ics"',
      'Cache-Control': 'private, no-store',
    },
  })
}
