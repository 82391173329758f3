/**
 * Moving participants (with their visitors) to another upcoming meeting of the same organizer (SPEC §4), decided by
 * the domain (app/domain/commands/meetings.ts `decideMove`: seats added when the target lacks them, a source left
 * without members cancelled) and written here in one batch. The moved people get METHOD:CANCEL for the meeting they
 * leave and the invitation to the target; an emptied source's orphaned visitors and adjutants are told.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { type MoveSource, decideMove, isLive } from '#app/domain/commands/meetings.ts'
import { ReminderPlan } from '#app/domain/reminders/replan.ts'
import type { Statement } from '#app/server/commands/apply.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { loadReminders, meetingToPlan, reminderStatements } from '#app/server/notify/reminders.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { type Organizer, attendeesOf, commit, ok } from './actions.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnedMeeting } from './meetings.server.ts'
import { adjutantRecipient, meetingNotices, participantRecipient } from './notify.server.ts'

export async function moveParticipants(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  participantIds: string[],
  targetMeetingId: string,
  now: number,
) {
  const target = await findOwnedMeeting(db, organizer.id, targetMeetingId)
  const rows = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.ownerId, organizer.id), inArray(meetingParticipants.id, participantIds)))
  const sourceIds = [
    ...new Set(
      rows.filter((p) => p.role === 'member' && isLive(p) && p.meetingId !== targetMeetingId).map((p) => p.meetingId),
    ),
  ]
  const sources = await Promise.all(sourceIds.map((id) => findOwnedMeeting(db, organizer.id, id)))
  const decision = decideMove(participantIds, target, rows, sources, now)
  if (!decision.ok) return decision
  const { moving, totalSeats, seatsAdded, events } = decision.value
  const movingIds = moving.map((p) => p.id)
  const updatedTarget: MeetingRow = { ...target.meeting, totalSeats }
  const everyone = [target, ...sources].flatMap((m) => m.participants.map((p) => p.id))
  const snapshot = await loadReminders(db, [targetMeetingId, ...sourceIds], everyone)
  // The moved people's reminders follow them to the target's start (re-planning the target moves their rows).
  const arrived = [...target.participants, ...moving.map((p) => ({ ...p, meetingId: targetMeetingId }))]
  const plan = new ReminderPlan(snapshot.rows).replan(meetingToPlan(snapshot, updatedTarget, arrived), now)
  const statements: Statement[] = [
    db
      .update(meetingParticipants)
      .set({ meetingId: targetMeetingId })
      .where(inArray(meetingParticipants.id, movingIds)),
    db.update(meetings).set({ totalSeats, updatedAt: now }).where(eq(meetings.id, targetMeetingId)),
  ]
  const notices: Statement[] = []
  for (const source of decision.value.sources) {
    const left = leaveSource(db, source, now)
    statements.push(...left.statements)
    if (source.emptied) plan.cancel(source.meeting.id)
    else {
      const after = source.participants.filter((p) => !movingIds.includes(p.id))
      plan.replan(meetingToPlan(snapshot, left.meeting, after), now)
    }
    notices.push(...(await sourceNotices(db, env, organizer, source, left.meeting, now)))
  }
  const attendees = attendeesOf(arrived, target.meeting.adjutantEmails)
  const recipients = moving.map(participantRecipient)
  const meeting = updatedTarget
  notices.push(
    ...(await meetingNotices(db, env, { meeting, organizer, attendees, recipients, kind: 'transferred' }, now)),
  )
  const planned = reminderStatements(db, plan.changes, now)
  await commit(db, { ownerId: organizer.id, now }, events, [...statements, ...planned, ...notices])
  return ok({ movedParticipantIds: movingIds, totalSeats, seatsAdded })
}

/** A source meeting's rows after the move: an emptied one is cancelled, with its orphaned visitors. */
function leaveSource(db: Db, source: MoveSource<MeetingRow, ParticipantRow>, now: number) {
  const { emptied, orphans } = source
  // An emptied source is cancelled as a whole: a change of the event (STATUS), so its SEQUENCE is raised.
  const meeting: MeetingRow = emptied
    ? { ...source.meeting, sequence: source.meeting.sequence + 1, status: 'canceled', canceledAt: now }
    : source.meeting
  const canceled = emptied ? { sequence: meeting.sequence, status: 'canceled' as const, canceledAt: now } : {}
  const statements: Statement[] = [
    db
      .update(meetings)
      .set({ updatedAt: now, ...canceled })
      .where(eq(meetings.id, source.meeting.id)),
  ]
  if (orphans.length > 0) {
    const ids = orphans.map((p) => p.id)
    statements.push(
      db
        .update(meetingParticipants)
        .set({ status: 'canceled', canceledAt: now })
        .where(inArray(meetingParticipants.id, ids)),
    )
  }
  return { meeting, statements }
}

/** The leavers' cancellation of the source; an emptied one's orphans and adjutants are told it is cancelled. */
async function sourceNotices(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  source: MoveSource<MeetingRow, ParticipantRow>,
  meeting: MeetingRow,
  now: number,
) {
  const { emptied, orphans, leaving, left } = source
  const attendees = emptied ? [] : attendeesOf(left, source.meeting.adjutantEmails)
  const recipients = leaving.map(participantRecipient)
  const notices = await meetingNotices(
    db,
    env,
    { meeting, organizer, attendees, recipients, kind: 'transferredAway' },
    now,
  )
  if (!emptied || orphans.length + source.meeting.adjutantEmails.length === 0) return notices
  const told = [
    ...orphans.map(participantRecipient),
    ...source.meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)),
  ]
  return [
    ...notices,
    ...(await meetingNotices(db, env, { meeting, organizer, attendees: [], recipients: told, kind: 'canceled' }, now)),
  ]
}
