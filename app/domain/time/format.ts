// Text forms used across the product: 'HH:mm' times of day, 'DD.MM.YYYY'
// dates of the JSON API and the UI (SPEC §3 recordIsOpenPeriodStart/End,
// SPEC §9 date format dd.MM.yyyy) and 'YYYY-MM-DDTHH:MM:SSZ' instants of the
// scenario contract (tests/fixtures/scenarios/README.md).
import {
  MINUTES_PER_DAY,
  MS_PER_DAY,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  civilFromEpochDay,
  epochDayFromCivil,
  isValidCivilDate,
} from './civil.ts'
import { type IsoDate, isIsoDate } from './date.ts'

const HOURS_MINUTES = /^(\d{2}):(\d{2})$/
const DAY_MONTH_YEAR = /^(\d{2})\.(\d{2})\.(\d{4})$/
const UTC_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value)
}

// 'HH:mm' -> minute of the day. The scenario README: times run from 00:00 to
// 23:59, 24:00 is not accepted.
export function parseHm(time: string): number {
  const match = HOURS_MINUTES.exec(time)
  const hours = match ? Number(match[1]) : Number.NaN
  const minutes = match ? Number(match[2]) : Number.NaN
  if (!(hours <= 23 && minutes <= 59))
    throw new RangeError(`Invalid time '${time}', expected HH:mm from 00:00 to 23:59`)
  return hours * 60 + minutes
}

export function isHm(time: string): boolean {
  const match = HOURS_MINUTES.exec(time)
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59
}

// Minute of the day -> 'HH:mm'. Wraps past midnight so a slot ending at the
// next day's 00:30 reads '00:30'.
export function formatHm(minuteOfDay: number): string {
  const minutes = ((Math.floor(minuteOfDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}

// 'DD.MM.YYYY' -> 'YYYY-MM-DD'.
export function dmyToIso(date: string): IsoDate {
  const match = DAY_MONTH_YEAR.exec(date)
  if (!match || !isValidCivilDate(Number(match[3]), Number(match[2]), Number(match[1]))) {
    throw new RangeError(`Invalid date '${date}', expected DD.MM.YYYY`)
  }
  return `${match[3]}-${match[2]}-${match[1]}`
}

// A 'DD.MM.YYYY' date a form accepts: a real day from 1900 to 2099.
export function isFormDmy(date: string): boolean {
  try {
    const iso = dmyToIso(date)
    return iso >= '1900-01-01' && iso <= '2099-12-31'
  } catch {
    return false
  }
}

// 'YYYY-MM-DD' -> 'DD.MM.YYYY'.
export function isoToDmy(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`)
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`
}

// Epoch ms -> 'YYYY-MM-DDTHH:MM:SSZ' (the contract drops milliseconds).
export function formatUtcInstant(epochMs: number): string {
  const epochDay = Math.floor(epochMs / MS_PER_DAY)
  const secondOfDay = Math.floor((epochMs - epochDay * MS_PER_DAY) / MS_PER_SECOND)
  const { year, month, day } = civilFromEpochDay(epochDay)
  const hours = Math.floor(secondOfDay / 3600)
  const minutes = Math.floor((secondOfDay % 3600) / 60)
  const seconds = secondOfDay % 60
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}Z`
}

// 'YYYY-MM-DDTHH:MM:SS[.sss]Z' -> epoch ms. Only UTC instants are accepted,
// as the scenario README writes them.
export function parseUtcInstant(instant: string): number {
  const match = UTC_INSTANT.exec(instant)
  if (match) {
    const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map(Number)
    if (isValidCivilDate(year, month, day) && hours <= 23 && minutes <= 59 && seconds <= 59) {
      const millis = match[7] ? Number(match[7].padEnd(3, '0')) : 0
      return (
        epochDayFromCivil(year, month, day) * MS_PER_DAY +
        (hours * 60 + minutes) * MS_PER_MINUTE +
        seconds * MS_PER_SECOND +
        millis
      )
    }
  }
  throw new RangeError(`Invalid instant '${instant}', expected YYYY-MM-DDTHH:MM:SSZ`)
}

// Offset in ms -> '+05:30' / '-04:56:02' (seconds only when present).
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+'
  const totalSeconds = Math.round(Math.abs(offsetMs) / MS_PER_SECOND)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  return `${sign}${pad2(hours)}:${pad2(minutes)}${seconds ? `:${pad2(seconds)}` : ''}`
}
