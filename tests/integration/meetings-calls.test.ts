import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { instantToZoned, isoToDmy, zonedToInstant } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, oneTimeEvents } from '#db/schema.ts'
import { api, emailsTo, lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const email = (prefix: string) => `${unique(prefix)}@example.com`
const ZONE = 'Europe/Moscow'
const iso = (at: number) => new Date(at).toISOString()

async function specialist() {
  const user = await createTestUser({ plan: 'Pro' })
  const cookie = await sessionCookieFor(user.id)
  return {
    user,
    auth: await bearerFor(user.id),
    cookie,
    ...pageClient(cookie),
  }
}

/** A one-time meeting (no event type) with its settings row, as creation writes them. */
async function oneTime(
  ownerId: string,
  input: Parameters<typeof createMeeting>[1],
  settings: Partial<typeof oneTimeEvents.$inferInsert> = {},
) {
  const meeting = await createMeeting(ownerId, input)
  await db()
    .insert(oneTimeEvents)
    .values({ id: meeting.id, ownerId, ...settings })
  return meeting
}

async function meetingRow(id: string) {
  const [row] = await db().select().from(meetings).where(eq(meetings.id, id))
  return row
}

describe('change time of a one-time meeting', () => {
  it('the page takes a date and from/to, asks "Move anyway?" over another meeting, and moves on the answer', async () => {
    const { user, post, get } = await specialist()
    const date = instantToZoned(ZONE, Date.now() + 4 * DAY).date
    const at = (time: string) => zonedToInstant(ZONE, date, time)
    const client = email('client')
    const meeting = await oneTime(
      user.id,
      { startAt: at('10:00'), people: [{ email: client, firstName: 'Катя' }] },
      { timeBeforeMinutes: 30 },
    )
    await createMeeting(user.id, { startAt: at('14:00'), people: [{ email: email('busy'), firstName: 'Занят' }] })

    const page = await (await get(`/meetings/${meeting.id}`)).text()
    expect(page).toContain('data-testid="reschedule-one-time"')
    expect(page).toContain('value="10:00"')
    // The date field shows (and, without script, posts) DD.MM.YYYY; times are 24-hour text.
    expect(page).toContain(`value="${isoToDmy(date)}"`)
    expect(page).not.toMatch(/type="time"/)

    // 15:10-16:00 starts after the other meeting, but its 30-minute buffer before reaches into it.
    const overlap = await post(`/meetings/${meeting.id}`, {
      intent: 'rescheduleOneTime',
      date,
      from: '15:10',
      to: '16:00',
    })
    expect(overlap.status).toBe(409)
    const overlapPage = await overlap.text()
    expect(overlapPage).toContain('data-testid="reschedule-anyway"')
    // Without script, "Move anyway" resubmits what was typed, not the meeting's current time.
    const anywayForm = overlapPage.slice(overlapPage.indexOf('data-testid="reschedule-anyway"'))
    expect(anywayForm).toMatch(/name="from" value="15:10"/)
    expect(anywayForm).toMatch(/name="to" value="16:00"/)
    expect((await meetingRow(meeting.id)).startAt).toBe(at('10:00'))

    const bad = await post(`/meetings/${meeting.id}`, { intent: 'rescheduleOneTime', date, from: '12:00', to: '11:00' })
    expect(bad.status).toBe(400)
    // What the fields post without script: an impossible date or a 12-hour time is named by the field's label.
    const unreadable = await post(`/meetings/${meeting.id}`, {
      intent: 'rescheduleOneTime',
      date: '31.02.2027',
      from: '10:00 AM',
      to: '11:00',
    })
    expect(unreadable.status).toBe(400)
    const unreadableText = await unreadable.text()
    expect(unreadableText).toContain('Новая дата: Некорректная дата')
    expect(unreadableText).toContain('Начало: Некорректное время')
    expect((await meetingRow(meeting.id)).startAt).toBe(at('10:00'))
    const past = await post(`/meetings/${meeting.id}`, {
      intent: 'rescheduleOneTime',
      date: instantToZoned(ZONE, Date.now() - DAY).date,
      from: '10:00',
      to: '11:00',
    })
    expect(past.status).toBe(400)

    // The date as the field posts it (DD.MM.YYYY) and a time typed short (1510) read like in the browser.
    const anyway = await post(`/meetings/${meeting.id}`, {
      intent: 'rescheduleOneTime',
      date: isoToDmy(date),
      from: '1510',
      to: '16:40',
      ignoreOverlap: 'true',
    })
    expect(anyway.status).toBe(200)
    expect(await meetingRow(meeting.id)).toMatchObject({ startAt: at('15:10'), endAt: at('16:40'), sequence: 1 })
    const mail = await lastEmailTo(client)
    expect(mail?.subject).toBe('Время встречи изменено: Разовая встреча')
    expect(mail?.text).toContain('15:10–16:40')
  })

  it('the API moves it with start and end; an overlap answers 409 with what is in the way', async () => {
    const { user, auth } = await specialist()
    const start = Math.ceil((Date.now() + 5 * DAY) / HOUR) * HOUR
    const meeting = await oneTime(user.id, { startAt: start, people: [{ email: email('c'), firstName: 'Ц' }] })
    const other = await createMeeting(user.id, {
      startAt: start + 3 * HOUR,
      people: [{ email: email('o'), firstName: 'О' }],
    })
    const body = { newTimeSlotForm: { start: iso(start + 3 * HOUR), end: iso(start + 5 * HOUR) } }
    const clash = await api<{ overlaps: { id: string }[] }>('PATCH', `/userEvents/${meeting.id}`, { auth, body })
    expect(clash.status).toBe(409)
    expect(clash.body.data.overlaps.map((o) => o.id)).toEqual([other.id])
    const moved = await api('PATCH', `/userEvents/${meeting.id}?ignoreFreeTimeCheck=true`, { auth, body })
    expect(moved.status).toBe(200)
    expect(await meetingRow(meeting.id)).toMatchObject({ startAt: start + 3 * HOUR, endAt: start + 5 * HOUR })
    const reversed = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { newTimeSlotForm: { start: iso(start), end: iso(start - HOUR) } },
    })
    expect(reversed.status).toBe(400)
  })
})

