import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { REFUSAL_MEMORY_MS } from '#workers/durable/host-lock.ts'
import { contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

/** Issue 13: the rest of a race for one slot is refused from the object's memory, never a stale booking. */
describe('the host lock’s memory of a refused slot', () => {
  async function setup() {
    const { host, eventType } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const stub = env.HOST_LOCK.get(env.HOST_LOCK.idFromName(host.id))
    const slot = { start: Date.parse(slots[0].start), end: Date.parse(slots[0].end) }
    const book = (n: number, now: number) =>
      stub.run(
        {
          kind: 'book',
          ownerId: host.id,
          eventTypeId: eventType.id,
          holdIds: [],
          slots: [slot],
          contact: {
            ...contactInfo(n),
            lastName: 'Петров',
            messengerType: 'Telegram',
            comment: null,
            tempCustomField: null,
            emails: [],
          },
          language: 'ru',
          timeZone: 'Europe/Moscow',
          idempotencyKey: null,
        },
        now,
      )
    return { host, stub, book }
  }

  it('refuses from memory while it is fresh, and reads D1 again after it', async () => {
    const { host, book } = await setup()
    const now = Date.now()
    expect(await book(1, now)).toMatchObject({ ok: true })
    expect(await book(2, now + 1)).toEqual({ ok: false, refusal: { code: 'slotTaken' } })

    // The seat is freed behind the object's back (as an outside change would): the memory still refuses ...
    const db = getDb(env.DB)
    await db.delete(meetingParticipants).where(eq(meetingParticipants.ownerId, host.id))
    await db.delete(meetings).where(eq(meetings.ownerId, host.id))
    expect(await book(3, now + 2)).toEqual({ ok: false, refusal: { code: 'slotTaken' } })
    // ... until it is no longer fresh: then D1 is read and the slot is booked.
    expect(await book(4, now + 1 + REFUSAL_MEMORY_MS)).toMatchObject({ ok: true })
  })

  it('forgets at once when the object itself frees the seat', async () => {
    const { host, stub, book } = await setup()
    const now = Date.now()
    const first = await book(1, now)
    expect(first).toMatchObject({ ok: true })
    expect(await book(2, now + 1)).toEqual({ ok: false, refusal: { code: 'slotTaken' } })
    const meetingId = (first as unknown as { value: { meetingIds: string[] } }).value.meetingIds[0]
    expect(
      await stub.run({ kind: 'cancel', ownerId: host.id, meetingId, participantIds: null }, now + 2),
    ).toMatchObject({ ok: true })
    expect(await book(3, now + 3)).toMatchObject({ ok: true })
  })
})
