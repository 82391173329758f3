// Why a date shows the slots it shows: every candidate start of the date,
// offered or with each reason it is not. Written as a plain, literal reading
// of the scenario README (a scan over all bookings and busy intervals per
// candidate) rather than reusing the sweep, so that it also serves as the
// reference the property tests hold computeSlots to.
import {
  MS_PER_DAY,
  MS_PER_MINUTE,
  type IsoDate,
  createZoneClock,
  epochDayOfIsoDate,
  epochDayOfLocalMs,
} from '../time/index.ts'
import { windowEpochDays } from './booking-window.ts'
import { type IntervalSource, intervalInstants, workingMinutesOf } from './day-plan.ts'
import { assertRules } from './rules.ts'
import type { AvailabilityInput, BookingWindow, ExistingBooking, Interval } from './types.ts'

export type Rejection =
  // The date is outside the requested range.
  | { reason: 'range' }
  // Starts earlier than now + minimum notice.
  | { reason: 'notice'; earliestStart: number }
  | { reason: 'window'; window: BookingWindow }
  | { reason: 'dailyLimit'; bookedStarts: number; maxPerDay: number }
  | { reason: 'busy'; conflict: Interval }
  | { reason: 'booking'; conflict: ExistingBooking }
  | { reason: 'seats'; seatsTaken: number; seats: number }

export interface CandidateExplanation {
  start: number
  end: number
  offered: boolean
  // Seats minus those taken by same-start, same-end bookings of the event type.
  seatsLeft: number
  // Empty when offered.
  rejections: Rejection[]
}

export interface DateExplanation {
  date: IsoDate
  timeZone: string
  // Whether the intervals come from the weekly hours or the date's adjustment.
  source: IntervalSource
  workingIntervals: Interval[]
  candidates: CandidateExplanation[]
}

export function explainDate(input: AvailabilityInput, date: IsoDate): DateExplanation {
  const { schedule, eventType: rules } = input
  assertRules(rules)
  const day = epochDayOfIsoDate(date)
  const clock = createZoneClock(schedule.timeZone, (day - 1) * MS_PER_DAY, (day + 2) * MS_PER_DAY)
  const working = workingMinutesOf(schedule, day)
  const workingIntervals = working.intervals.map((minutes) => intervalInstants(clock, day, minutes))

  const durationMs = rules.durationMinutes * MS_PER_MINUTE
  const stepMs = rules.stepMinutes * MS_PER_MINUTE
  const dateRejections: Rejection[] = []
  if (day < epochDayOfIsoDate(input.range.from) || day > epochDayOfIsoDate(input.range.to)) {
    dateRejections.push({ reason: 'range' })
  }
  const window = windowEpochDays(rules.window)
  if (day < window.first || day > window.last) dateRejections.push({ reason: 'window', window: rules.window })
  const bookedStarts = new Set(
    input.bookings
      .filter((booking) => booking.sameEventType && epochDayOfLocalMs(clock.toLocal(booking.start)) === day)
      .map((booking) => booking.start),
  ).size
  if (rules.maxPerDay > 0 && bookedStarts >= rules.maxPerDay) {
    dateRejections.push({ reason: 'dailyLimit', bookedStarts, maxPerDay: rules.maxPerDay })
  }

  const candidates: CandidateExplanation[] = []
  for (const interval of workingIntervals) {
    for (let start = interval.start; start + durationMs <= interval.end; start += stepMs) {
      candidates.push(explainCandidate(input, start, start + durationMs, dateRejections))
    }
  }
  return { date, timeZone: schedule.timeZone, source: working.source, workingIntervals, candidates }
}

function explainCandidate(
  input: AvailabilityInput,
  start: number,
  end: number,
  dateRejections: readonly Rejection[],
): CandidateExplanation {
  const rules = input.eventType
  const rejections = [...dateRejections]
  const earliestStart = input.now + rules.minimumNoticeMinutes * MS_PER_MINUTE
  if (start < earliestStart) rejections.push({ reason: 'notice', earliestStart })

  const widened = { start: start - rules.beforeMinutes * MS_PER_MINUTE, end: end + rules.afterMinutes * MS_PER_MINUTE }
  for (const busy of input.busy) if (overlaps(busy, widened)) rejections.push({ reason: 'busy', conflict: busy })
  let seatsTaken = 0
  for (const booking of input.bookings) {
    if (booking.sameEventType && booking.start === start && booking.end === end) {
      seatsTaken += booking.seatsTaken ?? 1
    } else if (overlaps(booking, widened)) {
      rejections.push({ reason: 'booking', conflict: booking })
    }
  }
  if (seatsTaken >= rules.seats) rejections.push({ reason: 'seats', seatsTaken, seats: rules.seats })
  return { start, end, offered: rejections.length === 0, seatsLeft: rules.seats - seatsTaken, rejections }
}

// Scenario README: overlapping means sharing a positive length; touching is
// not a conflict.
function overlaps(a: Interval, b: Interval): boolean {
  return Math.min(a.end, b.end) - Math.max(a.start, b.start) > 0
}
