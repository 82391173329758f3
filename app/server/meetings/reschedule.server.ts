/**
 * Change time (SPEC §4): the slot picker and the move itself. Slots come only from the availability engine
 * (app/domain/availability via the booking module's calendar loader); the meeting being moved does not block
 * itself. The move runs inside the host's Durable Object (workers/durable/host-lock.ts `reschedule`), so it is
 * serialised with holds and bookings of the same host and re-checked against them.
 */
import { and, eq, gt, lt, ne } from 'drizzle-orm'
import { displayStatus } from '#app/domain/meetings/rules.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import {
  type HoldInterval,
  bookingsFor,
  findEventTypeById,
  loadCalendar,
  rulesOf,
  scheduleOf,
} from '#app/server/booking/availability.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { replanReminders } from '#app/server/notify/reminders.server.ts'
import { meetings } from '#db/schema.ts'
import { computeSlots } from '#app/domain/availability/index.ts'
import type { AppEnv, Bindings } from '#app/server/env.server.ts'
import { organizerNotices } from '#app/server/notify/notifications.server.ts'
import { hostLock } from '#app/server/booking/host-lock-client.server.ts'
import { type Organizer, organizerOf } from './actions.server.ts'
import { ActionError, notFound } from './errors.server.ts'
import { type MeetingRow, type ParticipantRow, findOwnParticipation, findOwnedMeeting } from './meetings.server.ts'
import { adjutantRecipient, meetingNotices, organizerRecipient, participantRecipient } from './notify.server.ts'

export type RescheduleSlot = { start: string; end: string; date: string; from: string; to: string }

async function contextOf(db: Db, meeting: MeetingRow) {
  if (!meeting.eventTypeId) return null
  return findEventTypeById(db, meeting.ownerId, meeting.eventTypeId)
}

/**
 * Free starts for the whole meeting on a schedule date: every seat of the slot must be free, because the meeting
 * (with all its participants) moves there. Times are shown in the viewer's zone.
 */
export async function rescheduleSlots(
  db: Db,
  organizerId: string,
  meetingId: string,
  date: string,
  viewerTimeZone: string,
  now: number,
  holds: readonly HoldInterval[] = [],
): Promise<RescheduleSlot[]> {
  const { meeting } = await findOwnedMeeting(db, organizerId, meetingId)
  const context = await contextOf(db, meeting)
  if (!context) return []
  const calendar = await loadCalendar(db, context, { from: date, to: date })
  const others = calendar.meetings.filter((m) => m.id !== meeting.id)
  const rules = rulesOf(context.eventType)
  const slots = computeSlots({
    now,
    range: { from: date, to: date },
    schedule: scheduleOf(context.schedule, calendar.adjustments),
    eventType: rules,
    bookings: bookingsFor(context.eventType.id, others, holds),
    busy: [],
  })
  return slots
    .filter((slot) => slot.seatsLeft >= rules.seats && slot.start !== meeting.startAt)
    .map((slot) => {
      const from = instantToZoned(viewerTimeZone, slot.start)
      const to = instantToZoned(viewerTimeZone, slot.end)
      return {
        start: new Date(slot.start).toISOString(),
        end: new Date(slot.end).toISOString(),
        date: from.date,
        from: from.time,
        to: to.time,
      }
    })
}

/** Crosses the Durable Object RPC boundary: plain serialisable data only. */
type PlainProblem = { field?: string; key: string; params?: Record<string, string> }
export type RescheduleOutcome =
  | { ok: true; start: string; end: string }
  | { ok: false; status: 400 | 404 | 409; problems: PlainProblem[] }

/**
 * Moves the whole meeting to `start` (same duration). A meeting of an event type must land on a free engine slot;
 * a one-off meeting on any future time that does not overlap the host's other live meetings. Everyone gets the
 * updated ICS (SEQUENCE raised), reminders are re-planned; a participant's move also tells the organizer.
 */
