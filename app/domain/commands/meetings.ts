/**
 * The meeting commands' decisions (ADR 0070, 0118): cancel a meeting or some of its participants, the participant's own
 * cancel (account or emailed link), mark held, adjutants, visitors, move participants to another meeting. Each is pure
 * over the snapshot the host's object loaded (the meeting or meetings and everyone in them, as D1 holds them, one
 * command at a time per host) and answers one `Refusal` or what to do: the events and the people they concern, which
 * the server turns into its one batch (app/server/meetings/*: rows, messages, reminders through `ReminderPlan`).
 *
 * Generic over the participant row, so the server gets its own rows back in the decision.
 */
import { newId } from '../ids.ts'
import { displayStatus, seatsAfterMove } from '../meetings/rules.ts'
import { type Outcome, type Refusal, refusal } from '../refusal.ts'
import type { HostEvent, MeetingCanceled, ParticipantCanceled } from './events.ts'

/** A meeting as the decisions read it. */
export type MeetingState = {
  id: string
  status: 'upcoming' | 'canceled'
  startAt: number
  endAt: number
  adjutantEmails: string[]
  totalSeats: number
}

/** A participant row as the decisions read it. */
export type Person = { id: string; meetingId: string; role: string; status: string; email: string; bookingId: string }

export type MeetingSnapshot<M extends MeetingState, P extends Person> = { meeting: M; participants: P[] }

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
const no = (refusal: Refusal): Outcome<never> => ({ ok: false, refusal })

export const isLive = (p: Person) => p.status === 'booked'
const liveMembers = <P extends Person>(people: readonly P[]) => people.filter((p) => p.role === 'member' && isLive(p))

/** A canceled meeting refuses every change. */
function canceledRefusal(meeting: MeetingState): Refusal | null {
  return meeting.status === 'canceled' ? refusal('meetingCanceled') : null
}

/** Only an upcoming meeting changes its time or who is invited. */
function notUpcomingRefusal(meeting: MeetingState, now: number): Refusal | null {
  return canceledRefusal(meeting) ?? (displayStatus(meeting, now) !== 'upcoming' ? refusal('meetingNotUpcoming') : null)
}

/** The first of `emails` already taken, as the refusal of that field. */
function clashRefusal(emails: readonly string[], taken: ReadonlySet<string>, field: string): Refusal | null {
  const clash = emails.find((email) => taken.has(email))
  return clash ? refusal('alreadyInvited', field, { email: clash }) : null
}

/** Who is cancelled, and whether the meeting as a whole is (its last member goes). */
export type Cancellation<P extends Person> = {
  canceled: P[]
  whole: boolean
  event: MeetingCanceled | ParticipantCanceled
}

function cancellation<P extends Person>(
  snapshot: MeetingSnapshot<MeetingState, P>,
  canceled: P[],
  whole: boolean,
  reason: string | null,
): Cancellation<P> {
  const body = { meetingId: snapshot.meeting.id, participantIds: canceled.map((p) => p.id), reason }
  return {
    canceled,
    whole,
    event: whole ? { type: 'MeetingCanceled', ...body } : { type: 'ParticipantCanceled', ...body },
  }
}

/** These rows and the visitors their bookings brought; the meeting goes when no member is left. */
function cancelWithVisitors<P extends Person>(
  snapshot: MeetingSnapshot<MeetingState, P>,
  chosen: readonly P[],
  reason: string | null,
  whole = false,
): Cancellation<P> {
  const bookings = new Set(chosen.filter((p) => p.role === 'member').map((p) => p.bookingId))
  const canceled = snapshot.participants.filter(
    (p) => isLive(p) && (chosen.includes(p) || (p.role === 'visitor' && bookings.has(p.bookingId))),
  )
  const left = liveMembers(snapshot.participants).filter((p) => !canceled.includes(p))
  return cancellation(snapshot, canceled, whole || left.length === 0, reason)
}

/**
 * The organizer cancels the whole meeting (`participantIds` null) or some of its members, with the visitors they
 * brought; a meeting whose last member goes is cancelled as a whole. An id that is no live member is a 404.
 */
