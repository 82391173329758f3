/**
 * Schedules (SPEC §3 "Schedule", §5 "Schedule slots"): weekly intervals per ISO weekday and per-date
 * adjustments (own intervals or a day-off), in the shape of API-CONTRACT.md "Schedules". One schema for the
 * JSON API, the editor page's action and the editor itself (as you type); a schedule with any invalid interval
 * is not saved.
 */
import { z } from 'zod'
import { TEXT_MAX } from '#app/domain/constants.ts'
import { isTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { dmyToIso, instantToZoned, isFormDmy, isHm, parseHm } from '#app/domain/time/index.ts'

const IntervalSchema = z.object({
  start: z.string({ error: 'validation:required' }).refine(isHm, 'validation:invalidTime'),
  end: z.string({ error: 'validation:required' }).refine(isHm, 'validation:invalidTime'),
})
export type ScheduleInterval = z.infer<typeof IntervalSchema>

export type IntervalIssue = { index: number; part: 'start' | 'end'; message: string }

/**
 * SPEC §5 "Schedule slots": each time valid, each end later than its start, no overlaps (touching is fine). One
 * issue per offending interval: the end that is not after its start, or the start of the later of two that
 * overlap. The editor shows them as you type; the schema refuses the same ones.
 */
export function intervalIssues(intervals: readonly ScheduleInterval[]): IntervalIssue[] {
  const found: IntervalIssue[] = []
  const parsed = intervals.map((interval, index) => ({
    index,
    start: safeMinutes(interval.start),
    end: safeMinutes(interval.end),
  }))
  for (const interval of parsed) {
    if (interval.start === null) found.push({ index: interval.index, part: 'start', message: 'validation:invalidTime' })
    if (interval.end === null) found.push({ index: interval.index, part: 'end', message: 'validation:invalidTime' })
  }
  const valid = parsed.filter((interval) => interval.start !== null && interval.end !== null) as {
    index: number
    start: number
    end: number
  }[]
  for (const interval of valid) {
    if (interval.end <= interval.start)
      found.push({ index: interval.index, part: 'end', message: 'validation:endAfterStart' })
  }
  const ordered = valid.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start)
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].start < ordered[i - 1].end)
      found.push({ index: ordered[i].index, part: 'start', message: 'schedules:errors.overlap' })
  }
  return found
}

/** Adds the issues of `intervalIssues` under `path` (the times' own format is the field schema's). */
function checkIntervals(intervals: ScheduleInterval[], path: (string | number)[], ctx: z.RefinementCtx) {
  for (const issue of intervalIssues(intervals)) {
    if (issue.message === 'validation:invalidTime') continue
    ctx.addIssue({ code: 'custom', path: [...path, issue.index, issue.part], message: issue.message })
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
  date: z.string({ error: 'validation:required' }).refine(isFormDmy, 'validation:invalidDate'),
  isDayOff: z.boolean().default(false),
  intervals: z.array(IntervalSchema).default([]),
})
export type Adjustment = z.infer<typeof AdjustmentSchema>

export type ScheduleRulesContext = {
  /** The current instant: "today" is taken in the schedule's own time zone. */
  now: number
  /** The saved schedule's adjustments (dates DD.MM.YYYY): keeping one unchanged is allowed once it is past. */
  saved?: readonly Adjustment[]
}

function sameAdjustment(a: Adjustment, b: Adjustment): boolean {
  if (a.date !== b.date || a.isDayOff !== b.isDayOff) return false
  if (a.isDayOff) return true
  const key = (adjustment: Adjustment) => JSON.stringify(sortIntervals(adjustment.intervals))
  return key(a) === key(b)
}

/** The schema of a whole schedule, with the cross-field rules of SPEC §5; the output is normalised. */
export function scheduleSchema(context: ScheduleRulesContext) {
  return z
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
      // SPEC §5 "not in past": an adjustment dated before today in the schedule's zone is refused, unless it is
      // one the schedule already had, unchanged (saving a schedule never fails on its own history).
      const today = isTimeZone(value.timeZone) ? instantToZoned(value.timeZone, context.now).date : null
      const dates = new Set<string>()
      value.adjustments.forEach((adjustment, index) => {
        if (dates.has(adjustment.date))
          ctx.addIssue({
            code: 'custom',
            path: ['adjustments', index, 'date'],
            message: 'schedules:errors.duplicateDate',
          })
        dates.add(adjustment.date)
        if (
          today &&
          isFormDmy(adjustment.date) &&
          dmyToIso(adjustment.date) < today &&
          !context.saved?.some((saved) => sameAdjustment(saved, adjustment))
        )
          ctx.addIssue({ code: 'custom', path: ['adjustments', index, 'date'], message: 'schedules:errors.datePast' })
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
}

export type ScheduleInput = z.output<ReturnType<typeof scheduleSchema>>

function sortIntervals(intervals: ScheduleInterval[]): ScheduleInterval[] {
  return [...intervals].sort((a, b) => a.start.localeCompare(b.start))
}

/**
 * The schedule page's form as one schema (issue 13, ADR 0130): the editor posts the whole schedule as the API's JSON
 * body in `payload`, parsed by the API's own `scheduleSchema`; text that is no JSON is the API's "malformed JSON".
 */
export const scheduleFormSchema = (context: ScheduleRulesContext) =>
  z.preprocess((form, ctx) => {
    try {
      return JSON.parse(String((form as FormData).get('payload') ?? ''))
    } catch {
      ctx.addIssue({ code: 'custom', message: 'api:malformedJson' })
      return z.NEVER
    }
  }, scheduleSchema(context))
