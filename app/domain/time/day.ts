/**
 * A date as a person reads it, "чт, 26.11.2026" / "Thu, 26.11.2026" (the weekday tables of readable.ts, kept apart
 * so a page can write a day without the zone names).
 */
import { type IsoDate, isoWeekday } from './date.ts'
import { isoToDmy } from './format.ts'

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
