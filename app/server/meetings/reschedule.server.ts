/**
 * Change time (SPEC §4): the slot picker and the move itself. Slots come only from the availability engine
 * (app/domain/availability via the booking module's calendar loader); the meeting being moved does not block
 * itself. The move runs inside the host's Durable Object (commands.server.ts `reschedule`), so it is serialised with
 * holds and bookings of the same host and re-checked against them.
 */
import { and, eq } from 'drizzle-orm'
import { decideReschedule, isLive } from '#app/domain/commands/meetings.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import { type IsoDate, instantToZoned } from '#app/domain/time/index.ts'
import {
  type HoldInterval,
  type PublicEventContext,
  bookingsFor,
  findEventTypeById,
  loadCalendar,
  rulesOf,
  scheduleOf,
} from '#app/server/booking/availability.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { oneTimeEvents } from '#db/schema.ts'
import {
  type Slot,
  computeSlots,
  daysWithSlots,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from '#app/domain/availability/index.ts'
import type { AppEnv, Bindings } from '#app/server/env.server.ts'
import { hostLock } from '#app/server/booking/host-lock-client.server.ts'
import { type OverlapItem, freeTimeCheck } from '#app/server/one-time/create.server.ts'
import { applyMeetingEvents, organizerOf } from './actions.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { Refused } from '#app/server/refusal.server.ts'
import { conflictRefusal } from '#app/domain/commands/one-time.ts'
import { type MeetingRow, type ParticipantRow, findOwnedMeeting } from './meetings.server.ts'
import { changeNoticeMinutes } from './notice.server.ts'

export type RescheduleSlot = { start: string; end: string; date: string; from: string; to: string }

async function contextOf(db: Db, meeting: MeetingRow) {
  if (!meeting.eventTypeId) return null
  return findEventTypeById(db, meeting.ownerId, meeting.eventTypeId)
}

/**
 * Free starts for the whole meeting on a schedule date: every seat of the slot must be free, because the meeting
 * (with all its participants) moves there. Times are shown in the viewer's zone.
 */
async function rescheduleSlots(
  db: Db,
  asked: { organizerId: string; meetingId: string; date: string; viewerTimeZone: string },
  now: number,
  holds: readonly HoldInterval[],
): Promise<RescheduleSlot[]> {
  const { organizerId, meetingId, date, viewerTimeZone } = asked
  const { meeting } = await findOwnedMeeting(db, organizerId, meetingId)
  const context = await contextOf(db, meeting)
  if (!context) return []
  const slots = await moveSlots(db, context, meeting, { from: date, to: date }, holds, now)
  return slots.map((slot) => {
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

/**
 * The engine's free slots of schedule dates `range` the whole meeting can move to: every seat free (all its
 * participants move), the meeting itself not blocking, and not its present start.
 */
async function moveSlots(
  db: Db,
  context: PublicEventContext,
  meeting: MeetingRow,
  range: { from: IsoDate; to: IsoDate },
  holds: readonly HoldInterval[],
  now: number,
): Promise<Slot[]> {
  const calendar = await loadCalendar(db, context, range)
  const others = calendar.meetings.filter((m) => m.id !== meeting.id)
  const rules = rulesOf(context.eventType)
  const slots = computeSlots({
    now,
    range,
    schedule: scheduleOf(context.schedule, calendar.adjustments),
    eventType: rules,
    bookings: bookingsFor(context.eventType.id, others, holds),
    busy: calendar.busy,
  })
  return slots.filter((slot) => slot.seatsLeft >= rules.seats && slot.start !== meeting.startAt)
}

/**
 * The move calendar of the guest's manage page (issue 18: "the days with free time, a calendar, not a typed date"):
 * the viewer's month with the days the meeting can move to, and the chosen day's starts (default: the first free
 * day), in the viewer's zone; other clients' live holds are taken, as the host's object will re-check them.
 */
export async function moveCalendar(
  bindings: Bindings,
  db: Db,
  meeting: MeetingRow,
  viewerTimeZone: string,
  month: { year: number; month: number },
  dateParam: string | null,
  now: number,
) {
  const context = await contextOf(db, meeting)
  if (!context) return null
  const range = scheduleRangeForViewerMonth(viewerTimeZone, month.year, month.month, context.schedule.timeZone)
  const holds = await hostLock(bindings, meeting.ownerId).activeHolds(now)
  const slots = await moveSlots(db, context, meeting, range, holds, now)
  const days = daysWithSlots(slots, viewerTimeZone, month.year, month.month)
  const date = dateParam && days.includes(dateParam as IsoDate) ? (dateParam as IsoDate) : (days[0] ?? null)
  return {
    ...month,
    days,
    date,
    slots: date
      ? slotsOfViewerDay(slots, viewerTimeZone, date).map((slot) => ({
          start: new Date(slot.start).toISOString(),
          from: slot.from,
          to: slot.to,
        }))
      : [],
  }
}

/**
 * The move calendar's month (the guest's manage page and the signed-in participant's page): the asked one, or, opened
 * without one, the first of this month and the next two that has a free day (like the event page).
 */
export async function moveMonth(
  find: (month: { year: number; month: number }) => ReturnType<typeof moveCalendar>,
  /** The address's month (`monthOf`): absent (null) or malformed (undefined) starts from `current`. */
  asked: { year: number; month: number } | null | undefined,
  current: { year: number; month: number },
) {
  let calendar = await find(asked ?? current)
  for (let ahead = 1; !asked && calendar && calendar.days.length === 0 && ahead <= 2; ahead++) {
    const index = current.year * 12 + current.month - 1 + ahead
    const later = await find({ year: Math.floor(index / 12), month: (index % 12) + 1 })
    if (later && later.days.length > 0) calendar = later
  }
  return calendar
}

/** A refusal of the move; an overlap keeps what it found for the "Move anyway?" question (one-time meetings). */
export type RescheduleConflict = { overlaps: OverlapItem[]; busyEmails: string[] }

/**
 * Moves the whole meeting (inside the host's Durable Object). A meeting of an event type keeps its duration and must
 * land on a free engine slot; a one-time meeting takes any future `start`-`end` (at most 23 hours, SPEC §5) that, with
 * its buffers, overlaps none of the host's other live meetings or holds and finds no invitee busy, unless
 * `ignoreOverlap` (the "Move anyway?" answer, like creation's `ignoreFreeTimeCheck`). Everyone still invited gets the
 * updated ICS (SEQUENCE raised), reminders are re-planned; a participant's move also tells the organizer, by name.
 * Participants move only meetings of an event type, and only their own (sole member); a one-time meeting's time is the
 * organizer's to choose.
 */
export async function rescheduleMeeting(
  db: Db,
  env: AppEnv,
  input: {
    ownerId: string
    meetingId: string
    start: number
    end?: number | null
    ignoreOverlap?: boolean
    actorParticipantId: string | null
  },
  holds: readonly (HoldInterval & { companyEventId?: string })[],
  now: number,
): Promise<Outcome<{ start: string; end: string }>> {
  const snapshot = await findOwnedMeeting(db, input.ownerId, input.meetingId)
  const { meeting } = snapshot
  const context = await contextOf(db, meeting)
  // The minimum notice binds the participant only (one D1 read, only when a participant asks).
  const noticeMinutes = input.actorParticipantId ? await changeNoticeMinutes(db, meeting) : 0
  const decision = decideReschedule(input, { ...snapshot, noticeMinutes, typed: context !== null }, now)
  if (!decision.ok) return decision
  const { actor, moved } = decision.value
  const slot = { start: decision.value.start, end: decision.value.end }
  if (context) {
    const date = instantToZoned(context.schedule.timeZone, slot.start).date
    const asked = { organizerId: input.ownerId, meetingId: meeting.id, date, viewerTimeZone: context.schedule.timeZone }
    const free = await rescheduleSlots(db, asked, now, holds)
    if (!free.some((s) => Date.parse(s.start) === slot.start && Date.parse(s.end) === slot.end)) {
      return { ok: false, refusal: refusal('meetingSlotTaken') }
    }
  } else if (!input.ignoreOverlap) {
    const found = await oneTimeOverlaps(db, snapshot, slot, holds)
    const refused = conflictRefusal(found)
    if (refused) return { ok: false, refusal: refused }
  }
  const organizer = await organizerOf(db, input.ownerId)
  await applyMeetingEvents(db, env, { snapshots: [snapshot], organizer, actor, now }, [moved])
  return { ok: true, value: { start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() } }
}

/** What a one-time meeting's new time overlaps (with its buffers): the host's other meetings and holds, busy invitees. */
async function oneTimeOverlaps(
  db: Db,
  { meeting, participants }: { meeting: MeetingRow; participants: ParticipantRow[] },
  slot: { start: number; end: number },
  holds: readonly (HoldInterval & { companyEventId?: string })[],
) {
  const [settings] = await db
    .select({ before: oneTimeEvents.timeBeforeMinutes, after: oneTimeEvents.timeAfterMinutes })
    .from(oneTimeEvents)
    .where(and(eq(oneTimeEvents.id, meeting.id), eq(oneTimeEvents.ownerId, meeting.ownerId)))
    .limit(1)
  const emails = [...participants.filter(isLive).map((p) => p.email), ...meeting.adjutantEmails]
  const form = { getTimeBeforeValue: settings?.before ?? null, getTimeAfterValue: settings?.after ?? null }
  return freeTimeCheck(db, meeting.ownerId, [slot], { form }, emails, holds, meeting.id)
}

/** The one-time move found the time taken: 409 with what is in the way (SPEC §4 "Book anyway?"). */
export class RescheduleOverlap extends Refused {
  constructor(readonly conflict: RescheduleConflict) {
    super(conflictRefusal(conflict) ?? refusal('timeOverlap'))
  }
}

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
  return rescheduleSlots(db, { organizerId, meetingId, date, viewerTimeZone }, now, holds)
}
