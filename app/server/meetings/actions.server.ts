/**
 * The specialist's and the participant's actions on a booked meeting (SPEC §4, §6), shared parts and the small ones
 * (held, adjutants). Each action loads its snapshot, asks the pure decision (app/domain/commands/meetings.ts) for one
 * `Refusal` or events, and hands the events with the snapshot to the one applier, which writes the change with its
 * emails and reminder updates in one D1 batch (app/server/commands/meetings.server.ts). They run only inside the
 * host's Durable Object (commands.server.ts), one at a time per host with its bookings, so what they read (seats,
 * participants, reminder rows) is still true when the batch is written. The cancellations are in cancel.server.ts,
 * visitors in visitors.server.ts, moving participants in move.server.ts, a new time in reschedule.server.ts.
 */
import { and, eq } from 'drizzle-orm'
import { decideAdjutants, decideHeld, visitorsOf } from '#app/domain/commands/meetings.ts'
import type { HostEvent } from '#app/domain/commands/events.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import { apply } from '#app/server/commands/apply.server.ts'
import type { MeetingsScope } from '#app/server/commands/meetings.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { meetingParticipants, type users } from '#db/schema.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { refuse } from '../refusal.server.ts'
import { findOwnedMeeting } from './meetings.server.ts'

export type Organizer = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'culture' | 'timeZone' | 'plan'
>

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })

/** Applies a meeting command's events on the meetings it read, in one batch (the organizer's messages). */
export async function applyMeetingEvents(
  db: Db,
  env: AppEnv,
  scope: MeetingsScope & { now: number },
  events: readonly HostEvent[],
) {
  const { now, ...meetings } = scope
  const ownerId = scope.snapshots[0]?.meeting.ownerId
  if (!ownerId) throw new Error('A meeting command reads its meeting')
  await apply(db, { ownerId, now, env, meetings }, events)
}

/** SPEC §4: a completed meeting is marked held or not held (`isFailed`); the override is kept. */
export async function setHeld(db: Db, organizerId: string, meetingId: string, isFailed: boolean, now: number) {
  const snapshot = await findOwnedMeeting(db, organizerId, meetingId)
  const decision = decideHeld(snapshot.meeting, isFailed, now)
  if (!decision.ok) return decision
  await apply(db, { ownerId: organizerId, now, meetings: { snapshots: [snapshot] } }, decision.value)
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
  const decision = decideAdjutants(emails, organizer.email, snapshot, now)
  if (!decision.ok) return decision
  const { events } = decision.value
  if (events.length > 0) await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, now }, events)
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
