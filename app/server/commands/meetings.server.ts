/**
 * The applier's parts for the meeting commands' events (cancel, visitors, move, held, adjutants, reschedule;
 * docs/decisions/0124-meeting-events-applied.md): one function per event type, in one table. Each reads the meetings
 * as the events before it in the batch left them (`state`), adds its rows, re-plans the meeting's reminders on the
 * one `ReminderPlan`, and renders its messages and notices. The applier writes rows first, then the plan's reminder
 * changes, then the messages, then the host event log, in one batch.
 *
 * SEQUENCE (RFC 5545 §3.8.7.4) is raised only by changes of the meeting itself: a new time, or the whole meeting
 * cancelled; then everyone still invited gets the update. Changes of who is invited (adjutants, visitors, one
 * participant cancelled, participants moved in or out) keep it: the people added get a REQUEST and the people removed
 * a CANCEL at the current SEQUENCE, whose later DTSTAMP makes it the newest message (docs/decisions/0050).
 */
import { eq, inArray } from 'drizzle-orm'
import type {
  AdjutantsChanged,
  HostEvent,
  MeetingCanceled,
  MeetingEvent,
  MeetingHeld,
  MeetingMoved,
  ParticipantCanceled,
  ParticipantsMoved,
  VisitorsAdded,
} from '#app/domain/commands/events.ts'
import { isLive } from '#app/domain/commands/meetings.ts'
import { ReminderPlan } from '#app/domain/reminders/replan.ts'
import { meetingParticipants, meetings, participantLinks } from '#db/schema.ts'
import { type Db, IN_LIST_MAX, chunked, insertRows } from '../db.server.ts'
import type { Organizer } from '../meetings/actions.server.ts'
import type { MeetingRow, ParticipantRow } from '../meetings/meetings.server.ts'
import {
  type NoticeKind,
  type Recipient,
  adjutantRecipient,
  meetingNotices,
  organizerNoticeOfActor,
  participantRecipient,
} from '../meetings/notify.server.ts'
import { organizerNotices, participantNotices } from '../notify/notifications.server.ts'
import { type ReminderSnapshot, loadReminders, meetingToPlan, reminderStatements } from '../notify/reminders.server.ts'
import type { ApplyScope, Statement } from './apply.server.ts'
import { envOf, participantToken } from './parts.server.ts'

/** A meeting with everyone in it (participant rows of every status). */
export type MeetingSnapshot = { meeting: MeetingRow; participants: ParticipantRow[] }

/** What the meeting events are applied to: the meetings the command read, as they were before it. */
export type MeetingsScope = {
  snapshots: readonly MeetingSnapshot[]
  /** Whose messages these are (every event but `MeetingHeld` sends some). */
  organizer?: Organizer
  /** A participant changing their own booking (own cancellation or move): the organizer is told, by name. */
  actor?: ParticipantRow | null
}

/** The live participants and the adjutants, as the ICS lists them. */
export function attendeesOf(participants: readonly ParticipantRow[], adjutants: readonly string[]) {
  return [
    ...participants.filter(isLive).map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
    ...adjutants.map((email) => ({ email, name: email })),
  ]
}

/** The batch being built: the meetings as the events so far leave them, and the one reminder plan. */
type Work = {
  db: Db
  scope: ApplyScope
  now: number
  state: Map<string, MeetingSnapshot>
  reminders: ReminderSnapshot
  plan: ReminderPlan
  /** The people each meeting lost to a move of this batch, for its `MeetingCanceled` (an emptied source). */
  leavers: Map<string, ParticipantRow[]>
  /** Meetings a `MeetingCanceled` of this batch cancels. */
  canceled: Set<string>
}

type MeetingPart = { rows: Statement[]; notices: Statement[] }

function snapshotOf(work: Work, meetingId: string): MeetingSnapshot {
  const snapshot = work.state.get(meetingId)
  if (!snapshot) throw new Error(`The command did not read meeting ${meetingId}`)
  return snapshot
}

function organizerOf(work: Work): Organizer {
  const organizer = work.scope.meetings?.organizer
  if (!organizer) throw new Error('These meeting events need the organizer (their messages)')
  return organizer
}

/** One email per recipient about the meeting as the batch leaves it. */
function tell(
  work: Work,
  meeting: MeetingRow,
  attendees: { email: string; name: string }[],
  recipients: Recipient[],
  kind: NoticeKind,
) {
  const env = envOf(work.scope)
  return meetingNotices(work.db, env, { meeting, organizer: organizerOf(work), attendees, recipients, kind }, work.now)
}

