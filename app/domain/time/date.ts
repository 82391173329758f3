// Calendar dates as 'YYYY-MM-DD' strings (SPEC §5: the API format; shown as
// DD.MM.YYYY, see format.ts). Years 0000-9999 only, like the date picker's
// 1900-2099 range with room to spare.
import { civilFromEpochDay, daysInMonth, epochDayFromCivil, isValidCivilDate, isoWeekdayOfEpochDay } from './civil.ts'

export type IsoDate = string

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  return match !== null && isValidCivilDate(Number(match[1]), Number(match[2]), Number(match[3]))
}

// 'YYYY-MM-DD' -> days since 1970-01-01. Throws on anything else, including
// impossible dates such as 2027-02-30.
export function epochDayOfIsoDate(date: IsoDate): number {
  const match = ISO_DATE.exec(date)
  const year = match ? Number(match[1]) : Number.NaN
  const month = match ? Number(match[2]) : Number.NaN
  const day = match ? Number(match[3]) : Number.NaN
  if (!isValidCivilDate(year, month, day)) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`)
  return epochDayFromCivil(year, month, day)
}

export function isoDateOfEpochDay(epochDay: number): IsoDate {
  const { year, month, day } = civilFromEpochDay(epochDay)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

export function isoDateOf(year: number, month: number, day: number): IsoDate {
  if (!isValidCivilDate(year, month, day)) throw new RangeError(`Invalid date ${year}-${month}-${day}`)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return isoDateOfEpochDay(epochDayOfIsoDate(date) + days)
}

// Whole days from `from` to `to` (negative when `to` is earlier).
export function diffDays(from: IsoDate, to: IsoDate): number {
  return epochDayOfIsoDate(to) - epochDayOfIsoDate(from)
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return epochDayOfIsoDate(a) - epochDayOfIsoDate(b)
}

// ISO weekday of a date, 1 = Monday ... 7 = Sunday (SPEC §9: week starts Monday).
export function isoWeekday(date: IsoDate): number {
  return isoWeekdayOfEpochDay(epochDayOfIsoDate(date))
}

// Every date from `from` to `to`, both included; empty when `to` < `from`.
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const first = epochDayOfIsoDate(from)
  const last = epochDayOfIsoDate(to)
  const dates: IsoDate[] = []
  for (let day = first; day <= last; day++) dates.push(isoDateOfEpochDay(day))
  return dates
}

// First and last date of a month (month 1-12).
export function monthDates(year: number, month: number): { from: IsoDate; to: IsoDate } {
  return { from: isoDateOf(year, month, 1), to: isoDateOf(year, month, daysInMonth(year, month)) }
}
