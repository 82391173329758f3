/**
 * The specialist's and the participant's actions on a booked meeting (SPEC §4, §6), shared parts and the small ones
 * (held, adjutants). Each action loads its snapshot, asks the pure decision (app/domain/commands/meetings.ts) for one
 * `Refusal` or events, then writes the change with its emails and reminder updates in one D1 batch through the one
 * applier. They run only inside the host's Durable Object (commands.server.ts), one at a time per host with its
 * bookings, so what they read (seats, participants, reminder rows) is still true when the batch is written. The
 * cancellations are in cancel.server.ts, visitors in visitors.server.ts, moving participants in move.server.ts.
 *
 * SEQUENCE (RFC 5545 §3.8.7.4) is raised only by changes of the meeting itself: a new time, or the whole meeting
 * cancelled; then everyone still invited gets the update. Changes of who is invited (adjutants, visitors, one
 * participant cancelled, participants moved in or out) keep it: the people added get a REQUEST and the people removed
 * a CANCEL at the current SEQUENCE, whose later DTSTAMP makes it the newest message (docs/decisions/0050).
 */
import { and, eq } from 'drizzle-orm'
import { decideAdjutants, decideHeld, isLive, visitorsOf } from '#app/domain/commands/meetings.ts'
import type { HostEvent } from '#app/domain/commands/events.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import { type Statement, apply } from '#app/server/commands/apply.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, type users } from '#db/schema.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { refuse } from '../refusal.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnedMeeting } from './meetings.server.ts'
import { adjutantRecipient, meetingNotices } from './notify.server.ts'

export type Organizer = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'culture' | 'timeZone' | 'tariff'
>

/**
 * Writes a command's statements and its events (the host event log) in one batch through the one applier. The rows
 * of these commands are built in app/server/meetings, beside their events (docs/decisions/0118).
 */
export async function commit(
  db: Db,
  scope: { ownerId: string; now: number },
  events: HostEvent[],
  statements: Statement[],
) {
  await apply(db, scope, events, statements)
}

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })

/** The live participants and the adjutants, as the ICS lists them. */
export function attendeesOf(participants: ParticipantRow[], adjutants: string[]) {
  return [
    ...participants.filter(isLive).map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
    ...adjutants.map((email) => ({ email, name: email })),
  ]
}

/** SPEC §4: a completed meeting is marked held or not held (`isFailed`); the override is kept. */
export async function setHeld(db: Db, organizerId: string, meetingId: string, isFailed: boolean, now: number) {
  const { meeting } = await findOwnedMeeting(db, organizerId, meetingId)
  const decision = decideHeld(meeting, isFailed, now)
  if (!decision.ok) return decision
  await commit(db, { ownerId: organizerId, now }, decision.value, [
    db.update(meetings).set({ isFailed, updatedAt: now }).where(eq(meetings.id, meeting.id)),
  ])
  return ok({ isFailed })
}

/** Replaces the adjutants (helpers invited by email): new ones get the invitation, removed ones a cancellation. */
export async function setAdjutants(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  meetingId: string,
  emails: string[],
  now: number,
) {
  const snapshot = await findOwnedMeeting(db, organizer.id, meetingId)
  const { meeting, participants } = snapshot
  const decision = decideAdjutants(emails, organizer.email, snapshot, now)
  if (!decision.ok) return decision
  const { added, removed, events } = decision.value
  if (events.length === 0) return ok({ adjutantEmails: emails })
  const updated: MeetingRow = { ...meeting, adjutantEmails: emails }
  const attendees = attendeesOf(participants, emails)
  const tell = async (to: string[], kind: 'invited' | 'canceled') =>
    meetingNotices(
      db,
      env,
      {
        meeting: updated,
        organizer,
        attendees,
        recipients: to.map((email) => adjutantRecipient(email, organizer)),
        kind,
      },
      now,
    )
  await commit(db, { ownerId: organizer.id, now }, events, [
    db.update(meetings).set({ adjutantEmails: emails, updatedAt: now }).where(eq(meetings.id, meeting.id)),
    ...(await tell(added, 'invited')),
    ...(await tell(removed, 'canceled')),
  ])
  return ok({ adjutantEmails: emails })
}

/** One of the organizer's participant rows, with its meeting and everyone in it (404 for anyone else's). */
export async function ownedMember(db: Db, organizerId: string, participantId: string) {
  const [member] = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.id, participantId), eq(meetingParticipants.ownerId, organizerId)))
    .limit(1)
  if (!member) refuse('notFound')
  return { member, ...(await findOwnedMeeting(db, organizerId, member.meetingId)) }
}

/** The visitors of one of the organizer's participants. */
export async function visitorsOfParticipant(db: Db, organizerId: string, participantId: string) {
  const { member, participants } = await ownedMember(db, organizerId, participantId)
  return visitorsOf(member, participants).map((p) => ({ id: p.id, email: p.email }))
}

export async function organizerOf(db: Db, ownerId: string): Promise<Organizer> {
  const organizer = await db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, ownerId) })
  if (!organizer) refuse('notFound')
  return organizer
}
