/**
 * Guest self-service (issue 18, ADR 0103), through the pages as a browser without script uses them: the success
 * step's manage link and "add to calendar" links, the manage page's month calendar of free days for a move, and a
 * cancel confirmed with an optional reason that reaches the organizer (email, notice, host event), then "book again".
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { hostEvents, meetings, notifications } from '#db/schema.ts'
import { lastEmailTo } from './helpers/accounts.ts'
import { createBookableHost } from './helpers/booking.ts'

const page = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

function formPost(path: string, fields: [string, string][]) {
  return page(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      'CF-Connecting-IP': `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  })
}

const decode = (html: string) => html.replaceAll('&amp;', '&')

/** The opening tags carrying `data-testid="{testId}"`, whatever the order of their attributes. */
const tagsWith = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`<[a-z]+\\b[^>]*data-testid="${testId}"[^>]*>`, 'g'))].map((m) => m[0])
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? ''
const hrefOf = (html: string, testId: string) => attr(tagsWith(html, testId)[0] ?? '', 'href')

/** Books tomorrow's first slot through the plain forms; answers the success page's HTML. */
async function bookThroughPages(login: string, language: 'ru' | 'en') {
  const base = `/user/${login}/event/consult`
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const dayUrl = `${base}?tz=Asia/Tokyo&lang=${language}&month=${tomorrow.slice(0, 7)}&date=${tomorrow}`
  const html = await (await page(dayUrl)).text()
  const start = /name="slot"[^>]*value="(\d+)"/.exec(html)?.[1] ?? ''
  const held = await formPost(dayUrl, [
    ['intent', 'hold'],
    ['clientId', 'c1'],
    ['slot', start],
  ])
  const formUrl = held.headers.get('Location') ?? ''
  const form = await (await page(formUrl)).text()
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1] ?? ''
  const booked = await formPost(formUrl, [
    ['intent', 'book'],
    ['idempotencyKey', key],
    ['firstName', 'Вера'],
    ['email', `vera-${crypto.randomUUID()}@example.com`],
    ['messengerType', 'WhatsApp'],
    ['messengerValue', ''],
  ])
  expect(booked.status).toBe(302)
  return { html: await (await page(booked.headers.get('Location') ?? '')).text(), start: Number(start) }
}

