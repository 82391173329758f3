/**
 * Schedules (SPEC §3 "Schedule", §5 "Schedule slots"): weekly intervals per ISO weekday and per-date
 * adjustments (own intervals or a day-off), in the shape of API-CONTRACT.md "Schedules". One schema for the
 * JSON API and the editor page; a schedule with any invalid interval is not saved.
 */
import { z } from 'zod'
import { TEXT_MAX } from '#app/domain/constants.ts'
import { isTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { dmyToIso, isHm, parseHm } from '#app/domain/time/index.ts'

const IntervalSchema = z.object({
  start: z.string({ error: 'validation:required' }).refine(isHm, 'validation:invalidTime'),
  end: z.string({ error: 'validation:required' }).refine(isHm, 'validation:invalidTime'),
})
export type ScheduleInterval = z.infer<typeof IntervalSchema>

/** Adds an issue per interval that ends before it starts or overlaps the one before it (touching is fine). */
function checkIntervals(intervals: ScheduleInterval[], path: (string | number)[], ctx: z.RefinementCtx) {
  const valid = intervals
    .map((interval, index) => ({ index, start: safeMinutes(interval.start), end: safeMinutes(interval.end) }))
    .filter((interval) => interval.start !== null && interval.end !== null) as {
    index: number
    start: number
    end: number
  }[]
  for (const interval of valid) {
    if (interval.end <= interval.start)
      ctx.addIssue({ code: 'custom', path: [...path, interval.index, 'end'], message: 'validation:endAfterStart' })
  }
  const ordered = valid.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start)
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].start < ordered[i - 1].end)
      ctx.addIssue({
        code: 'custom',
        path: [...path, ordered[i].index, 'start'],
        message: 'schedules:errors.overlap',
      })
  }
}

function safeMinutes(time: string): number | null {
  return isHm(time) ? parseHm(time) : null
}

const WeeklyDaySchema = z.object({
  weekday: z.number().int().min(1, 'validation:invalid').max(7, 'validation:invalid'),
  intervals: z.array(IntervalSchema),
})

const AdjustmentSchema = z.object({
  date: z.string({ error: 'validation:required' }).refine(isDmyDate, 'validation:invalidDate'),
  isDayOff: z.boolean().default(false),
  intervals: z.array(IntervalSchema).default([]),
})
export type Adjustment = z.infer<typeof AdjustmentSchema>

function isDmyDate(value: string): boolean {
  try {
    const iso = dmyToIso(value)
    return iso >= '1900-01-01' && iso <= '2099-12-31'
  } catch {
    return false
  }
}

export const ScheduleSchema = z
  .object({
    name: z
      .string({ error: 'validation:required' })
      .trim()
      .min(1, 'validation:required')
      .max(TEXT_MAX, 'validation:maxChars'),
    timeZone: z.string({ error: 'validation:required' }).refine(isTimeZone, 'validation:invalidTimeZone'),
    isDefault: z.boolean().default(false),
    weekly: z.array(WeeklyDaySchema).default([]),
    adjustments: z.array(AdjustmentSchema).default([]),
  })
  .superRefine((value, ctx) => {
    const weekdays = new Set<number>()
    value.weekly.forEach((day, index) => {
      if (weekdays.has(day.weekday))
        ctx.addIssue({ code: 'custom', path: ['weekly', index, 'weekday'], message: 'schedules:errors.duplicateDay' })
      weekdays.add(day.weekday)
      checkIntervals(day.intervals, ['weekly', index, 'intervals'], ctx)
    })
    const dates = new Set<string>()
    value.adjustments.forEach((adjustment, index) => {
      if (dates.has(adjustment.date))
        ctx.addIssue({
          code: 'custom',
          path: ['adjustments', index, 'date'],
          message: 'schedules:errors.duplicateDate',
        })
      dates.add(adjustment.date)
      if (!adjustment.isDayOff) {
        if (adjustment.intervals.length === 0)
          ctx.addIssue({ code: 'custom', path: ['adjustments', index, 'intervals'], message: 'validation:required' })
        checkIntervals(adjustment.intervals, ['adjustments', index, 'intervals'], ctx)
      }
    })
  })
  .transform((value) => ({
    ...value,
    // Weekdays in order, empty ones dropped; intervals sorted; a day-off keeps no intervals.
    weekly: value.weekly
      .filter((day) => day.intervals.length > 0)
      .map((day) => ({ weekday: day.weekday, intervals: sortIntervals(day.intervals) }))
      .sort((a, b) => a.weekday - b.weekday),
    adjustments: value.adjustments
      .map((adjustment) => ({
        date: adjustment.date,
        isDayOff: adjustment.isDayOff,
        intervals: adjustment.isDayOff ? [] : sortIntervals(adjustment.intervals),
      }))
      .sort((a, b) => dmyToIso(a.date).localeCompare(dmyToIso(b.date))),
  }))

export type ScheduleInput = z.output<typeof ScheduleSchema>

function sortIntervals(intervals: ScheduleInterval[]): ScheduleInterval[] {
  return [...intervals].sort((a, b) => a.start.localeCompare(b.start))
}
