import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Slot,
  computeSlots,
  daysWithSlots,
  scheduleRangeForViewerDates,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from '#app/domain/availability/index.ts'
import { MS_PER_MINUTE, addDays, datesBetween, instantToZoned, monthDates } from '#app/domain/time/index.ts'
import { referenceDate } from '../time/reference.ts'
import { availabilityInput } from './arbitraries.ts'

const slot = (iso: string, minutes = 60, seatsLeft = 1): Slot => {
  const start = Date.parse(iso)
  return { start, end: start + minutes * MS_PER_MINUTE, seatsLeft }
}

describe('grouping slots by viewer date', () => {
  // Host in Moscow (UTC+3); viewer in New York (UTC-5, UTC-4 from 03-14).
  const slots = [
    slot('2027-02-28T23:30:00Z'), // Moscow 03-01 02:30, New York 02-28 18:30
    slot('2027-03-01T04:30:00Z'), // New York 02-28 23:30, ends 03-01 00:30
    slot('2027-03-01T05:00:00Z'), // New York 03-01 00:00
    slot('2027-03-14T06:30:00Z'), // New York 03-14 01:30 EST
    slot('2027-03-14T07:00:00Z'), // New York 03-14 03:00 EDT
    slot('2027-04-01T03:30:00Z'), // New York 03-31 23:30 EDT
    slot('2027-04-01T04:00:00Z'), // New York 04-01 00:00 EDT
  ]

  it('lists the viewer dates of a month that have slots', () => {
    expect(daysWithSlots(slots, 'America/New_York', 2027, 3)).toEqual(['2027-03-01', '2027-03-14', '2027-03-31'])
    expect(daysWithSlots(slots, 'America/New_York', 2027, 2)).toEqual(['2027-02-28'])
    expect(daysWithSlots(slots, 'Europe/Moscow', 2027, 3)).toEqual(['2027-03-01', '2027-03-14'])
    expect(daysWithSlots([], 'Europe/Moscow', 2027, 3)).toEqual([])
  })

  it('gives the slots of a viewer date with viewer wall times', () => {
    expect(slotsOfViewerDay(slots, 'America/New_York', '2027-02-28')).toEqual([
      { ...slots[0], from: '18:30', to: '19:30' },
      { ...slots[1], from: '23:30', to: '00:30' },
    ])
    expect(slotsOfViewerDay(slots, 'America/New_York', '2027-03-14').map(({ from, to }) => `${from}-${to}`)).toEqual([
      '01:30-03:30',
      '03:00-04:00',
    ])
    expect(slotsOfViewerDay([...slots].reverse(), 'Asia/Kolkata', '2027-03-14').map((viewer) => viewer.from)).toEqual([
      '12:00',
      '12:30',
    ])
  })

  it('agrees with Intl for random slots in several zones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: Date.UTC(2027, 1, 20) / 60_000, max: Date.UTC(2027, 3, 10) / 60_000 }), {
          maxLength: 40,
        }),
        fc.constantFrom(
          'America/New_York',
          'Australia/Lord_Howe',
          'Asia/Kolkata',
          'America/Santiago',
          'Pacific/Kiritimati',
        ),
        (minutes, zone) => {
          const random = minutes.map((minute) => ({
            start: minute * 60_000,
            end: minute * 60_000 + 1_800_000,
            seatsLeft: 1,
          }))
          const inMonth = random.filter((item) => referenceDate(zone, item.start).startsWith('2027-03-'))
          const days = daysWithSlots(random, zone, 2027, 3)
          expect(days).toEqual([...new Set(inMonth.map((item) => referenceDate(zone, item.start)))].sort())
          const grouped = days.flatMap((day) => slotsOfViewerDay(random, zone, day))
          expect(grouped.map((item) => item.start)).toEqual(inMonth.map((item) => item.start).sort((a, b) => a - b))
          for (const item of grouped) expect(item.from).toBe(instantToZoned(zone, item.start).time)
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe('schedule range for a viewer month', () => {
  it('covers the viewer month in the schedule zone', () => {
    // Los Angeles March: 03-01 08:00Z to 04-01 07:00Z, Tokyo 03-01 17:00 to 04-01 16:00.
    expect(scheduleRangeForViewerMonth('America/Los_Angeles', 2027, 3, 'Asia/Tokyo')).toEqual({
      from: '2027-03-01',
      to: '2027-04-01',
    })
    expect(scheduleRangeForViewerMonth('Asia/Tokyo', 2027, 3, 'America/Los_Angeles')).toEqual({
      from: '2027-02-28',
      to: '2027-03-31',
    })
    expect(scheduleRangeForViewerMonth('Europe/Moscow', 2027, 3, 'Europe/Moscow')).toEqual(monthDates(2027, 3))
    expect(
      scheduleRangeForViewerDates(
        { timeZone: 'Pacific/Kiritimati', from: '2027-03-10', to: '2027-03-10' },
        'Pacific/Pago_Pago',
      ),
    ).toEqual({ from: '2027-03-08', to: '2027-03-09' })
  })

  it('yields every slot of the viewer month, as a wider computation does', () => {
    fc.assert(
      fc.property(
        availabilityInput,
        fc.constantFrom('America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Europe/London'),
        (input, viewerZone) => {
          const [year, month] = input.range.from.split('-').map(Number)
          const range = scheduleRangeForViewerMonth(viewerZone, year, month, input.schedule.timeZone)
          const wide = computeSlots({ ...input, range: { from: addDays(range.from, -2), to: addDays(range.to, 2) } })
          const exact = computeSlots({ ...input, range })
          const { from, to } = monthDates(year, month)
          const viewerDates = new Set(datesBetween(from, to))
          const inMonth = (list: Slot[]) =>
            list.filter((item) => viewerDates.has(referenceDate(viewerZone, item.start)))
          expect(inMonth(exact)).toEqual(inMonth(wide))
        },
      ),
      { numRuns: 100 },
    )
  })
})
