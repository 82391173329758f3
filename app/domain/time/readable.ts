/**
 * The one way a time is written for a person, the same in emails, pages and notices (ADR 0090): weekday, date,
 * range and the zone's readable name, "чт, 27.11.2026, 15:00–15:45 (Токио)" / "Thu, 27.11.2026, 15:00–15:45
 * (Tokyo)". A range that ends on another day names both days. Never a raw IANA id.
 */
import { zoneName } from '../time-zones/zone-names.ts'
import { type IsoDate, isoWeekday } from './date.ts'
import { isoToDmy } from './format.ts'
import { instantToZoned } from './wall.ts'

const WEEKDAYS: Record<'ru' | 'en', readonly string[]> = {
  ru: ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
}

function weekdays(language: string): readonly string[] {
  return language === 'ru' ? WEEKDAYS.ru : WEEKDAYS.en
}

/** `YYYY-MM-DD` -> "чт, 27.11.2026". */
export function formatDay(date: IsoDate, language: string): string {
  return `${weekdays(language)[isoWeekday(date) - 1]}, ${isoToDmy(date)}`
}

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
