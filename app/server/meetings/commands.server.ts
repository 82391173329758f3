/**
 * Every change of a booked meeting goes through the host's Durable Object (issue 7 "each through the host's Durable
 * Object"; workers/durable/host-lock.ts `meetingCommand`): cancel, change time, held, adjutants, visitors, moving
 * participants, and the participant's own cancel and move (account or emailed link). The object runs one request at
 * a time per host, together with that host's holds and bookings, so a command re-reads seats and participants and
 * writes its batch before any booking can take a seat in between (docs/decisions/0050).
 *
 * Pages and the API check what they can outside (the viewer's scope), then send a plain command; the object answers
 * the one outcome (`run`), and a refusal comes back as the `Refused` (status and translated keys) pages and the API render.
 */
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv, Bindings } from '#app/server/env.server.ts'
import { type Hold, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import { organizerOf, setAdjutants, setHeld } from './actions.server.ts'
import { cancelMeeting, cancelOwnParticipation, cancelParticipant } from './cancel.server.ts'
import { moveParticipants } from './move.server.ts'
import { addOwnVisitors, addVisitorsAsOrganizer, removeVisitor, replaceVisitors } from './visitors.server.ts'
import { Refused, refuse } from '#app/server/refusal.server.ts'
import { findByManageToken, requireChangeable } from './manage.server.ts'
import { findOwnParticipation } from './meetings.server.ts'
import { RescheduleOverlap, rescheduleMeeting } from './reschedule.server.ts'

type Viewer = { id: string; email: string; timeZone: string }

/** One change of a meeting of the host `ownerId`; plain data (it crosses the Durable Object's RPC boundary). */
export type MeetingCommand =
  | { kind: 'cancel'; ownerId: string; meetingId: string; participantIds: string[] | null }
  | { kind: 'held'; ownerId: string; meetingId: string; isFailed: boolean }
  | { kind: 'adjutants'; ownerId: string; meetingId: string; emails: string[] }
  | { kind: 'addVisitors'; ownerId: string; participantId: string; emails: string[] }
  | { kind: 'replaceVisitors'; ownerId: string; participantId: string; emails: string[] }
  | { kind: 'removeVisitor'; ownerId: string; participantId: string; visitorId: string }
  | { kind: 'move'; ownerId: string; participantIds: string[]; targetMeetingId: string }
  | {
      kind: 'reschedule'
      ownerId: string
      meetingId: string
      start: number
      end?: number | null
      ignoreOverlap?: boolean
    }
  /** `reason`: the participant's optional words for the organizer (the page asks, the API has none: null). */
  | { kind: 'cancelOwn'; ownerId: string; viewer: Viewer; participantId: string; reason: string | null }
  | { kind: 'addOwnVisitors'; ownerId: string; viewer: Viewer; participantId: string; emails: string[] }
  | { kind: 'rescheduleOwn'; ownerId: string; viewer: Viewer; participantId: string; start: number }
  /** `reason`: the guest's optional words to the organizer (app/domain/meetings/cancel-reason.ts), or null. */
  | { kind: 'cancelByToken'; ownerId: string; token: string; reason: string | null }
  | { kind: 'rescheduleByToken'; ownerId: string; token: string; start: number }

/** A command as a page or the API sends it for the signed-in host (the host's id is added by the caller). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type HostCommand = DistributiveOmit<MeetingCommand, 'ownerId'>

/**
 * Runs a command inside the host's object (`holds`: the object's active ghost holds): its decision's refusal, or what
 * it did. A snapshot that is not there (an unknown meeting or token) is still thrown as a `Refused` 404.
 */
export async function runMeetingCommand(
  db: Db,
  env: AppEnv,
  command: MeetingCommand,
  holds: readonly Hold[],
  now: number,
): Promise<Outcome<unknown>> {
  const organizer = () => organizerOf(db, command.ownerId)
  /** A participant's row, which must still belong to this host (the object is the host's). */
  const own = async (viewer: Viewer, participantId: string) => {
    const row = await findOwnParticipation(db, viewer, participantId)
    if (row.meeting.ownerId !== command.ownerId) refuse('notFound')
    return row
  }
  const byToken = async (token: string) => {
    const row = await findByManageToken(db, token)
    if (row.meeting.ownerId !== command.ownerId) refuse('notFound')
    requireChangeable(row, now)
    return row
  }
  switch (command.kind) {
    case 'cancel':
      return cancelMeeting(db, env, await organizer(), command.meetingId, command.participantIds, now)
    case 'held':
      return setHeld(db, command.ownerId, command.meetingId, command.isFailed, now)
    case 'adjutants':
      return setAdjutants(db, env, await organizer(), command.meetingId, command.emails, now)
    case 'addVisitors':
      return addVisitorsAsOrganizer(db, env, await organizer(), command, now)
    case 'replaceVisitors':
      return replaceVisitors(db, env, await organizer(), command, now)
    case 'removeVisitor':
      return removeVisitor(db, env, await organizer(), command, now)
    case 'move':
      return moveParticipants(db, env, await organizer(), command.participantIds, command.targetMeetingId, now)
    case 'reschedule':
      return rescheduleMeeting(db, env, { ...command, actorParticipantId: null }, holds, now)
    case 'cancelOwn':
      await own(command.viewer, command.participantId)
      return cancelOwnParticipation(db, env, command.viewer, command.participantId, command.reason, now)
    case 'addOwnVisitors':
      await own(command.viewer, command.participantId)
      return addOwnVisitors(db, env, command.viewer, command.participantId, command.emails, now)
    case 'rescheduleOwn': {
      const row = await own(command.viewer, command.participantId)
      const input = { ownerId: command.ownerId, meetingId: row.meeting.id, start: command.start }
      return rescheduleMeeting(db, env, { ...input, actorParticipantId: row.participant.id }, holds, now)
    }
    case 'cancelByToken': {
      const row = await byToken(command.token)
      return cancelParticipant(db, env, row.meeting, row.participant, command.reason, now)
    }
    case 'rescheduleByToken': {
      const row = await byToken(command.token)
      const input = { ownerId: command.ownerId, meetingId: row.meeting.id, start: command.start }
      return rescheduleMeeting(db, env, { ...input, actorParticipantId: row.participant.id }, holds, now)
    }
  }
}

/** The host's object runs the command; a refusal is thrown as the `Refused` pages and the API render. */
export async function meetingCommand<T = unknown>(bindings: Bindings, command: MeetingCommand): Promise<T> {
  const outcome = await runCommand(bindings, command)
  if (outcome.ok) return outcome.value as T
  if (outcome.refusal.conflict) throw new RescheduleOverlap(outcome.refusal.conflict)
  throw new Refused(outcome.refusal)
}

/** The participant's own command: the host is the organizer of the viewer's booking (404 for anyone else's). */
export async function ownerOfParticipation(db: Db, viewer: Viewer, participantId: string): Promise<string> {
  return (await findOwnParticipation(db, viewer, participantId)).meeting.ownerId
}

/** The host of the booking an emailed link names (404 for an unknown token). */
export async function ownerOfToken(db: Db, token: string): Promise<string> {
  return (await findByManageToken(db, token)).meeting.ownerId
}
