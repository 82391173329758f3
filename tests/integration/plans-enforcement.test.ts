import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PlanName } from '#app/domain/enums.ts'
import { instantToZoned, parseUtcInstant } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { eventTypes, meetings, scheduleAdjustments, users } from '#db/schema.ts'
import { lastEmailTo, unique } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'
import { newId } from '#app/domain/ids.ts'

/**
 * Issue 16 "Downgrade" (ADR 0097): the host's plan in force is enforced on every public entry, computed on each
 * request from `users.plan`: moving down pauses, moving back up restores, nothing is deleted.
 */
const db = () => getDb(env.DB)
const setPlan = (id: string, plan: PlanName) => db().update(users).set({ plan }).where(eq(users.id, id))

const page = async (path: string) => {
  const response = await SELF.fetch(`http://localhost${path}`)
  return { status: response.status, html: await response.text() }
}

const postForm = (path: string, fields: Record<string, string>) =>
  SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      Host: 'localhost',
      'CF-Connecting-IP': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })

function nextMonth() {
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1 }
}

async function bookThroughApi(login: string, link: string, start: string, n: string) {
  const response = await api(`/public/${login}/eventTypes/${link}/events`, {
    method: 'POST',
    headers: { timezone: 'Etc/UTC' },
    body: JSON.stringify({ contactInfo: contactInfo(n), slots: [{ start }] }),
  })
  return { status: response.status, body: (await response.json()) as { isOk: boolean; apiErrors: { text: string }[] } }
}

