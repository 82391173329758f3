import { describe, expect, it } from 'vitest'
import { cronMatches } from '#app/domain/cron.ts'

const at = (iso: string) => new Date(iso)

describe('cronMatches', () => {
  it('matches every minute', () => {
    expect(cronMatches('* * * * *', at('2027-01-04T10:17:00Z'))).toBe(true)
  })
  it('matches steps, ranges and lists', () => {
    expect(cronMatches('*/10 * * * *', at('2027-01-04T10:20:00Z'))).toBe(true)
    expect(cronMatches('*/10 * * * *', at('2027-01-04T10:21:00Z'))).toBe(false)
    expect(cronMatches('0 9-17 * * 1-5', at('2027-01-04T09:00:00Z'))).toBe(true)
    expect(cronMatches('0 9-17 * * 1-5', at('2027-01-03T09:00:00Z'))).toBe(false)
    expect(cronMatches('0,30 * * * *', at('2027-01-04T09:30:00Z'))).toBe(true)
  })
  it('treats 7 as Sunday', () => {
    expect(cronMatches('0 0 * * 7', at('2027-01-03T00:00:00Z'))).toBe(true)
  })
  it('refuses what it cannot read', () => {
    expect(() => cronMatches('* * *', at('2027-01-04T10:00:00Z'))).toThrow()
    expect(() => cronMatches('*/x * * * *', at('2027-01-04T10:00:00Z'))).toThrow()
  })
})
