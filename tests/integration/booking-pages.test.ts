import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { createBookableHost } from './helpers/booking.ts'
import { sessionCookieFor } from './helpers/users.ts'

const page = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

function formPost(path: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields)
  return page(path, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      // A client address per post: the tests book more than the per-address rate limit allows.
      'CF-Connecting-IP': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  })
}

/** The fields a form posts (inputs, selects with their selected or first option, textareas), as a browser would. */
function formFields(html: string, testId: string): [string, string][] {
  const start = html.indexOf(`data-testid="${testId}"`)
  const form = html.slice(html.lastIndexOf('<form', start), html.indexOf('</form>', start))
  const fields: [string, string][] = []
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  for (const match of form.matchAll(/<select\b[^>]*>[\s\S]*?<\/select>|<(?:input|textarea)\b[^>]*>/g)) {
    const tag = match[0]
    const name = attr(tag, 'name')
    if (!name) continue
    if (tag.startsWith('<select')) {
      const options = [...tag.matchAll(/<option[^>]*value="([^"]*)"[^>]*>/g)]
      const selected = options.find((o) => o[0].includes('selected')) ?? options[0]
      fields.push([name, selected?.[1] ?? ''])
    } else {
      fields.push([name, attr(tag, 'value') ?? ''])
    }
  }
  return fields
}

/** Holds the first free start of tomorrow through the slot form; the form step's URL. */
async function holdOne(base: string) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const dayUrl = `${base}?tz=Etc/UTC&month=${tomorrow.slice(0, 7)}&date=${tomorrow}`
  const html = await (await page(dayUrl)).text()
  const start = /name="slot"[^>]*value="(\d+)"/.exec(html)?.[1] ?? ''
  const held = await formPost(dayUrl, [
    ['intent', 'hold'],
    ['clientId', 'c1'],
    ['slot', start],
  ])
  expect(held.status).toBe(302)
  return held.headers.get('Location') ?? ''
}

