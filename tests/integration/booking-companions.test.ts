import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, count, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, outbox, participantLinks, reminders } from '#db/schema.ts'
import { lastEmailTo } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const json = (value: unknown) => JSON.stringify(value)
const unique = () => Math.random().toString(36).slice(2, 10)

function book(login: string, body: unknown, language = 'en') {
  return api(`/public/${login}/eventTypes/consult/events`, {
    method: 'POST',
    headers: { 'Accept-Language': language },
    body: json(body),
  })
}

async function counts(hostId: string) {
  const [[m], [p], [r], [o]] = await Promise.all([
    db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, hostId)),
    db().select({ n: count() }).from(meetingParticipants).where(eq(meetingParticipants.ownerId, hostId)),
    db().select({ n: count() }).from(reminders).where(eq(reminders.ownerId, hostId)),
    db().select({ n: count() }).from(outbox),
  ])
  return { meetings: m.n, participants: p.n, reminders: r.n, outbox: o.n }
}

const groupHost = (totalSeats: number) =>
  createBookableHost({ participantType: 'GroupNotCollective', minSeats: 1, totalSeats }, { plan: 'Pro' })

describe('companions on the booking API (ADR 0105)', () => {
  it('seats a group party: each companion a participant with their own email, manage link and reminders', async () => {
    const { host } = await groupHost(4)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const tag = unique()
    const [a, b] = [`a-${tag}@example.com`, `b-${tag}@example.com`]
    const client = contactInfo(`party-${tag}`)
    const response = await book(host.login, {
      contactInfo: { ...client, emails: [a, b, a.toUpperCase(), client.email], tempCustomField: 'Clinic 17' },
      slots: [{ start: slots[0].start }],
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { bookingId: string; meetingIds: string[]; ics: string } }
    expect(data.ics.replace(/\r\n /g, '')).toContain(`MAILTO:${a}`)
    const rows = await db()
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, data.meetingIds[0]))
    expect(rows.map((r) => [r.email, r.role]).sort()).toEqual(
      [
        [a, 'member'],
        [b, 'member'],
        [client.email, 'member'],
      ].sort(),
    )
    const booker = rows.find((r) => r.email === client.email)
    expect(booker?.customField).toBe('Clinic 17')
    expect(booker?.bookingId).toBe(data.bookingId)
    for (const companion of rows.filter((r) => r !== booker)) {
      expect(companion.bookingId.startsWith(`${data.bookingId}.`)).toBe(true)
      expect(companion.contactId).toBeNull()
    }
    const links = await db()
      .select({ n: count() })
      .from(participantLinks)
      .where(and(eq(participantLinks.participantId, rows[0].id)))
    expect(links[0].n).toBe(1)
    // Two offsets for each of three participants, and the organizer's two.
    const [r] = await db().select({ n: count() }).from(reminders).where(eq(reminders.meetingId, data.meetingIds[0]))
    expect(r.n).toBe(8)
    for (const email of [a, b]) {
      const mail = await lastEmailTo(email)
      expect(mail?.subject).toMatch(/^You are booked: Consultation/)
      expect(mail?.text).toContain('Иван Петров booked you for "Consultation"')
      expect(mail?.text).toContain('/booking/manage/')
      const attachments = mail?.payload?.attachments as { content: string }[]
      expect(attachments[0].content).toContain('BEGIN:VEVENT')
    }
    const toHost = await lastEmailTo(host.email)
    expect(toHost?.text).toContain(`Вместе с клиентом: ${a}, ${b}`)
    expect(toHost?.text).toContain('Дополнительное поле: Clinic 17')
    // One seat is left of four.
    const after = await firstFreeSlot(host.login, 'consult')
    expect(after.slots.find((s) => s.start === slots[0].start)?.seatsLeft).toBe(1)

    // The organizer's view: the companions under the client, the custom field; each companion a participant too.
    const view = await api(`/userEvents/${data.meetingIds[0]}`, {
      headers: { Authorization: await bearerFor(host.id) },
    })
    const { data: meeting } = (await view.json()) as {
      data: { contactInfos: { email: string; tempCustomField: string | null; companions: { email: string }[] }[] }
    }
    const card = meeting.contactInfos.find((c) => c.email === client.email)
    expect(card?.tempCustomField).toBe('Clinic 17')
    expect(card?.companions.map((c) => c.email)).toEqual([a, b])
    expect(meeting.contactInfos).toHaveLength(3)
    const page = await SELF.fetch(`http://localhost/meetings/${data.meetingIds[0]}`, {
      headers: { Cookie: await sessionCookieFor(host.id) },
    })
    const html = (await page.text()).replace(/<!-- -->/g, '')
    expect(html).toContain(`Пришли вместе: ${a}, ${b}`)
    expect(html).toContain('Дополнительное поле: Clinic 17')
  })

  it('refuses a party larger than the free seats with a translated 409 naming the field, writing nothing', async () => {
    const { host } = await groupHost(3)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const first = await book(host.login, {
      contactInfo: { ...contactInfo(`first-${unique()}`), emails: [`f-${unique()}@example.com`] },
      slots: [{ start: slots[0].start }],
    })
    expect(first.status).toBe(201)
    const before = await counts(host.id)
    const party = {
      ...contactInfo(`big-${unique()}`),
      emails: [`x-${unique()}@example.com`, `y-${unique()}@example.com`],
    }
    const en = await book(host.login, { contactInfo: party, slots: [{ start: slots[0].start }] })
    expect(en.status).toBe(409)
    expect(((await en.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(
      'contactInfo.emails: Not enough free seats for your whole party at this time: 1 left, 3 needed (you and the people coming with you)',
    )
    const ru = await book(host.login, { contactInfo: party, slots: [{ start: slots[0].start }] }, 'ru')
    expect(((await ru.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toContain(
      'не хватает свободных мест для всей компании: осталось 1, нужно 3',
    )
    expect(await counts(host.id)).toEqual(before)
    // Bad companion emails and too many of them are a 400 before anything is decided.
    const bad = await book(host.login, {
      contactInfo: { ...party, emails: ['nope'] },
      slots: [{ start: slots[0].start }],
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(
      'contactInfo.emails.0: Invalid email',
    )
    const many = await book(host.login, {
      contactInfo: { ...party, emails: Array.from({ length: 11 }, (_, i) => `m${i}-${unique()}@example.com`) },
      slots: [{ start: slots[0].start }],
    })
    expect(many.status).toBe(400)
    expect(await counts(host.id)).toEqual(before)
  })

  it('names a companion who is booked in that meeting already; the client booked again is "already booked"', async () => {
    const { host } = await groupHost(5)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const first = contactInfo(`there-${unique()}`)
    const slot = [{ start: slots[0].start }]
    expect((await book(host.login, { contactInfo: first, slots: slot })).status).toBe(201)
    const before = await counts(host.id)
    const other = { ...contactInfo(`other-${unique()}`), emails: [`new-${unique()}@example.com`, first.email] }
    const refused = await book(host.login, { contactInfo: other, slots: slot })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(
      `contactInfo.emails: ${first.email} is already booked for this time`,
    )
    const again = await book(host.login, {
      contactInfo: { ...first, emails: [`x-${unique()}@example.com`] },
      slots: slot,
    })
    expect(((await again.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(
      'You are already booked for this time',
    )
    expect(await counts(host.id)).toEqual(before)
  })

  it("makes a one-seat event's companions visitors of the client's booking, the slot taken once", async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const client = contactInfo(`single-${unique()}`)
    const visitor = `v-${unique()}@example.com`
    const response = await book(host.login, {
      contactInfo: { ...client, emails: [visitor] },
      slots: [{ start: slots[0].start }],
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { bookingId: string; meetingIds: string[] } }
    const rows = await db()
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, data.meetingIds[0]))
    expect(rows.map((r) => [r.email, r.role, r.bookingId === data.bookingId]).sort()).toEqual(
      [
        [client.email, 'member', true],
        [visitor, 'visitor', true],
      ].sort(),
    )
    expect((await lastEmailTo(visitor))?.text).toContain('booked you for')
    const view = await api(`/userEvents/${data.meetingIds[0]}`, {
      headers: { Authorization: await bearerFor(host.id) },
    })
    const { data: meeting } = (await view.json()) as { data: { contactInfos: { visitors: { email: string }[] }[] } }
    expect(meeting.contactInfos.map((c) => c.visitors.map((v) => v.email))).toEqual([[visitor]])
    // The success page and its ICS are the client's own: one meeting, not one per visitor.
    const ics = await SELF.fetch(`http://localhost/ics/${data.bookingId}`)
    expect((await ics.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1)
  })
})

describe('companions under concurrent bookings', { timeout: 240_000 }, () => {
  it('100 concurrent parties of two on a five-seat slot: exactly two parties, four seats, never more', async () => {
    const { host } = await groupHost(5)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const tag = unique()
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(`/public/${host.login}/eventTypes/consult/events`, {
          method: 'POST',
          ip: `198.18.${Math.floor(i / 250)}.${i % 250}`,
          headers: { 'Accept-Language': 'en' },
          body: json({
            contactInfo: { ...contactInfo(`r${i}-${tag}`), emails: [`comp${i}-${tag}@example.com`] },
            slots: [{ start: slots[0].start }],
          }),
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(2)
    expect(statuses.filter((s) => s === 409)).toHaveLength(98)
    const [p] = await db()
      .select({ n: count() })
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.ownerId, host.id), eq(meetingParticipants.status, 'booked')))
    expect(p.n).toBe(4)
    const [m] = await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id))
    expect(m.n).toBe(1)
    // The fifth seat is still offered, to a party of one.
    const after = await firstFreeSlot(host.login, 'consult')
    expect(after.slots.find((s) => s.start === slots[0].start)?.seatsLeft).toBe(1)
    const [mails] = await db()
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.recipient, `comp%-${tag}@example.com`))
    expect(mails.n).toBe(2)
  })
})

describe('companions and the login step on the booking page, without script', () => {
  /** Holds the slot of `start` through the page's slot form: the form step's path. */
  async function holdStep(client: ReturnType<typeof pageClient>, login: string, start: string) {
    const day = start.slice(0, 10)
    const base = `/user/${login}/event/consult?tz=Etc/UTC&month=${day.slice(0, 7)}&date=${day}`
    const held = await client.post(base, [
      ['intent', 'hold'],
      ['clientId', `c-${unique()}`],
      ['slot', String(Date.parse(start))],
    ])
    expect(held.status).toBe(302)
    return held.headers.get('Location') ?? ''
  }
  const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, '')

  it('adds companion fields one by one, books the party, refuses one too large at the companions', async () => {
    const { host } = await groupHost(3)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const client = pageClient()
    const formPath = await holdStep(client, host.login, slots[0].start)
    const form = await text(await client.get(formPath))
    expect(form).toContain('data-testid="companions"')
    expect(form.match(/name="emails"/g)).toHaveLength(1)
    const typed: [string, string][] = [
      ['intent', 'book'],
      ['firstName', 'Иван'],
      ['email', `ivan-${unique()}@example.com`],
      ['emails', `one-${unique()}@example.com`],
    ]
    // "Add one more": the same form with the typed values and a second companion field; nothing booked.
    const more = await client.post(formPath, [...typed, ['addCompanion', '1']])
    expect(more.status).toBe(200)
    const moreHtml = await text(more)
    expect(moreHtml.match(/name="emails"/g)).toHaveLength(2)
    expect(moreHtml).toContain(`value="${typed[3][1]}"`)
    expect(await counts(host.id)).toMatchObject({ meetings: 0 })
    // Three of three seats would be four people: refused at the companions, in Russian, nothing written.
    const tooMany = await client.post(formPath, [
      ...typed,
      ['emails', `two-${unique()}@example.com`],
      ['emails', `three-${unique()}@example.com`],
    ])
    expect(tooMany.status).toBe(409)
    expect(await text(tooMany)).toContain('data-testid="error-emails"')
    expect(await counts(host.id)).toMatchObject({ meetings: 0, participants: 0 })
    const booked = await client.post(formPath, [...typed, ['emails', `two-${unique()}@example.com`]])
    expect(booked.status).toBe(302)
    const success = await text(await client.get(booked.headers.get('Location') ?? ''))
    expect(success).toContain('data-testid="booking-success"')
    expect(await counts(host.id)).toMatchObject({ meetings: 1, participants: 3 })
  })

  it('fills the form from the signed-in client (name, email, last phone); a guest gets a sign-in link back', async () => {
    // Standard: the widget takes bookings.
    const { host } = await createBookableHost({}, { plan: 'Standard' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const guest = pageClient()
    const formPath = await holdStep(guest, host.login, slots[0].start)
    const anonymous = await text(await guest.get(formPath))
    const loginHref = (/href="([^"]+)"[^>]*data-testid="form-sign-in"/.exec(anonymous)?.[1] ?? '').replace(
      /&amp;/g,
      '&',
    )
    expect(loginHref.startsWith('/login?redirectTo=')).toBe(true)
    const back = decodeURIComponent(loginHref.slice('/login?redirectTo='.length))
    expect(back).toMatch(/^\/user\/[^?]+\/event\/consult\?/)
    expect(new URL(back, 'http://x').searchParams.get('step')).toBe('form')
    expect(new URL(back, 'http://x').searchParams.get('holds')).toBe(
      new URL(formPath, 'http://x').searchParams.get('holds'),
    )
    // The widget's frame gets no session cookie: its link opens the booking page (not the widget) in a new tab.
    const widgetPath = formPath.replace('/user/', '/widget/booking/user/')
    const widget = await text(await guest.get(widgetPath))
    const widgetLink = /<a [^>]*data-testid="form-sign-in"[^>]*>/.exec(widget)?.[0] ?? ''
    expect(widgetLink).toContain('target="_blank"')
    expect((/href="([^"]+)"/.exec(widgetLink)?.[1] ?? '').replace(/&amp;/g, '&')).toBe(loginHref)
    const person = await createTestUser({ firstName: 'Мария', lastName: 'Иванова', timeZone: 'Etc/UTC' })
    const signedIn = pageClient(await sessionCookieFor(person.id))
    const filled = await text(await signedIn.get(formPath))
    expect(filled).toContain('data-testid="signed-in-as"')
    expect(filled).toMatch(/name="firstName"[^>]*value="Мария"|value="Мария"[^>]*name="firstName"/)
    expect(filled).toContain(`value="${person.email}"`)
    const booked = await signedIn.post(formPath, [
      ['intent', 'book'],
      ['firstName', 'Мария'],
      ['lastName', 'Иванова'],
      ['email', person.email],
      ['phone', '+7 900 111-22-33'],
    ])
    expect(booked.status).toBe(302)
    // "I am booked": the account sees the meeting on its participant side.
    // Signed in, the link of the form lands back on it (the login page sends a signed-in user on).
    const again = await signedIn.get(loginHref)
    expect(again.headers.get('Location')).toBe(back)
    const list = await text(await signedIn.get('/meetings?side=participant'))
    expect(list).toContain('Consultation')
    // The next form has the phone of that booking.
    const next = await firstFreeSlot(host.login, 'consult')
    const nextPath = await holdStep(signedIn, host.login, next.slots[0].start)
    expect(await text(await signedIn.get(nextPath))).toContain('value="+7 900 111-22-33"')
  })
})
