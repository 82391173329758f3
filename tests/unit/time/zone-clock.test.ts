import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MS_PER_DAY,
  createZoneClock,
  formatUtcInstant,
  instantToZoned,
  localMsOf,
  offsetAt,
  startOfZonedDay,
  zonedToInstant,
} from '#app/domain/time/index.ts'
import { referenceToInstant } from './reference.ts'

const utc = (timeZone: string, date: string, time: string) => formatUtcInstant(zonedToInstant(timeZone, date, time))

describe('wall clock -> instant (Temporal "compatible")', () => {
  it('keeps ordinary wall times', () => {
    expect(utc('America/New_York', '2027-03-13', '09:00')).toBe('2027-03-13T14:00:00Z')
    expect(utc('Europe/Moscow', '2027-07-01', '09:00')).toBe('2027-07-01T06:00:00Z')
    expect(utc('Asia/Kolkata', '2027-03-14', '00:00')).toBe('2027-03-13T18:30:00Z')
  })

  it('moves a skipped wall time forward by the gap (spring forward)', () => {
    expect(utc('America/New_York', '2027-03-14', '01:59')).toBe('2027-03-14T06:59:00Z')
    // 02:00-02:59 does not exist: 02:30 reads as 03:30 EDT.
    expect(utc('America/New_York', '2027-03-14', '02:00')).toBe('2027-03-14T07:00:00Z')
    expect(utc('America/New_York', '2027-03-14', '02:30')).toBe('2027-03-14T07:30:00Z')
    expect(utc('America/New_York', '2027-03-14', '03:00')).toBe('2027-03-14T07:00:00Z')
  })

  it('takes the earlier instant of a repeated wall time (fall back)', () => {
    expect(utc('America/New_York', '2027-11-07', '00:59')).toBe('2027-11-07T04:59:00Z')
    expect(utc('America/New_York', '2027-11-07', '01:00')).toBe('2027-11-07T05:00:00Z')
    expect(utc('America/New_York', '2027-11-07', '01:59')).toBe('2027-11-07T05:59:00Z')
    expect(utc('America/New_York', '2027-11-07', '02:00')).toBe('2027-11-07T07:00:00Z')
  })

  it('handles Lord Howe half-hour DST', () => {
    // +10:30 -> +11:00 at 02:00 on 2027-10-03: 02:00-02:29 is skipped.
    expect(utc('Australia/Lord_Howe', '2027-10-03', '01:59')).toBe('2027-10-02T15:29:00Z')
    expect(utc('Australia/Lord_Howe', '2027-10-03', '02:15')).toBe('2027-10-02T15:45:00Z')
    expect(utc('Australia/Lord_Howe', '2027-10-03', '02:30')).toBe('2027-10-02T15:30:00Z')
    // +11:00 -> +10:30 at 02:00 on 2027-04-04: 01:30-01:59 happens twice.
    expect(utc('Australia/Lord_Howe', '2027-04-04', '01:45')).toBe('2027-04-03T14:45:00Z')
    expect(utc('Australia/Lord_Howe', '2027-04-04', '02:00')).toBe('2027-04-03T15:30:00Z')
  })

  it('handles southern-hemisphere midnight transitions (America/Santiago)', () => {
    // Clocks go from 00:00 to 01:00 on 2027-09-05: the day starts at 01:00.
    expect(utc('America/Santiago', '2027-09-05', '00:00')).toBe('2027-09-05T04:00:00Z')
    expect(startOfZonedDay('America/Santiago', '2027-09-05')).toBe(Date.UTC(2027, 8, 5, 4))
    // Clocks go from 24:00 back to 23:00 on 2027-04-03: 23:xx happens twice.
    expect(utc('America/Santiago', '2027-04-03', '23:30')).toBe('2027-04-04T02:30:00Z')
    expect(utc('America/Santiago', '2027-04-04', '00:00')).toBe('2027-04-04T04:00:00Z')
    expect(utc('Australia/Sydney', '2027-10-03', '02:30')).toBe('2027-10-02T16:30:00Z')
  })

  it('moves a whole skipped day forward (Pacific/Apia, 2011-12-30)', () => {
    expect(utc('Pacific/Apia', '2011-12-29', '23:00')).toBe('2011-12-30T09:00:00Z')
    expect(utc('Pacific/Apia', '2011-12-30', '10:00')).toBe('2011-12-30T20:00:00Z')
    expect(utc('Pacific/Apia', '2011-12-31', '10:00')).toBe('2011-12-30T20:00:00Z')
  })

  it('handles offset changes without DST (Europe/Moscow 2014)', () => {
    // +04:00 -> +03:00 at 02:00 on 2014-10-26: 01:00-01:59 happens twice.
    expect(utc('Europe/Moscow', '2014-10-26', '01:30')).toBe('2014-10-25T21:30:00Z')
    expect(utc('Europe/Moscow', '2014-10-26', '02:00')).toBe('2014-10-25T23:00:00Z')
  })
})

