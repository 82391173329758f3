/**
 * The waitlist on the organizer's meeting page (docs/decisions/0108-waitlist.md): the live line of the meeting's slot,
 * first in line first, and removing one entry (through the host's object, which offers a seat its offer kept to the
 * next in line).
 */
import { formatMoment } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { runCommand } from '../booking/host-lock-client.server.ts'
import type { Db } from '../db.server.ts'
import type { Bindings } from '../env.server.ts'
import { Refused } from '../refusal.server.ts'
import { slotLine } from './entries.server.ts'

export async function meetingWaitlist(
  db: Db,
  ownerId: string,
  meeting: { eventTypeId: string | null; startAt: number; participantType: string },
  viewer: { timeZone: string; language: Language },
) {
  if (!meeting.eventTypeId || !meeting.participantType.startsWith('Group')) return null
  const rows = await slotLine(db, ownerId, meeting.eventTypeId, meeting.startAt)
  return rows.map((row) => ({
    id: row.id,
    name: `${row.contact.firstName} ${row.contact.lastName}`.trim(),
    email: row.email,
    joinedAt: formatMoment(row.joinedAt, viewer.timeZone, viewer.language),
    offeredUntil:
      row.status === 'offered' && row.offerExpiresAt
        ? formatMoment(row.offerExpiresAt, viewer.timeZone, viewer.language)
        : null,
  }))
}

/** The organizer removes an entry of their own line (another host's entry is 404). */
export async function removeFromWaitlist(bindings: Bindings, ownerId: string, entryId: string) {
  const result = await runCommand(bindings, { kind: 'leaveWaitlist', ownerId, entryId, by: 'organizer' })
  if (!result.ok) throw new Refused(result.refusal)
  return { removed: entryId }
}
