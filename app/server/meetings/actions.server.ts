/**
 * The specialist's and the participant's actions on a booked meeting (SPEC §4, §6): each loads and checks what it
 * needs, then commits the change with its emails and reminder updates in one D1 batch (atomic). They run only inside
 * the host's Durable Object (commands.server.ts, workers/durable/host-lock.ts `meetingCommand`), one at a time per
 * host with its bookings, so what they read (seats, participants) is still true when the batch is written.
 *
 * SEQUENCE (RFC 5545 §3.8.7.4) is raised only by changes of the meeting itself: a new time, or the whole meeting
 * cancelled; then everyone still invited gets the update. Changes of who is invited (adjutants, visitors, one
 * participant cancelled, participants moved in or out) keep it: the people added get a REQUEST and the people removed
 * a CANCEL at the current SEQUENCE, whose later DTSTAMP makes it the newest message (docs/decisions/0050).
 */
import { and, eq, inArray } from 'drizzle-orm'
import { displayStatus, seatsAfterMove } from '#app/domain/meetings/rules.ts'
import { newId } from '#app/domain/ids.ts'
import type { HostEvent } from '#app/domain/commands/events.ts'
import { type Statement, apply } from '#app/server/commands/apply.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, participantLinks, type users } from '#db/schema.ts'
import { type AppEnv, sessionSecret } from '#app/server/env.server.ts'
import { randomToken, sha256 } from '#app/server/auth/tokens.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { organizerNotices, participantNotices } from '#app/server/notify/notifications.server.ts'
import { ReminderPlan } from '#app/domain/reminders/replan.ts'
import { loadReminders, meetingToPlan, reminderStatements, replanMeeting } from '#app/server/notify/reminders.server.ts'
import { ActionError, notFound } from './errors.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'
import { requireOutsideNotice } from './notice.server.ts'
import {
  type Recipient,
  adjutantRecipient,
  meetingNotices,
  organizerNoticeOfActor,
  participantRecipient,
} from './notify.server.ts'

export type Organizer = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'culture' | 'timeZone' | 'tariff'
>

/**
 * Writes a command's statements and its events (the host event log) in one batch through the one applier. The rows
 * of these commands are still built here, beside their events (docs/decisions/0070-one-write-path.md).
 */
async function commit(db: Db, scope: { ownerId: string; now: number }, events: HostEvent[], statements: Statement[]) {
  await apply(db, scope, events, statements)
}

const live = (p: ParticipantRow) => p.status === 'booked'

/** A participant as the command leaves them: canceled when among `ids`. */
const canceledIn =
  (ids: ReadonlySet<string>) =>
  (p: ParticipantRow): ParticipantRow =>
    ids.has(p.id) ? { ...p, status: 'canceled' } : p

function attendeesOf(participants: ParticipantRow[], adjutants: string[]) {
  return [
    ...participants.filter(live).map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
    ...adjutants.map((email) => ({ email, name: email })),
  ]
}

function requireNotCanceled(meeting: MeetingRow) {
  if (meeting.status === 'canceled') throw new ActionError(400, [{ key: 'meetings:errors.canceled' }])
}

function requireUpcoming(meeting: MeetingRow, now: number) {
  requireNotCanceled(meeting)
  if (displayStatus(meeting, now) !== 'upcoming') throw new ActionError(400, [{ key: 'meetings:errors.notUpcoming' }])
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
  const { meeting, participants } = await findOwnedMeeting(db, organizer.id, meetingId)
  requireNotCanceled(meeting)
  let chosen: ParticipantRow[]
  if (participantIds) {
    const members = participants.filter((p) => p.role === 'member' && live(p))
    chosen = members.filter((p) => participantIds.includes(p.id))
    if (chosen.length !== new Set(participantIds).size) throw notFound()
  } else {
    chosen = participants.filter((p) => p.role === 'member' && live(p))
  }
  const bookings = new Set(chosen.map((p) => p.bookingId))
  const canceledRows = participants.filter(
    (p) => live(p) && (chosen.includes(p) || (p.role === 'visitor' && bookings.has(p.bookingId))),
  )
  const remainingMembers = participants.filter((p) => p.role === 'member' && live(p) && !chosen.includes(p))
  const whole = participantIds === null || remainingMembers.length === 0
  return await applyCancel(db, env, organizer, meeting, participants, canceledRows, whole, now, null)
}

