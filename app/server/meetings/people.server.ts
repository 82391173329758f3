import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { meetingParticipants } from '#db/schema.ts'
import type { Db } from '../db.server.ts'

/** Meetings read per statement: D1 binds at most 100 values to one. */
const MEETINGS_PER_READ = 50

/**
 * The people booked into these meetings, members and their visitors (an adjutant is the organizer's helper, not a
 * client): each meeting's in the order they were booked (the row order breaks a tie within one booking's batch). For
 * the organizer's reminders (who comes) and the webhooks' bodies (the participants).
 */
export async function bookedPeopleOf(db: Db, meetingIds: readonly string[]) {
  const people: (typeof meetingParticipants.$inferSelect)[] = []
  for (let i = 0; i < meetingIds.length; i += MEETINGS_PER_READ) {
    const rows = await db
      .select()
      .from(meetingParticipants)
      .where(
        and(
          inArray(meetingParticipants.meetingId, meetingIds.slice(i, i + MEETINGS_PER_READ)),
          eq(meetingParticipants.status, 'booked'),
          ne(meetingParticipants.role, 'adjutant'),
        ),
      )
      .orderBy(asc(meetingParticipants.createdAt), sql`${meetingParticipants}.rowid`)
    people.push(...rows)
  }
  return people
}