describe('SPEC §7 calls of the meetings area', () => {
  it('GET /userEvents/shortActualList: the owner live upcoming meetings with their booked seats', async () => {
    const { user, auth } = await specialist()
    const other = await specialist()
    const type = await createEventType(user.id, { participantType: 'GroupNotCollective', totalSeats: 4 })
    const soon = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [
        { email: email('a'), firstName: 'А' },
        { email: email('b'), firstName: 'Б' },
      ],
    })
    const later = await oneTime(user.id, {
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('c'), firstName: 'В' }],
    })
    await createMeeting(user.id, { startAt: Date.now() - DAY, people: [{ email: email('d'), firstName: 'Г' }] })
    await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      status: 'canceled',
      people: [{ email: email('e'), firstName: 'Д' }],
    })
    await createMeeting(other.user.id, { startAt: Date.now() + DAY, people: [{ email: email('f'), firstName: 'Е' }] })
    const list = await api<{ id: string; bookedSeats: number; totalSeats: number; isOneTime: boolean }[]>(
      'GET',
      '/userEvents/shortActualList',
      { auth },
    )
    expect(list.status).toBe(200)
    expect(list.body.data.map((m) => m.id)).toEqual([soon.id, later.id])
    expect(list.body.data[0]).toMatchObject({ bookedSeats: 2, totalSeats: 4, isOneTime: false })
    expect(list.body.data[1]).toMatchObject({ bookedSeats: 1, isOneTime: true })
    expect((await api('GET', '/userEvents/shortActualList')).status).toBe(401)
  })

  it('GET /userEvents/cross and /isCross: a proposed time against the host calendar and invitees', async () => {
    const { user, auth } = await specialist()
    const other = await specialist()
    const start = Math.ceil((Date.now() + 6 * DAY) / HOUR) * HOUR
    const busy = email('busy')
    const meeting = await createMeeting(user.id, { startAt: start, people: [{ email: busy, firstName: 'Б' }] })
    const q = (from: number, to: number, extra = '') =>
      `from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}${extra}`
    const cross = await api<{ isCross: boolean; overlaps: { id: string }[]; busyEmails: string[] }>(
      'GET',
      `/userEvents/cross?${q(start + 30 * 60_000, start + 90 * 60_000)}`,
      { auth },
    )
    expect(cross.status).toBe(200)
    expect(cross.body.data).toMatchObject({ isCross: true, busyEmails: [] })
    expect(cross.body.data.overlaps.map((o) => o.id)).toEqual([meeting.id])
    // Free time; but a buffer reaching into the meeting crosses it, and so does a busy invitee.
    const free = q(start + 2 * HOUR, start + 3 * HOUR)
    expect((await api<{ isCross: boolean }>('GET', `/userEvents/isCross?${free}`, { auth })).body.data).toEqual({
      isCross: false,
    })
    const buffered = await api<{ isCross: boolean }>('GET', `/userEvents/isCross?${free}&getTimeBeforeValue=90`, {
      auth,
    })
    expect(buffered.body.data.isCross).toBe(true)
    const during = await api<{ busyEmails: string[] }>(
      'GET',
      `/userEvents/cross?${q(start, start + HOUR, `&emails=${encodeURIComponent(busy)}&id=${meeting.id}`)}`,
      { auth },
    )
    // The meeting being moved (`id`) never crosses itself, nor makes its own people busy.
    expect(during.body.data).toMatchObject({ isCross: false, overlaps: [], busyEmails: [] })
    expect(
      (await api('GET', `/userEvents/cross?${q(start, start + HOUR, `&id=${meeting.id}`)}`, { auth: other.auth }))
        .status,
    ).toBe(404)
    expect((await api('GET', `/userEvents/isCross?${q(start + HOUR, start)}`, { auth })).status).toBe(400)
  })

  it('PUT and GET /eventContact/{id}/visitor[/{visitorId}], GET /userEvents/{id}/adjutant/{adjutantId}', async () => {
    const { user, auth } = await specialist()
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('m'), firstName: 'М' }],
    })
    const participant = meeting.participants[0].id
    const [a, b, c] = [email('a'), email('b'), email('c')]
    type Visitor = { id: string; email: string }
    const first = await api<Visitor[]>('PUT', `/eventContact/${participant}/visitor`, {
      auth,
      body: { emails: [a, b] },
    })
    expect(first.status).toBe(200)
    expect(first.body.data.map((v) => v.email).sort()).toEqual([a, b].sort())
    const second = await api<Visitor[]>('PUT', `/eventContact/${participant}/visitor`, {
      auth,
      body: { emails: [b, c] },
    })
    expect(second.body.data.map((v) => v.email).sort()).toEqual([b, c].sort())
    expect(icsOf(await lastEmailTo(a))).toContain('METHOD:CANCEL')
    expect((await emailsTo(b)).length).toBe(1)
    const one = second.body.data.find((v) => v.email === c) as Visitor
    expect((await api<Visitor>('GET', `/eventContact/${participant}/visitor/${one.id}`, { auth })).body.data).toEqual(
      one,
    )
    expect((await api('GET', `/eventContact/${participant}/visitor/${participant}`, { auth })).status).toBe(404)
    const bad = await api('PUT', `/eventContact/${participant}/visitor`, { auth, body: { emails: ['nope'] } })
    expect(bad.status).toBe(400)

    const helper = email('h')
    await api('PUT', `/userEvents/${meeting.id}/adjutant`, { auth, body: { adjutantEmails: [helper] } })
    const adjutant = await api('GET', `/userEvents/${meeting.id}/adjutant/${encodeURIComponent(helper)}`, { auth })
    expect(adjutant.body.data).toEqual({ id: helper, email: helper })
    expect((await api('GET', `/userEvents/${meeting.id}/adjutant/x%40example.com`, { auth })).status).toBe(404)
  })

  it('POST /user/message writes to the organizer of a one-time meeting', async () => {
    const { user } = await specialist()
    const meeting = await oneTime(user.id, { startAt: Date.now() + DAY, people: [] })
    const sender = email('sender')
    const sent = await api('POST', '/user/message', {
      body: {
        companyEventId: meeting.id,
        name: 'Гость Гостев',
        email: sender,
        phone: null,
        text: 'Можно прийти позже?',
      },
    })
    expect(sent.status).toBe(200)
    const mail = await lastEmailTo(user.email)
    expect(mail?.subject).toBe('Сообщение от Гость Гостев: Разовая встреча')
    expect(mail?.text).toContain('Можно прийти позже?')
    expect((mail?.payload as { replyTo?: string } | undefined)?.replyTo).toBe(sender)
    const unknown = await api('POST', '/user/message', {
      body: { companyEventId: 'no-such-meeting-id', name: 'Гость', email: sender, text: 'Привет' },
    })
    expect(unknown.status).toBe(404)
    const invalid = await api('POST', '/user/message', {
      body: { companyEventId: meeting.id, name: 'Гость', email: 'nope', text: '' },
    })
    expect(invalid.status).toBe(400)
  })

  it('POST /ghostBooking/companyEvent/{id} holds a seat while a guest fills in /booking', async () => {
    const { user } = await specialist()
    const meeting = await oneTime(user.id, {
      startAt: Date.now() + 2 * DAY,
      participantType: 'GroupNotCollective',
      totalSeats: 2,
      people: [{ email: email('invited'), firstName: 'Инна' }],
    })
    type HoldView = { id: string; expiresAt: string }
    // One guest's browser: its client id counts from its address (ADR 0094).
    const guestIp = '10.50.0.1'
    const hold = await api<HoldView>('POST', `/ghostBooking/companyEvent/${meeting.id}`, {
      body: { clientId: 'c1' },
      ip: guestIp,
    })
    expect(hold.status).toBe(201)
    // Asking again renews the same hold; the last seat is not free for anyone else meanwhile.
    const again = await api<HoldView>('POST', `/ghostBooking/companyEvent/${meeting.id}`, {
      body: { clientId: 'c1' },
      ip: guestIp,
    })
    expect(again.body.data.id).toBe(hold.body.data.id)
    expect((await api('POST', `/ghostBooking/companyEvent/${meeting.id}`, { body: { clientId: 'c2' } })).status).toBe(
      409,
    )
    const info = (clientId: string) =>
      api<{ seatsLeft: number }>('GET', `/companyEvent/${meeting.id}/info?clientId=${clientId}`)
    expect((await info('c2')).body.data.seatsLeft).toBe(0)
    expect((await info('c1')).body.data.seatsLeft).toBe(1)
    const contact = (who: string) => ({ firstName: 'Гость', lastName: 'Гостев', email: email(who) })
    const blocked = await api('POST', '/companyEvent/client', {
      body: { companyEventId: meeting.id, contactInfo: contact('late') },
    })
    expect(blocked.status).toBe(409)
    const booked = await api('POST', '/companyEvent/client', {
      body: {
        companyEventId: meeting.id,
        contactInfo: contact('holder'),
        gostBookingsIds: [{ id: hold.body.data.id }],
      },
    })
    expect(booked.status).toBe(201)
    // The hold is consumed with the booking.
    expect((await api<unknown[]>('GET', `/ghostBooking?ids=${hold.body.data.id}`)).body.data).toEqual([])
    const members = await db()
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.status, 'booked')))
    expect(members).toHaveLength(2)
    expect((await api('POST', `/ghostBooking/companyEvent/${meeting.id}`, { body: { clientId: 'c3' } })).status).toBe(
      409,
    )
    expect((await api('POST', '/ghostBooking/companyEvent/nope-nope-nope', { body: { clientId: 'c3' } })).status).toBe(
      404,
    )
  })

  it('a released seat hold frees the seat; the /booking page holds one for a guest who starts the form', async () => {
    const { user } = await specialist()
    const meeting = await oneTime(user.id, {
      startAt: Date.now() + 2 * DAY,
      participantType: 'GroupNotCollective',
      totalSeats: 1,
      people: [],
    })
    const hold = await api<{ id: string }>('POST', `/ghostBooking/companyEvent/${meeting.id}`, {
      body: { clientId: 'x' },
    })
    expect((await api('POST', `/ghostBooking/companyEvent/${meeting.id}`, { body: { clientId: 'y' } })).status).toBe(
      409,
    )
    expect((await api('DELETE', `/ghostBooking/${hold.body.data.id}`)).status).toBe(200)
    const page = await SELF.fetch(`http://localhost/booking?companyEventId=${meeting.id}&index`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', Host: 'localhost' },
      body: new URLSearchParams({ intent: 'hold', clientId: 'page-client' }),
    })
    expect(page.status).toBe(200)
    expect((await api('POST', `/ghostBooking/companyEvent/${meeting.id}`, { body: { clientId: 'y' } })).status).toBe(
      409,
    )
  })
})

