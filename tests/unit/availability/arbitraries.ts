// fast-check generators of engine inputs: random schedules, adjustments,
// rules, bookings and busy time, on dates next to the DST transitions of the
// zones the product serves most (and two without DST).
import fc from 'fast-check'
import {
  type AvailabilityInput,
  type BookingWindow,
  type ExistingBooking,
  type Interval,
  type MinuteInterval,
  computeSlots,
} from '#app/domain/availability/index.ts'
import { MS_PER_DAY, MS_PER_MINUTE, addDays, epochDayOfIsoDate } from '#app/domain/time/index.ts'

export const ZONES = [
  'America/New_York',
  'Europe/Moscow',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Santiago',
] as const

// 2027: Santiago and Lord Howe fall back on 04-03/04, spring forward on
// 09-05 and 10-03; New York on 03-14 and 11-07. June is an ordinary month.
const ANCHORS = ['2027-03-12', '2027-04-01', '2027-09-03', '2027-10-01', '2027-11-05', '2027-06-14']

// Non-overlapping intervals of one day, sometimes touching: consecutive
// pairs of sorted distinct boundaries, each kept or not.
const dayIntervals: fc.Arbitrary<MinuteInterval[]> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 2, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      )
      .map(([boundaries, keep]) => {
        const sorted = [...boundaries].sort((a, b) => a - b)
        const intervals: MinuteInterval[] = []
        for (let index = 0; index + 1 < sorted.length; index++) {
          if (keep[index]) intervals.push([sorted[index], sorted[index + 1]])
        }
        return intervals
      }),
  },
  // Whole days and the small hours, where DST transitions happen.
  { weight: 2, arbitrary: fc.constant<MinuteInterval[]>([[0, 1439]]) },
  {
    weight: 2,
    arbitrary: fc.constant<MinuteInterval[]>([
      [0, 240],
      [240, 300],
    ]),
  },
)

const rawInterval = (spanMinutes: number) =>
  fc.record({ startMinute: fc.integer({ min: 0, max: spanMinutes }), lengthMinutes: fc.integer({ min: 1, max: 300 }) })

export const availabilityInput: fc.Arbitrary<AvailabilityInput> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    anchor: fc.constantFrom(...ANCHORS),
    startOffset: fc.integer({ min: 0, max: 4 }),
    days: fc.integer({ min: 1, max: 5 }),
    weekly: fc.array(fc.option(dayIntervals, { nil: undefined }), { minLength: 7, maxLength: 7 }),
    adjustments: fc.array(
      fc.record({
        dayOffset: fc.integer({ min: 0, max: 5 }),
        value: fc.oneof(fc.constant<'dayOff'>('dayOff'), fc.constant<MinuteInterval[]>([]), dayIntervals),
      }),
      { maxLength: 3 },
    ),
    durationMinutes: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(15, 30, 45, 60, 90) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) },
    ),
    stepMinutes: fc.oneof(fc.constantFrom(5, 10, 15, 20, 30, 60), fc.integer({ min: 1, max: 120 })),
    beforeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
    afterMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
    minimumNoticeMinutes: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 600 }) },
      { weight: 1, arbitrary: fc.integer({ min: 601, max: 4000 }) },
    ),
    window: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.record({ startOffset: fc.integer({ min: -2, max: 5 }), length: fc.integer({ min: 0, max: 4 }) }),
      },
    ),
    maxPerDay: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 })),
    seats: fc.integer({ min: 1, max: 3 }),
    // Mostly before the range, sometimes inside it.
    nowOffsetMinutes: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: -3 * 1440, max: 0 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 * 1440 }) },
    ),
    busy: fc.array(rawInterval(9 * 1440), { maxLength: 12 }),
    bookings: fc.array(
      fc.record({
        interval: rawInterval(9 * 1440),
        sameEventType: fc.boolean(),
        seatsTaken: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      }),
      { maxLength: 8 },
    ),
    // Bookings placed exactly on offered slots, to exercise seats and limits.
    joins: fc.array(
      fc.record({
        index: fc.nat(),
        exact: fc.boolean(),
        sameEventType: fc.oneof(
          { weight: 3, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
        seatsTaken: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      }),
      { maxLength: 6 },
    ),
  })
  .map((raw) => {
    const from = addDays(raw.anchor, raw.startOffset)
    const to = addDays(from, raw.days - 1)
    // Random intervals start up to a day before the range.
    const origin = (epochDayOfIsoDate(from) - 1) * MS_PER_DAY
    const toInterval = ({ startMinute, lengthMinutes }: { startMinute: number; lengthMinutes: number }): Interval => ({
      start: origin + startMinute * MS_PER_MINUTE,
      end: origin + (startMinute + lengthMinutes) * MS_PER_MINUTE,
    })
    const weekly: Record<number, MinuteInterval[]> = {}
    raw.weekly.forEach((intervals, index) => {
      if (intervals) weekly[index + 1] = intervals
    })
    const adjustments: Record<string, MinuteInterval[] | 'dayOff'> = {}
    for (const { dayOffset, value } of raw.adjustments) adjustments[addDays(from, dayOffset)] = value
    const window: BookingWindow = raw.window
      ? {
          type: 'Period',
          start: addDays(from, raw.window.startOffset),
          end: addDays(from, raw.window.startOffset + raw.window.length),
        }
      : { type: 'NoRestrictions' }
    const input: AvailabilityInput = {
      now: epochDayOfIsoDate(from) * MS_PER_DAY + raw.nowOffsetMinutes * MS_PER_MINUTE,
      range: { from, to },
      schedule: { timeZone: raw.timeZone, weekly, adjustments },
      eventType: {
        durationMinutes: raw.durationMinutes,
        stepMinutes: raw.stepMinutes,
        beforeMinutes: raw.beforeMinutes,
        afterMinutes: raw.afterMinutes,
        minimumNoticeMinutes: raw.minimumNoticeMinutes,
        window,
        maxPerDay: raw.maxPerDay,
        seats: raw.seats,
      },
      bookings: [],
      busy: raw.busy.map(toInterval),
    }
    const bookings: ExistingBooking[] = raw.bookings.map(({ interval, sameEventType, seatsTaken }) => ({
      ...toInterval(interval),
      sameEventType,
      seatsTaken,
    }))
    const offered = computeSlots({ ...input, busy: [] })
    for (const join of raw.joins) {
      const slot = offered[join.index % Math.max(1, offered.length)]
      if (!slot) break
      bookings.push({
        start: slot.start,
        end: join.exact ? slot.end : slot.end + 15 * MS_PER_MINUTE,
        sameEventType: join.sameEventType,
        seatsTaken: join.seatsTaken,
      })
    }
    return { ...input, bookings }
  })
