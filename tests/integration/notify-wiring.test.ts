import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { notifications, outbox, telegramBindings } from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const db = () => getDb(env.DB)

describe('organizer notices written with the booking', () => {
  it('a public booking adds a notification-center entry and a Telegram message for the organizer', async () => {
    const { host } = await createBookableHost()
    await db()
      .insert(telegramBindings)
      .values({ userId: host.id, chatId: '777001', chatUsername: 'host', connectedAt: Date.now() })
    expect(await db().select().from(notifications).where(eq(notifications.userId, host.id))).toEqual([])
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo('wiring'), slots: [{ start: slots[0].start }] }),
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { meetingIds: string[] } }
    const rows = await db().select().from(notifications).where(eq(notifications.userId, host.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actionName: 'openEventOrganizer', actionValue: data.meetingIds[0], readAt: null })
    expect(rows[0].title).toContain('Новая запись')
    expect(rows[0].body).toContain('Иван Петров')
    const telegram = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'telegram'), eq(outbox.recipient, '777001')))
    expect(telegram).toHaveLength(1)
    expect(telegram[0].text).toContain('Иван Петров')
  })
})
