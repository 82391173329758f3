import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  civilFromEpochDay,
  compareDates,
  datesBetween,
  diffDays,
  epochDayFromCivil,
  epochDayOfIsoDate,
  isIsoDate,
  isoDateOf,
  isoDateOfEpochDay,
  isoWeekday,
  monthDates,
} from '#app/domain/time/index.ts'

describe('dates as YYYY-MM-DD', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29')
    expect(addDays('1900-02-28', 1)).toBe('1900-03-01')
  })

  it('gives ISO weekdays, Monday = 1', () => {
    expect(isoWeekday('2027-03-01')).toBe(1)
    expect(isoWeekday('2027-03-07')).toBe(7)
    expect(isoWeekday('1970-01-01')).toBe(4)
    expect(isoWeekday('1969-12-28')).toBe(7)
  })

  it('counts and lists dates', () => {
    expect(diffDays('2027-03-01', '2027-04-01')).toBe(31)
    expect(diffDays('2027-04-01', '2027-03-01')).toBe(-31)
    expect(compareDates('2027-03-01', '2027-03-02')).toBeLessThan(0)
    expect(datesBetween('2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01', '2027-03-02'])
    expect(datesBetween('2027-03-02', '2027-03-01')).toEqual([])
    expect(monthDates(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('rejects impossible dates', () => {
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(isIsoDate('2027-13-01')).toBe(false)
    expect(isIsoDate('2027-3-1')).toBe(false)
    expect(() => epochDayOfIsoDate('2027-02-30')).toThrow(RangeError)
    expect(() => isoDateOf(2027, 2, 29)).toThrow(RangeError)
  })

  it('agrees with Date.UTC and round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 2_900_000 }), (epochDay) => {
        const { year, month, day } = civilFromEpochDay(epochDay)
        expect(epochDayFromCivil(year, month, day)).toBe(epochDay)
        // Date.UTC reads years 0-99 as 1900-1999.
        if (year >= 100) expect(Date.UTC(year, month - 1, day) / 86_400_000).toBe(epochDay)
        if (year >= 0 && year <= 9999) expect(epochDayOfIsoDate(isoDateOfEpochDay(epochDay))).toBe(epochDay)
      }),
    )
  })
})
