import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isPersonal, withSecurityHeaders } from '#workers/security-headers.ts'

const page = () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } })

describe('Strict-Transport-Security and Cache-Control (issue 19)', () => {
  it('sends HSTS on every answer in production, and not in development', () => {
    for (const personal of [true, false]) {
      const secured = withSecurityHeaders(page(), false, 'n', { production: true, personal })
      expect(secured.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
    }
    const local = withSecurityHeaders(page(), false, 'n', { production: false, personal: true })
    expect(local.headers.get('Strict-Transport-Security')).toBeNull()
  })

  it('marks personal answers private, no-store unless they set their own Cache-Control', () => {
    expect(
      withSecurityHeaders(page(), false, 'n', { production: true, personal: true }).headers.get('Cache-Control'),
    ).toBe('private, no-store')
    expect(
      withSecurityHeaders(page(), false, 'n', { production: true, personal: false }).headers.get('Cache-Control'),
    ).toBeNull()
    const own = new Response('[]', { headers: { 'Cache-Control': 'public, max-age=600' } })
    expect(
      withSecurityHeaders(own, false, 'n', { production: true, personal: true }).headers.get('Cache-Control'),
    ).toBe('public, max-age=600')
  })

  it('sets the headers on an answer the app built, and on a copy of one whose headers are immutable', () => {
    const built = page()
    expect(withSecurityHeaders(built, false, 'n')).toBe(built)
    const redirect = Response.redirect('https://example.com/next', 302)
    expect(() => redirect.headers.set('X-Test', '1')).toThrow(TypeError)
    const secured = withSecurityHeaders(redirect, false, 'n')
    expect(secured).not.toBe(redirect)
    expect(secured.status).toBe(302)
    expect(secured.headers.get('Location')).toBe('https://example.com/next')
    expect(secured.headers.get('X-Frame-Options')).toBe('DENY')
    expect(secured.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('counts API answers and pages asked for with the session cookie or a token as personal', () => {
    const ask = (path: string, headers: Record<string, string> = {}) => {
      const request = new Request(`https://fastslot.example${path}`, { headers })
      return isPersonal(request, new URL(request.url), 'session')
    }
    expect(ask('/api/v2/profile')).toBe(true)
    expect(ask('/contacts', { Cookie: 'lng=ru; session=abc' })).toBe(true)
    expect(ask('/contacts', { Authorization: 'Bearer x' })).toBe(true)
    expect(ask('/', { Cookie: 'lng=ru' })).toBe(false)
    expect(ask('/', { Cookie: 'mysession=abc' })).toBe(false)
    expect(ask('/user/demo')).toBe(false)
  })

  it('gives static files HSTS too (public/_headers)', () => {
    const headers = readFileSync('public/_headers', 'utf8')
    expect(headers).toMatch(/^\s+Strict-Transport-Security: max-age=31536000; includeSubDomains$/m)
  })
})