describe('public booking pages', () => {
  it('render the free days and the first free day slots in the first response', async () => {
    const { host } = await createBookableHost()
    const response = await page(`/user/${host.login}/event/consult?tz=Etc/UTC`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-testid="month-calendar"')
    expect((html.match(/data-testid="free-day"/g) ?? []).length).toBeGreaterThan(0)
    expect(html).toMatch(/data-testid="slot"/)
    expect(html).toMatch(/\d\d:\d\d–\d\d:\d\d/)
    // The short form is the same page.
    const short = await page(`/${host.login}/consult?tz=Etc/UTC`)
    expect(short.status).toBe(200)
    expect(await short.text()).toContain('data-testid="slot-picker"')
  })

  it('open on the next month with a free day when the current month has none left', async () => {
    // A booking window that opens on the first day of next month: this month has no free day at all.
    const now = new Date()
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    const nextMonth = next.toISOString().slice(0, 7)
    const { host } = await createBookableHost({
      recordIsOpenType: 'Period',
      recordIsOpenPeriodStart: `${nextMonth}-01`,
      recordIsOpenPeriodEnd: `${nextMonth}-10`,
    })
    const html = await (await page(`/user/${host.login}/event/consult?tz=Etc/UTC&lang=en`)).text()
    expect(html).toMatch(new RegExp(`data-testid="free-day" data-date="${nextMonth}-01"`))
    expect(html).not.toContain('data-testid="no-slots"')
    expect(html).toMatch(/data-testid="slot"/)
    // Asked for the current month explicitly, the page shows it, empty.
    const current = await (
      await page(`/user/${host.login}/event/consult?tz=Etc/UTC&lang=en&month=${now.toISOString().slice(0, 7)}`)
    ).text()
    expect(current).not.toContain('data-testid="free-day"')
    expect(current).toContain('data-testid="no-slots"')
  })

  it('show the host page with only public event types, and 404 states', async () => {
    const { host } = await createBookableHost({}, { description: 'Пишите на me@example.com' })
    const hostPage = await (await page(`/user/${host.login}`)).text()
    expect(hostPage).toContain('data-testid="host-event-type"')
    expect(hostPage).toContain('href="mailto:me@example.com"')
    expect(hostPage).not.toContain(host.email)
    const disabled = await createBookableHost({ isActive: false })
    for (const path of [
      '/user/no_such_login_x',
      `/user/${disabled.host.login}/event/consult`,
      `/${disabled.host.login}/consult`,
    ]) {
      expect((await page(path)).status, path).toBe(404)
    }
    const empty = await (await page(`/user/${disabled.host.login}`)).text()
    expect(empty).toContain('data-testid="host-empty"')
  })

  it('book through plain form posts (no JavaScript): hold, form, errors, success, ICS', async () => {
    const { host } = await createBookableHost()
    const base = `/user/${host.login}/event/consult`
    // Tomorrow, whole: today may have only one start left late in the day.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const dayUrl = `${base}?tz=Etc/UTC&month=${tomorrow.slice(0, 7)}&date=${tomorrow}`
    const html = await (await page(dayUrl)).text()
    const starts = [...html.matchAll(/name="slot"[^>]*value="(\d+)"/g)].map((m) => m[1])
    expect(starts.length).toBeGreaterThanOrEqual(2)
    const held = await formPost(dayUrl, [
      ['intent', 'hold'],
      ['clientId', 'c1'],
      ['slot', starts[0]],
      ['slot', starts[1]],
    ])
    expect(held.status).toBe(302)
    const formUrl = held.headers.get('Location') ?? ''
    expect(formUrl).toMatch(/holds=.+&step=form|step=form.+holds=/)
    const form = await (await page(formUrl)).text()
    expect(form).toContain('data-testid="booking-form"')
    expect((form.match(/data-testid="chosen-slot"/g) ?? []).length).toBe(2)
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1] ?? ''

    const bad = await formPost(formUrl, [
      ['intent', 'book'],
      ['idempotencyKey', key],
      ['firstName', 'A'],
      ['email', 'nope'],
    ])
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    expect(badHtml).toContain('data-testid="error-email"')
    expect(badHtml).toContain('Некорректный email')
    const db = getDb(env.DB)
    const [none] = await db.select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id))
    expect(none.n).toBe(0)

    const fields: [string, string][] = [
      ['intent', 'book'],
      ['idempotencyKey', key],
      ['firstName', 'Иван'],
      ['email', 'ivan@example.com'],
      ['messengerType', 'WhatsApp'],
      ['messengerValue', ''],
    ]
    const booked = await formPost(formUrl, fields)
    expect(booked.status).toBe(302)
    const successUrl = booked.headers.get('Location') ?? ''
    expect(successUrl).toContain('booking=')
    // A double submit of the same form books nothing more.
    const again = await formPost(formUrl, fields)
    expect(again.status).toBe(302)
    const [two] = await db
      .select({ n: count() })
      .from(meetingParticipants)
      .where(eq(meetingParticipants.ownerId, host.id))
    expect(two.n).toBe(2)

    const success = await (await page(successUrl)).text()
    expect(success).toContain('data-testid="booking-success"')
    const ics = /href="(\/ics\/[^"]+)"/.exec(success)?.[1] ?? ''
    const file = await page(ics)
    expect(file.headers.get('Content-Type')).toContain('text/calendar')
    expect((await file.text()).match(/BEGIN:VEVENT/g)).toHaveLength(2)
  })

  it('let any site frame the widget and the /user pages, and keep ?lang in the widget', async () => {
    // The widget is a Standard capability (a Basic host's widget page says booking is paused: plans-enforcement).
    const { host } = await createBookableHost({}, { plan: 'Standard' })
    for (const path of [
      `/widget/booking/user/${host.login}/event/consult?lang=en`,
      `/user/${host.login}/event/consult`,
    ]) {
      const response = await page(path)
      expect(response.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors \*/)
      expect(response.headers.get('X-Frame-Options')).toBeNull()
    }
    const widget = await (await page(`/widget/booking/user/${host.login}/event/consult?lang=en&size=small`)).text()
    expect(widget).toContain('lang="en"')
    expect(widget).not.toContain('data-testid="language-switch"')
    expect(widget).toMatch(/href="\/widget\/booking\/user\/[^"]+lang=en/)
  })

  it('give the specialist the share panel and the preview', async () => {
    const { host } = await createBookableHost()
    const cookie = await sessionCookieFor(host.id)
    const share = await page('/shareLink', { headers: { Cookie: cookie } })
    expect(share.status).toBe(200)
    const html = await share.text()
    expect(html).toContain(`/user/${host.login}?userId=${host.id}`)
    expect(html).toContain('height=&quot;900&quot;')
    // Each row has its "send": the snippet's mail-to carries the code.
    const send = /data-testid="share-widget-send"|href="(mailto:[^"]+)"[^>]*data-testid="share-widget-send"/.exec(html)
    expect(send).not.toBeNull()
    const widgetSend = /href="(mailto:[^"]+)" data-testid="share-widget-send"/.exec(html)?.[1] ?? ''
    expect(decodeURIComponent(widgetSend.replaceAll('&amp;', '&'))).toContain('<iframe src=')
    expect(html).toContain('data-testid="share-link-send"')
    expect(html).toContain('data-testid="share-mail-send"')
    const preview = await page('/specialistPagePreview', { headers: { Cookie: cookie } })
    expect(await preview.text()).toContain('data-testid="host-event-type"')
    expect((await page('/shareLink')).status).toBe(302)
  })

  it('book without JavaScript for every combination of required and hidden fields (the form as rendered)', async () => {
    for (const last of [false, true])
      for (const phone of [false, true])
        for (const messenger of [false, true])
          for (const hidden of [false, true]) {
            const flags = {
              isLastNameRequired: last,
              isPhoneRequired: phone,
              isMessengerRequired: messenger,
              isOptionalInputsHidden: hidden,
            }
            const { host } = await createBookableHost(flags)
            const formUrl = await holdOne(`/user/${host.login}/event/consult`)
            const html = await (await page(formUrl)).text()
            const fields = formFields(html, 'booking-form')
            const names = fields.map(([name]) => name)
            expect(names.includes('messengerType'), JSON.stringify(flags)).toBe(messenger || !hidden)
            expect(names.includes('comment'), JSON.stringify(flags)).toBe(!hidden)
            // Fill in what is required, leave the rest as rendered (empty).
            const filled: Record<string, string> = {
              firstName: 'Иван',
              email: `combo-${Number(last)}${Number(phone)}${Number(messenger)}${Number(hidden)}@example.com`,
              lastName: last ? 'Петров' : '',
              phone: phone ? '+7 900 000-00-00' : '',
              messengerValue: messenger ? '@ivan' : '',
            }
            const posted = fields.map(([name, value]): [string, string] => [name, filled[name] ?? value])
            const booked = await formPost(formUrl, posted)
            const refused =
              booked.status === 302 ? '' : /data-testid="booking-error">(.*?)<\/div>/.exec(await booked.text())
            expect(booked.status, `${JSON.stringify(flags)} ${refused?.[1]}`).toBe(302)
            expect(booked.headers.get('Location')).toContain('booking=')
          }
  })

  it('name in the summary an error of a field the form does not show', async () => {
    const { host } = await createBookableHost({ isOptionalInputsHidden: true })
    const formUrl = await holdOne(`/user/${host.login}/event/consult?lang=en`)
    const html = await (
      await formPost(formUrl, [
        ['intent', 'book'],
        ['firstName', 'Иван'],
        ['email', 'x@example.com'],
        ['messengerType', 'ICQ'],
      ])
    ).text()
    expect(html).toContain('data-testid="form-errors"')
    expect(html).toMatch(/data-testid="form-errors"><li>Messenger: <!-- -->Invalid value|Messenger: .*Invalid/)
  })

  it('refuse control characters in the form with a translated error next to the field', async () => {
    const { host } = await createBookableHost()
    const formUrl = await holdOne(`/user/${host.login}/event/consult?lang=en`)
    const bad = await formPost(formUrl, [
      ['intent', 'book'],
      ['firstName', 'Иван\r\nBcc: evil@example.com'],
      ['email', 'x@example.com'],
    ])
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toMatch(/data-testid="error-firstName">Line breaks and control characters are not allowed here/)
  })

  it('inside a frame (Sec-Fetch-Dest: iframe) render the widget: no site header, the account offer in a new tab', async () => {
    // Pro: the redirect is Pro's, and a framed page is the widget (Standard and up).
    const { host } = await createBookableHost(
      { isShowRedirection: true, redirectUrl: 'https://partner.example.org/thanks' },
      { plan: 'Pro' },
    )
    const framed = { headers: { 'Sec-Fetch-Dest': 'iframe' } }
    for (const path of [`/user/${host.login}`, `/user/${host.login}/event/consult`, `/${host.login}/consult`]) {
      const plain = await page(path)
      expect(await plain.text(), path).toContain('href="/signup"')
      expect(plain.headers.get('Vary')).toContain('Sec-Fetch-Dest')
      const inFrame = await (await page(path, framed)).text()
      expect(inFrame, path).not.toContain('href="/signup"')
      expect(inFrame, path).not.toContain('href="/login"')
    }
    // Book, then open the success view as a frame would.
    const base = `/user/${host.login}/event/consult`
    const formUrl = await holdOne(base)
    const booked = await formPost(formUrl, [
      ['intent', 'book'],
      ['firstName', 'Иван'],
      ['email', 'framed@example.com'],
    ])
    const successUrl = `${booked.headers.get('Location')}&lang=en`
    const full = await (await page(successUrl)).text()
    expect(full).toContain('data-testid="signup-form"')
    const framedSuccess = await (await page(successUrl, framed)).text()
    expect(framedSuccess).not.toContain('data-testid="signup-form"')
    expect(framedSuccess).toMatch(/data-testid="account-new-tab"|target="_blank"[^>]*data-testid="account-new-tab"/)
    expect(framedSuccess).toMatch(/href="\/user\/[^"]+booking=[^"]+"[^>]*target="_blank"/)
    // The redirect countdown names where it goes; without script a refresh does the same (never inside script's way).
    for (const html of [full, framedSuccess]) {
      expect(html).toMatch(
        /Going to <!-- -->partner\.example\.org<!-- --> in <!-- -->10<!-- --> s|Going to partner\.example\.org in 10 s/,
      )
      expect(html).toMatch(
        /<noscript><meta http-equiv="refresh" content="10;url=https:\/\/partner\.example\.org\/thanks"\/><\/noscript>/,
      )
    }
    const widget = await (
      await page(
        `/widget/booking/user/${host.login}/event/consult?booking=${new URL(successUrl, 'http://x').searchParams.get('booking')}`,
      )
    ).text()
    expect(widget).toMatch(
      /<noscript><meta http-equiv="refresh" content="10;url=https:\/\/partner\.example\.org\/thanks"/,
    )
    expect(widget).toContain('Переход на partner.example.org через')
  })

  it('render the zone list once (not again as page data), and serve it as JSON for client navigations', async () => {
    const { host } = await createBookableHost()
    const response = await page(`/user/${host.login}/event/consult?tz=Europe/Moscow`)
    const html = await response.text()
    // The select has every zone; the page data does not repeat them.
    expect(html).toContain('data-zone-list="ru"')
    expect(html.match(/Asia\/Tokyo/g)).toHaveLength(1)
    expect(html.match(/America\/New_York/g)).toHaveLength(1)
    // Before: about 180 KB (the list again in the page data); now about 130 KB.
    expect(new TextEncoder().encode(html).length).toBeLessThan(150_000)
    // The storage fallback runs before Remix's scroll restoration script reads sessionStorage.
    expect(html.indexOf('__probe')).toBeGreaterThan(0)
    expect(html.indexOf('__probe')).toBeLessThan(html.indexOf('positions'))
    const zones = await page('/booking/zones?lang=en')
    expect(zones.headers.get('Cache-Control')).toContain('max-age')
    const list = (await zones.json()) as { id: string; label: string }[]
    expect(list.length).toBeGreaterThan(300)
    expect(list.find((z) => z.id === 'Asia/Tokyo')?.label).toMatch(/Japan|Tokyo/)
  })
})