export function decideCancel<P extends Person>(
  participantIds: readonly string[] | null,
  snapshot: MeetingSnapshot<MeetingState, P>,
): Outcome<Cancellation<P>> {
  const refused = canceledRefusal(snapshot.meeting)
  if (refused) return no(refused)
  const members = liveMembers(snapshot.participants)
  if (participantIds === null) return ok(cancelWithVisitors(snapshot, members, null, true))
  const chosen = members.filter((p) => participantIds.includes(p.id))
  if (chosen.length !== new Set(participantIds).size) return no(refusal('notFound'))
  return ok(cancelWithVisitors(snapshot, chosen, null))
}

/**
 * The participant cancels their own row (with their visitors when a member), from their account or the emailed link:
 * refused when already cancelled, when the meeting is not upcoming, and inside the minimum notice.
 */
export function decideOwnCancel<P extends Person>(
  participant: P,
  snapshot: MeetingSnapshot<MeetingState, P> & { noticeMinutes: number },
  reason: string | null,
  now: number,
): Outcome<Cancellation<P>> {
  if (!isLive(participant)) return no(refusal('meetingCanceled'))
  const refused =
    notUpcomingRefusal(snapshot.meeting, now) ??
    (snapshot.meeting.startAt - now < snapshot.noticeMinutes * 60_000 ? refusal('noticeTooShort') : null)
  if (refused) return no(refused)
  const own = snapshot.participants.find((p) => p.id === participant.id) ?? participant
  return ok(cancelWithVisitors(snapshot, [own], reason))
}

/** The organizer removes one live visitor of a member's booking (404 for anyone else). */
export function decideRemoveVisitor<P extends Person>(
  member: P,
  visitorId: string,
  snapshot: MeetingSnapshot<MeetingState, P>,
  now: number,
): Outcome<Cancellation<P>> {
  const visitor = visitorsOf(member, snapshot.participants).find((p) => p.id === visitorId)
  if (!visitor) return no(refusal('notFound'))
  const refused = notUpcomingRefusal(snapshot.meeting, now)
  return refused ? no(refused) : ok(cancellation(snapshot, [visitor], false, null))
}

/** The live visitors a member's booking brought. */
export function visitorsOf<P extends Person>(member: Person, people: readonly P[]): P[] {
  return people.filter((p) => p.role === 'visitor' && p.bookingId === member.bookingId && isLive(p))
}

/** SPEC §4: only a completed meeting is marked held or not held. */
export function decideHeld(meeting: MeetingState, isFailed: boolean, now: number): Outcome<HostEvent[]> {
  if (displayStatus(meeting, now) !== 'completed') return no(refusal('meetingNotCompleted'))
  return ok([{ type: 'MeetingHeld', meetingId: meeting.id, isFailed }])
}

/**
 * The adjutants become `emails`: refused for a meeting not upcoming and for an email of a live participant or the
 * organizer. No event when nothing changes.
 */
export function decideAdjutants(
  emails: readonly string[],
  organizerEmail: string,
  snapshot: MeetingSnapshot<MeetingState, Person>,
  now: number,
): Outcome<{ added: string[]; removed: string[]; events: HostEvent[] }> {
  const { meeting } = snapshot
  const taken = new Set([...snapshot.participants.filter(isLive).map((p) => p.email), organizerEmail])
  const refused = notUpcomingRefusal(meeting, now) ?? clashRefusal(emails, taken, 'adjutantEmails')
  if (refused) return no(refused)
  const added = emails.filter((email) => !meeting.adjutantEmails.includes(email))
  const removed = meeting.adjutantEmails.filter((email) => !emails.includes(email))
  const changed = added.length > 0 || removed.length > 0
  return ok({
    added,
    removed,
    events: changed
      ? [{ type: 'AdjutantsChanged', meetingId: meeting.id, added, removed, adjutantEmails: [...emails] }]
      : [],
  })
}

/** New visitors of a member's booking: their new participant ids, in the order of `emails`. */
export type VisitorsDecision = { visitors: { id: string; email: string }[]; event: HostEvent }

/**
 * Visitors added to a live member's booking (SPEC §3): refused for a meeting not upcoming, a member that is not (404),
 * and an email already in the meeting (a participant, an adjutant, the organizer).
 */
