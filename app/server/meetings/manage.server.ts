/**
 * Self-service through the signed link of the confirmation email and ICS (`/booking/manage/{token}`): the guest
 * cancels or moves their own booking without an account. Only the token's SHA-256 is stored
 * (meeting_participants.manageTokenHash). Refused inside the specialist's minimum notice: the "booking closes" time
 * of the event type or of the one-time meeting (notice.server.ts), which already bounds new bookings (ADR 0050).
 */
import { and, eq } from 'drizzle-orm'
import { displayStatus } from '#app/domain/meetings/rules.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { eventTypes, meetingParticipants, meetings, oneTimeEvents, users } from '#db/schema.ts'
import { refuse } from '../refusal.server.ts'
import { isInsideNotice, noticeMinutesOf } from './notice.server.ts'

export async function findByManageToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) refuse('notFound')
  // Only the notice columns of the event type and the one-time settings: D1 answers at most 100 columns.
  const [row] = await db
    .select({
      participant: meetingParticipants,
      meeting: meetings,
      organizer: users,
      /** The event type's public link, for "book again" after a cancel (null for a one-time meeting). */
      eventTypeLink: eventTypes.link,
      typeClosesValue: eventTypes.whenClosesValue,
      typeClosesType: eventTypes.whenClosesType,
      oneTimeClosesValue: oneTimeEvents.whenClosesValue,
      oneTimeClosesType: oneTimeEvents.whenClosesType,
    })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .leftJoin(eventTypes, and(eq(eventTypes.id, meetings.eventTypeId), eq(eventTypes.ownerId, meetings.ownerId)))
    .leftJoin(oneTimeEvents, and(eq(oneTimeEvents.id, meetings.id), eq(oneTimeEvents.ownerId, meetings.ownerId)))
    .where(eq(meetingParticipants.manageTokenHash, await sha256(token)))
    .limit(1)
  if (!row) refuse('notFound')
  const { typeClosesValue, typeClosesType, oneTimeClosesValue, oneTimeClosesType, ...rest } = row
  return {
    ...rest,
    eventType:
      typeClosesValue !== null && typeClosesType !== null
        ? { whenClosesValue: typeClosesValue, whenClosesType: typeClosesType }
        : null,
    oneTime:
      oneTimeClosesValue !== null && oneTimeClosesType !== null
        ? { whenClosesValue: oneTimeClosesValue, whenClosesType: oneTimeClosesType }
        : null,
  }
}
export type ManagedBooking = Awaited<ReturnType<typeof findByManageToken>>

/** Minutes before the start after which the guest can no longer cancel or move by link. */
export function noticeMinutes(row: Pick<ManagedBooking, 'eventType' | 'oneTime'>): number {
  return noticeMinutesOf(row.eventType, row.oneTime)
}

/** What the link still allows now. */
export function manageState(row: ManagedBooking, now: number) {
  const status = row.participant.status === 'canceled' ? 'canceled' : displayStatus(row.meeting, now)
  const insideNotice = isInsideNotice(row.meeting, noticeMinutes(row), now)
  return { status, insideNotice, canChange: status === 'upcoming' && !insideNotice }
}

export function requireChangeable(row: ManagedBooking, now: number) {
  const state = manageState(row, now)
  if (state.status !== 'upcoming') refuse('meetingCanceled')
  if (state.insideNotice) refuse('noticeTooShort')
}