describe('the meetings list', () => {
  it('keeps the chosen layout in a cookie the loader reads; a status in the address still opens the list', async () => {
    const { user, get } = await specialist()
    await createMeeting(user.id, { startAt: Date.now() + DAY, people: [{ email: email('a'), firstName: 'А' }] })
    const chosen = await get('/meetings?view=calendar')
    expect(chosen.status).toBe(200)
    const setCookie = chosen.headers.get('Set-Cookie') ?? ''
    const kept = setCookie.match(/meetings_view=[^;]+/)?.[0] ?? ''
    expect(kept).not.toBe('')
    const plain = await get('/meetings', { Cookie: `${await sessionCookieFor(user.id)}; ${kept}` })
    expect(plain.status).toBe(200)
    const html = await plain.text()
    expect(html).toContain('data-testid="meetings-calendar"')
    // "Ноябрь 2026 г.": the month capitalised, not every word ("Г.").
    expect(html).toMatch(/data-testid="calendar-title">[А-ЯЁ][а-яё]+ \d{4} г\.</)
    const canceled = await (
      await get('/meetings?filter=canceled', { Cookie: `${await sessionCookieFor(user.id)}; ${kept}` })
    ).text()
    expect(canceled).not.toContain('data-testid="meetings-calendar"')
    expect(canceled).toContain('data-testid="meetings-empty"')
    const back = await get('/meetings?view=list', { Cookie: `${await sessionCookieFor(user.id)}; ${kept}` })
    expect(back.headers.get('Set-Cookie')).toMatch(/meetings_view=/)
  })

  it('held only: completed meetings not marked not-held, with a chip to show all completed', async () => {
    const { user, get } = await specialist()
    const held = await createMeeting(user.id, {
      startAt: Date.now() - 2 * DAY,
      people: [{ email: email('h'), firstName: 'Х' }],
    })
    await createMeeting(user.id, {
      startAt: Date.now() - 3 * DAY,
      isFailed: true,
      people: [{ email: email('n'), firstName: 'Н' }],
    })
    const html = await (await get('/meetings?filter=completed&held=true')).text()
    expect(html).toContain('data-testid="held-only"')
    expect(html.match(/data-testid="meeting-card"/g)).toHaveLength(1)
    expect(html).toContain(`data-meeting-id="${held.id}"`)
  })
})

describe('meeting cards', () => {
  it('draw the in-person place icon as inline SVG, not an emoji', async () => {
    const { user, get } = await specialist()
    const type = await createEventType(user.id, { placeType: 'Meet', meetingPoint: 'Офис, Тверская 1' })
    await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [{ email: email('p'), firstName: 'П' }],
    })
    const html = await (await get('/meetings?filter=upcoming')).text()
    const place = html.match(/data-icon="place"[\s\S]*?<\/p>/)?.[0] ?? ''
    expect(place).toContain('<svg')
    expect(place).not.toMatch(/\p{Extended_Pictographic}/u)
  })
})

function icsOf(mail: { payload: unknown } | null | undefined): string {
  const attachments = (mail?.payload as { attachments?: { content: string }[] } | null)?.attachments
  return attachments?.[0]?.content ?? ''
}
