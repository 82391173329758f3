/**
 * A meeting that overlaps an outside event of the organizer's calendars shows the conflict (issue 14; SPEC §3
 * "Conflicting event: name, calendar, calendar name, time") in "booked with me", the month calendar, the meeting page
 * and `GET /userEvents`, counted by the same rule as slots: busy-source calendars of active integrations, never our
 * own meeting written back. The outside titles are the organizer's alone: nobody else's views show them.
 */
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { calendarBusy, calendarEventLinks, calendarIntegrations, integrationCalendars } from '#db/schema.ts'
import { api as jsonApi } from './helpers/accounts.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { DAY, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const MINUTE = 60_000
/** The language cookie of a visitor who chose English. */
const ENGLISH = 'lng=ImVuIg%3D%3D'
const iso = (at: number) => new Date(at).toISOString()

type Conflict = {
  name: string
  calendar: string
  calendarType: string
  calendarName: string
  time: { start: string; end: string }
}
type Booking = { userEventInfo: { id: string }; conflicts: Conflict[] }

async function connect(
  ownerId: string,
  integration: Partial<typeof calendarIntegrations.$inferInsert> = {},
  calendar: Partial<typeof integrationCalendars.$inferInsert> = {},
) {
  const integrationId = newId()
  const calendarId = newId()
  await db()
    .insert(calendarIntegrations)
    .values({ id: integrationId, ownerId, type: 'Yandex', label: 'Yandex', credentialsEnc: 'sealed', ...integration })
  await db()
    .insert(integrationCalendars)
    .values({
      id: calendarId,
      integrationId,
      ownerId,
      remoteId: `/calendars/${calendarId}/`,
      name: 'Работа',
      ...calendar,
    })
  return calendarId
}

async function addBusy(calendarId: string, ownerId: string, title: string, start: number, end: number, uid = newId()) {
  await db()
    .insert(calendarBusy)
    .values({ calendarId, ownerId, objectKey: `${uid}.ics`, uid, title, startAt: start, endAt: end })
}

