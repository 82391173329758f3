/**
 * Cancelling (SPEC §4, §6): the organizer cancels a meeting or some of its members; a participant cancels their own
 * booking from their account or the emailed link (inside the minimum notice refused). Decided by the domain
 * (app/domain/commands/meetings.ts `decideCancel`, `decideOwnCancel`); the one applier writes the event in one batch
 * (app/server/commands/meetings.server.ts `canceled`: the rows, the reminders, METHOD:CANCEL to everyone cancelled,
 * the organizer told of a participant's own).
 */
import { decideCancel, decideOwnCancel } from '#app/domain/commands/meetings.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { type Organizer, applyMeetingEvents, ok, organizerOf } from './actions.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'
import { changeNoticeMinutes } from './notice.server.ts'

/** What a cancellation answers: whether the whole meeting went, and who was cancelled. */
function cancelled(event: { type: string; participantIds: string[] }) {
  return { meetingCanceled: event.type === 'MeetingCanceled', canceledParticipantIds: event.participantIds }
}

/**
 * Cancels the whole meeting, or only some of its participants (with the visitors they brought). A meeting whose
 * last member is cancelled is cancelled as a whole. Everyone cancelled gets METHOD:CANCEL.
 */
export async function cancelMeeting(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  meetingId: string,
  participantIds: string[] | null,
  now: number,
) {
  const snapshot = await findOwnedMeeting(db, organizer.id, meetingId)
  const decision = decideCancel(participantIds, snapshot)
  if (!decision.ok) return decision
  const { event } = decision.value
  await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, now }, [event])
  return ok(cancelled(event))
}

/**
 * The participant cancels their own booking (SPEC §6 member rights): refused inside the specialist's minimum notice,
 * like the emailed link; the organizer is told, with the participant's reason when they gave one.
 */
export async function cancelOwnParticipation(
  db: Db,
  env: AppEnv,
  viewer: { id: string; email: string; timeZone: string },
  participantId: string,
  reason: string | null,
  now: number,
) {
  const row = await findOwnParticipation(db, viewer, participantId)
  return cancelParticipant(db, env, row.meeting, row.participant, reason, now)
}

/**
 * Cancels one participant row (with their visitors) as that participant; shared with the emailed link. `reason`
 * (optional, app/domain/meetings/cancel-reason.ts) reaches the organizer's email and notice and the event.
 */
export async function cancelParticipant(
  db: Db,
  env: AppEnv,
  meeting: MeetingRow,
  participant: ParticipantRow,
  reason: string | null,
  now: number,
) {
  const snapshot = await findOwnedMeeting(db, meeting.ownerId, meeting.id)
  const noticeMinutes = await changeNoticeMinutes(db, meeting)
  const decision = decideOwnCancel(participant, { ...snapshot, noticeMinutes }, reason, now)
  if (!decision.ok) return decision
  const organizer = await organizerOf(db, meeting.ownerId)
  const { event } = decision.value
  await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, actor: participant, now }, [event])
  return ok(cancelled(event))
}
