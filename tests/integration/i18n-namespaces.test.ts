import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import enBooking from '#app/locales/en/booking.json'
import enMeetings from '#app/locales/en/meetings.json'
import { NAMESPACES } from '#app/i18n/namespaces.ts'
import { createBookableHost } from './helpers/booking.ts'

/** docs/decisions/0079-namespaces-per-route.md: a page's HTML embeds only its routes' translation namespaces. */
const page = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

function embedded(html: string): Record<string, Record<string, unknown>> {
  const json = /<script type="application\/json" id="i18n-resources"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]
  expect(json, 'the embedded translations script').toBeTruthy()
  return JSON.parse(json ?? '{}')
}

function formPost(path: string, fields: [string, string][]) {
  return page(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      'CF-Connecting-IP': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  })
}

describe('translations embedded per page', () => {
  it('the public event page, its short form and the widget carry only common, api, validation and booking', async () => {
    const { host } = await createBookableHost()
    for (const path of [
      `/user/${host.login}/event/consult?tz=Etc/UTC`,
      `/${host.login}/consult?tz=Etc/UTC`,
      `/widget/booking/user/${host.login}/event/consult?tz=Etc/UTC&lang=en`,
    ]) {
      const response = await page(path)
      expect(response.status, path).toBe(200)
      const texts = embedded(await response.text())
      expect(Object.keys(texts), path).toEqual(['common', 'api', 'validation', 'booking'])
      expect(texts).not.toHaveProperty('accounts')
      expect(texts).not.toHaveProperty('meetings')
    }
    // The widget's ?lang=en embeds the English texts, whole.
    const widget = embedded(await (await page(`/widget/booking/user/${host.login}/event/consult?lang=en`)).text())
    expect(widget.booking).toEqual(enBooking)
  })

  it('the host page carries booking texts; the success step adds the sign-up offer texts (accounts)', async () => {
    const { host } = await createBookableHost()
    expect(Object.keys(embedded(await (await page(`/user/${host.login}`)).text()))).toEqual([
      'common',
      'api',
      'booking',
    ])

    const base = `/user/${host.login}/event/consult`
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const dayUrl = `${base}?tz=Etc/UTC&month=${tomorrow.slice(0, 7)}&date=${tomorrow}`
    const start = /name="slot"[^>]*value="(\d+)"/.exec(await (await page(dayUrl)).text())?.[1] ?? ''
    const held = await formPost(dayUrl, [
      ['intent', 'hold'],
      ['clientId', 'c1'],
      ['slot', start],
    ])
    expect(held.status).toBe(302)
    const formUrl = held.headers.get('Location') ?? ''
    const form = await (await page(formUrl)).text()
    expect(Object.keys(embedded(form))).toEqual(['common', 'api', 'validation', 'booking'])
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1] ?? ''
    const booked = await formPost(formUrl, [
      ['intent', 'book'],
      ['idempotencyKey', key],
      ['firstName', 'Иван'],
      ['email', `ns-${Date.now()}@example.com`],
      ['messengerType', 'WhatsApp'],
      ['messengerValue', ''],
    ])
    expect(booked.status).toBe(302)
    const success = await (await page(booked.headers.get('Location') ?? '')).text()
    expect(success).toContain('data-testid="booking-success"')
    expect(Object.keys(embedded(success))).toEqual(['common', 'api', 'validation', 'accounts', 'booking'])
  })

  it('a page whose route declares no namespaces embeds every namespace', async () => {
    const html = await (await page('/login')).text()
    expect(Object.keys(embedded(html))).toEqual([...NAMESPACES])
  })

  it('the browser can fetch a namespace the document did not embed; anything else is 404', async () => {
    const response = await page('/locales/en/meetings')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('application/json')
    expect(await response.json()).toEqual(enMeetings)
    for (const path of ['/locales/de/booking', '/locales/en/nope', '/locales/en/toString', '/locales/ru']) {
      expect((await page(path)).status, path).toBe(404)
    }
  })
})
