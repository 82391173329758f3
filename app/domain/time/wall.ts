// One-time conversions for pages and emails (a booking's time in the viewer's
// or host's zone). For many conversions in one span, create a ZoneClock once
// instead (zone-clock.ts): these helpers each build or query their own.
import { MS_PER_DAY, MS_PER_MINUTE, epochDayOfLocalMs, isoWeekdayOfEpochDay } from './civil.ts'
import { type IsoDate, epochDayOfIsoDate, isoDateOfEpochDay } from './date.ts'
import { formatHm, parseHm } from './format.ts'
import { createZoneClock } from './zone-clock.ts'
import { offsetAt } from './zone-offset.ts'

export interface ZonedDateTime {
  date: IsoDate
  // 'HH:mm'
  time: string
  minuteOfDay: number
  // 1 = Monday ... 7 = Sunday
  weekday: number
  // UTC offset in ms (wall clock minus UTC)
  offsetMs: number
}

// Wall-clock fields as "local ms" (what Date.UTC would give for them).
export function localMsOf(date: IsoDate, minuteOfDay: number): number {
  return epochDayOfIsoDate(date) * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE
}

export function instantToZoned(timeZone: string, epochMs: number): ZonedDateTime {
  const offsetMs = offsetAt(timeZone, epochMs)
  const localMs = epochMs + offsetMs
  const epochDay = epochDayOfLocalMs(localMs)
  const minuteOfDay = Math.floor((localMs - epochDay * MS_PER_DAY) / MS_PER_MINUTE)
  return {
    date: isoDateOfEpochDay(epochDay),
    time: formatHm(minuteOfDay),
    minuteOfDay,
    weekday: isoWeekdayOfEpochDay(epochDay),
    offsetMs,
  }
}

// Wall date and time ('HH:mm' or minute of the day) in a zone -> epoch ms,
// Temporal 'compatible' disambiguation (see zone-clock.ts).
export function zonedToInstant(timeZone: string, date: IsoDate, time: string | number): number {
  const localMs = localMsOf(date, typeof time === 'number' ? time : parseHm(time))
  return createZoneClock(timeZone, localMs - MS_PER_DAY, localMs + MS_PER_DAY).toInstant(localMs)
}

// First instant of a date in a zone (later than 00:00 when midnight is skipped).
export function startOfZonedDay(timeZone: string, date: IsoDate): number {
  return zonedToInstant(timeZone, date, 0)
}