describe('a group event type follows the host plan', () => {
  it('Pro books; Basic pauses every entry with one refusal; Pro again restores it with nothing lost', async () => {
    const { host, eventType } = await createBookableHost(
      { participantType: 'GroupNotCollective', totalSeats: 3, minSeats: 1, link: 'group' },
      { plan: 'Pro' },
    )
    const { year, month } = nextMonth()
    const first = await firstFreeSlot(host.login, 'group')
    expect(first.slots.length).toBeGreaterThan(0)
    const booked = await bookThroughApi(host.login, 'group', first.slots[0].start, unique('pro'))
    expect(booked.status).toBe(201)

    await setPlan(host.id, 'Basic')
    const pausedPage = await page(`/user/${host.login}/event/group`)
    expect(pausedPage.status).toBe(200)
    expect(pausedPage.html).toContain('data-step="paused"')
    expect(pausedPage.html).toContain('Запись приостановлена')
    expect(pausedPage.html).not.toContain('data-testid="slot"')
    expect((await page(`/user/${host.login}`)).html).toContain('data-testid="host-event-paused"')
    // The public API: days, slots, a hold and a booking all answer the one refusal (403, translated).
    const days = await api(`/public/${host.login}/eventTypes/group/days/${year}/${month}`, {
      headers: { 'Accept-Language': 'en' },
    })
    expect(days.status).toBe(403)
    expect(((await days.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toMatch(/Booking is paused/)
    const [d] = first.day.split('.').map(Number)
    expect((await api(`/public/${host.login}/eventTypes/group/slots/${year}/${month}/${d}`)).status).toBe(403)
    const hold = await api(`/ghostBooking/${host.login}/eventTypes/group`, {
      method: 'POST',
      body: JSON.stringify({ clientId: 'c1', slots: [{ start: first.slots[1].start }] }),
    })
    expect(hold.status).toBe(403)
    const refused = await bookThroughApi(host.login, 'group', first.slots[1].start, unique('basic'))
    expect(refused.status).toBe(403)
    expect(refused.body.apiErrors[0].text).toMatch(/Запись сейчас приостановлена/)
    // The page's own hold form and the calendar resource refuse too; the organizer's preview says the same.
    const pageHold = await postForm(`/user/${host.login}/event/group`, {
      intent: 'hold',
      slot: String(parseUtcInstant(first.slots[1].start)),
    })
    expect(pageHold.status).toBe(403)
    expect((await page(`/booking/calendar/${host.login}/group?part=month`)).status).toBe(403)
    const preview = await api(`/eventTypes/${eventType.id}/days/${year}/${month}`, {
      headers: { Authorization: await bearerFor(host.id) },
    })
    expect(preview.status).toBe(403)
    // The specialist sees it paused, with the way back; nothing was deleted.
    const list = await (await pageClient(await sessionCookieFor(host.id)).get('/eventTypes')).text()
    expect(list).toContain('data-testid="event-type-paused"')
    expect(list).toContain('href="/tariff?plan=Pro"')
    const [row] = await db().select().from(eventTypes).where(eq(eventTypes.id, eventType.id))
    expect(row.isActive).toBe(true)
    const kept = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))
    expect(kept).toHaveLength(1)

    await setPlan(host.id, 'Pro')
    expect((await page(`/user/${host.login}/event/group`)).html).toContain('data-step="calendar"')
    expect((await bookThroughApi(host.login, 'group', first.slots[1].start, unique('again'))).status).toBe(201)
    const restored = await (await pageClient(await sessionCookieFor(host.id)).get('/eventTypes')).text()
    expect(restored).not.toContain('event-type-paused')
  })
})

describe('cost and redirect, the widget, date adjustments', () => {
  it('hides cost and redirect below Pro and no longer redirects after booking', async () => {
    const { host } = await createBookableHost(
      {
        link: 'paid',
        isShowCost: true,
        cost: 2500,
        currency: 'RUB',
        isShowRedirection: true,
        redirectUrl: 'https://pay.example.com/x',
        redirectComment: 'Оплатите заранее',
      },
      { plan: 'Pro' },
    )
    const view = async () =>
      ((await (await api(`/public/${host.login}/eventTypes/paid`)).json()) as { data: Record<string, unknown> }).data
    expect(await view()).toMatchObject({ cost: 2500, redirectUrl: 'https://pay.example.com/x' })
    expect((await page(`/user/${host.login}/event/paid`)).html).toContain('Оплатите заранее')
    await setPlan(host.id, 'Standard')
    expect(await view()).toMatchObject({ cost: null, currency: null, isShowRedirection: false, redirectUrl: null })
    const html = (await page(`/user/${host.login}/event/paid`)).html
    expect(html).not.toContain('2500')
    expect(html).not.toContain('Оплатите заранее')
    // The booking itself goes ahead; its success view has no redirect countdown.
    const { slots } = await firstFreeSlot(host.login, 'paid')
    const booked = (await (
      await api(`/public/${host.login}/eventTypes/paid/events`, {
        method: 'POST',
        body: JSON.stringify({ contactInfo: contactInfo(unique('c')), slots: [{ start: slots[0].start }] }),
      })
    ).json()) as { data: { bookingId: string } }
    const success = (await page(`/user/${host.login}/event/paid?booking=${booked.data.bookingId}`)).html
    expect(success).toContain('data-step="success"')
    expect(success).not.toContain('pay.example.com')
    await setPlan(host.id, 'Pro')
    expect(await view()).toMatchObject({ cost: 2500, redirectComment: 'Оплатите заранее' })
  })

  it('stops the widget on Basic with a clear page (the page itself still books), back on Standard', async () => {
    const { host } = await createBookableHost({}, { plan: 'Standard' })
    const widget = `/widget/booking/user/${host.login}/event/consult`
    expect((await page(widget)).html).toContain('data-step="calendar"')
    await setPlan(host.id, 'Basic')
    const paused = (await page(widget)).html
    expect(paused).toContain('data-step="paused"')
    expect(paused).toContain(`href="/user/${host.login}/event/consult"`)
    expect((await page(`/user/${host.login}/event/consult`)).html).toContain('data-step="calendar"')
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const hold = await postForm(widget, { intent: 'hold', slot: String(parseUtcInstant(slots[0].start)) })
    expect(hold.status).toBe(403)
    await setPlan(host.id, 'Standard')
    const held = await postForm(widget, { intent: 'hold', slot: String(parseUtcInstant(slots[0].start)) })
    expect(held.status).toBe(302)
  })

  it('keeps date adjustments and day-offs in force on Basic', async () => {
    const { host, scheduleId } = await createBookableHost({}, { plan: 'Standard' })
    const first = await firstFreeSlot(host.login, 'consult')
    const [d, m, y] = first.day.split('.')
    await db()
      .insert(scheduleAdjustments)
      .values({
        id: newId(),
        scheduleId,
        date: `${y}-${m}-${d}`,
        isDayOff: true,
        intervals: [],
      })
    await setPlan(host.id, 'Basic')
    const after = await firstFreeSlot(host.login, 'consult')
    expect(after.day).not.toBe(first.day)
  })
})

describe('one-time links and the manage page', () => {
  it('take no new guests on Basic (invitees still confirm), and again on Pro', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const client = pageClient(await sessionCookieFor(user.id))
    const invited = `${unique('inv')}@example.com`
    const date = instantToZoned('Europe/Moscow', Date.now() + 3 * 86_400_000).date
    const created = await client.post('/meetings/one-time-event/create', [
      ['date', date],
      ['timeZone', 'Europe/Moscow'],
      ['timeFrom', '12:00'],
      ['timeTo', '13:00'],
      ['template', ''],
      ['inviteParticipant', 'participants'],
      ['participantType', 'GroupNotCollective'],
      ['totalSeats', '3'],
      ['minSeats', '1'],
      ['name', 'Разбор'],
      ['type', 'Meet'],
      ['meetingPoint', 'Москва'],
      ['color', '#2f80ed'],
      ['reminders', '60'],
      ['whenClosesValue', '0'],
      ['whenClosesType', 'Minutes'],
      ['newContacts.0.firstName', 'Анна'],
      ['newContacts.0.email', invited],
      ['intent', 'create'],
    ])
    const id = decodeURIComponent((created.headers.get('Location') ?? '').split('created=')[1])
    expect(id).not.toBe('')
    const token = ((await lastEmailTo(invited))?.text ?? '').match(/invite=([A-Za-z0-9_-]+)/)?.[1] ?? ''
    await setPlan(user.id, 'Basic')
    expect((await page(`/booking?companyEventId=${id}`)).html).toContain('data-testid="booking-paused"')
    const guest = (n: string) =>
      postForm(`/booking?index&companyEventId=${id}`, { firstName: 'Гость', email: `${unique(n)}@example.com` })
    expect((await guest('g1')).status).toBe(403)
    const confirm = await postForm(`/booking?index&companyEventId=${id}&invite=${token}`, {
      firstName: 'Анна',
      email: invited,
    })
    expect(confirm.status).toBe(200)
    await setPlan(user.id, 'Pro')
    expect((await guest('g2')).status).toBe(200)
  })

  it('lets a client of a paused group type still cancel through the manage link', async () => {
    const { host } = await createBookableHost(
      { participantType: 'GroupNotCollective', totalSeats: 3, minSeats: 1, link: 'grp' },
      { plan: 'Pro' },
    )
    const { slots } = await firstFreeSlot(host.login, 'grp')
    const email = `${unique('client')}@example.com`
    const booked = await api(`/public/${host.login}/eventTypes/grp/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: { ...contactInfo(1), email }, slots: [{ start: slots[0].start }] }),
    })
    expect(booked.status).toBe(201)
    const link = ((await lastEmailTo(email))?.text ?? '').match(/\/booking\/manage\/([A-Za-z0-9_-]+)/)?.[1] ?? ''
    expect(link).not.toBe('')
    await setPlan(host.id, 'Basic')
    expect((await page(`/booking/manage/${link}`)).html).toContain('data-testid="manage-cancel"')
    expect((await postForm(`/booking/manage/${link}`, { intent: 'cancel' })).status).toBe(200)
    const [meeting] = await db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.ownerId, host.id), eq(meetings.status, 'canceled')))
    expect(meeting).toBeDefined()
  })
})
