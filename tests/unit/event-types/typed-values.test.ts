import { describe, expect, it } from 'vitest'
import { readTypedDate, readTypedTime } from '#app/domain/schedules/typed-values.ts'

describe('typed dates and times (DD.MM.YYYY, 24-hour HH:mm)', () => {
  it('reads times leniently and refuses impossible ones', () => {
    expect(readTypedTime('09:30')).toBe('09:30')
    expect(readTypedTime('9:30')).toBe('09:30')
    expect(readTypedTime('930')).toBe('09:30')
    expect(readTypedTime('0930')).toBe('09:30')
    expect(readTypedTime('9.30')).toBe('09:30')
    expect(readTypedTime(' 18 ')).toBe('18:00')
    expect(readTypedTime('23:59')).toBe('23:59')
    for (const text of ['24:00', '9:60', '', 'abc', '9:3', '12345']) expect(readTypedTime(text)).toBeNull()
  })

  it('reads dates as DD.MM.YYYY in several spellings, or ISO, and refuses impossible ones', () => {
    expect(readTypedDate('25.12.2026')).toBe('2026-12-25')
    expect(readTypedDate('25/12/2026')).toBe('2026-12-25')
    expect(readTypedDate('5.1.2027')).toBe('2027-01-05')
    expect(readTypedDate('25122026')).toBe('2026-12-25')
    expect(readTypedDate('2026-12-25')).toBe('2026-12-25')
    for (const text of ['31.02.2027', '25.13.2026', '', '25.12', '12/25/2026']) expect(readTypedDate(text)).toBeNull()
  })
})
