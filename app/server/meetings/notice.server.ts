/**
 * The participant's minimum notice (issue 7 "refused inside a minimum notice the specialist sets"): the "booking
 * closes" time of the meeting's event type, or of the one-time meeting's settings (`one_time_events`). One rule for
 * every way a participant changes their booking: the emailed link, their account (`/meetings/myMeetings/{id}`) and
 * the participant API (docs/decisions/0050).
 */
import { and, eq } from 'drizzle-orm'
import { minimumNoticeFromSpec } from '#app/domain/availability/index.ts'
import type { Db } from '#app/server/db.server.ts'
import { eventTypes, oneTimeEvents } from '#db/schema.ts'
import { refuse } from '../refusal.server.ts'
import type { MeetingRow } from './meetings.server.ts'

type Closes = { whenClosesValue: number; whenClosesType: 'Minutes' | 'Hours' | 'Days' }

/** Minutes before the start after which the participant can no longer cancel or move. */
export function noticeMinutesOf(eventType: Closes | null, oneTime: Closes | null): number {
  const rule = eventType ?? oneTime
  return rule ? minimumNoticeFromSpec(rule.whenClosesValue, rule.whenClosesType) : 0
}

export function isInsideNotice(meeting: Pick<MeetingRow, 'startAt'>, minutes: number, now: number): boolean {
  return meeting.startAt - now < minutes * 60_000
}

/** The notice rule of a stored meeting: its event type's, else its one-time settings', else none. */
export async function changeNoticeMinutes(
  db: Db,
  meeting: Pick<MeetingRow, 'id' | 'ownerId' | 'eventTypeId'>,
): Promise<number> {
  const closes = { whenClosesValue: eventTypes.whenClosesValue, whenClosesType: eventTypes.whenClosesType }
  if (meeting.eventTypeId) {
    const [type] = await db
      .select(closes)
      .from(eventTypes)
      .where(and(eq(eventTypes.id, meeting.eventTypeId), eq(eventTypes.ownerId, meeting.ownerId)))
      .limit(1)
    return noticeMinutesOf(type ?? null, null)
  }
  const [oneTime] = await db
    .select({ whenClosesValue: oneTimeEvents.whenClosesValue, whenClosesType: oneTimeEvents.whenClosesType })
    .from(oneTimeEvents)
    .where(and(eq(oneTimeEvents.id, meeting.id), eq(oneTimeEvents.ownerId, meeting.ownerId)))
    .limit(1)
  return noticeMinutesOf(null, oneTime ?? null)
}

/** Refuses a participant's change inside the notice (400, nothing changes). */
export async function requireOutsideNotice(
  db: Db,
  meeting: Pick<MeetingRow, 'id' | 'ownerId' | 'eventTypeId' | 'startAt'>,
  now: number,
) {
  if (isInsideNotice(meeting, await changeNoticeMinutes(db, meeting), now)) {
    refuse('noticeTooShort')
  }
}
