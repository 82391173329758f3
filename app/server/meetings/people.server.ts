import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { meetingParticipants } from '#db/schema.ts'
import { type Db, readInParts } from '../db.server.ts'

/**
 * The people booked into these meetings, members and their visitors (an adjutant is the organizer's helper, not a
 * client): each meeting's in the order they were booked (the row order breaks a tie within one booking's batch). For
 * the organizer's reminders (who comes) and the webhooks' bodies (the participants).
 */
export function bookedPeopleOf(db: Db, meetingIds: readonly string[]) {
  // In parts under D1's bound parameters; a meeting's people are all in its part, in their order.
  return readInParts(meetingIds, (part) =>
    db
      .select()
      .from(meetingParticipants)
      .where(
        and(
          inArray(meetingParticipants.meetingId, part),
          eq(meetingParticipants.status, 'booked'),
          ne(meetingParticipants.role, 'adjutant'),
        ),
      )
      .orderBy(asc(meetingParticipants.createdAt), sql`${meetingParticipants}.rowid`),
  )
}
