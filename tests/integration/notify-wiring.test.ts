import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, notifications, outbox, telegramBindings } from '#db/schema.ts'
import { unique } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

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

    // The meeting page lists the booking's reminders with their statuses.
    const page = await SELF.fetch(`http://localhost/meetings/${data.meetingIds[0]}`, {
      headers: { Cookie: await sessionCookieFor(host.id) },
    })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('id="reminders-title"')
    expect(html).toContain('data-testid="reminder-status"')
  })
})

describe('organizer notices written with a participant cancellation', () => {
  it('a client cancelling by the emailed link adds a notification-center entry for the organizer', async () => {
    const user = await createTestUser()
    const type = await createEventType(user.id, { whenClosesValue: 0, whenClosesType: 'Days' })
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [{ email: `${unique('guest')}@example.com`, firstName: 'Гость' }],
    })
    const token = `tok${unique('t')}abcdefghijklmnop`
    await db()
      .update(meetingParticipants)
      .set({ manageTokenHash: await sha256(token) })
      .where(eq(meetingParticipants.id, meeting.participants[0].id))
    const response = await SELF.fetch(`http://localhost/booking/manage/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', Host: 'localhost' },
      body: new URLSearchParams({ intent: 'cancel' }),
    })
    expect(response.status).toBe(200)
    const rows = await db().select().from(notifications).where(eq(notifications.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actionName: 'openEventOrganizer', actionValue: meeting.id })
    expect(rows[0].title).toContain('Запись отменена')
    expect(rows[0].body).toContain('Гость')
  })
})