async function applyCancel(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  meeting: MeetingRow,
  participants: ParticipantRow[],
  canceledRows: ParticipantRow[],
  whole: boolean,
  now: number,
  actor: ParticipantRow | null,
  /** More statements of the same batch (the organizer's notices when a participant cancels). */
  extra: Statement[] = [],
  /** The participant's own words to the organizer (their own cancellation only). */
  reason: string | null = null,
) {
  // Only the whole meeting's cancellation changes the event (STATUS): one participant's leaves it as it is.
  const updated: MeetingRow = whole
    ? { ...meeting, sequence: meeting.sequence + 1, status: 'canceled', canceledAt: now }
    : meeting
  const canceledIds = new Set(canceledRows.map((p) => p.id))
  const stillLive = participants.filter((p) => live(p) && !canceledIds.has(p.id))
  const statements: Statement[] = [
    db
      .update(meetings)
      .set({ updatedAt: now, ...(whole ? { sequence: updated.sequence, status: 'canceled', canceledAt: now } : {}) })
      .where(eq(meetings.id, meeting.id)),
  ]
  if (canceledRows.length > 0) {
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
  else plan.replan(meetingToPlan(snapshot, updated, participants.map(canceledIn(canceledIds))), now)
  statements.push(...reminderStatements(db, plan.changes, now))
  const attendees = attendeesOf(whole ? [] : stillLive, whole ? [] : meeting.adjutantEmails)
  const canceledRecipients: Recipient[] = [
    ...(whole ? participants.filter(live) : canceledRows).map(participantRecipient),
    ...(whole ? meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)) : []),
  ]
  statements.push(
    ...(await meetingNotices(
      db,
      env,
      { meeting: updated, organizer, attendees, recipients: canceledRecipients, kind: 'canceled' },
      now,
    )),
  )
  if (actor) {
    statements.push(
      ...(await organizerNoticeOfActor(
        db,
        env,
        { meeting: updated, organizer, attendees, actor, kind: 'participantCanceled', reason },
        now,
      )),
    )
  }
  if (!actor) {
    // The specialist cancelled: clients with an account also get a notice (SPEC §3 openEventClient).
    const told = whole ? participants.filter(live) : canceledRows
    statements.push(
      ...(await participantNotices(db, env, { event: 'canceled', meeting: updated, participants: told, now })),
    )
  }
  statements.push(...extra)
  const event: HostEvent = whole
    ? { type: 'MeetingCanceled', meetingId: meeting.id, participantIds: [...canceledIds], reason }
    : { type: 'ParticipantCanceled', meetingId: meeting.id, participantIds: [...canceledIds], reason }
  await commit(db, { ownerId: meeting.ownerId, now }, [event], statements)
  return { meetingCanceled: whole, canceledParticipantIds: [...canceledIds] }
}

/** SPEC §4: a completed meeting is marked held or not held (`isFailed`); the override is kept. */
export async function setHeld(db: Db, organizerId: string, meetingId: string, isFailed: boolean, now: number) {
  const { meeting } = await findOwnedMeeting(db, organizerId, meetingId)
  if (displayStatus(meeting, now) !== 'completed') throw new ActionError(400, [{ key: 'meetings:errors.notCompleted' }])
  await commit(
    db,
    { ownerId: organizerId, now },
    [{ type: 'MeetingHeld', meetingId: meeting.id, isFailed }],
    [db.update(meetings).set({ isFailed, updatedAt: now }).where(eq(meetings.id, meeting.id))],
  )
  return { isFailed }
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
  const { meeting, participants } = await findOwnedMeeting(db, organizer.id, meetingId)
  requireUpcoming(meeting, now)
  const taken = new Set(participants.filter(live).map((p) => p.email))
  const clash = emails.find((email) => taken.has(email) || email === organizer.email)
  if (clash)
    throw new ActionError(400, [
      { field: 'adjutantEmails', key: 'meetings:errors.alreadyInvited', params: { email: clash } },
    ])
  const added = emails.filter((email) => !meeting.adjutantEmails.includes(email))
  const removed = meeting.adjutantEmails.filter((email) => !emails.includes(email))
  if (added.length === 0 && removed.length === 0) return { adjutantEmails: emails }
  const updated: MeetingRow = { ...meeting, adjutantEmails: emails }
  const attendees = attendeesOf(participants, emails)
  const changed: HostEvent = { type: 'AdjutantsChanged', meetingId: meeting.id, added, removed }
  await commit(
    db,
    { ownerId: organizer.id, now },
    [changed],
    [
      db.update(meetings).set({ adjutantEmails: emails, updatedAt: now }).where(eq(meetings.id, meeting.id)),
      ...(await meetingNotices(
        db,
        env,
        {
          meeting: updated,
          organizer,
          attendees,
          recipients: added.map((email) => adjutantRecipient(email, organizer)),
          kind: 'invited',
        },
        now,
      )),
      ...(await meetingNotices(
        db,
        env,
        {
          meeting: updated,
          organizer,
          attendees,
          recipients: removed.map((email) => adjutantRecipient(email, organizer)),
          kind: 'canceled',
        },
        now,
      )),
    ],
  )
  return { adjutantEmails: emails }
}

