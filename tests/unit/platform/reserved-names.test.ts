import { describe, expect, it } from 'vitest'
import { isReservedName } from '#app/domain/reserved-names.ts'

describe('reserved names', () => {
  it('refuses the app routes in any case', () => {
    for (const name of ['login', 'LOGIN', ' signup ', 'eventtypes', 'eventTypes', 'widget', 'api', 'dev']) {
      expect(isReservedName(name)).toBe(true)
    }
  })
  it('accepts ordinary names', () => {
    for (const name of ['demo', 'anna', 'consultation', 'logins']) expect(isReservedName(name)).toBe(false)
  })
})
