import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { decodeProblems } from '#app/domain/reminders/problems.ts'
import { changePassword } from '#app/server/accounts/profile.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { participantNotices, registerPushToken } from '#app/server/notify/notifications.server.ts'
import { notifications, outbox, reminders, users } from '#db/schema.ts'
import { createTestMeeting } from './helpers/meetings.ts'
import { DAY, MIN, NOTIFY_SECRET, installFakeProviders, prodEnv, tick } from './helpers/notify.ts'
import { TEST_PASSWORD, createTestUser, sessionCookieFor } from './helpers/users.ts'

const db = getDb(env.DB)
beforeEach(() => {
  installFakeProviders()
})
afterEach(() => vi.restoreAllMocks())

const stored = async (user: { id: string }) => (await db.select().from(users).where(eq(users.id, user.id)))[0]
const noticesOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId))

describe('notices beyond the organizer’s', () => {
  it('tells a client with an account that the specialist moved or canceled their meeting (openEventClient)', async () => {
    const owner = await createTestUser({ firstName: 'Anna', lastName: 'Smith' })
    const suffix = newId().slice(-8)
    const client = await createTestUser({
      email: `client-${suffix}@example.com`,
      culture: 'ru',
      timeZone: 'Asia/Tokyo',
    })
    await registerPushToken(db, client.id, `client-browser-${suffix}`)
    const start = Date.UTC(2035, 1, 5, 9, 0)
    const { meeting, participants } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 5 * DAY,
      secret: NOTIFY_SECRET,
      clients: [
        { firstName: 'Has', email: client.email, timeZone: 'Europe/Moscow', language: 'en' },
        { firstName: 'Guest', email: `guest-${suffix}@example.com`, timeZone: 'Europe/Moscow', language: 'en' },
      ],
    })
    const now = start - 4 * DAY
    const moved = await participantNotices(db, parseEnv(prodEnv), {
      event: 'moved',
      meeting,
      participants,
      previousStartAt: start - DAY,
      now,
    })
    const canceled = await participantNotices(db, parseEnv(prodEnv), {
      event: 'canceled',
      meeting,
      participants: [participants[1]],
      now: now + 1,
    })
    expect(canceled).toEqual([])
    await db.batch([moved[0], ...moved.slice(1)])

    const [notice] = await noticesOf(client.id)
    // In the account's language and zone, opening the client's view of that participation.
    expect(notice).toMatchObject({
      title: 'Встреча перенесена: «Консультация»',
      body: 'Встреча перенесена на пн, 05.02.2035, 18:00–19:00 (Токио) (было вс, 04.02.2035, 18:00–19:00 (Токио)). Организатор: Anna Smith.',
      actionName: 'openEventClient',
      actionValue: participants[0].id,
    })
    const [push] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `client-browser-${suffix}`))
    expect(push.payload).toMatchObject({
      link: `http://localhost:8787/meetings/myMeetings/${participants[0].id}`,
      onClickActionName: 'openEventClient',
    })
    expect(await noticesOf(owner.id)).toEqual([])

    // Opening it in the notification center leads to the client's view of the meeting.
    const cookie = await sessionCookieFor(client.id)
    const page = await SELF.fetch('http://localhost/notification-center', { headers: { Cookie: cookie } })
    expect(await page.text()).toContain('Встреча перенесена: «Консультация»')
    const opened = await SELF.fetch('http://localhost/notification-center', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: notice.id }),
      redirect: 'manual',
    })
    expect(opened.headers.get('Location')).toBe(`/meetings/myMeetings/${participants[0].id}`)
    // Another user cannot open it.
    const stranger = await sessionCookieFor(owner.id)
    const foreign = await SELF.fetch('http://localhost/notification-center', {
      method: 'POST',
      headers: { Cookie: stranger, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: notice.id }),
      redirect: 'manual',
    })
    expect(foreign.status).toBe(404)
  })

  it('tells the user their password was changed (changePassword)', async () => {
    const user = await stored(await createTestUser({ culture: 'en' }))
    await changePassword(db, user, { oldPassword: TEST_PASSWORD, password: 'Another-password-2' })
    const [notice] = await noticesOf(user.id)
    expect(notice).toMatchObject({
      title: 'Your password was changed',
      actionName: 'changePassword',
    })
    // A wrong current password changes nothing and tells nothing.
    const other = await stored(await createTestUser())
    await expect(changePassword(db, other, { oldPassword: 'wrong', password: 'Another-password-2' })).rejects.toThrow()
    expect(await noticesOf(other.id)).toEqual([])
    const [row] = await db.select().from(users).where(eq(users.id, other.id))
    expect(row.passwordHash).toBe(other.passwordHash)
  })

  it('tells the organizer when a reminder finally fails (navigate to the meeting’s reminders), once', async () => {
    const owner = await createTestUser({ culture: 'en', timeZone: 'Europe/London' })
    const start = Date.UTC(2035, 2, 7, 9, 0)
    const { meeting, participants } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 5 * DAY,
      secret: NOTIFY_SECRET,
      remindersInMinutes: [60],
      clients: [{ firstName: 'Late', email: 'late@example.com', timeZone: 'Europe/Moscow', language: 'en' }],
    })
    // The cron was down: the first run after the start finds the reminders too late.
    await Promise.all([tick(start + MIN), tick(start + MIN)])
    const rows = await db.select().from(reminders).where(eq(reminders.meetingId, meeting.id))
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed'])
    expect(decodeProblems(rows[0].lastError)).toEqual([{ code: 'meetingStarted' }])
    const notices = await noticesOf(owner.id)
    expect(notices).toHaveLength(2)
    const forClient = notices.find((n) => n.body.includes('Late'))
    expect(forClient).toMatchObject({
      title: 'A reminder was not sent: “Консультация”',
      body: 'The reminder to Late about the meeting on Wed, 07.03.2035, 09:00–10:00 (London) could not be sent: not sent: the meeting had already started.',
      actionName: 'navigate',
      actionValue: `/meetings/${meeting.id}#reminders-title`,
    })
    expect(
      await db
        .select()
        .from(reminders)
        .where(and(eq(reminders.participantId, participants[0].id), eq(reminders.status, 'failed'))),
    ).toHaveLength(1)
  })
})