describe('instant -> wall clock', () => {
  it('gives date, time, weekday and offset', () => {
    expect(instantToZoned('America/New_York', Date.UTC(2027, 2, 14, 7))).toEqual({
      date: '2027-03-14',
      time: '03:00',
      minuteOfDay: 180,
      weekday: 7,
      offsetMs: -4 * 3_600_000,
    })
    expect(instantToZoned('Asia/Kolkata', Date.UTC(2027, 0, 1, 18, 29)).date).toBe('2027-01-01')
    expect(instantToZoned('Asia/Kolkata', Date.UTC(2027, 0, 1, 18, 30)).date).toBe('2027-01-02')
    expect(instantToZoned('Australia/Lord_Howe', Date.UTC(2027, 3, 3, 15)).time).toBe('01:30')
  })
})

describe('ZoneClock agrees with Intl', () => {
  const zones = [
    'America/New_York',
    'Europe/Moscow',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'America/Santiago',
    'Europe/London',
    'Pacific/Chatham',
    'Asia/Tehran',
  ]
  const spanStart = Date.UTC(2026, 0, 1)
  const spanEnd = Date.UTC(2028, 0, 1)
  const clocks = new Map(zones.map((zone) => [zone, createZoneClock(zone, spanStart, spanEnd)]))

  it('offsetAt matches a direct lookup at any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: spanStart, max: spanEnd }), (zone, instant) => {
        expect(clocks.get(zone)?.offsetAt(instant)).toBe(offsetAt(zone, instant))
      }),
      { numRuns: 500 },
    )
  })

  it('toInstant matches the reference algorithm, minute by minute near transitions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: spanStart / 60_000 + 1440, max: spanEnd / 60_000 - 1440 }),
        (zone, localMinute) => {
          const local = localMinute * 60_000
          expect(clocks.get(zone)?.toInstant(local)).toBe(referenceToInstant(zone, local))
        },
      ),
      { numRuns: 500 },
    )
    for (const zone of zones) {
      const clock = clocks.get(zone)
      for (const transition of transitionsOf(zone)) {
        for (let minute = -90; minute <= 90; minute += 5) {
          const local = transition + offsetAt(zone, transition - 1) + minute * 60_000
          expect(clock?.toInstant(local)).toBe(referenceToInstant(zone, local))
        }
      }
    }
  })

  it('round-trips instants through wall clock outside overlaps', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: spanStart, max: spanEnd }), (zone, instant) => {
        const clock = clocks.get(zone)
        if (!clock) throw new Error(zone)
        const back = clock.toInstant(clock.toLocal(instant))
        // Equal, or the earlier reading of a repeated wall time.
        expect(back === instant || (back < instant && clock.toLocal(back) === clock.toLocal(instant))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('answers outside its span too', () => {
    const clock = createZoneClock('America/New_York', Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 2))
    const local = localMsOf('2030-03-10', 150)
    expect(clock.toInstant(local)).toBe(referenceToInstant('America/New_York', local))
    expect(clock.offsetAt(Date.UTC(2030, 6, 1))).toBe(-4 * 3_600_000)
  })
})

// Transition instants found by a plain scan: days, then minutes.
function transitionsOf(zone: string): number[] {
  const found: number[] = []
  for (let day = Date.UTC(2026, 0, 2); day < Date.UTC(2027, 11, 30); day += MS_PER_DAY) {
    if (offsetAt(zone, day) === offsetAt(zone, day + MS_PER_DAY)) continue
    let minute = day
    while (offsetAt(zone, minute + 60_000) === offsetAt(zone, day)) minute += 60_000
    found.push(minute + 60_000)
  }
  return found
}
