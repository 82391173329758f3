// Scenario files (tests/fixtures/scenarios/README.md, "Format") -> engine
// input. Validation is strict so that a typo in a hand-written scenario fails
// loudly instead of silently producing no slots.
import { z } from 'zod'
import { parsedBy } from '../fields.ts'
import { isHm, isIsoDate, isValidTimeZone, parseHm, parseUtcInstant } from '../time/index.ts'
import type { AvailabilityInput, MinuteInterval } from './types.ts'

export class ScenarioError extends Error {
  override name = 'ScenarioError'
}

const isoDate = z.string().refine(isIsoDate, { message: 'expected a date YYYY-MM-DD', abort: true })

const instant = z.string().transform(parsedBy(parseUtcInstant, 'expected a UTC instant YYYY-MM-DDTHH:MM:SSZ'))

// README fine points: times run from 00:00 to 23:59, 24:00 is not accepted.
const time = z
  .string()
  .refine(isHm, { message: 'expected a time HH:MM from 00:00 to 23:59', abort: true })
  .transform(parseHm)

const interval = z
  .tuple([time, time])
  .refine(([start, end]) => end > start, 'the end must be later than the start')
  .transform(([start, end]): MinuteInterval => [start, end])

// README: a day's intervals do not overlap (touching is fine).
const intervals = z.array(interval).superRefine((list, context) => {
  const sorted = [...list].sort((a, b) => a[0] - b[0])
  for (let index = 1; index < sorted.length; index++) {
    if (sorted[index][0] < sorted[index - 1][1]) context.addIssue({ code: 'custom', message: 'intervals overlap' })
  }
})

const weekday = z.enum(['1', '2', '3', '4', '5', '6', '7'])

const timeZone = z.string().refine(isValidTimeZone, 'expected an IANA time zone such as Europe/Moscow')

const window = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('NoRestrictions') }),
    z.object({ type: z.literal('Period'), start: isoDate, end: isoDate }),
  ])
  .refine((value) => value.type === 'NoRestrictions' || value.start <= value.end, 'the period ends before it starts')

const timedInterval = { start: instant, end: instant }
const endsAfterStart = [
  (value: { start: number; end: number }) => value.end > value.start,
  'end must be after start',
] as const

export const scenarioSchema = z.object({
  name: z.string().optional(),
  now: instant,
  range: z
    .object({ from: isoDate, to: isoDate })
    .refine((value) => value.from <= value.to, 'range.to is before range.from'),
  schedule: z.object({
    timeZone,
    weekly: z.partialRecord(weekday, intervals),
    adjustments: z.record(isoDate, z.union([z.literal('dayOff'), intervals])).default({}),
  }),
  eventType: z.object({
    // SPEC §5: duration above 0, at most 1380 minutes.
    durationMinutes: z.int().min(1).max(1380),
    stepMinutes: z.int().min(1),
    beforeMinutes: z.int().min(0),
    afterMinutes: z.int().min(0),
    minimumNoticeMinutes: z.int().min(0),
    window,
    maxPerDay: z.int().min(0),
    seats: z.int().min(1),
  }),
  bookings: z
    .array(
      z
        .object({ ...timedInterval, sameEventType: z.boolean(), seatsTaken: z.int().min(1).optional() })
        .refine(...endsAfterStart),
    )
    .default([]),
  busy: z.array(z.object(timedInterval).refine(...endsAfterStart)).default([]),
})

export interface Scenario {
  name?: string
  input: AvailabilityInput
}

// A parsed scenario object (e.g. from JSON.parse) -> engine input.
export function parseScenario(data: unknown): Scenario {
  const result = scenarioSchema.safeParse(data)
  if (!result.success) throw new ScenarioError(`Invalid scenario:\n${z.prettifyError(result.error)}`)
  const { name, now, range, schedule, eventType, bookings, busy } = result.data
  const weekly: Record<number, readonly MinuteInterval[]> = {}
  for (const [day, list] of Object.entries(schedule.weekly)) if (list) weekly[Number(day)] = list
  return {
    name,
    input: {
      now,
      range,
      schedule: { timeZone: schedule.timeZone, weekly, adjustments: schedule.adjustments },
      eventType,
      bookings,
      busy,
    },
  }
}

// Scenario file text -> engine input.
export function parseScenarioJson(text: string): Scenario {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ScenarioError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  return parseScenario(data)
}
