/**
 * Self-service through the signed link of the confirmation email and ICS (`/booking/manage/{token}`): the guest
 * cancels or moves their own booking without an account. Only the token's SHA-256 is stored
 * (meeting_participants.manageTokenHash). Refused inside the specialist's minimum notice: the event type's
 * "booking closes" time (whenClosesValue/Type), which already bounds new bookings (docs/decisions/0050).
 */
import { and, eq } from 'drizzle-orm'
import { minimumNoticeFromSpec } from '#app/domain/availability/index.ts'
import { displayStatus } from '#app/domain/meetings/rules.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { eventTypes, meetingParticipants, meetings, users } from '#db/schema.ts'
import { cancelParticipant } from './actions.server.ts'
import { ActionError, notFound } from './errors.server.ts'

export async function findByManageToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw notFound()
  const [row] = await db
    .select({ participant: meetingParticipants, meeting: meetings, organizer: users, eventType: eventTypes })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .leftJoin(eventTypes, and(eq(eventTypes.id, meetings.eventTypeId), eq(eventTypes.ownerId, meetings.ownerId)))
    .where(eq(meetingParticipants.manageTokenHash, await sha256(token)))
    .limit(1)
  if (!row) throw notFound()
  return row
}
export type ManagedBooking = Awaited<ReturnType<typeof findByManageToken>>

/** Minutes before the start after which the guest can no longer cancel or move by link. */
export function noticeMinutes(row: ManagedBooking): number {
  return row.eventType ? minimumNoticeFromSpec(row.eventType.whenClosesValue, row.eventType.whenClosesType) : 0
}

/** What the link still allows now. */
export function manageState(row: ManagedBooking, now: number) {
  const status = row.participant.status === 'canceled' ? 'canceled' : displayStatus(row.meeting, now)
  const insideNotice = row.meeting.startAt - now < noticeMinutes(row) * 60_000
  return { status, insideNotice, canChange: status === 'upcoming' && !insideNotice }
}

export function requireChangeable(row: ManagedBooking, now: number) {
  const state = manageState(row, now)
  if (state.status !== 'upcoming') throw new ActionError(400, [{ key: 'meetings:errors.canceled' }])
  if (state.insideNotice) throw new ActionError(400, [{ key: 'meetings:errors.noticeTooShort' }])
}

export async function cancelByToken(db: Db, token: string, now: number, env: AppEnv) {
  const row = await findByManageToken(db, token)
  requireChangeable(row, now)
  return cancelParticipant(db, row.meeting, row.participant, now, env)
}
