/**
 * The one way a time is written for a person, the same in emails, pages and notices (ADR 0090): weekday, date,
 * range and the zone's readable name, "чт, 27.11.2026, 15:00–15:45 (Токио)" / "Thu, 27.11.2026, 15:00–15:45
 * (Tokyo)". A range that ends on another day names both days. Never a raw IANA id.
 */
import { zoneName } from '../time-zones/zone-names.ts'
import { formatDay } from './day.ts'
import { instantToZoned } from './wall.ts'

export { formatDay }

/** The zone's readable name ("Токио"); re-exported so callers need only this module. */
export { zoneName }

/** "чт, 27.11.2026, 15:00–15:45 (Токио)"; over midnight "чт, 27.11.2026, 23:30 – пт, 28.11.2026, 00:15 (Токио)". */
export function formatWhen(range: { start: number; end: number }, zone: string, language: string): string {
  const start = instantToZoned(zone, range.start)
  const end = instantToZoned(zone, range.end)
  const times =
    start.date === end.date
      ? `${formatDay(start.date, language)}, ${start.time}–${end.time}`
      : `${formatDay(start.date, language)}, ${start.time} – ${formatDay(end.date, language)}, ${end.time}`
  return `${times} (${zoneName(zone, language)})`
}

/** One instant: "чт, 27.11.2026, 15:00 (Токио)". */
export function formatMoment(at: number, zone: string, language: string): string {
  const zoned = instantToZoned(zone, at)
  return `${formatDay(zoned.date, language)}, ${zoned.time} (${zoneName(zone, language)})`
}