export function decideAddVisitors(
  member: Person,
  emails: readonly string[],
  organizerEmail: string,
  snapshot: MeetingSnapshot<MeetingState, Person>,
  now: number,
): Outcome<VisitorsDecision> {
  const { meeting } = snapshot
  const upcoming = notUpcomingRefusal(meeting, now)
  if (upcoming) return no(upcoming)
  if (!isLive(member) || member.role !== 'member') return no(refusal('notFound'))
  const taken = new Set([
    ...snapshot.participants.filter(isLive).map((p) => p.email),
    ...meeting.adjutantEmails,
    organizerEmail,
  ])
  const clash = clashRefusal(emails, taken, 'emails')
  if (clash) return no(clash)
  const visitors = emails.map((email) => ({ id: newId(now), email }))
  return ok({
    visitors,
    event: {
      type: 'VisitorsAdded',
      meetingId: meeting.id,
      bookingId: member.bookingId,
      participantIds: visitors.map((v) => v.id),
      emails: visitors.map((v) => v.email),
    },
  })
}

/**
 * A member's visitors become exactly `emails`: missing ones cancelled, new ones added (decided on the meeting as the
 * cancellation leaves it, so a refused addition changes nothing), kept ones untouched.
 */
export function decideReplaceVisitors<P extends Person>(
  member: P,
  emails: readonly string[],
  organizerEmail: string,
  snapshot: MeetingSnapshot<MeetingState, P>,
  now: number,
): Outcome<{ removal: Cancellation<P> | null; addition: VisitorsDecision | null }> {
  const upcoming = notUpcomingRefusal(snapshot.meeting, now)
  if (upcoming) return no(upcoming)
  if (!isLive(member) || member.role !== 'member') return no(refusal('notFound'))
  const current = visitorsOf(member, snapshot.participants)
  const removed = current.filter((v) => !emails.includes(v.email))
  const added = emails.filter((email) => !current.some((v) => v.email === email))
  const removal = removed.length > 0 ? cancellation(snapshot, removed, false, null) : null
  if (added.length === 0) return ok({ removal, addition: null })
  const after = snapshot.participants.map((p) => (removed.includes(p) ? { ...p, status: 'canceled' } : p))
  const addition = decideAddVisitors(member, added, organizerEmail, { ...snapshot, participants: after }, now)
  return addition.ok ? ok({ removal, addition: addition.value }) : addition
}

/** A meeting the moved people leave: who is left, and whether it is emptied (no member left: cancelled). */
export type MoveSource<M extends MeetingState, P extends Person> = MeetingSnapshot<M, P> & {
  leaving: P[]
  left: P[]
  emptied: boolean
  /** Visitors whose member is gone cannot stay in a cancelled meeting. */
  orphans: P[]
}

export type MoveDecision<M extends MeetingState, P extends Person> = {
  moving: P[]
  totalSeats: number
  seatsAdded: boolean
  sources: MoveSource<M, P>[]
  events: HostEvent[]
}

/**
 * Members (with their visitors) move to another upcoming meeting of the same organizer (SPEC §4): seats are added
 * when the target lacks them; a source left without members is cancelled. `rows`: the organizer's participant rows
 * asked for; `sources`: the meetings of the live members among them.
 */
