import { describe, expect, it } from 'vitest'
import { isOutdated } from '#app/components/ui/app-version.ts'

describe('outdated app version (SPEC §8, ADR 0085)', () => {
  it('is an answer from another build than the page', () => {
    expect(isOutdated('a1', 'b2')).toBe(true)
    expect(isOutdated('a1', 'a1')).toBe(false)
  })

  it('is never guessed from a missing version', () => {
    expect(isOutdated(undefined, 'b2')).toBe(false)
    expect(isOutdated('a1', null)).toBe(false)
    expect(isOutdated('', '')).toBe(false)
  })
})