/** SPEC §4: a completed meeting marked held or not held (`isFailed`). */
async function held(work: Work, event: MeetingHeld): Promise<MeetingPart> {
  const { db, now } = work
  const update = db.update(meetings).set({ isFailed: event.isFailed, updatedAt: now })
  return { rows: [update.where(eq(meetings.id, event.meetingId))], notices: [] }
}

/** New adjutants get the invitation, removed ones a cancellation. */
async function adjutantsChanged(work: Work, event: AdjutantsChanged): Promise<MeetingPart> {
  const { db, now } = work
  const { meeting, participants } = snapshotOf(work, event.meetingId)
  const updated: MeetingRow = { ...meeting, adjutantEmails: event.adjutantEmails }
  work.state.set(meeting.id, { meeting: updated, participants })
  const attendees = attendeesOf(participants, event.adjutantEmails)
  const organizer = organizerOf(work)
  const to = (emails: string[]) => emails.map((email) => adjutantRecipient(email, organizer))
  const update = db.update(meetings).set({ adjutantEmails: event.adjutantEmails, updatedAt: now })
  return {
    rows: [update.where(eq(meetings.id, meeting.id))],
    notices: [
      ...(await tell(work, updated, attendees, to(event.added), 'invited')),
      ...(await tell(work, updated, attendees, to(event.removed), 'canceled')),
    ],
  }
}

/**
 * Visitors of a member's booking (SPEC §3): their rows (the member's language and zone, the booking id) and
 * self-service links, the meeting's reminders re-planned, their invitations.
 */
async function visitorsAdded(work: Work, event: VisitorsAdded): Promise<MeetingPart> {
  const { db, now } = work
  const env = envOf(work.scope)
  const { meeting, participants } = snapshotOf(work, event.meetingId)
  const member = participants.find((p) => p.role === 'member' && p.bookingId === event.bookingId && isLive(p))
  if (!member) throw new Error(`No live member has booking ${event.bookingId}`)
  const secrets = await Promise.all(event.participantIds.map((id) => participantToken(env, id)))
  const rows: ParticipantRow[] = event.participantIds.map((id, i) => ({
    id,
    meetingId: meeting.id,
    ownerId: meeting.ownerId,
    contactId: null,
    role: 'visitor' as const,
    firstName: event.emails[i].split('@')[0],
    lastName: '',
    email: event.emails[i],
    phone: null,
    messengerType: null,
    messengerValue: null,
    comment: null,
    customField: null,
    status: 'booked' as const,
    language: member.language,
    timeZone: member.timeZone,
    manageTokenHash: secrets[i].hash,
    bookingId: member.bookingId,
    idempotencyKey: null,
    canceledAt: null,
    createdAt: now,
  }))
  const everyone = [...participants, ...rows]
  work.state.set(meeting.id, { meeting, participants: everyone })
  work.plan.replan(meetingToPlan(work.reminders, meeting, everyone), now)
  const recipients = rows.map((row, i) => ({ ...participantRecipient(row), manageToken: secrets[i].token }))
  return {
    rows: [
      ...insertRows(db, meetingParticipants, rows),
      ...insertRows(
        db,
        participantLinks,
        secrets.map((s) => s.link),
      ),
      db.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meeting.id)),
    ],
    notices: await tell(work, meeting, attendeesOf(everyone, meeting.adjutantEmails), recipients, 'invited'),
  }
}

/**
 * The whole meeting (`MeetingCanceled`, SEQUENCE raised) or some participants cancelled: everyone cancelled gets
 * METHOD:CANCEL, the organizer hears of a participant's own cancellation, clients with an account of the
 * organizer's. A source a move emptied tells its leavers they moved away and its orphans and adjutants it is off.
 */
