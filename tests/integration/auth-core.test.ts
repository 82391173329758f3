import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { describe, expect, it } from 'vitest'
import { signAccessToken, verifyAccessToken } from '#app/server/auth/tokens.server.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'
import { singleKey } from '#app/server/crypto/keyring.server.ts'

describe('web sessions', () => {
  it('send a signed-out visitor of an app page to /login with the way back', async () => {
    const thrown = await requireUser(getDb(env.DB), new Request('http://localhost/meetings?tab=upcoming')).catch(
      (response: Response) => response,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fmeetings%3Ftab%3Dupcoming')
  })

  it('let a signed-in specialist into the app shell', async () => {
    const user = await createTestUser({ firstName: 'Ольга' })
    const response = await SELF.fetch('http://localhost/', { headers: { Cookie: await sessionCookieFor(user.id) } })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Ольга')
    expect(html).toContain('data-testid="home"')
  })

  it('refuse a forged session cookie', async () => {
    const response = await SELF.fetch('http://localhost/', { headers: { Cookie: 'session=forged-token' } })
    expect(await response.text()).toContain('data-testid="landing"')
  })
})

describe('cross-site posts', () => {
  it('are refused for pages', async () => {
    const form = new FormData()
    form.set('language', 'en')
    const response = await SELF.fetch('http://localhost/language', {
      method: 'POST',
      body: form,
      headers: { Origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
  })
})

describe('access tokens', () => {
  const a = singleKey('secret-a'.repeat(4))
  const b = singleKey('secret-b'.repeat(4))

  it('verify only unexpired tokens signed with the secret', async () => {
    const now = Date.UTC(2027, 0, 1)
    const token = await signAccessToken(a, 'user-1', now)
    expect(await verifyAccessToken(a, token, now + 60_000)).toBe('user-1')
    expect(await verifyAccessToken(b, token, now + 60_000)).toBeNull()
    expect(await verifyAccessToken(a, token, now + 16 * 60_000)).toBeNull()
    const [h, , s] = token.split('.')
    const forged = `${h}.${btoa(JSON.stringify({ sub: 'admin', exp: 9e9, iat: 0 }))}.${s}`
    expect(await verifyAccessToken(a, forged, now)).toBeNull()
  })

  it('verify a token signed before a rotation while the old secret is the previous one', async () => {
    const now = Date.UTC(2027, 0, 1)
    const before = await signAccessToken(a, 'user-1', now)
    const rotated = { current: b.current, previous: [a.current] }
    expect(await verifyAccessToken(rotated, before, now + 60_000)).toBe('user-1')
    expect(await verifyAccessToken(b, before, now + 60_000)).toBeNull()
    // New tokens are signed with the new secret only.
    const after = await signAccessToken(rotated, 'user-1', now)
    expect(await verifyAccessToken(b, after, now + 60_000)).toBe('user-1')
    expect(await verifyAccessToken(a, after, now + 60_000)).toBeNull()
  })
})
