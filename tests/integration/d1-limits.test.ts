/**
 * Production D1 binds at most 100 parameters per statement; local D1 binds more, so `getDb` refuses more itself
 * (ADR 0133). The paths here bind lists that grow with what a person enters: each crosses 100 and must still work.
 */
import { env } from 'cloudflare:workers'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { D1_MAX_BOUND_PARAMETERS, TooManyBoundParameters, getDb, insertRows } from '#app/server/db.server.ts'
import { contacts, meetingParticipants, meetings, reminders, scheduleAdjustments, users } from '#db/schema.ts'
import { api, unique } from './helpers/accounts.ts'
import { apiSpecialist } from './helpers/api.ts'
import { api as bookingApi, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { DAY, createMeeting } from './helpers/meetings.ts'
import { reminderRowsFor } from '#app/domain/reminders/plan.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'
import { hourAhead, oneTimeBody } from './helpers/one-time.ts'

const db = () => getDb(env.DB)
const ids = (n: number) => Array.from({ length: n }, () => newId())

/** The guard's error behind what the statement threw (drizzle wraps a query's error in its own, as `cause`). */
async function refusalOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error instanceof TooManyBoundParameters ? error : (error as Error).cause
  }
  return null
}

describe('the bound parameters guard', () => {
  it('refuses a statement with more than 100 parameters, naming the count and the SQL', async () => {
    const read = (n: number) =>
      db()
        .select()
        .from(users)
        .where(inArray(users.id, ids(n)))
    await expect(read(D1_MAX_BOUND_PARAMETERS)).resolves.toEqual([])
    const error = await refusalOf(() => read(D1_MAX_BOUND_PARAMETERS + 1))
    expect(error).toBeInstanceOf(TooManyBoundParameters)
    expect((error as Error).message).toContain('this one has 101')
    expect((error as Error).message).toContain('select')
  })

  it('insertRows splits a multi-row insert by the table width', async () => {
    const user = await createTestUser()
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      ownerId: user.id,
      firstName: `Контакт ${i}`,
      email: `${unique('many')}@example.com`,
    }))
    expect(await refusalOf(async () => db().insert(contacts).values(rows))).toBeInstanceOf(TooManyBoundParameters)
    await db().batch(insertRows(db(), contacts, rows) as [never])
    const saved = await db().select().from(contacts).where(eq(contacts.ownerId, user.id))
    expect(saved).toHaveLength(30)
  })
})

