/**
 * Issue 18 "Time and language" on the public pages: the browser's language when the guest chose none (the dashboard
 * stays Russian), the event page's zone from `?tz=`, else the kept cookie, else the host's with a note and the
 * inline script that asks for the browser's zone, and readable zone names in the picker.
 */
import { describe, expect, it } from 'vitest'
import { createBookableHost } from './helpers/booking.ts'
import { pageClient } from './helpers/users.ts'

const guest = pageClient()
const langOf = (html: string) => /<html[^>]*\blang="([a-z]+)"/.exec(html)?.[1]
const selectedZone = (html: string) =>
  /<select[^>]*data-testid="zone-select"[^>]*>[\s\S]*?<option[^>]*value="([^"]+)"[^>]*selected=""/.exec(html)?.[1]

describe("public pages follow the browser's language", () => {
  it('speaks English to an English browser on the public pages, Russian on the dashboard', async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const english = { 'Accept-Language': 'en-US,en;q=0.9' }
    for (const path of [`/user/${host.login}`, `/user/${host.login}/event/consult`, `/${host.login}/consult`]) {
      const response = await guest.get(path, english)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Vary'), path).toContain('Accept-Language')
      expect(langOf(await response.text()), path).toBe('en')
    }
    expect(langOf(await (await guest.get('/login', english)).text())).toBe('ru')
    // The mark is the Worker's: a browser sending it does not switch the dashboard.
    const forced = await guest.get('/login', { ...english, 'X-FastSlot-Browser-Language': 'en' })
    expect(langOf(await forced.text())).toBe('ru')
  })

  it('keeps a chosen language: ?lang= and the cookie win over the browser', async () => {
    const { host } = await createBookableHost()
    const english = { 'Accept-Language': 'en' }
    expect(langOf(await (await guest.get(`/user/${host.login}?lang=ru`, english)).text())).toBe('ru')
    const switched = await guest.post('/language', { language: 'ru', redirectTo: '/' })
    const cookie = (switched.headers.get('Set-Cookie') ?? '').split(';')[0]
    expect(cookie).toMatch(/^lng=/)
    const page = await guest.get(`/user/${host.login}`, { ...english, Cookie: cookie })
    expect(langOf(await page.text())).toBe('ru')
    expect(langOf(await (await guest.get(`/user/${host.login}`, { 'Accept-Language': 'de, fr' })).text())).toBe('ru')
  })
})

describe("the event page's zone", () => {
  it("renders the host's zone with a note and the zone script when the guest chose none", async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const html = await (await guest.get(`/user/${host.login}/event/consult`, { 'Accept-Language': 'en' })).text()
    expect(selectedZone(html)).toBe('Europe/Moscow')
    expect(html).toContain('<noscript>')
    expect(html).toContain('Times are shown in Moscow time. Choose your time zone below.')
    expect(html).toMatch(/<script nonce="[^"]+">\(function\(\)\{try\{var z=Intl\.DateTimeFormat/)
    expect(html).toContain('data-zone-dependent=""')
  })

  it('keeps a zone chosen by ?tz= in a cookie and renders from it next time, without the script', async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const chosen = await guest.get(`/user/${host.login}/event/consult?tz=Asia/Tokyo`, { 'Accept-Language': 'ru' })
    const setCookie = chosen.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/^tz=Asia%2FTokyo; Path=\/; Max-Age=\d+; SameSite=Lax; Secure/)
    const html = await guest
      .get(`/user/${host.login}/event/consult`, { 'Accept-Language': 'ru', Cookie: setCookie.split(';')[0] })
      .then((r) => r.text())
    expect(selectedZone(html)).toBe('Asia/Tokyo')
    expect(html).not.toContain('data-testid="zone-note"')
    expect(html).not.toContain('var z=Intl.DateTimeFormat')
    // Russian city names grouped by offset and country; never an IANA id as an option's text.
    expect(html).toMatch(
      /<optgroup label="UTC\+09:00 · Япония"><option value="Asia\/Tokyo" selected="">Токио<\/option>/,
    )
    const texts = [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1])
    expect(texts.length).toBeGreaterThan(300)
    expect(texts.filter((text) => text.includes('/'))).toEqual([])
    // A zone that is no zone in the cookie is ignored.
    const bad = await guest.get(`/user/${host.login}/event/consult`, { Cookie: 'tz=Mars%2FOlympus' })
    expect(selectedZone(await bad.text())).toBe('Europe/Moscow')
  })

  it('the calendar JSON reads the kept zone like the page', async () => {
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const get = (cookie?: string) =>
      guest
        .get(`/booking/calendar/${host.login}/consult?part=month`, {
          Accept: 'application/json',
          ...(cookie ? { Cookie: cookie } : {}),
        })
        .then((r) => r.json() as Promise<{ calendar: { slots: { from: string }[] } }>)
    // The schedule works 09:00-18:00 UTC: 12:00-21:00 in Moscow, 18:00-03:00 in Tokyo.
    const moscow = (await get()).calendar.slots.map((slot) => slot.from)
    const tokyo = (await get('tz=Asia%2FTokyo')).calendar.slots.map((slot) => slot.from)
    expect(moscow.length).toBeGreaterThan(0)
    expect(tokyo.length).toBeGreaterThan(0)
    expect(moscow.filter((from) => from < '12:00' || from > '20:30')).toEqual([])
    expect(tokyo.filter((from) => from < '18:00' && from > '02:30')).toEqual([])
  })
})
