/**
 * The schedule editor's operations (SPEC §2 "Schedule", §4 confirmations) and the bridge to the
 * availability engine, which alone decides a date's working hours (an adjustment replaces the weekday).
 */
import { type Schedule, type IntervalSource, workingMinutesOf } from '#app/domain/availability/index.ts'
import {
  type IsoDate,
  addDays,
  epochDayOfIsoDate,
  formatHm,
  isHm,
  isoWeekday,
  parseHm,
} from '#app/domain/time/index.ts'
import type { ScheduleInterval } from './schema.ts'

export type WeeklyDay = { weekday: number; intervals: ScheduleInterval[] }
/** An adjustment with its date as `YYYY-MM-DD` (the database form). */
export type DatedAdjustment = { date: IsoDate; isDayOff: boolean; intervals: ScheduleInterval[] }

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

export function intervalsOf(weekly: readonly WeeklyDay[], weekday: number): ScheduleInterval[] {
  return weekly.find((day) => day.weekday === weekday)?.intervals ?? []
}

export function setDay(weekly: readonly WeeklyDay[], weekday: number, intervals: ScheduleInterval[]): WeeklyDay[] {
  const others = weekly.filter((day) => day.weekday !== weekday)
  return [...others, { weekday, intervals }].sort((a, b) => a.weekday - b.weekday)
}

const LAST_MINUTE = 23 * 60 + 59

/**
 * The interval "+ Add interval" proposes: 09:00-18:00 on an empty day, else the hour after the day's latest end
 * (cut at 23:59), so the new row is valid at once. Null when nothing fits after the latest end (it is 23:59) or
 * no end is a valid time yet.
 */
export function nextInterval(intervals: readonly ScheduleInterval[]): ScheduleInterval | null {
  if (intervals.length === 0) return { start: '09:00', end: '18:00' }
  const ends = intervals.filter((interval) => isHm(interval.end)).map((interval) => parseHm(interval.end))
  if (ends.length === 0) return null
  const start = Math.max(...ends)
  if (start >= LAST_MINUTE) return null
  return { start: formatHm(start), end: formatHm(Math.min(start + 60, LAST_MINUTE)) }
}

/** Target days that already have intervals: SPEC §4 asks before replacing them. */
export function daysToReplace(weekly: readonly WeeklyDay[], from: number, targets: readonly number[]): number[] {
  return targets.filter((weekday) => weekday !== from && intervalsOf(weekly, weekday).length > 0)
}

/** Copies one day's intervals onto the target days, replacing theirs. */
export function copyDay(weekly: readonly WeeklyDay[], from: number, targets: readonly number[]): WeeklyDay[] {
  const source = intervalsOf(weekly, from)
  return targets
    .filter((weekday) => weekday !== from)
    .reduce<WeeklyDay[]>(
      (result, weekday) =>
        setDay(
          result,
          weekday,
          source.map((interval) => ({ ...interval })),
        ),
      [...weekly],
    )
}

/**
 * What adding an adjustment on a date means (SPEC §4): nothing in the way; an existing adjustment that the
 * specialist is asked to replace; or, for a day-off on a date already off, nothing to do.
 */
export function adjustmentConflict(
  adjustments: readonly DatedAdjustment[],
  date: IsoDate,
  isDayOff: boolean,
): 'none' | 'replace' | 'alreadyDayOff' {
  const existing = adjustments.find((adjustment) => adjustment.date === date)
  if (!existing) return 'none'
  if (isDayOff && existing.isDayOff) return 'alreadyDayOff'
  return 'replace'
}

export function putAdjustment(adjustments: readonly DatedAdjustment[], adjustment: DatedAdjustment): DatedAdjustment[] {
  return [...adjustments.filter((item) => item.date !== adjustment.date), adjustment].sort((a, b) =>
    a.date.localeCompare(b.date),
  )
}

/** The engine's view of a stored schedule. */
export function toEngineSchedule(schedule: {
  timeZone: string
  weekly: readonly WeeklyDay[]
  adjustments: readonly DatedAdjustment[]
}): Schedule {
  const minutes = (intervals: readonly ScheduleInterval[]) =>
    intervals.map((interval) => [parseHm(interval.start), parseHm(interval.end)] as const)
  return {
    timeZone: schedule.timeZone,
    weekly: Object.fromEntries(schedule.weekly.map((day) => [day.weekday, minutes(day.intervals)])),
    adjustments: Object.fromEntries(
      schedule.adjustments.map((adjustment) => [
        adjustment.date,
        adjustment.isDayOff ? ('dayOff' as const) : minutes(adjustment.intervals),
      ]),
    ),
  }
}

export type PreviewDay = { date: IsoDate; weekday: number; source: IntervalSource; intervals: ScheduleInterval[] }

/** The working hours of `days` dates from `from`, as the engine reads the schedule (SPEC §2 two-week preview). */
export function previewWorkingHours(schedule: Schedule, from: IsoDate, days = 14): PreviewDay[] {
  return Array.from({ length: days }, (_, offset) => {
    const date = addDays(from, offset)
    const working = workingMinutesOf(schedule, epochDayOfIsoDate(date))
    return {
      date,
      weekday: isoWeekday(date),
      source: working.source,
      intervals: working.intervals.map(([start, end]) => ({ start: formatHm(start), end: formatHm(end) })),
    }
  })
}
