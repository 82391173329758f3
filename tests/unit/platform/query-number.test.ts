import { describe, expect, it } from 'vitest'
import { queryInt } from '#app/domain/query-number.ts'

describe('queryInt', () => {
  const range = { min: 0, max: Number.MAX_SAFE_INTEGER }

  it('reads plain decimal integers within the range', () => {
    expect(queryInt('0', range)).toBe(0)
    expect(queryInt('25', range)).toBe(25)
    expect(queryInt(' 50 ', range)).toBe(50)
    expect(queryInt('9007199254740991', range)).toBe(Number.MAX_SAFE_INTEGER)
    expect(queryInt('-3', { min: -5, max: 5 })).toBe(-3)
  })

  it('refuses what SQLite could not bind or the API would refuse', () => {
    for (const value of [
      '9223372036854775807',
      '9007199254740993',
      '1e400',
      '1e3',
      '0x10',
      'NaN',
      '',
      ' ',
      '1.5',
      '+1',
    ])
      expect(queryInt(value, range)).toBeNull()
    expect(queryInt(null, range)).toBeNull()
    expect(queryInt(undefined, range)).toBeNull()
    expect(queryInt('-1', range)).toBeNull()
    expect(queryInt('13', { min: 1, max: 12 })).toBeNull()
  })
})
