import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { contacts, meetingParticipants, meetings, outbox, reminders } from '#db/schema.ts'
import { HOLD_TTL_MS } from '#app/server/booking/host-lock-client.server.ts'
import { addEventType, api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const db = () => getDb(env.DB)
const json = (body: unknown) => JSON.stringify(body)

async function rowsOf(ownerId: string) {
  const [m] = await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, ownerId))
  const [p] = await db()
    .select({ n: count() })
    .from(meetingParticipants)
    .where(eq(meetingParticipants.ownerId, ownerId))
  const [c] = await db().select({ n: count() }).from(contacts).where(eq(contacts.ownerId, ownerId))
  const [r] = await db().select({ n: count() }).from(reminders).where(eq(reminders.ownerId, ownerId))
  return { meetings: m.n, participants: p.n, contacts: c.n, reminders: r.n }
}

describe('public host and event type', () => {
  it('shows the public profile and only active, visible event types', async () => {
    const { host, scheduleId } = await createBookableHost()
    await addEventType(host.id, scheduleId, { link: 'hidden', name: 'Hidden', isShowOnSpecialistPage: false })
    const response = await api(`/public/${host.login}/eventTypes`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: Record<string, unknown> & { eventTypes: { link: string }[] } }
    expect(body.data.firstName).toBe(host.firstName)
    expect(body.data.eventTypes.map((e) => e.link)).toEqual(['consult'])
    expect(JSON.stringify(body)).not.toContain(host.email)
  })

  it('answers 404 for an unknown login, a disabled, hidden or unknown event type', async () => {
    const disabled = await createBookableHost({ isActive: false })
    const hidden = await createBookableHost({ isShowOnSpecialistPage: false })
    for (const path of [
      '/public/no_such_login_x/eventTypes',
      '/public/no_such_login_x/eventTypes/consult',
      `/public/${disabled.host.login}/eventTypes/consult`,
      `/public/${hidden.host.login}/eventTypes/consult`,
      `/public/${hidden.host.login}/eventTypes/consult/days/2030/1`,
      `/public/${disabled.host.login}/eventTypes/nothing`,
    ]) {
      const response = await api(path)
      expect(response.status, path).toBe(404)
      expect(((await response.json()) as { isOk: boolean }).isOk).toBe(false)
    }
    const en = await api('/public/no_such_login_x/eventTypes/consult', { headers: { 'Accept-Language': 'en' } })
    expect(((await en.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe('Event type not found')
  })

  it('gives free days and slots in the viewer time zone, and 400 for impossible dates', async () => {
    const { host } = await createBookableHost()
    const utc = await firstFreeSlot(host.login, 'consult')
    expect(utc.slots[0]).toMatchObject({ from: '09:00', to: '09:30', seatsLeft: 1 })
    expect(utc.slots).toHaveLength(18)
    const moscow = await firstFreeSlot(host.login, 'consult', { timezone: 'Europe/Moscow' })
    expect(moscow.slots[0].from).toBe('12:00')
    expect(moscow.slots[0].start).toBe(utc.slots[0].start)
    for (const path of ['days/2030/13', 'days/abc/1', 'slots/2030/2/30', 'slots/2030/1/0']) {
      const response = await api(`/public/${host.login}/eventTypes/consult/${path}`)
      expect(response.status, path).toBe(400)
    }
  })
})

describe('booking', () => {
  it('writes meetings, participant, contact, both emails with the ICS and reminders in one go', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'key-1', 'Accept-Language': 'en', timezone: 'Europe/Moscow' },
      body: json({ contactInfo: contactInfo(), slots: [{ start: slots[0].start }, { start: slots[2].start }] }),
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { data: { meetingIds: string[]; ics: string; bookingId: string } }
    expect(body.data.meetingIds).toHaveLength(2)
    expect(body.data.ics).toContain('BEGIN:VCALENDAR')
    expect(body.data.ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(body.data.ics).toContain('\r\n')
    expect(await rowsOf(host.id)).toEqual({ meetings: 2, participants: 2, contacts: 1, reminders: 8 })
    const mails = await db().select().from(outbox).where(eq(outbox.channel, 'email'))
    const toClient = mails.find((m) => m.recipient === 'client1@example.com' && m.subject.includes('Consultation'))
    const toHost = mails.find((m) => m.recipient === host.email)
    expect(toClient?.subject).toMatch(/^You are booked/)
    expect(toClient?.text).toContain('12:00') // Moscow time for the client
    expect(toHost?.subject).toMatch(/^Новая запись/) // the host's language
    for (const mail of [toClient, toHost]) {
      const attachments = mail?.payload?.attachments as { filename: string; content: string }[]
      expect(attachments[0].filename).toBe('meeting.ics')
      expect(attachments[0].content).toContain('UID:')
    }

    // The slot is gone, the retry returns the same booking and writes nothing.
    const after = await firstFreeSlot(host.login, 'consult')
    expect(after.slots.map((s) => s.start)).not.toContain(slots[0].start)
    const retry = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'key-1' },
      body: json({ contactInfo: contactInfo(), slots: [{ start: slots[0].start }, { start: slots[2].start }] }),
    })
    expect(retry.status).toBe(200)
    const again = (await retry.json()) as { data: { meetingIds: string[] } }
    expect(again.data.meetingIds.sort()).toEqual(body.data.meetingIds.sort())
    expect(await rowsOf(host.id)).toEqual({ meetings: 2, participants: 2, contacts: 1, reminders: 8 })

    // The same person booking again updates the one contact.
    const third = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: { ...contactInfo(), firstName: 'Ivan' }, slots: [{ start: slots[4].start }] }),
    })
    expect(third.status).toBe(201)
    const [contact] = await db().select().from(contacts).where(eq(contacts.ownerId, host.id))
    expect(contact.firstName).toBe('Ivan')
  })

  it('refuses bad input with translated 400s and writes nothing', async () => {
    const { host } = await createBookableHost({ isPhoneRequired: true })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const before = await rowsOf(host.id)
    const [{ n: mailsBefore }] = await db().select({ n: count() }).from(outbox)
    const cases: [unknown, string, RegExp][] = [
      [
        { contactInfo: { ...contactInfo(), email: 'nope' }, slots: [{ start: slots[0].start }] },
        'ru',
        /email: Некорректный email/,
      ],
      [
        { contactInfo: { ...contactInfo(), email: 'nope' }, slots: [{ start: slots[0].start }] },
        'en',
        /email: Invalid email/,
      ],
      [
        { contactInfo: { ...contactInfo(), phone: '' }, slots: [{ start: slots[0].start }] },
        'en',
        /phone: Required field/,
      ],
      [
        { contactInfo: { ...contactInfo(), firstName: 'A' }, slots: [{ start: slots[0].start }] },
        'en',
        /firstName: At least 2/,
      ],
      [{ contactInfo: contactInfo(), slots: [] }, 'en', /Choose at least one time/],
      [{ contactInfo: contactInfo(), slots: [{ start: 'tomorrow' }] }, 'en', /start: Invalid date/],
      [{ contactInfo: contactInfo(), slots: [{ start: '2031-01-01T03:17:00Z' }] }, 'en', /./],
    ]
    for (const [body, language, text] of cases) {
      const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        headers: { 'Accept-Language': language },
        body: json(body),
      })
      const answer = (await response.json()) as { isOk: boolean; apiErrors: { text: string }[] }
      expect([400, 409], JSON.stringify(body)).toContain(response.status)
      expect(answer.isOk).toBe(false)
      expect(answer.apiErrors.map((e) => e.text).join('; ')).toMatch(text)
    }
    const malformed = await api(`/public/${host.login}/eventTypes/consult/events`, { method: 'POST', body: '{oops' })
    expect(malformed.status).toBe(400)
    expect(await rowsOf(host.id)).toEqual(before)
    const [{ n: mailsAfter }] = await db().select({ n: count() }).from(outbox)
    expect(mailsAfter).toBe(mailsBefore)
  })

  it("blocks a slot overlapping the organizer's meeting of another event type", async () => {
    const { host, scheduleId } = await createBookableHost()
    await addEventType(host.id, scheduleId, { link: 'long', name: 'Long', durationInMinutes: 60, stepMinutes: 60 })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const { slots: long } = await firstFreeSlot(host.login, 'long')
    expect(long[0].start).toBe(slots[0].start)
    const booked = await api(`/public/${host.login}/eventTypes/long/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo(), slots: [{ start: long[0].start }] }),
    })
    expect(booked.status).toBe(201)
    // 09:00-09:30 and 09:30-10:00 are taken: the other event type's 09:00-10:00 overlaps them.
    const { slots: after } = await firstFreeSlot(host.login, 'consult')
    expect(after[0].start).toBe(slots[2].start)
  })
})

describe('ghost holds', () => {
  it('hide a held slot from others, show it to its holder, and release on delete', async () => {
    const { host } = await createBookableHost()
    const { slots, year, month, date } = await firstFreeSlot(host.login, 'consult')
    const held = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      headers: { timezone: 'Etc/UTC' },
      body: json({ clientId: 'client-a', slots: [{ start: slots[0].start }] }),
    })
    expect(held.status).toBe(201)
    const [hold] = ((await held.json()) as { data: { id: string; slot: string; date: string }[] }).data
    expect(hold.slot).toBe('09:00 - 09:30')
    const path = `/public/${host.login}/eventTypes/consult/slots/${year}/${month}/${date}`
    const forOthers = (await (await api(`${path}?clientId=client-b`)).json()) as { data: { start: string }[] }
    expect(forOthers.data.map((s) => s.start)).not.toContain(slots[0].start)
    const forHolder = (await (await api(`${path}?clientId=client-a`)).json()) as { data: { start: string }[] }
    expect(forHolder.data.map((s) => s.start)).toContain(slots[0].start)

    const taken = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      body: json({ clientId: 'client-b', slots: [{ start: slots[0].start }] }),
    })
    expect(taken.status).toBe(409)
    const bookedByOther = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo('b'), slots: [{ start: slots[0].start }] }),
    })
    expect(bookedByOther.status).toBe(409)

    const listed = (await (await api(`/ghostBooking?ids=${encodeURIComponent(hold.id)}`)).json()) as { data: unknown[] }
    expect(listed.data).toHaveLength(1)
    expect((await api(`/ghostBooking/${encodeURIComponent(hold.id)}`, { method: 'DELETE' })).status).toBe(200)
    expect((await api(`/ghostBooking/${encodeURIComponent(hold.id)}`, { method: 'DELETE' })).status).toBe(404)
    const freed = (await (await api(`${path}?clientId=client-b`)).json()) as { data: { start: string }[] }
    expect(freed.data.map((s) => s.start)).toContain(slots[0].start)
  })

  it('confirm by hold ids, and expire after the hold time (the alarm forgets them)', async () => {
    const { host, eventType } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const held = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      body: json({ clientId: 'client-a', slots: [{ start: slots[0].start }, { start: slots[1].start }] }),
    })
    const holds = ((await held.json()) as { data: { id: string }[] }).data
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo(), gostBookingsIds: holds.map((h) => ({ id: h.id })) }),
    })
    expect(booked.status).toBe(201)
    expect((await rowsOf(host.id)).meetings).toBe(2)
    const unknown = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo(2), gostBookingsIds: [{ id: `${host.id}.nope` }] }),
    })
    expect(unknown.status).toBe(409)

    // Expiry: a hold stops taking its slot after HOLD_TTL_MS.
    const stub = env.HOST_LOCK.get(env.HOST_LOCK.idFromName(host.id))
    const now = Date.now()
    const slot = { start: Date.parse(slots[4].start), end: Date.parse(slots[4].end) }
    const hold = (clientId: string) => ({
      kind: 'hold' as const,
      ownerId: host.id,
      eventTypeId: eventType.id,
      clientId,
      address: 'test-address',
      slots: [slot],
    })
    expect(await stub.run(hold('x'), now)).toMatchObject({ ok: true })
    const blocked = await stub.run(hold('y'), now + 1000)
    expect(blocked).toEqual({ ok: false, refusal: { code: 'slotTaken' } })
    const later = now + HOLD_TTL_MS + 1
    expect(await stub.activeHolds(later)).toHaveLength(0)
    expect(await stub.run(hold('y'), later)).toMatchObject({ ok: true })
    expect(await runDurableObjectAlarm(stub)).toBe(true)
  })
})

describe('the contact-organizer form', () => {
  it('emails the organizer, and refuses bad input and unknown logins', async () => {
    const { host } = await createBookableHost()
    const good = { name: 'Мария', email: 'maria@example.com', phone: '', text: 'Есть ли время в субботу?' }
    const sent = await api(`/public/${host.login}/eventTypes/message`, { method: 'POST', body: json(good) })
    expect(sent.status).toBe(200)
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, host.email), eq(outbox.channel, 'email')))
    expect(mail.text).toContain('Есть ли время в субботу?')
    const bad = await api(`/public/${host.login}/eventTypes/message`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en' },
      body: json({ ...good, email: 'x', text: '' }),
    })
    expect(bad.status).toBe(400)
    const texts = ((await bad.json()) as { apiErrors: { text: string }[] }).apiErrors.map((e) => e.text)
    expect(texts).toEqual(['email: Invalid email', 'text: Required field'])
    // One message per field: an empty name is "required", not also "too short".
    const empty = await api(`/public/${host.login}/eventTypes/message`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en' },
      body: json({ ...good, name: '' }),
    })
    expect(((await empty.json()) as { apiErrors: { text: string }[] }).apiErrors.map((e) => e.text)).toEqual([
      'name: Required field',
    ])
    // A line break in the name would reach the organizer's email subject: refused.
    const crlf = await api(`/public/${host.login}/eventTypes/message`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en' },
      body: json({ ...good, name: 'Мария\r\nBcc: evil@example.com' }),
    })
    expect(crlf.status).toBe(400)
    expect(((await crlf.json()) as { apiErrors: { text: string }[] }).apiErrors.map((e) => e.text)).toEqual([
      'name: Line breaks and control characters are not allowed here',
    ])
    expect((await api('/public/no_such_login_x/eventTypes/message', { method: 'POST', body: json(good) })).status).toBe(
      404,
    )
  })
})

describe('the booking body', () => {
  it('books without a messenger type, with an empty one, and hidden optional fields', async () => {
    const { host } = await createBookableHost({ isOptionalInputsHidden: true })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const bodies = [
      { firstName: 'Иван', email: 'no-type@example.com' },
      { firstName: 'Иван', email: 'empty-type@example.com', messengerType: '', messengerValue: '' },
      { firstName: 'Иван', email: 'value-only@example.com', messengerValue: '@ivan' },
    ]
    for (const [i, contact] of bodies.entries()) {
      const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        body: json({ contactInfo: contact, slots: [{ start: slots[i * 2].start }] }),
      })
      expect(response.status, JSON.stringify(contact)).toBe(201)
    }
    const participants = await db()
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.ownerId, host.id))
      .orderBy(meetingParticipants.email)
    expect(participants.map((p) => [p.email, p.messengerType, p.messengerValue])).toEqual([
      ['empty-type@example.com', null, null],
      ['no-type@example.com', null, null],
      ['value-only@example.com', 'WhatsApp', '@ivan'],
    ])
  })

  it('refuses control characters in names and the comment with a translated 400, and sends nothing', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const [{ n: mailsBefore }] = await db().select({ n: count() }).from(outbox)
    for (const [field, value] of [
      ['firstName', 'Иван\r\nBcc: evil@example.com'],
      ['lastName', 'Петров\nX-Header: 1'],
      ['comment', 'Hello\u0000'],
    ]) {
      const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        headers: { 'Accept-Language': 'en' },
        body: json({ contactInfo: { ...contactInfo(), [field]: value }, slots: [{ start: slots[0].start }] }),
      })
      expect(response.status, field).toBe(400)
      expect(((await response.json()) as { apiErrors: { text: string }[] }).apiErrors.map((e) => e.text)).toEqual([
        `contactInfo.${field}: Line breaks and control characters are not allowed here`,
      ])
    }
    expect(await rowsOf(host.id)).toEqual({ meetings: 0, participants: 0, contacts: 0, reminders: 0 })
    const [{ n: mailsAfter }] = await db().select({ n: count() }).from(outbox)
    expect(mailsAfter).toBe(mailsBefore)
    // A comment keeps its line breaks.
    const ok = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({
        contactInfo: { ...contactInfo(), comment: 'Line 1\r\nLine 2' },
        slots: [{ start: slots[0].start }],
      }),
    })
    expect(ok.status).toBe(201)
  })
})

describe('the viewer time zone of the public calls', () => {
  it('answers a translated 400 for a zone that is neither an IANA id nor a number of hours', async () => {
    const { host } = await createBookableHost()
    const { year, month, date } = await firstFreeSlot(host.login, 'consult')
    const paths = [
      `/public/${host.login}/eventTypes/consult/days/${year}/${month}`,
      `/public/${host.login}/eventTypes/consult/slots/${year}/${month}/${date}`,
      `/public/${host.login}/eventTypes`,
    ]
    for (const path of paths) {
      for (const ru of [false, true]) {
        // A header (English) or a query of 25 hours (Russian).
        const response = await api(ru ? `${path}?timezone=25` : path, {
          headers: ru ? { 'Accept-Language': 'ru' } : { timezone: 'Mars/Olympus', 'Accept-Language': 'en' },
        })
        expect(response.status, path).toBe(400)
        const texts = ((await response.json()) as { apiErrors: { text: string }[] }).apiErrors.map((e) => e.text)
        expect(texts).toEqual([ru ? 'timezone: Неизвестный часовой пояс' : 'timezone: Unknown time zone'])
      }
    }
    const hold = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      headers: { timezone: 'nowhere' },
      body: json({ clientId: 'c', slots: [] }),
    })
    expect(hold.status).toBe(400)
    // Valid forms still work: an IANA id, hours from UTC.
    for (const timezone of ['Asia/Tokyo', '+3', '-5', '0']) {
      const response = await api(paths[0], { headers: { timezone } })
      expect(response.status, timezone).toBe(200)
    }
  })
})

describe('Idempotency-Key', () => {
  it('replays only the same request; the same key with another request answers 422 and reveals nothing', async () => {
    const { host, scheduleId } = await createBookableHost()
    await createBookableHost({ ownerId: host.id, scheduleId, link: 'other', name: 'Other' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const { slots: other } = await firstFreeSlot(host.login, 'other')
    const book = (link: string, body: unknown, language = 'en') =>
      api(`/public/${host.login}/eventTypes/${link}/events`, {
        method: 'POST',
        headers: { 'Idempotency-Key': 'shared-key', 'Accept-Language': language },
        body: json(body),
      })
    const first = { contactInfo: contactInfo('first'), slots: [{ start: slots[0].start }] }
    const created = await book('consult', first)
    expect(created.status).toBe(201)
    const before = await rowsOf(host.id)

    const reuses: [string, unknown][] = [
      ['other', { contactInfo: contactInfo('second'), slots: [{ start: other[6].start }] }],
      ['consult', { contactInfo: contactInfo('second'), slots: [{ start: slots[0].start }] }],
      ['consult', { contactInfo: contactInfo('first'), slots: [{ start: slots[2].start }] }],
      ['consult', { contactInfo: { ...contactInfo('first'), comment: 'another comment' }, slots: first.slots }],
    ]
    for (const [link, body] of reuses) {
      const response = await book(link, body)
      const text = await response.text()
      expect(response.status, text).toBe(422)
      expect(JSON.parse(text).apiErrors.map((e: { text: string }) => e.text)).toEqual([
        'This Idempotency-Key was already used for another request',
      ])
      expect(text).not.toContain('client-first')
      expect(text).not.toContain('clientfirst')
      expect(text).not.toContain('BEGIN:VCALENDAR')
    }
    const ru = await book('consult', reuses[1][1], 'ru')
    expect(((await ru.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toBe(
      'Этот Idempotency-Key уже использован для другого запроса',
    )
    expect(await rowsOf(host.id)).toEqual(before)

    // The same request again: the same booking, 200, nothing written.
    const replay = await book('consult', first)
    expect(replay.status).toBe(200)
    const original = (await created.json()) as { data: { bookingId: string } }
    expect(((await replay.json()) as { data: { bookingId: string } }).data.bookingId).toBe(original.data.bookingId)
    expect(await rowsOf(host.id)).toEqual(before)
  })
})

describe('rate limits', () => {
  it('answer 429 to the 31st hold from one address within a minute', async () => {
    const { host } = await createBookableHost()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const response = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
        method: 'POST',
        ip: '192.0.2.9',
        body: json({ clientId: `c${i}`, slots: [] }),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400))
    expect(statuses[30]).toBe(429)
    const limited = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      ip: '192.0.2.9',
      headers: { 'Accept-Language': 'en' },
      body: json({ clientId: 'c', slots: [] }),
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    // Another address is not limited.
    const other = await api(`/ghostBooking/${host.login}/eventTypes/consult`, {
      method: 'POST',
      ip: '192.0.2.10',
      body: json({ clientId: 'c', slots: [] }),
    })
    expect(other.status).toBe(400)
  })

  it('answer 429 to too many bookings, holds or messages from one address', async () => {
    const { host } = await createBookableHost()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        ip: '192.0.2.7',
        body: json({ contactInfo: {}, slots: [] }),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
    const messages: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await api(`/public/${host.login}/eventTypes/message`, {
        method: 'POST',
        ip: '192.0.2.8',
        body: '{}',
      })
      messages.push(response.status)
    }
    expect(messages[5]).toBe(429)
  })
})