describe('guest self-service', () => {
  it('the success step links the manage page, Google Calendar and Outlook, and the ICS for Yandex', async () => {
    const { host } = await createBookableHost({ name: 'Консультация', description: 'О проекте' })
    const { html, start } = await bookThroughPages(host.login, 'en')
    const success = decode(html)
    const manage = hrefOf(success, 'manage-link')
    expect(manage).toMatch(/^http:\/\/localhost(:\d+)?\/booking\/manage\/[A-Za-z0-9_-]+\?lang=en$/)
    expect(success).toContain('Cancel or move your booking')
    const google = new URL(hrefOf(success, 'google-link'))
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(google.searchParams.get('text')).toBe('Консультация')
    const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('.000', '')
    expect(google.searchParams.get('dates')).toBe(`${utc(start)}/${utc(start + 30 * 60_000)}`)
    // The details carry the description and the guest's own manage link.
    expect(google.searchParams.get('details')).toBe(`О проекте\n\nCancel or move your booking: ${manage}`)
    const outlook = new URL(hrefOf(success, 'outlook-link'))
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/action/compose')
    expect(outlook.searchParams.get('startdt')).toBe(new Date(start).toISOString().replace('.000', ''))
    const yandex = hrefOf(success, 'yandex-link')
    expect(yandex).toMatch(/^\/ics\//)
    expect((await page(yandex)).headers.get('Content-Type')).toContain('text/calendar')
  })

  it('the manage page offers a calendar of free days for a move, and moves by a chosen start', async () => {
    const { host } = await createBookableHost()
    const { html, start } = await bookThroughPages(host.login, 'ru')
    const manageUrl = new URL(hrefOf(decode(html), 'manage-link'))
    const path = `${manageUrl.pathname}${manageUrl.search}`
    const manage = decode(await (await page(path)).text())
    expect(manage).toContain('data-testid="month-calendar"')
    expect(manage).not.toContain('name="date" type') // no typed date any more
    const days = tagsWith(manage, 'free-day')
    expect(days.length).toBeGreaterThan(1)
    // The second free day, through its plain link: its starts are radio buttons to post.
    const dayHref = attr(days[1], 'href')
    const dayDate = attr(days[1], 'data-date')
    expect(dayHref).toContain(`date=${dayDate}`)
    expect(dayHref).toContain('lang=ru')
    const day = decode(await (await page(dayHref)).text())
    expect(attr(tagsWith(day, 'free-day').find((tag) => tag.includes(dayDate)) ?? '', 'aria-current')).toBe('date')
    const starts = tagsWith(day, 'move-slot').map((tag) => attr(tag, 'value'))
    expect(starts.length).toBeGreaterThan(0)
    expect(starts.map(Date.parse)).not.toContain(start)
    const moved = await formPost(dayHref, [
      ['intent', 'reschedule'],
      ['start', starts[0]],
    ])
    expect(moved.status).toBe(200)
    const [row] = await getDb(env.DB).select().from(meetings).where(eq(meetings.ownerId, host.id))
    expect(row.startAt).toBe(Date.parse(starts[0]))
  })

  it('cancel asks first, refuses an over-long reason, then passes the reason to the organizer; book again', async () => {
    const { host, eventType } = await createBookableHost({ name: 'Консультация' })
    const { html } = await bookThroughPages(host.login, 'ru')
    const manageUrl = new URL(hrefOf(decode(html), 'manage-link'))
    const path = `${manageUrl.pathname}${manageUrl.search}`
    const first = decode(await (await page(path)).text())
    // Without script the button is a link to the confirmation, not a post.
    const ask = hrefOf(first, 'manage-cancel')
    expect(ask).toContain('cancel=1')
    expect(first).not.toContain('data-testid="manage-cancel-form"')
    const confirm = decode(await (await page(ask.replace(/#.*/, ''))).text())
    expect(confirm).toContain('Отменить запись?')
    expect(confirm).toContain('data-testid="manage-cancel-reason"')
    expect(confirm).toMatch(/maxlength="1500"/i)
    expect(hrefOf(confirm, 'manage-keep')).not.toContain('cancel=1')

    const db = getDb(env.DB)
    const tooLong = await formPost(path, [
      ['intent', 'cancel'],
      ['reason', 'я'.repeat(1501)],
    ])
    expect(tooLong.status).toBe(400)
    const refused = await tooLong.text()
    expect(refused).toContain('Максимум 1500 символов')
    expect(refused).toContain('data-testid="manage-cancel-form"')
    expect(refused).toContain('я'.repeat(1501))
    const [still] = await db.select().from(meetings).where(eq(meetings.ownerId, host.id))
    expect(still.status).toBe('upcoming')

    const canceled = await formPost(path, [
      ['intent', 'cancel'],
      ['reason', '  Заболела, извините  '],
    ])
    expect(canceled.status).toBe(200)
    const done = decode(await canceled.text())
    expect(done).toContain('data-testid="manage-done"')
    const [row] = await db.select().from(meetings).where(eq(meetings.ownerId, host.id))
    expect(row.status).toBe('canceled')
    const mail = await lastEmailTo(host.email)
    expect(mail?.subject).toMatch(/Запись отменена/)
    expect(mail?.text).toContain('Причина: Заболела, извините')
    const [notice] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, host.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1)
    expect(notice.body).toContain('Причина: Заболела, извините')
    const [event] = await db
      .select()
      .from(hostEvents)
      .where(and(eq(hostEvents.ownerId, host.id), eq(hostEvents.type, 'MeetingCanceled')))
    expect(event.payload.reason).toBe('Заболела, извините')

    // "Book again": the event type's public page, in the page's language and the guest's zone.
    const again = hrefOf(done, 'manage-book-again')
    expect(again).toBe(`/user/${host.login}/event/${eventType.link}?lang=ru&tz=Asia%2FTokyo`)
    expect(done).not.toContain('data-testid="manage-cancel"')
  })

  it('a cancel without a reason tells the organizer without a reason line', async () => {
    const { host } = await createBookableHost()
    const { html } = await bookThroughPages(host.login, 'en')
    const manageUrl = new URL(hrefOf(decode(html), 'manage-link'))
    const canceled = await formPost(`${manageUrl.pathname}${manageUrl.search}`, [
      ['intent', 'cancel'],
      ['reason', '   '],
    ])
    expect(canceled.status).toBe(200)
    const mail = await lastEmailTo(host.email)
    expect(mail?.subject).toMatch(/Запись отменена/)
    expect(mail?.text).not.toContain('Причина')
  })
})
