import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { instantToZoned, isoToDmy, zonedToInstant } from '#app/domain/time/index.ts'
import { getDb } from '#app/server/db.server.ts'
import { meetings, reminders } from '#db/schema.ts'
import { api, lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)
const ZONE = 'Europe/Moscow'

function icsOf(mail: { payload: unknown } | null | undefined): string {
  const attachments = (mail?.payload as { attachments?: { content: string }[] } | null)?.attachments
  return attachments?.[0]?.content ?? ''
}

describe('change time', () => {
  it('offers engine slots without the meeting itself, moves it, re-plans reminders and emails the new ICS', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const type = await createEventType(user.id)
    const date = instantToZoned(ZONE, Date.now() + 2 * DAY).date
    const at = (time: string) => zonedToInstant(ZONE, date, time)
    const client = `${unique('move')}@example.com`
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: at('10:00'),
      people: [{ email: client, firstName: 'Ма' }],
    })
    await createMeeting(user.id, {
      eventType: type,
      startAt: at('13:00'),
      people: [{ email: `${unique('o')}@example.com`, firstName: 'Др' }],
    })
    await db()
      .insert(reminders)
      .values({
        id: `r-${meeting.id}`,
        ownerId: user.id,
        meetingId: meeting.id,
        participantId: meeting.participants[0].id,
        recipientKind: 'client',
        offsetMinutes: 60,
        dueAt: at('10:00') - HOUR,
      })

    const slots = await api<{ start: string; from: string }[]>(
      'GET',
      `/userEvents/${meeting.id}/slots?date=${isoToDmy(date)}`,
      { auth },
    )
    expect(slots.status).toBe(200)
    const times = slots.body.data.map((s) => s.from)
    expect(times).toContain('12:00')
    expect(times).not.toContain('10:00')
    expect(times).not.toContain('13:00')

    const taken = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { newTimeSlotForm: { start: new Date(at('13:00')).toISOString() } },
      language: 'en',
    })
    expect(taken.status).toBe(409)
    expect(taken.body.apiErrors[0].text).toBe('This time is no longer free')
    const offSchedule = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { newTimeSlotForm: { start: new Date(at('20:00')).toISOString() } },
    })
    expect(offSchedule.status).toBe(409)
    expect((await db().select().from(meetings).where(eq(meetings.id, meeting.id)))[0].startAt).toBe(at('10:00'))

    const moved = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { newTimeSlotForm: { start: new Date(at('12:00')).toISOString() } },
    })
    expect(moved.status).toBe(200)
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id))
    expect(row).toMatchObject({ startAt: at('12:00'), endAt: at('13:00'), sequence: 1 })
    const [reminder] = await db().select().from(reminders).where(eq(reminders.meetingId, meeting.id))
    expect(reminder.dueAt).toBe(at('12:00') - HOUR)
    const mail = await lastEmailTo(client)
    expect(mail?.subject).toMatch(/^Время встречи изменено/)
    expect(mail?.text).toContain('12:00–13:00')
    expect(icsOf(mail)).toContain('METHOD:REQUEST')
    expect(icsOf(mail)).toContain('SEQUENCE:1')
  })

  it('refuses another owner (404) and a past meeting (400)', async () => {
    const user = await createTestUser()
    const other = await createTestUser()
    const type = await createEventType(user.id)
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 3 * DAY,
      people: [{ email: `${unique('x')}@example.com`, firstName: 'Икс' }],
    })
    const start = new Date(meeting.startAt + HOUR).toISOString()
    expect(
      (
        await api('PATCH', `/userEvents/${meeting.id}`, {
          auth: await bearerFor(other.id),
          body: { newTimeSlotForm: { start } },
        })
      ).status,
    ).toBe(404)
    const past = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() - DAY,
      people: [{ email: `${unique('y')}@example.com`, firstName: 'Игрек' }],
    })
    expect(
      (
        await api('PATCH', `/userEvents/${past.id}`, {
          auth: await bearerFor(user.id),
          body: { newTimeSlotForm: { start } },
        })
      ).status,
    ).toBe(400)
  })
})
