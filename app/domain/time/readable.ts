/**
 * The one way a time is written for a person, the same in emails, pages and notices (ADR 0090): weekday, date,
 * range and the zone's readable name, "чт, 27.11.2026, 15:00–15:45 (Токио)" / "Thu, 27.11.2026, 15:00–15:45
 * (Tokyo)". A range that ends on another day names both days. Never a raw IANA id.
 */
import { zoneName } from '../time-zones/zone-names.ts'
import type { IsoDate } from './date.ts'
import { formatDay } from './day.ts'
import { type ZonedDateTime, instantToZoned } from './wall.ts'

export { formatDay }

/** The zone's readable name ("Токио"); re-exported so callers need only this module. */
export { zoneName }

/** "чт, 27.11.2026, 15:00–15:45"; over midnight "чт, 27.11.2026, 23:30 – пт, 28.11.2026, 00:15". */
function daysAndTimes(start: ZonedDateTime, end: ZonedDateTime, language: string): string {
  return start.date === end.date
    ? `${formatDay(start.date, language)}, ${start.time}–${end.time}`
    : `${formatDay(start.date, language)}, ${start.time} – ${formatDay(end.date, language)}, ${end.time}`
}

/** "чт, 27.11.2026, 15:00–15:45 (Токио)"; over midnight "чт, 27.11.2026, 23:30 – пт, 28.11.2026, 00:15 (Токио)". */
export function formatWhen(range: { start: number; end: number }, zone: string, language: string): string {
  return `${daysAndTimes(instantToZoned(zone, range.start), instantToZoned(zone, range.end), language)} (${zoneName(zone, language)})`
}

/**
 * A range written beside a day and zone the page already names (a meeting card's): "10:00–11:00" within that day,
 * otherwise with its days, "пн, 30.11.2026, 23:30 – вт, 01.12.2026, 00:15" (an all-day event, another day).
 */
export function formatRangeOn(range: { start: number; end: number }, zone: string, language: string, day: IsoDate) {
  const start = instantToZoned(zone, range.start)
  const end = instantToZoned(zone, range.end)
  return start.date === day && end.date === day ? `${start.time}–${end.time}` : daysAndTimes(start, end, language)
}

/** One instant: "чт, 27.11.2026, 15:00 (Токио)". */
export function formatMoment(at: number, zone: string, language: string): string {
  const zoned = instantToZoned(zone, at)
  return `${formatDay(zoned.date, language)}, ${zoned.time} (${zoneName(zone, language)})`
}