describe('paths whose lists cross 100 parameters', () => {
  it('a one-time meeting for 100 chosen contacts: reads by id and email, reminders, contacts touched', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const chosen = Array.from({ length: 100 }, (_, i) => ({
      id: newId(),
      ownerId: user.id,
      firstName: `Гость ${i}`,
      email: `${unique('guest')}@example.com`,
    }))
    await db().batch(insertRows(db(), contacts, chosen) as [never])
    const newOnes = Array.from({ length: 5 }, () => ({ firstName: 'Новый', email: `${unique('new')}@example.com` }))
    const start = hourAhead(4)
    const created = await api<{ id: string }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody({ contactIds: chosen.map((c) => c.id), contacts: newOnes }, { totalSeats: 200 }, start),
    })
    expect(created.status).toBe(201)
    const people = await db()
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, created.body.data.id))
    expect(people).toHaveLength(105)
    const jobs = await db().select().from(reminders).where(eq(reminders.meetingId, created.body.data.id))
    expect(jobs).toHaveLength(106)
    const touched = await db().select().from(contacts).where(eq(contacts.ownerId, user.id))
    expect(touched.filter((c) => c.lastBookingAt !== null)).toHaveLength(105)
  })

  it('a one-time meeting of a host with over 100 live meetings near its time, with 9 reminders', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const start = hourAhead(5)
    // 110 meetings ending as the new one starts: in the check's window, not overlapping it.
    const nearby = Array.from({ length: 110 }, (_, i) => ({
      id: newId(),
      ownerId: user.id,
      name: `Встреча ${i}`,
      startAt: start - 30 * 60_000,
      endAt: start,
      timeZone: 'Europe/Moscow',
      placeType: 'Online' as const,
      meetingPoint: 'meet.example.com/room',
      participantType: 'GroupNotCollective' as const,
      totalSeats: 500,
    }))
    await db().batch(insertRows(db(), meetings, nearby) as [never])
    const guest = `${unique('guest')}@example.com`
    const created = await api<{ id: string }>('POST', '/companyEvent/organizer', {
      auth,
      body: oneTimeBody(
        { contacts: [{ firstName: 'Гость', email: guest }] },
        { totalSeats: 200, remindersInMinutes: [10, 20, 30, 40, 50, 60, 70, 80, 90] },
        start,
      ),
    })
    expect(created.status).toBe(201)
    const jobs = await db().select().from(reminders).where(eq(reminders.meetingId, created.body.data.id))
    expect(jobs).toHaveLength(18)
  })

  it('a booking of an event type with 9 reminders (client and organizer: 18 reminder rows)', async () => {
    const { host } = await createBookableHost({ remindersInMinutes: [10, 20, 30, 40, 50, 60, 70, 80, 90] })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const response = await bookingApi(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo(unique('many')), slots: [{ start: slots[0].start }] }),
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { meetingIds: string[] } }
    const jobs = await db().select().from(reminders).where(eq(reminders.meetingId, data.meetingIds[0]))
    expect(jobs).toHaveLength(18)
  })

  it('a schedule with 40 adjustments is created and saved again', async () => {
    const { call } = await apiSpecialist('Pro', 'v3')
    const adjustments = Array.from({ length: 40 }, (_, i) => {
      const day = new Date(Date.UTC(2099, 0, 1 + i))
      const dd = String(day.getUTCDate()).padStart(2, '0')
      return { date: `${dd}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.2099`, isDayOff: true, intervals: [] }
    })
    const weekly = [{ weekday: 1, intervals: [{ start: '09:00', end: '18:00' }] }]
    const body = { name: 'Много дней', timeZone: 'Europe/Moscow', weekly, adjustments }
    const created = await call('POST', '/schedule', body)
    expect(created.status).toBe(201)
    const id = (created.body.data as { id: string }).id
    expect((await call('PUT', `/schedule/${id}`, { ...body, name: 'Снова' })).status).toBe(200)
    const saved = await db().select().from(scheduleAdjustments).where(eq(scheduleAdjustments.scheduleId, id))
    expect(saved).toHaveLength(40)
  })

  it('cancelling a group meeting of 110 people: their rows, reminders and messages in parts', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const people = Array.from({ length: 110 }, (_, i) => ({
      email: `${unique('seat')}@example.com`,
      firstName: `Гость ${i}`,
    }))
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + 3 * DAY,
      people,
      participantType: 'GroupNotCollective',
      totalSeats: 200,
    })
    const rows = reminderRowsFor(
      { id: meeting.id, ownerId: user.id, startAt: meeting.startAt },
      meeting.participants,
      { remindersInMinutes: [60] },
      Date.now(),
    )
    await db().batch(insertRows(db(), reminders, rows) as [never])
    const response = await api('PATCH', `/userEvents/${meeting.id}`, { auth, body: { cancel: true } })
    expect(response.status).toBe(200)
    const after = await db().select().from(meetingParticipants).where(eq(meetingParticipants.meetingId, meeting.id))
    expect(after.filter((p) => p.status === 'canceled')).toHaveLength(110)
    const jobs = await db().select().from(reminders).where(eq(reminders.meetingId, meeting.id))
    expect(jobs).toHaveLength(111)
    expect(jobs.every((job) => job.status === 'canceled')).toBe(true)
  })

  it('contacts: a list filtered by 150 event types, 150 archived at once', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const auth = await bearerFor(user.id)
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: newId(),
      ownerId: user.id,
      firstName: `Контакт ${i}`,
      email: `${unique('arch')}@example.com`,
    }))
    await db().batch(insertRows(db(), contacts, many) as [never])
    const filter = ids(150)
      .map((id) => `eventTypeIds=${id}`)
      .join('&')
    const listed = await api<{ items: unknown[] }>('GET', `/contacts?${filter}`, { auth })
    expect(listed.status).toBe(200)
    expect(listed.body.data.items).toEqual([])
    const archived = await api('DELETE', `/contacts?${many.map((c) => `ids=${c.id}`).join('&')}`, { auth })
    expect(archived.status).toBe(200)
    const rows = await db().select().from(contacts).where(eq(contacts.ownerId, user.id))
    expect(rows.filter((c) => c.isArchived)).toHaveLength(150)
  })
})
