/**
 * Moving participants (with their visitors) to another upcoming meeting of the same organizer (SPEC §4), decided by
 * the domain (app/domain/commands/meetings.ts `decideMove`: seats added when the target lacks them, a source left
 * without members cancelled) and written by the one applier in one batch (app/server/commands/meetings.server.ts
 * `participantsMoved`, `canceled`). The moved people get METHOD:CANCEL for the meeting they leave and the invitation
 * to the target; an emptied source's orphaned visitors and adjutants are told.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { decideMove, isLive } from '#app/domain/commands/meetings.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { meetingParticipants } from '#db/schema.ts'
import { type Organizer, applyMeetingEvents, ok } from './actions.server.ts'
import { findOwnedMeeting } from './meetings.server.ts'

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
  await applyMeetingEvents(db, env, { snapshots: [target, ...sources], organizer, now }, events)
  return ok({ movedParticipantIds: moving.map((p) => p.id), totalSeats, seatsAdded })
}
