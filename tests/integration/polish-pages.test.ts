/**
 * Issue 18 "daily use" pieces (ADR 0109): the signed-in header of public pages (asked after load, never in the
 * page's HTML), the readable mail-to of the share panels, the home card's avatar.
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createBookableHost } from './helpers/booking.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

describe('the signed-in header on public pages', () => {
  it('answers who is signed in, privately, and nobody without a session', async () => {
    const user = await createTestUser({ firstName: 'Ирина', lastName: 'Смирнова' })
    const signedIn = pageClient(await sessionCookieFor(user.id))
    const mine = await signedIn.get('/header-user')
    expect(mine.status).toBe(200)
    expect(mine.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await mine.json()).toEqual({
      user: { login: user.login, firstName: 'Ирина', lastName: 'Смирнова', imageUrl: null },
    })
    const nobody = await pageClient().get('/header-user')
    expect(await nobody.json()).toEqual({ user: null })
    expect(nobody.headers.get('Cache-Control')).toBe('private, no-store')
    // An expired or forged session is nobody too.
    expect(await (await pageClient('session=forged').get('/header-user')).json()).toEqual({ user: null })
  })

  it('renders the same public page HTML for a signed-in specialist and a guest (nothing personal to cache)', async () => {
    const { host, eventType } = await createBookableHost()
    const visitor = await createTestUser({ firstName: 'Посетительница' })
    const cookie = await sessionCookieFor(visitor.id)
    for (const path of [`/user/${host.login}`, `/user/${host.login}/event/${eventType.link}`]) {
      const guest = await (await pageClient().get(`${path}?tz=Europe/Moscow`)).text()
      const signed = await (await pageClient(cookie).get(`${path}?tz=Europe/Moscow`)).text()
      expect(signed).not.toContain('Посетительница')
      expect(signed).toContain('href="/login"')
      expect(guest).toContain('href="/login"')
    }
  })
})

describe('share panels and home', () => {
  it('shows the mail-to decoded on /shareLink, keeping the encoded link on its button', async () => {
    const user = await createTestUser()
    const html = await (await pageClient(await sessionCookieFor(user.id)).get('/shareLink')).text()
    expect(html).toMatch(/value="mailto:\?subject=Запись ко мне&amp;body=http[^"%]*"/)
    expect(html).toMatch(/href="mailto:\?subject=%D0[^"]*" data-testid="share-mail-send"/)
  })

  it("shows the header's avatar on the home card", async () => {
    const user = await createTestUser({ firstName: 'Вероника' })
    const html = await (
      await SELF.fetch('http://localhost/', { headers: { Cookie: await sessionCookieFor(user.id) } })
    ).text()
    const card = html.slice(
      html.indexOf('data-testid="home-user-card"'),
      html.indexOf('</article>', html.indexOf('data-testid="home-user-card"')),
    )
    expect(card).toContain('data-testid="avatar-initial"')
    expect(card).toContain('>В<')
  })
})
