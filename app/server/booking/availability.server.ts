/**
 * What the public booking flow reads: the host, the public event type with its schedule, and the host's
 * calendar (adjustments and live meetings) for a range, turned into engine input. The availability engine
 * (app/domain/availability) is the only place slot rules live; this file only loads and maps.
 *
 * Reads per event page: one SELECT (host + event type + schedule), then one D1 batch (adjustments, meetings).
 */
import { and, eq, gt, inArray, lt, ne, notExists, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/sqlite-core'
import {
  type EventTypeRules,
  type Interval,
  type MinuteInterval,
  type Schedule,
  type Slot,
  computeSlots,
  minimumNoticeFromSpec,
} from '#app/domain/availability/index.ts'
import {
  type EventCalendar,
  type HoldInterval,
  type LiveMeeting,
  engineBookings,
} from '#app/domain/commands/calendar.ts'
import type { PlanGate } from '#app/domain/commands/booking.ts'
import { fullSlots } from '#app/domain/waitlist/waitlist.ts'
import { type IsoDate, MS_PER_DAY, addDays, instantToZoned, parseHm, startOfZonedDay } from '#app/domain/time/index.ts'
import {
  calendarBusy,
  calendarEventLinks,
  calendarIntegrations,
  eventTypes,
  integrationCalendars,
  meetings,
  scheduleAdjustments,
  schedules,
  users,
} from '#db/schema.ts'
import { withCalendarOf } from '../calendars/calendar-of.server.ts'
import type { Db } from '../db.server.ts'

export type HostRow = Pick<
  typeof users.$inferSelect,
  'id' | 'login' | 'firstName' | 'lastName' | 'description' | 'imageKey' | 'timeZone' | 'email' | 'culture' | 'plan'
>
export type EventTypeRow = typeof eventTypes.$inferSelect
export type ScheduleRow = typeof schedules.$inferSelect

export type PublicEventContext = { host: HostRow; eventType: EventTypeRow; schedule: ScheduleRow }

/** A hold of the host's Durable Object, and a live meeting, as the engine sees them (app/domain/commands). */
export type { HoldInterval, LiveMeeting }

const hostColumns = {
  id: users.id,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  description: users.description,
  imageKey: users.imageKey,
  timeZone: users.timeZone,
  email: users.email,
  culture: users.culture,
  /** The plan in force: what it pauses of the public pages is computed from it (app/domain/plans.ts). */
  plan: users.plan,
}

export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase()
}

/** A public event type: active and shown on the specialist page (hidden, disabled or deleted answer null). */
export function isPublicEventType(eventType: EventTypeRow): boolean {
  return eventType.isActive && eventType.isShowOnSpecialistPage
}

export async function findHost(db: Db, login: string): Promise<HostRow | null> {
  const [host] = await db
    .select(hostColumns)
    .from(users)
    .where(eq(users.login, normalizeLogin(login)))
    .limit(1)
  return host ?? null
}

/** The host page (SPEC §3 "Public user"): the host and the public event types, in one query each. */
export async function findPublicHost(db: Db, login: string) {
  const host = await findHost(db, login)
  if (!host) return null
  const list = await db
    .select()
    .from(eventTypes)
    .where(
      and(eq(eventTypes.ownerId, host.id), eq(eventTypes.isActive, true), eq(eventTypes.isShowOnSpecialistPage, true)),
    )
    .orderBy(eventTypes.createdAt, eventTypes.name)
  return { host, eventTypes: list }
}

export async function findPublicEventType(db: Db, login: string, link: string): Promise<PublicEventContext | null> {
  const [row] = await db
    .select({ host: hostColumns, eventType: eventTypes, schedule: schedules })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.ownerId))
    .innerJoin(schedules, eq(schedules.id, eventTypes.scheduleId))
    .where(and(eq(users.login, normalizeLogin(login)), eq(eventTypes.link, link.trim().toLowerCase())))
    .limit(1)
  if (!row || !isPublicEventType(row.eventType)) return null
  return row
}

/** The same context by ids (the Durable Object re-reads it on each write). */
export async function findEventTypeById(db: Db, ownerId: string, eventTypeId: string) {
  const row = await eventTypeContext(db, ownerId, eventTypeId)
  return row && isPublicEventType(row.eventType) ? row : null
}

/** The owner's event type with its host and schedule, public or not (a stored booking's confirmation needs it). */
export async function eventTypeContext(
  db: Db,
  ownerId: string,
  eventTypeId: string,
): Promise<PublicEventContext | null> {
  const [row] = await db
    .select({ host: hostColumns, eventType: eventTypes, schedule: schedules })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.ownerId))
    .innerJoin(schedules, eq(schedules.id, eventTypes.scheduleId))
    .where(and(eq(eventTypes.ownerId, ownerId), eq(eventTypes.id, eventTypeId)))
    .limit(1)
  return row ?? null
}

