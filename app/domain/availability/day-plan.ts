// A schedule date's working intervals, as wall-clock minutes and as instants.
// Shared by the fast sweep (compute-slots.ts) and the explainer (explain.ts)
// so both enumerate exactly the same candidate starts.
import { MS_PER_DAY, MS_PER_MINUTE, type ZoneClock, isoDateOfEpochDay, isoWeekdayOfEpochDay } from '../time/index.ts'
import type { Interval, MinuteInterval, Schedule } from './types.ts'

export type IntervalSource = 'weekly' | 'adjustment' | 'dayOff'

export interface WorkingMinutes {
  source: IntervalSource
  // Sorted by start; the contract says a day's intervals never overlap.
  intervals: readonly MinuteInterval[]
}

const NO_INTERVALS: readonly MinuteInterval[] = []

// Scenario README: an adjustment replaces the weekday's intervals for that
// date only; 'dayOff' and [] mean no work; a missing weekday means no work.
export function workingMinutesOf(schedule: Schedule, epochDay: number): WorkingMinutes {
  const adjustment = schedule.adjustments[isoDateOfEpochDay(epochDay)]
  if (adjustment === 'dayOff') return { source: 'dayOff', intervals: NO_INTERVALS }
  if (adjustment !== undefined) return { source: 'adjustment', intervals: sortedByStart(adjustment) }
  return { source: 'weekly', intervals: sortedByStart(schedule.weekly[isoWeekdayOfEpochDay(epochDay)] ?? NO_INTERVALS) }
}

function sortedByStart(intervals: readonly MinuteInterval[]): readonly MinuteInterval[] {
  for (let index = 1; index < intervals.length; index++) {
    if (intervals[index][0] < intervals[index - 1][0]) return [...intervals].sort((a, b) => a[0] - b[0])
  }
  return intervals
}

// Scenario README: each interval end is converted on its own ('compatible'),
// so 02:30-03:30 on a spring-forward day has no length and gives no slots.
export function intervalInstants(clock: ZoneClock, epochDay: number, interval: MinuteInterval): Interval {
  const midnight = epochDay * MS_PER_DAY
  return {
    start: clock.toInstant(midnight + interval[0] * MS_PER_MINUTE),
    end: clock.toInstant(midnight + interval[1] * MS_PER_MINUTE),
  }
}
