import { describe, expect, it } from 'vitest'
import { readTypedDate, readTypedTime } from '#app/domain/time/index.ts'
import { OptionalTypedDateSchema, TypedDateSchema, TypedTimeSchema } from '#app/domain/time/typed-fields.ts'

describe('typed dates and times (DD.MM.YYYY, 24-hour HH:mm)', () => {
  it('reads times leniently and refuses impossible ones', () => {
    expect(readTypedTime('09:30')).toBe('09:30')
    expect(readTypedTime('9:30')).toBe('09:30')
    expect(readTypedTime('930')).toBe('09:30')
    expect(readTypedTime('0930')).toBe('09:30')
    expect(readTypedTime('9.30')).toBe('09:30')
    expect(readTypedTime(' 18 ')).toBe('18:00')
    expect(readTypedTime('23:59')).toBe('23:59')
    for (const text of ['24:00', '9:60', '', 'abc', '9:3', '12345', '09:30 AM']) expect(readTypedTime(text)).toBeNull()
  })

  it('reads dates as DD.MM.YYYY in several spellings, or ISO, and refuses impossible ones', () => {
    expect(readTypedDate('25.12.2026')).toBe('2026-12-25')
    expect(readTypedDate(' 25.12.2026 ')).toBe('2026-12-25')
    expect(readTypedDate('25/12/2026')).toBe('2026-12-25')
    expect(readTypedDate('5.1.2027')).toBe('2027-01-05')
    expect(readTypedDate('25122026')).toBe('2026-12-25')
    expect(readTypedDate('2026-12-25')).toBe('2026-12-25')
    for (const text of ['31.02.2027', '25.13.2026', '', '25.12', '12/25/2026', '2026-02-30']) {
      expect(readTypedDate(text)).toBeNull()
    }
  })
})

describe('typed date and time form fields (the server side of the same reading)', () => {
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message)

  it('answers a posted date as YYYY-MM-DD, the old format too; names a missing or unreadable one', () => {
    expect(TypedDateSchema.parse('05.03.2027')).toBe('2027-03-05')
    expect(TypedDateSchema.parse('2027-03-05')).toBe('2027-03-05')
    expect(issue(TypedDateSchema.safeParse('31.02.2027'))).toEqual(['validation:invalidDate'])
    expect(issue(TypedDateSchema.safeParse('03/05/2027 x'))).toEqual(['validation:invalidDate'])
    expect(issue(TypedDateSchema.safeParse(' '))).toEqual(['validation:required'])
    expect(issue(TypedDateSchema.safeParse(undefined))).toEqual(['validation:required'])
  })

  it('answers a posted time as HH:mm; names a missing or unreadable one', () => {
    expect(TypedTimeSchema.parse('09:30')).toBe('09:30')
    expect(TypedTimeSchema.parse('930')).toBe('09:30')
    expect(issue(TypedTimeSchema.safeParse('09:30 PM'))).toEqual(['validation:invalidTime'])
    expect(issue(TypedTimeSchema.safeParse('24:00'))).toEqual(['validation:invalidTime'])
    expect(issue(TypedTimeSchema.safeParse(''))).toEqual(['validation:required'])
  })

  it('lets an optional date stay empty', () => {
    expect(OptionalTypedDateSchema.parse('')).toBeNull()
    expect(OptionalTypedDateSchema.parse(undefined)).toBeNull()
    expect(OptionalTypedDateSchema.parse(null)).toBeNull()
    expect(OptionalTypedDateSchema.parse('01.02.2027')).toBe('2027-02-01')
    expect(issue(OptionalTypedDateSchema.safeParse('13/13/2027'))).toEqual(['validation:invalidDate'])
  })
})