/** What a booking of this event type is decided on about the host's plan (app/domain/commands/booking.ts). */
export function planGate(context: PublicEventContext): PlanGate {
  return { plan: context.host.plan, participantType: context.eventType.participantType }
}

export function seatsOf(eventType: Pick<EventTypeRow, 'participantType' | 'totalSeats'>): number {
  return eventType.participantType.startsWith('Group') ? Math.max(1, eventType.totalSeats) : 1
}

export function rulesOf(eventType: EventTypeRow): EventTypeRules {
  const start = eventType.recordIsOpenPeriodStart
  const end = eventType.recordIsOpenPeriodEnd
  return {
    durationMinutes: eventType.durationInMinutes,
    stepMinutes: eventType.stepMinutes || eventType.durationInMinutes,
    beforeMinutes: eventType.timeBeforeMinutes ?? 0,
    afterMinutes: eventType.timeAfterMinutes ?? 0,
    minimumNoticeMinutes: minimumNoticeFromSpec(eventType.whenClosesValue, eventType.whenClosesType),
    window:
      eventType.recordIsOpenType === 'Period' && start && end
        ? { type: 'Period', start, end }
        : { type: 'NoRestrictions' },
    maxPerDay: eventType.maximumRecordsPerDay,
    seats: seatsOf(eventType),
  }
}

function minutesInterval(interval: { start: string; end: string }): MinuteInterval {
  return [parseHm(interval.start), parseHm(interval.end)]
}

export function scheduleOf(schedule: ScheduleRow, adjustments: (typeof scheduleAdjustments.$inferSelect)[]): Schedule {
  const weekly: Record<number, MinuteInterval[]> = {}
  for (const day of schedule.weekly) weekly[day.weekday] = day.intervals.map(minutesInterval)
  const byDate: Record<IsoDate, MinuteInterval[] | 'dayOff'> = {}
  for (const adjustment of adjustments) {
    byDate[adjustment.date] = adjustment.isDayOff ? 'dayOff' : adjustment.intervals.map(minutesInterval)
  }
  return { timeZone: schedule.timeZone, weekly, adjustments: byDate }
}

/** Instants that surely cover every slot (and its buffers) of schedule dates from..to. */
export function instantSpan(timeZone: string, range: { from: IsoDate; to: IsoDate }) {
  return {
    from: startOfZonedDay(timeZone, range.from) - MS_PER_DAY,
    to: startOfZonedDay(timeZone, addDays(range.to, 1)) + MS_PER_DAY,
  }
}

/**
 * Adjustments of the schedule, the host's live meetings and the busy times synced from the host's calendars around
 * the range, in one D1 round trip of two statements: busy times come in the meetings' statement (UNION ALL), so the
 * event page stays at three statements with calendars connected. A busy time counts when its calendar blocks time,
 * its integration is active, and it is not one of our own meetings written to that calendar (recognised by UID).
 */
export async function loadCalendar(db: Db, context: PublicEventContext, range: { from: IsoDate; to: IsoDate }) {
  const span = instantSpan(context.schedule.timeZone, range)
  // Written out: inside a one-table select drizzle leaves column names unqualified, which the subquery would misread.
  const seats = sql<number>`(SELECT count(*) FROM meeting_participants mp WHERE mp.meeting_id = meetings.id AND mp.status = 'booked' AND mp.role = 'member')`
  const live = db
    .select({
      id: meetings.id,
      eventTypeId: meetings.eventTypeId,
      startAt: meetings.startAt,
      endAt: meetings.endAt,
      seatsTaken: seats,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.ownerId, context.host.id),
        eq(meetings.status, 'upcoming'),
        lt(meetings.startAt, span.to),
        gt(meetings.endAt, span.from),
      ),
    )
  const busyRows = db
    .select({
      id: sql<string>`${BUSY_ID_PREFIX} || ${calendarBusy.id}`,
      eventTypeId: sql<string | null>`NULL`,
      startAt: calendarBusy.startAt,
      endAt: calendarBusy.endAt,
      seatsTaken: sql<number>`1`,
    })
    .from(calendarBusy)
    .$dynamic()
  const busy = withCalendarOf(busyRows, calendarBusy.calendarId).where(
    and(
      eq(calendarBusy.ownerId, context.host.id),
      lt(calendarBusy.startAt, span.to),
      gt(calendarBusy.endAt, span.from),
      busyCounts(db),
    ),
  )
  const [adjustments, rows] = await db.batch([
    db
      .select()
      .from(scheduleAdjustments)
      .where(
        and(
          eq(scheduleAdjustments.scheduleId, context.schedule.id),
          inArray(scheduleAdjustments.date, datesAround(range)),
        ),
      ),
    unionAll(live, busy),
  ])
  const meetingRows: LiveMeeting[] = []
  const busyTimes: Interval[] = []
  for (const row of rows as LiveMeeting[]) {
    if (row.id.startsWith(BUSY_ID_PREFIX)) busyTimes.push({ start: row.startAt, end: row.endAt })
    else meetingRows.push(row)
  }
  return { adjustments, meetings: meetingRows, busy: busyTimes }
}

