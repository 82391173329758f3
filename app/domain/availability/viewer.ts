// Grouping slots for the public booking page, which shows them in the
// viewer's zone (SPEC §3 slots filter: year, month, day, timezone). The engine
// works in schedule-zone dates, so a viewer's month usually needs a slightly
// different span of schedule dates: scheduleRangeForViewerMonth gives it.
import {
  MS_PER_DAY,
  MS_PER_MINUTE,
  type IsoDate,
  type ZoneClock,
  createZoneClock,
  epochDayOfIsoDate,
  epochDayOfLocalMs,
  formatHm,
  instantToZoned,
  isoDateOfEpochDay,
  monthDates,
} from '../time/index.ts'
import type { Slot } from './types.ts'

export interface ViewerSlot extends Slot {
  // Wall-clock 'HH:mm' of start and end in the viewer's zone; `to` reads
  // '00:30' for a slot ending after midnight.
  from: string
  to: string
}

// Viewer dates of the month (1-12) holding at least one slot, ascending.
export function daysWithSlots(slots: readonly Slot[], viewerTimeZone: string, year: number, month: number): IsoDate[] {
  const { from, to } = monthDates(year, month)
  const firstDay = epochDayOfIsoDate(from)
  const lastDay = epochDayOfIsoDate(to)
  const clock = viewerClock(viewerTimeZone, firstDay, lastDay)
  const days = new Set<number>()
  for (const slot of slots) {
    const day = viewerDayOf(clock, slot.start, firstDay, lastDay)
    if (day !== null) days.add(day)
  }
  return [...days].sort((a, b) => a - b).map(isoDateOfEpochDay)
}

// Slots starting on a viewer date, sorted, with viewer wall-clock times.
export function slotsOfViewerDay(slots: readonly Slot[], viewerTimeZone: string, date: IsoDate): ViewerSlot[] {
  const day = epochDayOfIsoDate(date)
  const clock = viewerClock(viewerTimeZone, day, day)
  const result: ViewerSlot[] = []
  for (const slot of slots) {
    if (viewerDayOf(clock, slot.start, day, day) === null) continue
    result.push({ ...slot, from: wallTime(clock, slot.start), to: wallTime(clock, slot.end) })
  }
  return result.sort((a, b) => a.start - b.start)
}

// The schedule-zone dates whose slots can start on the viewer dates from..to:
// the range to pass to computeSlots before grouping with the functions above.
export function scheduleRangeForViewerDates(
  viewer: { timeZone: string; from: IsoDate; to: IsoDate },
  scheduleTimeZone: string,
): { from: IsoDate; to: IsoDate } {
  const firstDay = epochDayOfIsoDate(viewer.from)
  const lastDay = epochDayOfIsoDate(viewer.to)
  const clock = viewerClock(viewer.timeZone, firstDay, lastDay)
  const firstInstant = clock.toInstant(firstDay * MS_PER_DAY)
  const afterLastInstant = clock.toInstant((lastDay + 1) * MS_PER_DAY)
  return {
    from: instantToZoned(scheduleTimeZone, firstInstant).date,
    to: instantToZoned(scheduleTimeZone, afterLastInstant - 1).date,
  }
}

export function scheduleRangeForViewerMonth(
  viewerTimeZone: string,
  year: number,
  month: number,
  scheduleTimeZone: string,
): { from: IsoDate; to: IsoDate } {
  return scheduleRangeForViewerDates({ timeZone: viewerTimeZone, ...monthDates(year, month) }, scheduleTimeZone)
}

function viewerClock(timeZone: string, firstDay: number, lastDay: number): ZoneClock {
  return createZoneClock(timeZone, (firstDay - 1) * MS_PER_DAY, (lastDay + 2) * MS_PER_DAY)
}

// The viewer date of an instant if it is one of firstDay..lastDay. Instants
// more than a day away cannot be, and are skipped before any offset lookup.
function viewerDayOf(clock: ZoneClock, instant: number, firstDay: number, lastDay: number): number | null {
  if (instant < (firstDay - 1) * MS_PER_DAY || instant >= (lastDay + 2) * MS_PER_DAY) return null
  const day = epochDayOfLocalMs(clock.toLocal(instant))
  return day >= firstDay && day <= lastDay ? day : null
}

// formatHm wraps whole minutes of local ms to the time of day.
function wallTime(clock: ZoneClock, instant: number): string {
  return formatHm(Math.floor(clock.toLocal(instant) / MS_PER_MINUTE))
}