async function canceled(work: Work, event: MeetingCanceled | ParticipantCanceled): Promise<MeetingPart> {
  const { db, now } = work
  const env = envOf(work.scope)
  const whole = event.type === 'MeetingCanceled'
  const { meeting, participants } = snapshotOf(work, event.meetingId)
  // Only the whole meeting's cancellation changes the event (STATUS): one participant's leaves it as it is.
  const updated: MeetingRow = whole
    ? { ...meeting, sequence: meeting.sequence + 1, status: 'canceled', canceledAt: now }
    : meeting
  const ids = new Set(event.participantIds)
  const after = participants.map((p): ParticipantRow => (ids.has(p.id) ? { ...p, status: 'canceled' } : p))
  work.state.set(meeting.id, { meeting: updated, participants: after })
  const rows: Statement[] = [
    db
      .update(meetings)
      .set({ updatedAt: now, ...(whole ? { sequence: updated.sequence, status: 'canceled', canceledAt: now } : {}) })
      .where(eq(meetings.id, meeting.id)),
  ]
  for (const part of chunked([...ids], IN_LIST_MAX)) {
    rows.push(
      db
        .update(meetingParticipants)
        .set({ status: 'canceled', canceledAt: now })
        .where(inArray(meetingParticipants.id, part)),
    )
  }
  for (const id of ids) work.plan.cancel(meeting.id, id)
  if (whole) work.plan.cancel(meeting.id)
  else work.plan.replan(meetingToPlan(work.reminders, updated, after), now)
  const organizer = organizerOf(work)
  const told = whole ? participants.filter(isLive) : participants.filter((p) => ids.has(p.id))
  const recipients: Recipient[] = [
    ...told.map(participantRecipient),
    ...(whole ? meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)) : []),
  ]
  const leavers = work.leavers.get(meeting.id)
  if (leavers) {
    const away = await tell(work, updated, [], leavers.map(participantRecipient), 'transferredAway')
    return { rows, notices: [...away, ...(await tell(work, updated, [], recipients, 'canceled'))] }
  }
  const attendees = attendeesOf(whole ? [] : after, whole ? [] : meeting.adjutantEmails)
  const notices: Statement[] = await tell(work, updated, attendees, recipients, 'canceled')
  const actor = work.scope.meetings?.actor
  if (actor) {
    const reason = event.reason ?? null
    const notice = { meeting: updated, organizer, attendees, actor, kind: 'participantCanceled' as const, reason }
    const name = `${actor.firstName} ${actor.lastName}`.trim()
    notices.push(
      ...(await organizerNoticeOfActor(db, env, notice, now)),
      ...(await organizerNotices(db, env, { event: 'canceled', meeting, clients: [name], reason, now })),
    )
  } else {
    // The specialist cancelled: clients with an account also get a notice (SPEC §3 openEventClient).
    notices.push(
      ...(await participantNotices(db, env, { event: 'canceled', meeting: updated, participants: told, now })),
    )
  }
  return { rows, notices }
}

/**
 * Participants (with their visitors) moved into the target, whose seats the event gives; their reminders follow them
 * (re-planning the target moves their rows). A source that keeps members is re-planned and its leavers get its
 * cancellation here; an emptied one is cancelled by its own `MeetingCanceled`.
 */
async function participantsMoved(work: Work, event: ParticipantsMoved): Promise<MeetingPart> {
  const { db, now } = work
  const target = snapshotOf(work, event.meetingId)
  const movingIds = new Set(event.participantIds)
  const sources = event.fromMeetingIds.map((id) => snapshotOf(work, id))
  const moving = sources.flatMap((s) => s.participants.filter((p) => movingIds.has(p.id)))
  const updatedTarget: MeetingRow = { ...target.meeting, totalSeats: event.totalSeats }
  const arrived = [...target.participants, ...moving.map((p) => ({ ...p, meetingId: target.meeting.id }))]
  work.state.set(target.meeting.id, { meeting: updatedTarget, participants: arrived })
  work.plan.replan(meetingToPlan(work.reminders, updatedTarget, arrived), now)
  const rows: Statement[] = [
    ...chunked([...movingIds], IN_LIST_MAX).map((part) =>
      db.update(meetingParticipants).set({ meetingId: target.meeting.id }).where(inArray(meetingParticipants.id, part)),
    ),
    db.update(meetings).set({ totalSeats: event.totalSeats, updatedAt: now }).where(eq(meetings.id, target.meeting.id)),
  ]
  const notices: Statement[] = []
  for (const { meeting, participants } of sources) {
    const left = participants.filter((p) => !movingIds.has(p.id))
    const leaving = participants.filter((p) => movingIds.has(p.id))
    work.state.set(meeting.id, { meeting, participants: left })
    if (work.canceled.has(meeting.id)) {
      work.leavers.set(meeting.id, leaving)
      continue
    }
    rows.push(db.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meeting.id)))
    work.plan.replan(meetingToPlan(work.reminders, meeting, left), now)
    const attendees = attendeesOf(left, meeting.adjutantEmails)
    notices.push(...(await tell(work, meeting, attendees, leaving.map(participantRecipient), 'transferredAway')))
  }
  const attendees = attendeesOf(arrived, target.meeting.adjutantEmails)
  notices.push(...(await tell(work, updatedTarget, attendees, moving.map(participantRecipient), 'transferred')))
  return { rows, notices }
}

