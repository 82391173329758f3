/**
 * Visitors of a member's booking (SPEC §3 "Visitor: per event contact"): added by the organizer or by the member
 * themselves, removed or replaced by the organizer. They share the member's booking id, get the invitation with the
 * ICS and their own self-service link, and count as participants. Decided by the domain
 * (app/domain/commands/meetings.ts), written here in one batch each.
 */
import { decideAddVisitors, decideRemoveVisitor, decideReplaceVisitors } from '#app/domain/commands/meetings.ts'
import type { HostEvent } from '#app/domain/commands/events.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import {
  type Organizer,
  applyMeetingEvents,
  ok,
  organizerOf,
  ownedMember,
  visitorsOfParticipant,
} from './actions.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'

type Snapshot = { meeting: MeetingRow; participants: ParticipantRow[] }

/** The organizer's visitors command: a participant of theirs and emails. */
type Visitors = { participantId: string; emails: string[] }

async function addVisitorsTo(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  snapshot: Snapshot,
  member: ParticipantRow,
  emails: string[],
  now: number,
) {
  const decision = decideAddVisitors(member, emails, organizer.email, snapshot, now)
  if (!decision.ok) return decision
  await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, now }, [decision.value.event])
  return ok(decision.value.visitors)
}

/** The organizer adds visitors to one of their meeting's participants (`/eventContact/{id}/visitor`). */
export async function addVisitorsAsOrganizer(db: Db, env: AppEnv, organizer: Organizer, asked: Visitors, now: number) {
  const { participantId, emails } = asked
  const { member, ...snapshot } = await ownedMember(db, organizer.id, participantId)
  return addVisitorsTo(db, env, organizer, snapshot, member, emails, now)
}

/** The participant adds visitors to their own booking (`PATCH /meetings/{eventContactId}` visitorsCreateModel). */
export async function addOwnVisitors(
  db: Db,
  env: AppEnv,
  viewer: { id: string; email: string; timeZone: string },
  participantId: string,
  emails: string[],
  now: number,
) {
  const row = await findOwnParticipation(db, viewer, participantId)
  const snapshot = await findOwnedMeeting(db, row.meeting.ownerId, row.meeting.id)
  const organizer = await organizerOf(db, row.meeting.ownerId)
  return addVisitorsTo(db, env, organizer, snapshot, row.participant, emails, now)
}

/** Removes one visitor of a participant: they get the cancellation. */
export async function removeVisitor(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  { participantId, visitorId }: { participantId: string; visitorId: string },
  now: number,
) {
  const { member, ...snapshot } = await ownedMember(db, organizer.id, participantId)
  const decision = decideRemoveVisitor(member, visitorId, snapshot, now)
  if (!decision.ok) return decision
  const { event } = decision.value
  await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, now }, [event])
  return ok({ meetingCanceled: false, canceledParticipantIds: event.participantIds })
}

/**
 * `PUT /eventContact/{id}/visitor`: the participant's visitors become exactly `emails`: new ones are invited,
 * missing ones cancelled, kept ones untouched. Both are decided first, so a refused new one changes nothing.
 */
export async function replaceVisitors(db: Db, env: AppEnv, organizer: Organizer, asked: Visitors, now: number) {
  const { participantId, emails } = asked
  const { member, ...snapshot } = await ownedMember(db, organizer.id, participantId)
  const decision = decideReplaceVisitors(member, emails, organizer.email, snapshot, now)
  if (!decision.ok) return decision
  const { removal, addition } = decision.value
  // One batch: the cancellation first, then the new visitors on the meeting as it leaves it.
  const events: HostEvent[] = [...(removal ? [removal.event] : []), ...(addition ? [addition.event] : [])]
  if (events.length > 0) await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, now }, events)
  return ok(await visitorsOfParticipant(db, organizer.id, participantId))
}
