import { env } from 'cloudflare:workers'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const CLIENTS = 100

async function race(login: string, start: string) {
  const responses = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      api(`/public/${login}/eventTypes/consult/events`, {
        method: 'POST',
        ip: `198.51.${Math.floor(i / 250)}.${i % 250}`,
        headers: { 'Accept-Language': 'en' },
        body: JSON.stringify({ contactInfo: contactInfo(`race${i}`), slots: [{ start }] }),
      }),
    ),
  )
  const answers = await Promise.all(
    responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { apiErrors: { text: string }[] } })),
  )
  return answers
}

describe('no double booking', { timeout: 240_000 }, () => {
  it(`${CLIENTS} concurrent bookings of a one-seat slot: exactly 1 succeeds, the rest get a clean 409`, async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const answers = await race(host.login, slots[0].start)
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(CLIENTS - 1)
    for (const a of refused) {
      expect(a.status).toBe(409)
      expect(a.body.apiErrors[0].text).toBe('This time has just been taken. Choose another one')
    }
    const db = getDb(env.DB)
    const [m] = await db.select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id))
    const [p] = await db
      .select({ n: count() })
      .from(meetingParticipants)
      .where(eq(meetingParticipants.ownerId, host.id))
    expect([m.n, p.n]).toEqual([1, 1])
  })

  it(`${CLIENTS} concurrent bookings of a group slot with 3 seats: exactly 3 succeed in one meeting`, async () => {
    const { host } = await createBookableHost(
      { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: 3 },
      { plan: 'Pro' },
    )
    const { slots } = await firstFreeSlot(host.login, 'consult')
    expect(slots[0].seatsLeft).toBe(3)
    const answers = await race(host.login, slots[0].start)
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(CLIENTS - 3)
    const db = getDb(env.DB)
    const [m] = await db.select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id))
    const [p] = await db
      .select({ n: count() })
      .from(meetingParticipants)
      .where(eq(meetingParticipants.ownerId, host.id))
    expect([m.n, p.n]).toEqual([1, 3])
    const after = await firstFreeSlot(host.login, 'consult')
    expect(after.slots.map((s) => s.start)).not.toContain(slots[0].start)
  })

  it(`${CLIENTS} concurrent holds of a one-seat slot: exactly 1 holds it`, async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const responses = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        api(`/ghostBooking/${host.login}/eventTypes/consult`, {
          method: 'POST',
          ip: `203.0.${Math.floor(i / 250)}.${i % 250}`,
          body: JSON.stringify({ clientId: `c${i}`, slots: [{ start: slots[0].start }] }),
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    await Promise.all(responses.map((r) => r.arrayBuffer()))
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(CLIENTS - 1)
  })
})