/** Books the slots through the public API, as a guest does (a busy time added afterwards overlaps them). */
async function book(login: string, starts: string[], guest: string) {
  const ids: string[] = []
  for (const [i, start] of starts.entries()) {
    const response = await api(`/public/${login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo(i === 0 ? guest : `${guest}-${i}`), slots: [{ start }] }),
    })
    expect(response.status).toBe(201)
    ids.push(...((await response.json()) as { data: { meetingIds: string[] } }).data.meetingIds)
  }
  return ids
}

async function bookings(auth: string, query = '') {
  const response = await jsonApi<{ items: Booking[] }>('GET', `/userEvents${query}`, { auth })
  expect(response.status).toBe(200)
  return new Map(response.body.data.items.map((item) => [item.userEventInfo.id, item.conflicts]))
}

describe('conflicts with outside events', () => {
  it('shows the overlapping events that count, with name, calendar, calendar name and time', async () => {
    // The profile zone is Moscow (UTC+3): the pages write the times there; the host's schedule is in UTC.
    const { host } = await createBookableHost({}, { timeZone: 'Europe/Moscow' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const guest = `conflict-${newId()}`
    const [first, second] = await book(host.login, [slots[2].start, slots[6].start], guest)
    const firstStart = Date.parse(slots[2].start) // 10:00 UTC, 30 minutes
    const secondStart = Date.parse(slots[6].start) // 12:00 UTC

    const work = await connect(host.id)
    await addBusy(work, host.id, 'Стоматолог', firstStart - 15 * MINUTE, firstStart + 15 * MINUTE)
    await addBusy(work, host.id, 'Спортзал', secondStart + 20 * MINUTE, secondStart + 50 * MINUTE)
    // Touching is no overlap: ends when the first meeting starts, starts when it ends.
    await addBusy(work, host.id, 'Завтрак', firstStart - 60 * MINUTE, firstStart)
    await addBusy(work, host.id, 'Обед', firstStart + 30 * MINUTE, firstStart + 60 * MINUTE)
    // A calendar that does not block time, an integration switched off.
    const shown = await connect(host.id, {}, { name: 'Дни рождения', isBusySource: false })
    await addBusy(shown, host.id, 'Скрытое', firstStart, firstStart + 30 * MINUTE)
    const off = await connect(host.id, { type: 'Google', label: 'Google', isActive: false })
    await addBusy(off, host.id, 'Выключенное', firstStart, firstStart + 30 * MINUTE)
    // Our own meeting written back to the calendar, recognised by its UID.
    await addBusy(work, host.id, 'Наша встреча', firstStart, firstStart + 30 * MINUTE, `${first}@fastslot`)
    await db()
      .insert(calendarEventLinks)
      .values({ meetingId: first, calendarId: work, key: 'own.ics', uid: `${first}@fastslot` })

    const auth = await bearerFor(host.id)
    const list = await bookings(auth)
    expect(list.get(first)).toEqual([
      {
        name: 'Стоматолог',
        calendar: 'Yandex',
        calendarType: 'Yandex',
        calendarName: 'Работа',
        time: { start: iso(firstStart - 15 * MINUTE), end: iso(firstStart + 15 * MINUTE) },
      },
    ])
    expect(list.get(second)?.map((c) => c.name)).toEqual(['Спортзал'])
    const one = await jsonApi<Booking>('GET', `/userEvents/${first}`, { auth })
    expect(one.body.data.conflicts.map((c) => c.name)).toEqual(['Стоматолог'])

    // The pages: the card, the month calendar and the meeting page, in the profile zone.
    const cookie = await sessionCookieFor(host.id)
    const { get } = pageClient(cookie)
    const line = 'Пересекается с «Стоматолог» (Яндекс Календарь, Работа), 12:45–13:15'
    const listPage = await (await get('/meetings?view=list')).text()
    expect(listPage).toContain(line)
    expect(listPage).toContain('Пересекается с «Спортзал» (Яндекс Календарь, Работа), 15:20–15:50')
    for (const hidden of ['Завтрак', 'Обед', 'Скрытое', 'Выключенное', 'Наша встреча']) {
      expect(listPage).not.toContain(hidden)
    }
    const month = new Date(firstStart)
    const calendarPage = await (
      await get(`/meetings?view=calendar&year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}`)
    ).text()
    expect(calendarPage).toContain('data-testid="calendar-conflict"')
    expect(calendarPage).toContain(line)
    const detail = await (await get(`/meetings/${first}`)).text()
    expect(detail).toContain(line)
    expect(detail).not.toContain('Спортзал')
    const english = await (await get(`/meetings/${first}`, { Cookie: `${cookie}; ${ENGLISH}` })).text()
    expect(english).toContain('Overlaps “Стоматолог” (Yandex Calendar, Работа), 12:45–13:15')

    // Switching the calendar off as a busy source takes its conflicts away, as it gives the slots back.
    await db().update(integrationCalendars).set({ isBusySource: false }).where(eq(integrationCalendars.id, work))
    expect((await bookings(auth)).get(first)).toEqual([])
  })

  it('are shown for upcoming meetings only, and to nobody but the organizer', async () => {
    const { host } = await createBookableHost()
    const other = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const guest = `client-${newId()}`
    const [meetingId] = await book(host.login, [slots[0].start], guest)
    const [otherMeetingId] = await book(other.host.login, [slots[0].start], `${guest}-other`)
    const start = Date.parse(slots[0].start)
    const work = await connect(host.id)
    await addBusy(work, host.id, 'Частное', start, start + 30 * MINUTE)
    // A past meeting and a cancelled one over outside events: nothing to warn about any more.
    const past = await createMeeting(host.id, {
      startAt: Date.now() - 2 * DAY,
      people: [{ email: `${guest}-p@example.com`, firstName: 'Пол' }],
    })
    await addBusy(work, host.id, 'Прошлое', past.startAt, past.endAt)
    const canceled = await createMeeting(host.id, {
      startAt: start + DAY,
      status: 'canceled',
      people: [{ email: `${guest}-c@example.com`, firstName: 'Кэт' }],
    })
    await addBusy(work, host.id, 'Отменённое', canceled.startAt, canceled.endAt)

    const mine = await bookings(await bearerFor(host.id), '?filter=upcomingAndCompleted')
    expect(mine.get(meetingId)?.map((c) => c.name)).toEqual(['Частное'])
    expect(mine.get(past.id)).toEqual([])
    expect((await bookings(await bearerFor(host.id), '?filter=canceled')).get(canceled.id)).toEqual([])

    // Another specialist with a meeting at the same time: none of the host's events, no way to the host's meeting.
    const otherAuth = await bearerFor(other.host.id)
    expect((await bookings(otherAuth)).get(otherMeetingId)).toEqual([])
    expect((await jsonApi('GET', `/userEvents/${meetingId}`, { auth: otherAuth })).status).toBe(404)
    const otherPage = await (await pageClient(await sessionCookieFor(other.host.id)).get('/meetings')).text()
    expect(otherPage).not.toContain('Частное')

    // The guest's own account, "I am booked": the meeting without the organizer's private events.
    const client = await createTestUser({ email: contactInfo(guest).email })
    const booked = await jsonApi<{ items: Record<string, unknown>[] }>('GET', '/meetings', {
      auth: await bearerFor(client.id),
    })
    expect(booked.body.data.items.map((item) => item.meetingId)).toEqual([meetingId])
    expect(JSON.stringify(booked.body.data)).not.toContain('Частное')
    expect(booked.body.data.items[0]).not.toHaveProperty('conflicts')
    const clientPages = pageClient(await sessionCookieFor(client.id))
    const participantList = await (await clientPages.get('/meetings?side=participant')).text()
    expect(participantList).toContain('data-testid="my-meeting-card"')
    expect(participantList).not.toContain('Частное')
    const participantRow = booked.body.data.items[0].id as string
    const participantPage = await clientPages.get(`/meetings/myMeetings/${participantRow}`)
    expect(participantPage.status).toBe(200)
    const participantHtml = await participantPage.text()
    expect(participantHtml).toContain('Consultation')
    expect(participantHtml).not.toContain('Частное')
  })
})
