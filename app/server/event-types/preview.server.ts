/**
 * The organizer's own preview of an event type's free days and slots (SPEC §7 `GET /eventTypes/{id}/days`
 * and `/slots`), computed by the availability engine from the event type and its schedule, with the host's
 * live meetings as the booking area loads them (app/server/booking/availability.server.ts).
 */
import {
  computeSlots,
  daysWithSlots,
  eventTypeRulesFromSpec,
  scheduleRangeForViewerDates,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from '#app/domain/availability/index.ts'
import { toEngineSchedule } from '#app/domain/schedules/editing.ts'
import { eq } from 'drizzle-orm'
import { schedules, users } from '#db/schema.ts'
import { bookingsFor, loadCalendar } from '../booking/availability.server.ts'
import { formatUtcInstant, isoDateOf, isoToDmy } from '#app/domain/time/index.ts'
import type { Db } from '../db.server.ts'
import { pausedOf } from '../booking/views.server.ts'
import { refuse } from '../refusal.server.ts'
import { datedAdjustments, getSchedule } from '../schedules/schedules.server.ts'
import { getEventType, getEventTypeRow } from './event-types.server.ts'

type PreviewOptions = {
  now: number
  viewerTimeZone: string | null
  /**
   * A meeting of the host being moved (SPEC §7 `companyEventId`, ADR 0101): it does not hold its own time, so the
   * slots it could move to (its own included, with its seats free again) are shown.
   */
  excludeMeetingId?: string
}

/**
 * The host's live meetings over the schedule dates, as engine bookings, and the busy times of the host's calendars
 * (holds stay with the public flow). An event type the host's plan pauses has no free time to preview: the same
 * refusal as its public days and slots (ADR 0097).
 */
async function liveBookings(
  db: Db,
  ownerId: string,
  id: string,
  range: { from: string; to: string },
  excludeMeetingId?: string,
) {
  const eventType = await getEventTypeRow(db, ownerId, id)
  const [[host], [schedule]] = await Promise.all([
    db.select().from(users).where(eq(users.id, ownerId)).limit(1),
    db.select().from(schedules).where(eq(schedules.id, eventType.scheduleId)).limit(1),
  ])
  const paused = pausedOf({ host, eventType })
  if (paused) refuse('bookingPaused', undefined, { capability: paused })
  const calendar = await loadCalendar(db, { host, eventType, schedule }, range)
  const meetings = calendar.meetings.filter((meeting) => meeting.id !== excludeMeetingId)
  return { bookings: bookingsFor(eventType.id, meetings, []), busy: calendar.busy }
}

async function engineInput(db: Db, ownerId: string, id: string) {
  const eventType = await getEventType(db, ownerId, id)
  const schedule = await getSchedule(db, ownerId, eventType.scheduleId)
  return {
    schedule: toEngineSchedule({ ...schedule, adjustments: datedAdjustments(schedule) }),
    rules: eventTypeRulesFromSpec(eventType),
  }
}

/** The viewer's dates (`DD.MM.YYYY`) of a month with at least one free slot. */
export async function organizerDays(
  db: Db,
  ownerId: string,
  id: string,
  year: number,
  month: number,
  options: PreviewOptions,
) {
  const { schedule, rules } = await engineInput(db, ownerId, id)
  const viewerZone = options.viewerTimeZone ?? schedule.timeZone
  const range = scheduleRangeForViewerMonth(viewerZone, year, month, schedule.timeZone)
  const slots = computeSlots({
    now: options.now,
    range,
    schedule,
    eventType: rules,
    ...(await liveBookings(db, ownerId, id, range)),
  })
  return daysWithSlots(slots, viewerZone, year, month).map(isoToDmy)
}

/** A viewer date's free slots, API-CONTRACT.md shape `{ day, from, to, start, end, seatsLeft }`. */
export async function organizerSlots(
  db: Db,
  ownerId: string,
  id: string,
  date: { year: number; month: number; day: number },
  options: PreviewOptions,
) {
  const { schedule, rules } = await engineInput(db, ownerId, id)
  const viewerZone = options.viewerTimeZone ?? schedule.timeZone
  const iso = isoDateOf(date.year, date.month, date.day)
  const range = scheduleRangeForViewerDates({ timeZone: viewerZone, from: iso, to: iso }, schedule.timeZone)
  const slots = computeSlots({
    now: options.now,
    range,
    schedule,
    eventType: rules,
    ...(await liveBookings(db, ownerId, id, range, options.excludeMeetingId)),
  })
  return slotsOfViewerDay(slots, viewerZone, iso).map((slot) => ({
    day: isoToDmy(iso),
    from: slot.from,
    to: slot.to,
    start: formatUtcInstant(slot.start),
    end: formatUtcInstant(slot.end),
    seatsLeft: slot.seatsLeft,
  }))
}
