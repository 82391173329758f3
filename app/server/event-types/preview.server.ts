/**
 * The organizer's own preview of an event type's free days and slots (SPEC §7 `GET /eventTypes/{id}/days`
 * and `/slots`), computed by the availability engine from the event type and its schedule. Bookings are not
 * stored by this area: the public booking area, which owns them, passes them in through `bookings`.
 */
import {
  type ExistingBooking,
  computeSlots,
  daysWithSlots,
  eventTypeRulesFromSpec,
  scheduleRangeForViewerDates,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from '#app/domain/availability/index.ts'
import { toEngineSchedule } from '#app/domain/schedules/editing.ts'
import { formatUtcInstant, isoDateOf, isoToDmy } from '#app/domain/time/index.ts'
import type { Db } from '../db.server.ts'
import { datedAdjustments, getSchedule } from '../schedules/schedules.server.ts'
import { getEventType } from './event-types.server.ts'

type PreviewOptions = { now: number; viewerTimeZone: string | null; bookings?: readonly ExistingBooking[] }

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
  const slots = computeSlots({
    now: options.now,
    range: scheduleRangeForViewerMonth(viewerZone, year, month, schedule.timeZone),
    schedule,
    eventType: rules,
    bookings: options.bookings ?? [],
    busy: [],
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
  const slots = computeSlots({
    now: options.now,
    range: scheduleRangeForViewerDates({ timeZone: viewerZone, from: iso, to: iso }, schedule.timeZone),
    schedule,
    eventType: rules,
    bookings: options.bookings ?? [],
    busy: [],
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