/**
 * Adds visitors to a member's booking (SPEC §3 "Visitor: per event contact"). They share the member's booking id,
 * get the invitation with the ICS and their own self-service link, and count as participants; an email already in
 * the meeting is refused.
 */
async function addVisitorsTo(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  meeting: MeetingRow,
  participants: ParticipantRow[],
  member: ParticipantRow,
  emails: string[],
  now: number,
) {
  requireUpcoming(meeting, now)
  if (!live(member) || member.role !== 'member') throw notFound()
  const taken = new Set([...participants.filter(live).map((p) => p.email), ...meeting.adjutantEmails, organizer.email])
  const clash = emails.find((email) => taken.has(email))
  if (clash)
    throw new ActionError(400, [{ field: 'emails', key: 'meetings:errors.alreadyInvited', params: { email: clash } }])
  const tokens = emails.map(() => randomToken())
  const rows: ParticipantRow[] = await Promise.all(
    emails.map(async (email, i) => ({
      id: newId(now),
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
  const attendees = attendeesOf([...participants, ...rows], meeting.adjutantEmails)
  const added: HostEvent = {
    type: 'VisitorsAdded',
    meetingId: meeting.id,
    bookingId: member.bookingId,
    participantIds: rows.map((row) => row.id),
  }
  await commit(
    db,
    { ownerId: meeting.ownerId, now },
    [added],
    [
      db.insert(meetingParticipants).values(rows),
      db.insert(participantLinks).values(links),
      db.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meeting.id)),
      ...(await replanMeeting(db, meeting, [...participants, ...rows], now)),
      ...(await meetingNotices(
        db,
        env,
        {
          meeting,
          organizer,
          attendees,
          recipients: rows.map((row, i) => ({ ...participantRecipient(row), manageToken: tokens[i] })),
          kind: 'invited',
        },
        now,
      )),
    ],
  )
  return rows.map((row) => ({ id: row.id, email: row.email }))
}

async function ownedMember(db: Db, organizerId: string, participantId: string) {
  const [member] = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.id, participantId), eq(meetingParticipants.ownerId, organizerId)))
    .limit(1)
  if (!member) throw notFound()
  return { member, ...(await findOwnedMeeting(db, organizerId, member.meetingId)) }
}

/** The organizer adds visitors to one of their meeting's participants (`/eventContact/{id}/visitor`). */
export async function addVisitorsAsOrganizer(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  participantId: string,
  emails: string[],
  now: number,
) {
  const { member, meeting, participants } = await ownedMember(db, organizer.id, participantId)
  return await addVisitorsTo(db, env, organizer, meeting, participants, member, emails, now)
}

/** Removes one visitor of a participant: they get the cancellation. */
export async function removeVisitor(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  participantId: string,
  visitorId: string,
  now: number,
) {
  const { member, meeting, participants } = await ownedMember(db, organizer.id, participantId)
  const visitor = participants.find(
    (p) => p.id === visitorId && p.role === 'visitor' && p.bookingId === member.bookingId && live(p),
  )
  if (!visitor) throw notFound()
  requireUpcoming(meeting, now)
  return await applyCancel(db, env, organizer, meeting, participants, [visitor], false, now, null)
}

/**
 * `PUT /eventContact/{id}/visitor`: the participant's visitors become exactly `emails`: new ones are invited,
 * missing ones cancelled, kept ones untouched.
 */
export async function replaceVisitors(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  participantId: string,
  emails: string[],
  now: number,
) {
  const { member, meeting, participants } = await ownedMember(db, organizer.id, participantId)
  requireUpcoming(meeting, now)
  if (!live(member) || member.role !== 'member') throw notFound()
  const current = participants.filter((p) => p.role === 'visitor' && p.bookingId === member.bookingId && live(p))
  const removed = current.filter((v) => !emails.includes(v.email))
  const added = emails.filter((email) => !current.some((v) => v.email === email))
  if (removed.length > 0) {
    await applyCancel(db, env, organizer, meeting, participants, removed, false, now, null)
  }
  if (added.length > 0) {
    const fresh = await findOwnedMeeting(db, organizer.id, meeting.id)
    await addVisitorsTo(db, env, organizer, fresh.meeting, fresh.participants, member, added, now)
  }
  return visitorsOfParticipant(db, organizer.id, participantId)
}

