/**
 * A meeting command's reminder rows (ADR 0040, 0118): the host's object reads the rows of the meetings the command
 * touches (`loadReminders`, in its snapshot: one command at a time per host), the one domain planner
 * (app/domain/reminders/replan.ts) answers the changes, and `reminderStatements` writes them in the command's one
 * batch. The cron job (reminder-job.server.ts) sends the rows; the guards of the updates respect what it claims and
 * settles in between.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type { MeetingToPlan, ReminderChange, StoredReminder } from '#app/domain/reminders/replan.ts'
import { eventTypes, meetings, oneTimeEvents, outbox, reminders } from '#db/schema.ts'
import type { Statement } from '../commands/apply.server.ts'
import { type Db, IN_LIST_MAX, chunked, readInParts } from '../db.server.ts'

/** What the planner reads: the stored rows of the meetings and their people, and each meeting's own offsets. */
export type ReminderSnapshot = {
  rows: StoredReminder[]
  /** By meeting id: the event type's offsets, else the one-time meeting's; null when neither exists. */
  offsets: Map<string, readonly number[] | null>
}

/** The rows of these meetings and of these participants (wherever their rows are), with the meetings' offsets. */
export async function loadReminders(
  db: Db,
  meetingIds: readonly string[],
  participantIds: readonly string[],
): Promise<ReminderSnapshot> {
  // In parts (a group meeting can have more people than D1 binds); a row found both ways is kept once.
  const [ofMeetings, ofPeople] = await Promise.all([
    readInParts(meetingIds, (part) => db.select().from(reminders).where(inArray(reminders.meetingId, part))),
    readInParts(participantIds, (part) => db.select().from(reminders).where(inArray(reminders.participantId, part))),
  ])
  const rows = [...new Map([...ofMeetings, ...ofPeople].map((row) => [row.id, row])).values()]
  const own = await readInParts(meetingIds, (part) =>
    db
      .select({ id: meetings.id, eventType: eventTypes.remindersInMinutes, oneTime: oneTimeEvents.remindersInMinutes })
      .from(meetings)
      .leftJoin(eventTypes, eq(eventTypes.id, meetings.eventTypeId))
      .leftJoin(oneTimeEvents, eq(oneTimeEvents.id, meetings.id))
      .where(inArray(meetings.id, part)),
  )
  return { rows, offsets: new Map(own.map((m) => [m.id, m.eventType ?? m.oneTime ?? null])) }
}

/** A meeting as a command leaves it, for the planner. */
export function meetingToPlan(
  snapshot: ReminderSnapshot,
  meeting: { id: string; ownerId: string; startAt: number; status: string },
  participants: MeetingToPlan['participants'],
): MeetingToPlan {
  const { id, ownerId, startAt, status } = meeting
  return { id, ownerId, startAt, status, participants, offsets: snapshot.offsets.get(id) ?? null }
}

/** The planner's changes as statements of the command's batch, in order. */
export function reminderStatements(db: Db, changes: readonly ReminderChange[], now: number): Statement[] {
  return changes.flatMap((change): Statement[] => {
    switch (change.kind) {
      case 'insert':
        return [db.insert(reminders).values({ ...change.row, createdAt: now })]
      case 'update':
        return [
          db
            .update(reminders)
            .set(change.set)
            .where(
              and(
                eq(reminders.id, change.id),
                change.onlyIf ? inArray(reminders.status, [...change.onlyIf]) : undefined,
              ),
            ),
        ]
      default:
        // `abandon`, in parts (a meeting's reminders can be more than D1 binds). Message ids are
        // `reminder-<reminder id, 36 characters>-...` (app/domain/reminders/plan.ts).
        return chunked(change.reminderIds, IN_LIST_MAX).map((part) =>
          db
            .update(outbox)
            .set({ status: 'failed', lastError: change.reason })
            .where(
              and(
                eq(outbox.status, 'pending'),
                like(outbox.id, 'reminder-%'),
                inArray(sql`substr(${outbox.id}, 10, 36)`, part),
              ),
            ),
        )
    }
  })
}
