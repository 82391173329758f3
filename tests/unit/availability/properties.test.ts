// Property tests of computeSlots over random schedules, rules, bookings and
// busy time in several zones (arbitraries.ts). Each invariant is one rule of
// tests/fixtures/scenarios/README.md, checked independently of the sweep.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AvailabilityInput, type Slot, computeSlots, explainDate } from '#app/domain/availability/index.ts'
import { MS_PER_MINUTE, datesBetween, epochDayOfIsoDate, isoWeekday, localMsOf } from '#app/domain/time/index.ts'
import { referenceDate, referenceToInstant } from '../time/reference.ts'
import { availabilityInput } from './arbitraries.ts'

const RUNS = { numRuns: 300 }

function check(property: (input: AvailabilityInput, slots: Slot[]) => void) {
  fc.assert(
    fc.property(availabilityInput, (input) => property(input, computeSlots(input))),
    RUNS,
  )
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start) > 0

describe('computeSlots properties', () => {
  it('agrees with the literal reading of the rules (explainDate) on every date', () => {
    check((input, slots) => {
      const expected = datesBetween(input.range.from, input.range.to).flatMap((date) =>
        explainDate(input, date)
          .candidates.filter((candidate) => candidate.offered)
          .map(({ start, end, seatsLeft }) => ({ start, end, seatsLeft })),
      )
      expect(slots).toEqual(expected)
    })
  })

  it('gives sorted, distinct slots of the event length with 1..seats seats left', () => {
    check((input, slots) => {
      const { durationMinutes, seats } = input.eventType
      slots.forEach((slot, index) => {
        if (index > 0) expect(slot.start).toBeGreaterThan(slots[index - 1].start)
        expect(slot.end - slot.start).toBe(durationMinutes * MS_PER_MINUTE)
        expect(slot.seatsLeft).toBeGreaterThanOrEqual(1)
        expect(slot.seatsLeft).toBeLessThanOrEqual(seats)
      })
    })
  })

  it('never overlaps busy time or a blocking booking once widened by the buffers', () => {
    check((input, slots) => {
      const { beforeMinutes, afterMinutes } = input.eventType
      for (const slot of slots) {
        const widened = {
          start: slot.start - beforeMinutes * MS_PER_MINUTE,
          end: slot.end + afterMinutes * MS_PER_MINUTE,
        }
        for (const busy of input.busy) expect(overlaps(busy, widened)).toBe(false)
        for (const booking of input.bookings) {
          const joins = booking.sameEventType && booking.start === slot.start && booking.end === slot.end
          if (!joins) expect(overlaps(booking, widened)).toBe(false)
        }
      }
    })
  })

  it('puts every slot inside a working interval of its date, on the step grid', () => {
    check((input, slots) => {
      const { schedule, eventType } = input
      for (const slot of slots) {
        const date = referenceDate(schedule.timeZone, slot.start)
        const adjustment = schedule.adjustments[date]
        const minutes = adjustment === 'dayOff' ? [] : (adjustment ?? schedule.weekly[isoWeekday(date)] ?? [])
        const inside = minutes.some(([from, to]) => {
          const start = referenceToInstant(schedule.timeZone, localMsOf(date, from))
          const end = referenceToInstant(schedule.timeZone, localMsOf(date, to))
          return (
            slot.start >= start &&
            slot.end <= end &&
            (slot.start - start) % (eventType.stepMinutes * MS_PER_MINUTE) === 0
          )
        })
        expect(inside).toBe(true)
      }
    })
  })

  it('respects the range, the booking window and the minimum notice', () => {
    check((input, slots) => {
      const { window, minimumNoticeMinutes } = input.eventType
      for (const slot of slots) {
        const date = referenceDate(input.schedule.timeZone, slot.start)
        expect(date >= input.range.from && date <= input.range.to).toBe(true)
        if (window.type === 'Period') expect(date >= window.start && date <= window.end).toBe(true)
        expect(slot.start).toBeGreaterThanOrEqual(input.now + minimumNoticeMinutes * MS_PER_MINUTE)
      }
    })
  })

  it('offers nothing on a date already holding maxPerDay same-event-type starts', () => {
    check((input, slots) => {
      const { maxPerDay } = input.eventType
      if (maxPerDay === 0) return
      const startsByDate = new Map<string, Set<number>>()
      for (const booking of input.bookings.filter((booking) => booking.sameEventType)) {
        const date = referenceDate(input.schedule.timeZone, booking.start)
        startsByDate.set(date, (startsByDate.get(date) ?? new Set()).add(booking.start))
      }
      for (const slot of slots) {
        const taken = startsByDate.get(referenceDate(input.schedule.timeZone, slot.start))?.size ?? 0
        expect(taken).toBeLessThan(maxPerDay)
      }
    })
  })

  it('counts seats taken by same-start, same-end bookings of the event type', () => {
    check((input, slots) => {
      for (const slot of slots) {
        const taken = input.bookings
          .filter((booking) => booking.sameEventType && booking.start === slot.start && booking.end === slot.end)
          .reduce((sum, booking) => sum + (booking.seatsTaken ?? 1), 0)
        expect(slot.seatsLeft).toBe(input.eventType.seats - taken)
      }
    })
  })
})

