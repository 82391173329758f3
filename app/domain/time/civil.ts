// Proleptic Gregorian calendar arithmetic on integers, without Date objects.
// A calendar date is an "epoch day" (days since 1970-01-01) and a wall-clock
// moment is "local ms" (epoch day * MS_PER_DAY + ms of the day), the same
// numbers Date.UTC would give for those fields. Hot loops (the availability
// engine) work only with these numbers.

export const MS_PER_SECOND = 1_000
export const MS_PER_MINUTE = 60_000
export const MS_PER_HOUR = 3_600_000
export const MS_PER_DAY = 86_400_000
export const MINUTES_PER_DAY = 1_440

export interface CivilDate {
  year: number
  month: number
  day: number
}

// Days from 1970-01-01 to year-month-day, after Howard Hinnant's
// days_from_civil (http://howardhinnant.github.io/date_algorithms.html).
export function epochDayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const monthFromMarch = month > 2 ? month - 3 : month + 9
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

// Inverse of epochDayFromCivil (Hinnant's civil_from_days).
export function civilFromEpochDay(epochDay: number): CivilDate {
  const z = epochDay + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

// ISO weekday, 1 = Monday ... 7 = Sunday. 1970-01-01 was a Thursday.
export function isoWeekdayOfEpochDay(epochDay: number): number {
  return ((((epochDay + 3) % 7) + 7) % 7) + 1
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

export function isValidCivilDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
}

// Floor division that stays correct for instants before 1970.
export function epochDayOfLocalMs(localMs: number): number {
  return Math.floor(localMs / MS_PER_DAY)
}