/**
 * The whole meeting at a new time (SEQUENCE raised): everyone still invited gets the update, reminders are
 * re-planned; a participant's own move also tells the organizer, by name.
 */
async function meetingMoved(work: Work, event: MeetingMoved): Promise<MeetingPart> {
  const { db, now } = work
  const env = envOf(work.scope)
  const { meeting, participants } = snapshotOf(work, event.meetingId)
  const { start, end } = event
  const updated: MeetingRow = { ...meeting, startAt: start, endAt: end, sequence: meeting.sequence + 1 }
  work.state.set(meeting.id, { meeting: updated, participants })
  work.plan.replan(meetingToPlan(work.reminders, updated, participants), now)
  const organizer = organizerOf(work)
  const live = participants.filter(isLive)
  const attendees = attendeesOf(participants, meeting.adjutantEmails)
  const recipients = [
    ...live.map(participantRecipient),
    ...meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)),
  ]
  const notices: Statement[] = await tell(work, updated, attendees, recipients, 'moved')
  const actor = work.scope.meetings?.actor
  const previousStartAt = meeting.startAt
  if (actor) {
    const notice = { meeting: updated, organizer, attendees, actor, kind: 'participantMoved' as const }
    notices.push(
      ...(await organizerNoticeOfActor(db, env, notice, now)),
      ...(await organizerNotices(db, env, { event: 'moved', meeting: updated, previousStartAt, now })),
    )
  } else {
    // The specialist moved it: clients with an account also get a notice (SPEC §3 openEventClient).
    const told = { event: 'moved' as const, meeting: updated, participants: live, previousStartAt, now }
    notices.push(...(await participantNotices(db, env, told)))
  }
  const update = db.update(meetings).set({ startAt: start, endAt: end, sequence: updated.sequence, updatedAt: now })
  return { rows: [update.where(eq(meetings.id, meeting.id))], notices }
}

/** The seats a move added are written with the move (`ParticipantsMoved` carries the total). */
async function seatsAdded(): Promise<MeetingPart> {
  return { rows: [], notices: [] }
}

/** Every meeting event's part; `replans`: it changes who is in a meeting or when (the reminder rows are read). */
const MEETING_PARTS: {
  [T in MeetingEvent['type']]: {
    part: (work: Work, event: Extract<MeetingEvent, { type: T }>) => Promise<MeetingPart>
    replans: boolean
  }
} = {
  MeetingCanceled: { part: canceled, replans: true },
  ParticipantCanceled: { part: canceled, replans: true },
  MeetingMoved: { part: meetingMoved, replans: true },
  ParticipantsMoved: { part: participantsMoved, replans: true },
  SeatsAdded: { part: seatsAdded, replans: false },
  MeetingHeld: { part: held, replans: false },
  AdjutantsChanged: { part: adjutantsChanged, replans: false },
  VisitorsAdded: { part: visitorsAdded, replans: true },
}

const isMeetingEvent = (event: HostEvent): event is MeetingEvent => Object.hasOwn(MEETING_PARTS, event.type)

/**
 * The meeting events' statements in batch order: every event's rows, then the reminder plan's changes (over the
 * rows of the meetings read and their people, read once), then every event's messages and notices.
 */
export async function meetingStatements(db: Db, scope: ApplyScope, events: readonly HostEvent[]): Promise<Statement[]> {
  const mine = events.filter(isMeetingEvent)
  if (mine.length === 0) return []
  const snapshots = scope.meetings?.snapshots ?? []
  const replans = mine.some((event) => MEETING_PARTS[event.type].replans)
  const reminders: ReminderSnapshot = replans
    ? await loadReminders(
        db,
        snapshots.map((s) => s.meeting.id),
        snapshots.flatMap((s) => s.participants.map((p) => p.id)),
      )
    : { rows: [], offsets: new Map() }
  const work: Work = {
    db,
    scope,
    now: scope.now,
    state: new Map(snapshots.map((s) => [s.meeting.id, s])),
    reminders,
    plan: new ReminderPlan(reminders.rows),
    leavers: new Map(),
    canceled: new Set(mine.filter((e) => e.type === 'MeetingCanceled').map((e) => e.meetingId)),
  }
  const rows: Statement[] = []
  const notices: Statement[] = []
  for (const event of mine) {
    const { part } = MEETING_PARTS[event.type] as { part: (work: Work, event: MeetingEvent) => Promise<MeetingPart> }
    const done = await part(work, event)
    rows.push(...done.rows)
    notices.push(...done.notices)
  }
  return [...rows, ...reminderStatements(db, work.plan.changes, scope.now), ...notices]
}