describe('DST days', () => {
  // A 00:00-23:59 day, 60-minute slots every 60 minutes: 23 on an ordinary
  // day, one less when an hour is skipped, one more when an hour repeats
  // inside the day. Santiago repeats 23:00-23:59, after the end instant
  // (the earlier 23:59), so that day stays at 23.
  const cases: [string, string, number][] = [
    ['America/New_York', '2027-03-13', 23],
    ['America/New_York', '2027-03-14', 22],
    ['America/New_York', '2027-11-07', 24],
    ['Europe/Moscow', '2027-03-28', 23],
    ['Asia/Kolkata', '2027-03-14', 23],
    ['Australia/Lord_Howe', '2027-04-04', 24],
    ['Australia/Lord_Howe', '2027-10-03', 23],
    ['America/Santiago', '2027-04-03', 23],
    ['America/Santiago', '2027-04-04', 23],
    ['America/Santiago', '2027-09-05', 22],
  ]

  it.each(cases)('%s %s has %i hourly slots', (timeZone, date, count) => {
    const slots = computeSlots(hourlyDay(timeZone, date, 60))
    expect(slots).toHaveLength(count)
    // Starts are an hour of real time apart, whatever the wall clock does.
    slots.forEach((slot, index) => {
      if (index > 0) expect(slot.start - slots[index - 1].start).toBe(60 * MS_PER_MINUTE)
    })
  })

  it('steps half-hourly through Lord Howe half-hour shifts', () => {
    // 1409 and 1469 minutes of real time between 00:00 and 23:59.
    expect(computeSlots(hourlyDay('Australia/Lord_Howe', '2027-10-03', 30))).toHaveLength(46)
    expect(computeSlots(hourlyDay('Australia/Lord_Howe', '2027-04-04', 30))).toHaveLength(48)
    expect(computeSlots(hourlyDay('Australia/Lord_Howe', '2027-06-06', 30))).toHaveLength(47)
  })
})

function hourlyDay(timeZone: string, date: string, minutes: number): AvailabilityInput {
  return {
    now: epochDayOfIsoDate(date) * 86_400_000 - 7 * 86_400_000,
    range: { from: date, to: date },
    schedule: { timeZone, weekly: {}, adjustments: { [date]: [[0, 1439]] } },
    eventType: {
      durationMinutes: minutes,
      stepMinutes: minutes,
      beforeMinutes: 0,
      afterMinutes: 0,
      minimumNoticeMinutes: 0,
      window: { type: 'NoRestrictions' },
      maxPerDay: 0,
      seats: 1,
    },
    bookings: [],
    busy: [],
  }
}