/** The visitors of one of the organizer's participants. */
export async function visitorsOfParticipant(db: Db, organizerId: string, participantId: string) {
  const { member, participants } = await ownedMember(db, organizerId, participantId)
  return participants
    .filter((p) => p.role === 'visitor' && p.bookingId === member.bookingId && live(p))
    .map((p) => ({ id: p.id, email: p.email }))
}

/**
 * Moves participants (with their visitors) to another upcoming meeting of the same organizer (SPEC §4: seats are
 * added automatically when the target lacks them). The moved people get METHOD:CANCEL for the meeting they leave
 * and the invitation to the target; a source meeting left without members is cancelled, and its adjutants told.
 */
export async function moveParticipants(
  db: Db,
  env: AppEnv,
  organizer: Organizer,
  participantIds: string[],
  targetMeetingId: string,
  now: number,
) {
  const target = await findOwnedMeeting(db, organizer.id, targetMeetingId)
  requireUpcoming(target.meeting, now)
  const rows = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.ownerId, organizer.id), inArray(meetingParticipants.id, participantIds)))
  const members = rows.filter((p) => p.role === 'member' && live(p))
  if (members.length !== new Set(participantIds).size) throw notFound()
  if (members.some((p) => p.meetingId === targetMeetingId)) {
    throw new ActionError(400, [{ field: 'eventContactIds', key: 'meetings:errors.sameMeeting' }])
  }
  const sourceIds = [...new Set(members.map((p) => p.meetingId))]
  const sources = await Promise.all(sourceIds.map((id) => findOwnedMeeting(db, organizer.id, id)))
  const bookings = new Set(members.map((p) => p.bookingId))
  const moving = sources.flatMap((s) =>
    s.participants.filter(
      (p) => live(p) && (members.some((m) => m.id === p.id) || (p.role === 'visitor' && bookings.has(p.bookingId))),
    ),
  )
  const targetEmails = new Set(target.participants.filter(live).map((p) => p.email))
  const clash = moving.find((p) => targetEmails.has(p.email))
  if (clash) {
    throw new ActionError(400, [
      { field: 'eventContactIds', key: 'meetings:errors.alreadyInvited', params: { email: clash.email } },
    ])
  }
  // Read inside the host's object: no booking can take a seat between this count and the batch below.
  const targetMembers = target.participants.filter((p) => p.role === 'member' && live(p)).length
  const totalSeats = seatsAfterMove(target.meeting, targetMembers, members.length)
  const seatsAdded = totalSeats > target.meeting.totalSeats
  const updatedTarget: MeetingRow = { ...target.meeting, totalSeats }
  const movingIds = moving.map((p) => p.id)
  const everyone = [target, ...sources].flatMap((m) => m.participants.map((p) => p.id))
  const snapshot = await loadReminders(db, [targetMeetingId, ...sourceIds], everyone)
  // The moved people's reminders follow them to the target's start (re-planning the target moves their rows).
  const plan = new ReminderPlan(snapshot.rows).replan(
    meetingToPlan(snapshot, updatedTarget, [
      ...target.participants,
      ...moving.map((p) => ({ ...p, meetingId: targetMeetingId })),
    ]),
    now,
  )
  const statements: Statement[] = [
    db
      .update(meetingParticipants)
      .set({ meetingId: targetMeetingId })
      .where(inArray(meetingParticipants.id, movingIds)),
    db.update(meetings).set({ totalSeats, updatedAt: now }).where(eq(meetings.id, targetMeetingId)),
  ]
  const notices: Statement[] = []
  const emptiedSources: HostEvent[] = []
  for (const source of sources) {
    const left = source.participants.filter((p) => live(p) && !movingIds.includes(p.id))
    const emptied = !left.some((p) => p.role === 'member')
    // An emptied source is cancelled as a whole: a change of the event (STATUS), so its SEQUENCE is raised.
    const updatedSource: MeetingRow = emptied
      ? { ...source.meeting, sequence: source.meeting.sequence + 1, status: 'canceled', canceledAt: now }
      : source.meeting
    statements.push(
      db
        .update(meetings)
        .set({
          updatedAt: now,
          ...(emptied ? { sequence: updatedSource.sequence, status: 'canceled' as const, canceledAt: now } : {}),
        })
        .where(eq(meetings.id, source.meeting.id)),
    )
    // Visitors whose member is gone cannot stay in a cancelled meeting.
    const orphans = emptied ? left : []
    if (emptied) {
      emptiedSources.push({
        type: 'MeetingCanceled',
        meetingId: source.meeting.id,
        participantIds: orphans.map((p) => p.id),
      })
    }
    if (orphans.length > 0) {
      statements.push(
        db
          .update(meetingParticipants)
          .set({ status: 'canceled', canceledAt: now })
          .where(
            inArray(
              meetingParticipants.id,
              orphans.map((p) => p.id),
            ),
          ),
      )
    }
    if (emptied) plan.cancel(source.meeting.id)
    else {
      const after = source.participants.filter((p) => !movingIds.includes(p.id))
      plan.replan(meetingToPlan(snapshot, updatedSource, after), now)
    }
    const leaving = moving.filter((p) => p.meetingId === source.meeting.id)
    const sourceAttendees = attendeesOf(left, source.meeting.adjutantEmails)
    notices.push(
      ...(await meetingNotices(
        db,
        env,
        {
          meeting: updatedSource,
          organizer,
          attendees: emptied ? [] : sourceAttendees,
          recipients: leaving.map(participantRecipient),
          kind: 'transferredAway',
        },
        now,
      )),
    )
    if (emptied && orphans.length + source.meeting.adjutantEmails.length > 0) {
      notices.push(
        ...(await meetingNotices(
          db,
          env,
          {
            meeting: updatedSource,
            organizer,
            attendees: [],
            recipients: [
              ...orphans.map(participantRecipient),
              ...source.meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)),
            ],
            kind: 'canceled',
          },
          now,
        )),
      )
    }
  }
  const attendees = attendeesOf([...target.participants, ...moving], target.meeting.adjutantEmails)
  notices.push(
    ...(await meetingNotices(
      db,
      env,
      {
        meeting: updatedTarget,
        organizer,
        attendees,
        recipients: moving.map(participantRecipient),
        kind: 'transferred',
      },
      now,
    )),
  )
  const events: HostEvent[] = [
    {
      type: 'ParticipantsMoved',
      meetingId: targetMeetingId,
      fromMeetingIds: sourceIds,
      participantIds: movingIds,
      totalSeats,
    },
    ...(seatsAdded
      ? [
          {
            type: 'SeatsAdded' as const,
            meetingId: targetMeetingId,
            totalSeats,
            previousTotalSeats: target.meeting.totalSeats,
          },
        ]
      : []),
    ...emptiedSources,
  ]
  const planned = reminderStatements(db, plan.changes, now)
  await commit(db, { ownerId: organizer.id, now }, events, [...statements, ...planned, ...notices])
  return { movedParticipantIds: movingIds, totalSeats, seatsAdded }
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
  if (!live(participant)) throw new ActionError(400, [{ key: 'meetings:errors.canceled' }])
  requireUpcoming(meeting, now)
  await requireOutsideNotice(db, meeting, now)
  const { participants } = await findOwnedMeeting(db, meeting.ownerId, meeting.id)
  const organizer = await organizerOf(db, meeting.ownerId)
  const rows = participants.filter(
    (p) =>
      live(p) &&
      (p.id === participant.id ||
        (p.role === 'visitor' && participant.role === 'member' && p.bookingId === participant.bookingId)),
  )
  const remainingMembers = participants.filter((p) => p.role === 'member' && live(p) && !rows.includes(p))
  const notices = await organizerNotices(db, env, {
    event: 'canceled',
    meeting,
    clients: [`${participant.firstName} ${participant.lastName}`.trim()],
    reason,
    now,
  })
  return await applyCancel(
    db,
    env,
    organizer,
    meeting,
    participants,
    rows,
    remainingMembers.length === 0,
    now,
    participant,
    notices,
    reason,
  )
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
  const { participants } = await findOwnedMeeting(db, row.meeting.ownerId, row.meeting.id)
  const organizer = await organizerOf(db, row.meeting.ownerId)
  return await addVisitorsTo(db, env, organizer, row.meeting, participants, row.participant, emails, now)
}

export async function organizerOf(db: Db, ownerId: string): Promise<Organizer> {
  const organizer = await db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, ownerId) })
  if (!organizer) throw notFound()
  return organizer
}
