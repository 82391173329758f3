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
    },
  })
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
    const { host } = await createBookableHost()
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
    const preview = await page('/specialistPagePreview', { headers: { Cookie: cookie } })
    expect(await preview.text()).toContain('data-testid="host-event-type"')
    expect((await page('/shareLink')).status).toBe(302)
  })
})