export function decideMove<M extends MeetingState, P extends Person>(
  participantIds: readonly string[],
  target: MeetingSnapshot<M, P>,
  rows: readonly P[],
  sources: readonly MeetingSnapshot<M, P>[],
  now: number,
): Outcome<MoveDecision<M, P>> {
  const upcoming = notUpcomingRefusal(target.meeting, now)
  if (upcoming) return no(upcoming)
  const members = liveMembers(rows)
  if (members.length !== new Set(participantIds).size) return no(refusal('notFound'))
  if (members.some((p) => p.meetingId === target.meeting.id)) return no(refusal('sameMeeting', 'eventContactIds'))
  const bookings = new Set(members.map((p) => p.bookingId))
  const moving = sources.flatMap((s) =>
    s.participants.filter(
      (p) => isLive(p) && (members.some((m) => m.id === p.id) || (p.role === 'visitor' && bookings.has(p.bookingId))),
    ),
  )
  const targetEmails = new Set(target.participants.filter(isLive).map((p) => p.email))
  const clash = clashRefusal(
    moving.map((p) => p.email),
    targetEmails,
    'eventContactIds',
  )
  if (clash) return no(clash)
  const movingIds = new Set(moving.map((p) => p.id))
  const totalSeats = seatsAfterMove(target.meeting, liveMembers(target.participants).length, members.length)
  const seatsAdded = totalSeats > target.meeting.totalSeats
  const left = sources.map((source) => {
    const stay = source.participants.filter((p) => isLive(p) && !movingIds.has(p.id))
    const emptied = !stay.some((p) => p.role === 'member')
    return {
      ...source,
      leaving: moving.filter((p) => p.meetingId === source.meeting.id),
      left: stay,
      emptied,
      orphans: emptied ? stay : [],
    }
  })
  const events: HostEvent[] = [
    {
      type: 'ParticipantsMoved',
      meetingId: target.meeting.id,
      fromMeetingIds: sources.map((s) => s.meeting.id),
      participantIds: [...movingIds],
      totalSeats,
    },
    ...(seatsAdded
      ? [
          {
            type: 'SeatsAdded' as const,
            meetingId: target.meeting.id,
            totalSeats,
            previousTotalSeats: target.meeting.totalSeats,
          },
        ]
      : []),
    ...left
      .filter((s) => s.emptied)
      .map((s) => ({
        type: 'MeetingCanceled' as const,
        meetingId: s.meeting.id,
        participantIds: s.orphans.map((p) => p.id),
      })),
  ]
  return ok({ moving, totalSeats, seatsAdded, sources: left, events })
}

/** SPEC §5 "Duration other: max 1380 minutes (23 hours)": the longest one-time meeting a move may make. */
export const MAX_ONE_TIME_MINUTES = 1380

/** A move of the whole meeting as asked: the new start (and, for a one-time meeting, the end), and who asks. */
export type RescheduleRequest = { start: number; end?: number | null; actorParticipantId: string | null }

/**
 * Change time (SPEC §4), before the calendar is asked: refused for a meeting not upcoming; a participant moves only
 * their own (sole member) meeting of an event type, outside the minimum notice; a meeting of an event type keeps its
 * duration; a one-time meeting takes any future start-end of at most 23 hours. The caller then checks the slot is free
 * (the engine's slots, or the one-time's overlaps) and writes `moved`.
 */
export function decideReschedule<P extends Person>(
  request: RescheduleRequest,
  snapshot: MeetingSnapshot<MeetingState & { eventTypeId: string | null }, P> & {
    noticeMinutes: number
    /** Its event type is still there: the engine's slots decide (else it moves like a one-time meeting). */
    typed: boolean
  },
  now: number,
): Outcome<{ actor: P | null; start: number; end: number; moved: HostEvent }> {
  const { meeting, participants } = snapshot
  const upcoming = notUpcomingRefusal(meeting, now)
  if (upcoming) return no(upcoming)
  const actor = request.actorParticipantId ? participants.find((p) => p.id === request.actorParticipantId) : null
  if (request.actorParticipantId) {
    if (actor?.role !== 'member' || !isLive(actor)) return no(refusal('notFound'))
    if (liveMembers(participants).some((p) => p.id !== actor.id)) return no(refusal('groupMove'))
    if (!meeting.eventTypeId) return no(refusal('oneTimeMove'))
    if (meeting.startAt - now < snapshot.noticeMinutes * 60_000) return no(refusal('noticeTooShort'))
  }
  const duration = meeting.endAt - meeting.startAt
  const start = request.start
  const end = snapshot.typed ? start + duration : (request.end ?? start + duration)
  if (!snapshot.typed) {
    const refused =
      start <= now
        ? refusal('moveNotInFuture', 'start')
        : end <= start
          ? refusal('endAfterStart', 'end')
          : end - start > MAX_ONE_TIME_MINUTES * 60_000
            ? refusal('meetingTooLong', 'end', { hours: String(MAX_ONE_TIME_MINUTES / 60) })
            : null
    if (refused) return no(refused)
  }
  const moved: HostEvent = { type: 'MeetingMoved', meetingId: meeting.id, previousStart: meeting.startAt, start, end }
  return ok({ actor: actor ?? null, start, end, moved })
}