export async function rescheduleMeeting(
  db: Db,
  input: { ownerId: string; meetingId: string; start: number; actorParticipantId: string | null },
  holds: readonly HoldInterval[],
  now: number,
  /** For the organizer's notices (center, Telegram, push) when a participant moves the meeting. */
  env: AppEnv,
): Promise<RescheduleOutcome> {
  try {
    const { meeting, participants } = await findOwnedMeeting(db, input.ownerId, input.meetingId)
    if (meeting.status === 'canceled')
      return { ok: false, status: 400, problems: [{ key: 'meetings:errors.canceled' }] }
    if (displayStatus(meeting, now) !== 'upcoming') {
      return { ok: false, status: 400, problems: [{ key: 'meetings:errors.notUpcoming' }] }
    }
    const duration = meeting.endAt - meeting.startAt
    const slot = { start: input.start, end: input.start + duration }
    const context = await contextOf(db, meeting)
    if (context) {
      const date = instantToZoned(context.schedule.timeZone, slot.start).date
      const free = await rescheduleSlots(db, input.ownerId, meeting.id, date, context.schedule.timeZone, now, holds)
      if (!free.some((s) => Date.parse(s.start) === slot.start && Date.parse(s.end) === slot.end)) {
        return { ok: false, status: 409, problems: [{ key: 'meetings:errors.slotTaken' }] }
      }
    } else {
      if (slot.start <= now) return { ok: false, status: 400, problems: [{ key: 'meetings:errors.notInFuture' }] }
      const [clash] = await db
        .select({ id: meetings.id })
        .from(meetings)
        .where(
          and(
            eq(meetings.ownerId, input.ownerId),
            eq(meetings.status, 'upcoming'),
            ne(meetings.id, meeting.id),
            lt(meetings.startAt, slot.end),
            gt(meetings.endAt, slot.start),
          ),
        )
        .limit(1)
      if (clash) return { ok: false, status: 409, problems: [{ key: 'meetings:errors.slotTaken' }] }
    }
    const organizer = await organizerOf(db, input.ownerId)
    const updated: MeetingRow = { ...meeting, startAt: slot.start, endAt: slot.end, sequence: meeting.sequence + 1 }
    const live = participants.filter((p) => p.status === 'booked')
    const attendees = [
      ...live.map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
      ...meeting.adjutantEmails.map((email) => ({ email, name: email })),
    ]
    const actor = participants.find((p) => p.id === input.actorParticipantId) ?? null
    const recipients = [
      ...live.map(participantRecipient),
      ...meeting.adjutantEmails.map((email) => adjutantRecipient(email, meeting, organizer)),
      ...(actor ? [organizerRecipient(organizer)] : []),
    ]
    await db.batch([
      db
        .update(meetings)
        .set({ startAt: slot.start, endAt: slot.end, sequence: updated.sequence, updatedAt: now })
        .where(eq(meetings.id, meeting.id)),
      ...replanReminders(db, meeting.id, now),
      ...meetingNotices(db, { meeting: updated, organizer, attendees, recipients, kind: 'moved' }, now),
      ...(actor
        ? await organizerNotices(db, env, { event: 'moved', meeting: updated, previousStartAt: meeting.startAt, now })
        : []),
    ])
    return { ok: true, start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() }
  } catch (error) {
    if (error instanceof ActionError) {
      const problems = error.problems.map((p) => ({ ...p, params: p.params as Record<string, string> | undefined }))
      return { ok: false, status: error.status as 400 | 404 | 409, problems }
    }
    throw error
  }
}

/** Asks the host's Durable Object to move the meeting (one writer per host); a refusal becomes an ActionError. */
/**
 * The slot picker's free starts, as the host's Durable Object will re-check them: other clients' ghost holds
 * (live only in the object) are taken too, so the picker never offers a start the move would refuse as taken.
 */
export async function pickerSlots(
  bindings: Bindings,
  db: Db,
  organizerId: string,
  meetingId: string,
  date: string,
  viewerTimeZone: string,
  now: number,
): Promise<RescheduleSlot[]> {
  const holds = await hostLock(bindings, organizerId).activeHolds(now)
  return rescheduleSlots(db, organizerId, meetingId, date, viewerTimeZone, now, holds)
}

export async function rescheduleThroughHost(
  bindings: Bindings,
  organizer: Pick<Organizer, 'id'>,
  meetingId: string,
  start: number,
  actorParticipantId: string | null = null,
) {
  const outcome: RescheduleOutcome = await hostLock(bindings, organizer.id).reschedule({
    ownerId: organizer.id,
    meetingId,
    start,
    actorParticipantId,
  })
  if (!outcome.ok) throw new ActionError(outcome.status, outcome.problems)
  return { start: outcome.start, end: outcome.end }
}

/**
 * A participant moves their own booking: only a meeting they are the sole member of moves as a whole; in a group
 * they cancel and book another slot instead (moving one seat would change other people's meeting).
 */
export async function rescheduleOwnBooking(
  bindings: Bindings,
  db: Db,
  viewer: { id: string; email: string; timeZone: string },
  participantId: string,
  start: number,
) {
  const row = await findOwnParticipation(db, viewer, participantId)
  return rescheduleAsParticipant(bindings, db, row.meeting, row.participant, start)
}

/** Shared with the emailed self-service link. */
export async function rescheduleAsParticipant(
  bindings: Bindings,
  db: Db,
  meeting: MeetingRow,
  participant: ParticipantRow,
  start: number,
) {
  if (participant.role !== 'member' || participant.status !== 'booked') throw notFound()
  const { participants } = await findOwnedMeeting(db, meeting.ownerId, meeting.id)
  const others = participants.filter((p) => p.role === 'member' && p.status === 'booked' && p.id !== participant.id)
  if (others.length > 0) throw new ActionError(400, [{ key: 'meetings:errors.groupMove' }])
  return rescheduleThroughHost(bindings, { id: meeting.ownerId }, meeting.id, start, participant.id)
}
