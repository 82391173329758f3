import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)

async function bookedWithToken(whenClosesValue = 0) {
  const user = await createTestUser()
  const type = await createEventType(user.id, { whenClosesValue, whenClosesType: 'Days' })
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
  return { user, meeting, token }
}

const post = (path: string, fields: Record<string, string>) =>
  SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', Host: 'localhost' },
    body: new URLSearchParams(fields),
  })

describe('self-service link /booking/manage/{token}', () => {
  it('shows the booking and cancels it without an account; the organizer is told', async () => {
    const { user, meeting, token } = await bookedWithToken()
    const page = await SELF.fetch(`http://localhost/booking/manage/${token}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('data-testid="manage-cancel"')
    expect((await post(`/booking/manage/${token}`, { intent: 'cancel' })).status).toBe(200)
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id))
    expect(row.status).toBe('canceled')
    expect((await lastEmailTo(user.email))?.subject).toMatch(/Запись отменена/)
    expect((await post(`/booking/manage/${token}`, { intent: 'cancel' })).status).toBe(400)
  })

  it('answers 404 for an unknown token and refuses inside the minimum notice', async () => {
    expect((await SELF.fetch('http://localhost/booking/manage/unknown-token-0123456789')).status).toBe(404)
    const { meeting, token } = await bookedWithToken(2)
    const page = await (await SELF.fetch(`http://localhost/booking/manage/${token}`)).text()
    expect(page).toContain('data-testid="manage-notice"')
    expect((await post(`/booking/manage/${token}`, { intent: 'cancel' })).status).toBe(400)
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id))
    expect(row.status).toBe('upcoming')
  })
})
