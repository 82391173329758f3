import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sortInstants } from '#app/domain/availability/sort-instants.ts'

const sortedCopy = (values: number[]) => Float64Array.from(values).sort()

describe('sortInstants', () => {
  it('sorts like the built-in sort: spread, clustered and fractional values', () => {
    const instant = fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2027, 2, 1) })
    const values = fc.oneof(
      fc.array(instant, { maxLength: 500 }),
      fc.array(fc.constantFrom(Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 2), Date.UTC(2027, 5, 1)), { maxLength: 300 }),
      fc.array(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { maxLength: 300 }),
    )
    fc.assert(
      fc.property(values, (list) => {
        expect(sortInstants(Float64Array.from(list))).toEqual(sortedCopy(list))
      }),
    )
  })

  it('copes with heavy clusters (bucket overflow) and equal values', () => {
    const cluster = Array.from({ length: 2000 }, (_, index) => (index % 2 === 0 ? 5 : 1e12 + (index % 97)))
    expect(sortInstants(Float64Array.from(cluster))).toEqual(sortedCopy(cluster))
    expect(sortInstants(new Float64Array(100).fill(7))).toEqual(new Float64Array(100).fill(7))
  })
})