/**
 * When a synced busy time counts (issue 14), for a select of `calendar_busy` inner-joined to its calendar
 * (`integration_calendars`) and that calendar's integration (`calendar_integrations`) by withCalendarOf: the calendar blocks time, the
 * integration is active, and the busy time is not one of our own meetings written to a calendar (recognised by UID).
 * Slots (loadCalendar) and the meetings' conflicts (app/server/meetings/conflicts.server.ts) read the same rule, so a
 * meeting shows a conflict exactly with what would have removed its slot.
 */
export function busyCounts(db: Db) {
  return and(
    eq(integrationCalendars.isBusySource, true),
    eq(calendarIntegrations.isActive, true),
    notExists(
      db
        .select({ one: sql`1` })
        .from(calendarEventLinks)
        .where(and(eq(calendarEventLinks.uid, calendarBusy.uid), ne(calendarBusy.uid, ''))),
    ),
  )
}

/** Marks the busy rows among the meetings of loadCalendar's one statement (meeting ids are UUIDs: never this). */
const BUSY_ID_PREFIX = 'busy:'

function datesAround(range: { from: IsoDate; to: IsoDate }): IsoDate[] {
  const dates: IsoDate[] = []
  for (let date = addDays(range.from, -1); date <= addDays(range.to, 1); date = addDays(date, 1)) dates.push(date)
  return dates
}

/** Engine bookings of the host's live meetings and the holds given (app/domain/commands/calendar.ts). */
export const bookingsFor = engineBookings

/**
 * The snapshot a booking or hold of this event type is decided on: its engine rules and schedule, and the host's
 * live meetings around the slots' dates (one D1 round trip; none for no slots).
 */
export async function eventCalendar(
  db: Db,
  context: PublicEventContext,
  slots: readonly { start: number }[],
): Promise<EventCalendar> {
  const dates = slots.map((s) => instantToZoned(context.schedule.timeZone, s.start).date).sort()
  const calendar =
    dates.length > 0
      ? await loadCalendar(db, context, { from: dates[0], to: dates[dates.length - 1] })
      : { adjustments: [], meetings: [], busy: [] }
  return {
    eventTypeId: context.eventType.id,
    schedule: scheduleOf(context.schedule, calendar.adjustments),
    rules: rulesOf(context.eventType),
    live: calendar.meetings,
    busy: calendar.busy,
  }
}

/** What the availability engine is asked for the range: the schedule, the rules, the taken seats and the busy times. */
function slotInput(
  context: PublicEventContext,
  calendar: Awaited<ReturnType<typeof loadCalendar>>,
  holds: readonly HoldInterval[],
  range: { from: IsoDate; to: IsoDate },
  now: number,
) {
  return {
    now,
    range,
    schedule: scheduleOf(context.schedule, calendar.adjustments),
    eventType: rulesOf(context.eventType),
    bookings: bookingsFor(context.eventType.id, calendar.meetings, holds),
    busy: calendar.busy,
  }
}

type SlotQuery = Parameters<typeof slotInput>

export function freeSlots(...query: SlotQuery): Slot[] {
  return computeSlots(slotInput(...query))
}

/**
 * The slots of the range whose every seat is taken, with a live meeting: a group event type's page offers their
 * waitlist (docs/decisions/0108-waitlist.md). None for a one-seat event type.
 */
export function waitlistSlots(...query: SlotQuery): Slot[] {
  const [context, calendar] = query
  if (!context.eventType.participantType.startsWith('Group') || seatsOf(context.eventType) < 2) return []
  const live = new Set(calendar.meetings.filter((m) => m.eventTypeId === context.eventType.id).map((m) => m.startAt))
  return fullSlots(slotInput(...query), live).map((slot) => ({ ...slot, seatsLeft: 0 }))
}
