/**
 * Cancelling (SPEC §4, §6): the organizer cancels a meeting or some of its members; a participant cancels their own
 * booking from their account or the emailed link (inside the minimum notice refused). Decided by the domain
 * (app/domain/commands/meetings.ts `decideCancel`, `decideOwnCancel`), written here in one batch: the rows, the
 * reminders (`ReminderPlan`), everyone cancelled gets METHOD:CANCEL, the organizer is told of a participant's own.
 */
import { eq, inArray } from 'drizzle-orm'
import { type Cancellation, decideCancel, decideOwnCancel, isLive } from '#app/domain/commands/meetings.ts'
import { ReminderPlan } from '#app/domain/reminders/replan.ts'
import type { Statement } from '#app/server/commands/apply.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { organizerNotices, participantNotices } from '#app/server/notify/notifications.server.ts'
import { loadReminders, meetingToPlan, reminderStatements } from '#app/server/notify/reminders.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { type Organizer, attendeesOf, commit, ok, organizerOf } from './actions.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'
import { changeNoticeMinutes } from './notice.server.ts'
import {
  type Recipient,
  adjutantRecipient,
  meetingNotices,
  organizerNoticeOfActor,
  participantRecipient,
} from './notify.server.ts'

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
  return ok(await applyCancel(db, env, organizer, snapshot, decision.value, now, null))
}

/** A participant who cancels their own booking, and the statements telling the organizer. */
type Actor = { participant: ParticipantRow; notices: Statement[] }

/** Writes a decided cancellation: rows, reminders, messages and notices, and its event, in one batch. */
export async function applyCancel(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  { meeting, participants }: { meeting: MeetingRow; participants: ParticipantRow[] },
  { canceled, whole, event }: Cancellation<ParticipantRow>,
  now: number,
  actor: Actor | null,
) {
  // Only the whole meeting's cancellation changes the event (STATUS): one participant's leaves it as it is.
  const updated: MeetingRow = whole
    ? { ...meeting, sequence: meeting.sequence + 1, status: 'canceled', canceledAt: now }
    : meeting
  const canceledIds = new Set(canceled.map((p) => p.id))
  const after = participants.map((p): ParticipantRow => (canceledIds.has(p.id) ? { ...p, status: 'canceled' } : p))
  const statements: Statement[] = [
    db
      .update(meetings)
      .set({ updatedAt: now, ...(whole ? { sequence: updated.sequence, status: 'canceled', canceledAt: now } : {}) })
      .where(eq(meetings.id, meeting.id)),
  ]
  if (canceled.length > 0) {
    statements.push(
      db
        .update(meetingParticipants)
        .set({ status: 'canceled', canceledAt: now })
        .where(inArray(meetingParticipants.id, [...canceledIds])),
    )
  }
  const snapshot = await loadReminders(
    db,
    [meeting.id],
    participants.map((p) => p.id),
  )
  const plan = new ReminderPlan(snapshot.rows)
  for (const id of canceledIds) plan.cancel(meeting.id, id)
  if (whole) plan.cancel(meeting.id)
  else plan.replan(meetingToPlan(snapshot, updated, after), now)
  statements.push(...reminderStatements(db, plan.changes, now))
  const attendees = attendeesOf(whole ? [] : after, whole ? [] : meeting.adjutantEmails)
  const told = whole ? participants.filter(isLive) : canceled
  const recipients: Recipient[] = [
    ...told.map(participantRecipient),
    ...(whole ? meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)) : []),
  ]
  const notice = { meeting: updated, organizer, attendees }
  statements.push(...(await meetingNotices(db, env, { ...notice, recipients, kind: 'canceled' }, now)))
  if (actor) {
    const reason = event.reason ?? null
    const kind = 'participantCanceled'
    statements.push(
      ...(await organizerNoticeOfActor(db, env, { ...notice, actor: actor.participant, kind, reason }, now)),
      ...actor.notices,
    )
  } else {
    // The specialist cancelled: clients with an account also get a notice (SPEC §3 openEventClient).
    statements.push(
      ...(await participantNotices(db, env, { event: 'canceled', meeting: updated, participants: told, now })),
    )
  }
  await commit(db, { ownerId: meeting.ownerId, now }, [event], statements)
  return { meetingCanceled: whole, canceledParticipantIds: [...canceledIds] }
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
  const notices = await organizerNotices(db, env, {
    event: 'canceled',
    meeting,
    clients: [`${participant.firstName} ${participant.lastName}`.trim()],
    reason,
    now,
  })
  return ok(await applyCancel(db, env, organizer, snapshot, decision.value, now, { participant, notices }))
}
