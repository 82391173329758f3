import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'

describe('safeRedirectPath', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirectPath('/meetings?tab=upcoming')).toBe('/meetings?tab=upcoming')
  })
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null])(
    'refuses %s',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/')
    },
  )
})

describe('newId', () => {
  it('makes UUIDv7 ids that sort by time', () => {
    const a = newId(1_700_000_000_000)
    const b = newId(1_700_000_000_001)
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a < b).toBe(true)
  })
})
