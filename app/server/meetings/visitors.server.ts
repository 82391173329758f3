/**
 * Visitors of a member's booking (SPEC §3 "Visitor: per event contact"): added by the organizer or by the member
 * themselves, removed or replaced by the organizer. They share the member's booking id, get the invitation with the
 * ICS and their own self-service link, and count as participants. Decided by the domain
 * (app/domain/commands/meetings.ts), written here in one batch each.
 */
import { eq } from 'drizzle-orm'
import {
  type VisitorsDecision,
  decideAddVisitors,
  decideRemoveVisitor,
  decideReplaceVisitors,
} from '#app/domain/commands/meetings.ts'
import { randomToken, sha256 } from '#app/server/auth/tokens.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { type AppEnv, sessionSecret } from '#app/server/env.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { replanMeeting } from '#app/server/notify/reminders.server.ts'
import { meetingParticipants, meetings, participantLinks } from '#db/schema.ts'
import {
  type Organizer,
  attendeesOf,
  commit,
  ok,
  organizerOf,
  ownedMember,
  visitorsOfParticipant,
} from './actions.server.ts'
import { applyCancel } from './cancel.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'
import { meetingNotices, participantRecipient } from './notify.server.ts'

type Snapshot = { meeting: MeetingRow; participants: ParticipantRow[] }

/** The organizer's visitors command: a participant of theirs and emails. */
type Visitors = { participantId: string; emails: string[] }

/** Writes decided visitors: their rows and links, the reminders, their invitations, and the event, in one batch. */
async function applyVisitors(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  { meeting, participants }: Snapshot,
  member: ParticipantRow,
  { visitors, event }: VisitorsDecision,
  now: number,
) {
  const tokens = visitors.map(() => randomToken())
  const rows: ParticipantRow[] = await Promise.all(
    visitors.map(async ({ id, email }, i) => ({
      id,
      meetingId: meeting.id,
      ownerId: meeting.ownerId,
      contactId: null,
      role: 'visitor' as const,
      firstName: email.split('@')[0],
      lastName: '',
      email,
      phone: null,
      messengerType: null,
      messengerValue: null,
      comment: null,
      customField: null,
      status: 'booked' as const,
      language: member.language,
      timeZone: member.timeZone,
      manageTokenHash: await sha256(tokens[i]),
      bookingId: member.bookingId,
      idempotencyKey: null,
      canceledAt: null,
      createdAt: now,
    })),
  )
  const links = await Promise.all(rows.map((row, i) => participantLinkRow(sessionSecret(env), row.id, tokens[i])))
  const everyone = [...participants, ...rows]
  const recipients = rows.map((row, i) => ({ ...participantRecipient(row), manageToken: tokens[i] }))
  const attendees = attendeesOf(everyone, meeting.adjutantEmails)
  await commit(
    db,
    { ownerId: meeting.ownerId, now },
    [event],
    [
      db.insert(meetingParticipants).values(rows),
      db.insert(participantLinks).values(links),
      db.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meeting.id)),
      ...(await replanMeeting(db, meeting, everyone, now)),
      ...(await meetingNotices(db, env, { meeting, organizer, attendees, recipients, kind: 'invited' }, now)),
    ],
  )
  return rows.map((row) => ({ id: row.id, email: row.email }))
}

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
  return ok(await applyVisitors(db, env, organizer, snapshot, member, decision.value, now))
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
  return ok(await applyCancel(db, env, organizer, snapshot, decision.value, now, null))
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
  if (removal) await applyCancel(db, env, organizer, snapshot, removal, now, null)
  if (addition) {
    const fresh = await findOwnedMeeting(db, organizer.id, snapshot.meeting.id)
    await applyVisitors(db, env, organizer, fresh, member, addition, now)
  }
  return ok(await visitorsOfParticipant(db, organizer.id, participantId))
}
