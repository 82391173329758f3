/**
 * ADR 0134: once this isolate has found an event type at its public address, a booking there goes to the host's
 * object unparsed, which parses it against the event type it holds, counts the booking limit and decides. These are
 * the cases where that path must answer as the API always did: an address that moved, a body that does not parse,
 * the limit, a replay, and the rest of a race refused from memory.
 */
import { env } from 'cloudflare:workers'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { eventTypes, meetings, users } from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

type Answer = { isOk: boolean; data: { bookingId: string; meetingIds: string[] } | null; apiErrors: { text: string }[] }

const db = () => getDb(env.DB)

function book(
  login: string,
  link: string,
  body: unknown,
  init: { ip?: string; headers?: Record<string, string> } = {},
) {
  return api(`/public/${login}/eventTypes/${link}/events`, {
    method: 'POST',
    ip: init.ip,
    headers: { 'Accept-Language': 'en', ...init.headers },
    body: JSON.stringify(body),
  })
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Answer }
}

async function meetingsOf(ownerId: string) {
  const [row] = await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, ownerId))
  return row.n
}

describe('a booking at an address the isolate knows', () => {
  it('follows the event type: a new link books, the old one answers 404, a renamed host likewise', async () => {
    const { host, eventType } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    // The first booking reads the event type and teaches the isolate its address.
    expect((await book(host.login, 'consult', { contactInfo: contactInfo(1), slots: [slots[0]] })).status).toBe(201)
    await db().update(eventTypes).set({ link: 'moved' }).where(eq(eventTypes.id, eventType.id))
    const old = await answer(await book(host.login, 'consult', { contactInfo: contactInfo(2), slots: [slots[2]] }))
    expect(old.status).toBe(404)
    expect(old.body.apiErrors).toEqual([{ text: 'Event type not found' }])
    expect((await book(host.login, 'moved', { contactInfo: contactInfo(3), slots: [slots[4]] })).status).toBe(201)
    await db()
      .update(users)
      .set({ login: `${host.login}x` })
      .where(eq(users.id, host.id))
    expect((await book(host.login, 'moved', { contactInfo: contactInfo(4), slots: [slots[6]] })).status).toBe(404)
    expect((await book(`${host.login}x`, 'moved', { contactInfo: contactInfo(5), slots: [slots[6]] })).status).toBe(201)
    expect(await meetingsOf(host.id)).toBe(3)
  })

  it('answers a body that does not parse with the same 400 and texts as before the address was known', async () => {
    const { host } = await createBookableHost({ isPhoneRequired: true })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const invalid = { contactInfo: { firstName: 'A', email: 'not-an-email' }, slots: [slots[1]] }
    const first = await answer(await book(host.login, 'consult', invalid))
    expect((await book(host.login, 'consult', { contactInfo: contactInfo(1), slots: [slots[0]] })).status).toBe(201)
    const known = await answer(await book(host.login, 'consult', invalid))
    expect(first.status).toBe(400)
    expect(known).toEqual(first)
    expect(known.body.apiErrors.map((e) => e.text.split(':')[0]).sort()).toEqual(
      ['contactInfo.email', 'contactInfo.firstName', 'contactInfo.phone'].sort(),
    )
    const malformed = await api(`/public/${host.login}/eventTypes/consult/events`, { method: 'POST', body: '{' })
    expect(malformed.status).toBe(400)
    expect(await meetingsOf(host.id)).toBe(1)
  })

  it('replays an Idempotency-Key and counts every booking that reaches a decision against the limit', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const ip = '192.0.2.77'
    const headers = { 'Idempotency-Key': 'known-1' }
    const first = await answer(
      await book(host.login, 'consult', { contactInfo: contactInfo(1), slots: [slots[0]] }, { ip, headers }),
    )
    const again = await answer(
      await book(host.login, 'consult', { contactInfo: contactInfo(1), slots: [slots[0]] }, { ip, headers }),
    )
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.data?.bookingId).toBe(first.body.data?.bookingId)
    // Eight more free slots, then the eleventh booking from the address within the minute: 429 with Retry-After.
    for (let i = 1; i <= 8; i++) {
      const booked = await book(
        host.login,
        'consult',
        { contactInfo: contactInfo(i + 1), slots: [slots[i * 2]] },
        { ip },
      )
      expect(booked.status, `booking ${i}`).toBe(201)
    }
    const limited = await book(host.login, 'consult', { contactInfo: contactInfo(20), slots: [slots[17]] }, { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(((await limited.json()) as Answer).apiErrors).toEqual([{ text: 'Too many requests, try again later' }])
    expect(await meetingsOf(host.id)).toBe(9)
  })

  it('refuses the rest of a race from memory, before the contact is read and without counting the limit', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    expect((await book(host.login, 'consult', { contactInfo: contactInfo(1), slots: [slots[0]] })).status).toBe(201)
    const taken = { contactInfo: contactInfo(2), slots: [slots[2]] }
    expect((await book(host.login, 'consult', taken)).status).toBe(201)
    // Twelve more from one address for the slot just taken: each a 409, none a 429 (the limit is 10 a minute).
    const ip = '192.0.2.78'
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await book(host.login, 'consult', taken, { ip })).status)
    expect(statuses).toEqual(Array(12).fill(409))
    // A body whose contact would not parse, for the slot just taken: the slot's refusal (ADR 0134).
    const sloppy = await answer(await book(host.login, 'consult', { contactInfo: {}, slots: [slots[2]] }))
    expect(sloppy.status).toBe(409)
    // The same body for a free slot: its 400.
    expect((await book(host.login, 'consult', { contactInfo: {}, slots: [slots[4]] })).status).toBe(400)
    const [row] = await db()
      .select({ n: count() })
      .from(meetings)
      .where(and(eq(meetings.ownerId, host.id)))
    expect(row.n).toBe(2)
  })
})
