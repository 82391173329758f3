import { describe, expect, it } from 'vitest'
import {
  dmyToIso,
  formatHm,
  formatOffset,
  formatUtcInstant,
  isFormDmy,
  isHm,
  isoToDmy,
  parseHm,
  parseUtcInstant,
} from '#app/domain/time/index.ts'

describe('formatting', () => {
  it('reads and writes HH:mm, 00:00 to 23:59', () => {
    expect(parseHm('00:00')).toBe(0)
    expect(parseHm('09:05')).toBe(545)
    expect(parseHm('23:59')).toBe(1439)
    expect(() => parseHm('24:00')).toThrow(RangeError)
    expect(() => parseHm('9:00')).toThrow(RangeError)
    expect(isHm('12:60')).toBe(false)
    expect(formatHm(545)).toBe('09:05')
    expect(formatHm(1440 + 30)).toBe('00:30')
    expect(formatHm(-30)).toBe('23:30')
  })

  it('converts DD.MM.YYYY and YYYY-MM-DD', () => {
    expect(dmyToIso('05.03.2027')).toBe('2027-03-05')
    expect(isoToDmy('2027-03-05')).toBe('05.03.2027')
    expect(() => dmyToIso('31.02.2027')).toThrow(RangeError)
    expect(() => dmyToIso('2027-03-05')).toThrow(RangeError)
    expect(() => isoToDmy('05.03.2027')).toThrow(RangeError)
  })

  it('accepts a form date only as a real DD.MM.YYYY day from 1900 to 2099', () => {
    expect(isFormDmy('01.01.1900')).toBe(true)
    expect(isFormDmy('31.12.2099')).toBe(true)
    expect(isFormDmy('31.12.1899')).toBe(false)
    expect(isFormDmy('01.01.2100')).toBe(false)
    expect(isFormDmy('29.02.2027')).toBe(false)
    expect(isFormDmy('1.03.2027')).toBe(false)
    expect(isFormDmy('2027-03-05')).toBe(false)
  })

  it('writes and reads the contract instants', () => {
    expect(formatUtcInstant(Date.UTC(2027, 2, 14, 7, 30))).toBe('2027-03-14T07:30:00Z')
    expect(formatUtcInstant(Date.UTC(1969, 11, 31, 23, 59, 59, 999))).toBe('1969-12-31T23:59:59Z')
    expect(parseUtcInstant('2027-03-14T07:30:00Z')).toBe(Date.UTC(2027, 2, 14, 7, 30))
    expect(parseUtcInstant('2027-03-14T07:30:00.5Z')).toBe(Date.UTC(2027, 2, 14, 7, 30, 0, 500))
    expect(() => parseUtcInstant('2027-03-14T07:30:00+03:00')).toThrow(RangeError)
    expect(() => parseUtcInstant('2027-02-30T07:30:00Z')).toThrow(RangeError)
  })

  it('writes UTC offsets', () => {
    expect(formatOffset(0)).toBe('+00:00')
    expect(formatOffset(5.5 * 3_600_000)).toBe('+05:30')
    expect(formatOffset(-(4 * 3600 + 56 * 60 + 2) * 1000)).toBe('-04:56:02')
  })
})
