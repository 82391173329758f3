import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { safeRedirectPath } from '#app/utils/safe-redirect.ts'

describe('safeRedirectPath', () => {
  it.each([
    '/meetings?tab=upcoming',
    '/profile',
    '/user/anna/event/intro#top',
    '/meetings?search=Anna%20Smith',
    '/a/b//c',
  ])('keeps the same-origin path %s', (value) => {
    expect(safeRedirectPath(value)).toBe(value)
  })

  it.each([
    ['a network path', '//evil.example'],
    ['a backslash network path', '/\\evil.example'],
    ['a backslash first', '\\/evil.example'],
    ['backslash pair', '\\\\evil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'evil.example/x'],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
    // Browsers drop tabs and newlines inside URLs: each of these would become //evil.example.
    ['a tab', '/\t/evil.example/phish'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['CR LF', '/\r\n/evil.example'],
    ['a tab before the second slash', '/\t\t/evil.example'],
    ['a NUL', '/\u0000/evil.example'],
    ['a space', '/ /evil.example'],
    ['a leading space', ' //evil.example'],
    ['a no-break space', '/\u00a0/evil.example'],
    ['an ideographic space', '/\u3000/evil.example'],
    ['a DEL', '/\u007f/evil.example'],
    ['a backslash later', '/profile\\..\\..\\evil'],
    // Once decoded (should anything decode it again), these start like a network path.
    ['an encoded tab', '/%09/evil.example'],
    ['an encoded newline', '/%0a/evil.example'],
    ['an encoded slash', '/%2F/evil.example'],
    ['an encoded slash, lower case', '/%2f%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a broken escape', '/%E0%A4%A'],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirectPath(value)).toBe('/')
  })

  it('answers the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/login')).toBe('/login')
  })
})

describe('newId', () => {
  it('makes UUIDv7 ids that sort by time', () => {
    const a = newId(1_700_000_000_000)
    const b = newId(1_700_000_000_001)
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a < b).toBe(true)
  })
})
