import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, reminders } from '#db/schema.ts'
import { api, emailsTo, lastEmailTo, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)

function icsOf(mail: { payload: unknown } | null | undefined): string {
  const attachments = (mail?.payload as { attachments?: { content: string }[] } | null)?.attachments
  return attachments?.[0]?.content ?? ''
}
const email = (prefix: string) => `${unique(prefix)}@example.com`

type Booking = {
  userEventInfo: {
    id: string
    status: string
    isFaild: boolean | null
    totalSeats: number
    participantCount: number
    isBelowMinSeats: boolean
    adjutants: { email: string }[]
  }
  eventTypeInfo: { placeIcon: string; eventTypeName: string }
  contactInfos: { id: string; email: string; isCanceled: boolean; visitors: { id: string; email: string }[] }[]
}
type Page<T> = { items: T[]; pagination: { totalCount: number; currentOffset: number; limit: number }; filter: string }

async function specialist() {
  const user = await createTestUser({ plan: 'Pro' })
  return { user, auth: await bearerFor(user.id) }
}

async function meetingRow(id: string) {
  const [row] = await db().select().from(meetings).where(eq(meetings.id, id))
  return row
}

describe('bookings list (booked with me)', () => {
  it('lists only the owner meetings, by status tab, period and month, paged by 31', async () => {
    const { user, auth } = await specialist()
    const other = await specialist()
    const type = await createEventType(user.id, { placeType: 'Online', meetingPoint: 'https://zoom.us/j/123' })
    const future = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('a'), firstName: 'А' }],
    })
    const past = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() - 2 * DAY,
      people: [{ email: email('b'), firstName: 'Б' }],
    })
    const canceled = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 3 * DAY,
      status: 'canceled',
      people: [{ email: email('c'), firstName: 'В' }],
    })
    await createMeeting(other.user.id, { startAt: Date.now() + DAY, people: [{ email: email('d'), firstName: 'Г' }] })
    const ids = async (query: string) =>
      (await api<Page<Booking>>('GET', `/userEvents${query}`, { auth })).body.data.items.map((i) => i.userEventInfo.id)
    // Default for bookings: upcoming and completed (SPEC §4).
    const all = await api<Page<Booking>>('GET', '/userEvents', { auth })
    expect(all.body.data.filter).toBe('upcomingAndCompleted')
    expect(all.body.data.items.map((i) => i.userEventInfo.id)).toEqual([past.id, future.id])
    expect(all.body.data.pagination).toEqual({ totalCount: 2, currentOffset: 0, limit: 31 })
    expect(await ids('?filter=upcoming')).toEqual([future.id])
    expect(await ids('?filter=completed')).toEqual([past.id])
    expect(await ids('?filter=canceled')).toEqual([canceled.id])
    expect(await ids('?filter=upcoming&period=today')).toEqual([])
    expect(await ids('?filter=upcoming&period=tomorrow')).not.toContain(future.id)
    expect(await ids('?filter=completed&period=today')).not.toContain(past.id)
    // The month of the start in the specialist's zone (Moscow), where the list counts months: in UTC a start late
    // on a month's last day would be in the month before.
    const [year, month] = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
    })
      .format(future.startAt)
      .split('-')
      .map(Number)
    expect(await ids(`?filter=upcoming&year=${year}&monthNumber=${month}`)).toContain(future.id)
    expect(await ids('?limit=1&currentOffset=1')).toEqual([future.id])
    const bad = await api('GET', '/userEvents?filter=nope', { auth })
    expect(bad.status).toBe(400)
    expect(all.body.data.items[0].eventTypeInfo.placeIcon).toBe('zoom')
  })

  it('answers 404 for another specialist meeting, never its data', async () => {
    const { user } = await specialist()
    const other = await specialist()
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('x'), firstName: 'Икс' }],
    })
    for (const [method, path, body] of [
      ['GET', `/userEvents/${meeting.id}`, undefined],
      ['PATCH', `/userEvents/${meeting.id}`, { cancel: true }],
      ['PATCH', `/userEvents/${meeting.id}`, { adjutantEmails: ['h@example.com'] }],
      ['POST', `/eventContact/${meeting.participants[0].id}/visitor`, { emails: ['v@example.com'] }],
      [
        'PUT',
        '/eventContact/companyEventId',
        { eventContactIds: [meeting.participants[0].id], companyEventId: meeting.id },
      ],
    ] as const) {
      const response = await api(method, path, { auth: other.auth, body })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    expect((await meetingRow(meeting.id)).status).toBe('upcoming')
    expect(await emailsTo('h@example.com')).toEqual([])
  })
})

describe('booking actions', () => {
  it('cancels the whole meeting: everyone gets METHOD:CANCEL with a raised SEQUENCE, reminders stop', async () => {
    const { user, auth } = await specialist()
    const client = email('cancel')
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: client, firstName: 'Оля' }],
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
        dueAt: meeting.startAt - HOUR,
      })
    const response = await api('PATCH', `/userEvents/${meeting.id}`, { auth, body: { cancel: true } })
    expect(response.status).toBe(200)
    const row = await meetingRow(meeting.id)
    expect(row).toMatchObject({ status: 'canceled', sequence: 1 })
    const mail = await lastEmailTo(client)
    expect(mail?.subject).toMatch(/^Встреча отменена/)
    const ics = icsOf(mail)
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain('SEQUENCE:1')
    expect(ics).toContain(`UID:${meeting.id}@fastslot`)
    const [reminder] = await db().select().from(reminders).where(eq(reminders.meetingId, meeting.id))
    expect(reminder.status).toBe('canceled')
    const again = await api('PATCH', `/userEvents/${meeting.id}`, { auth, body: { cancel: true }, language: 'en' })
    expect(again.status).toBe(400)
    expect(again.body.apiErrors[0].text).toBe('The meeting is already cancelled')
  })

  it('cancels one participant of a group: the meeting stays, the count turns red below minSeats', async () => {
    const { user, auth } = await specialist()
    const type = await createEventType(user.id, { participantType: 'GroupNotCollective', minSeats: 2, totalSeats: 5 })
    const first = email('g1')
    const second = email('g2')
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [
        { email: first, firstName: 'Раз' },
        { email: second, firstName: 'Два' },
      ],
    })
    const before = await api<Booking>('GET', `/userEvents/${meeting.id}`, { auth })
    expect(before.body.data.userEventInfo).toMatchObject({ participantCount: 2, isBelowMinSeats: false })
    const response = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { eventContactIdsForCancel: [meeting.participants[0].id] },
    })
    expect(response.status).toBe(200)
    expect((await meetingRow(meeting.id)).status).toBe('upcoming')
    const after = await api<Booking>('GET', `/userEvents/${meeting.id}`, { auth })
    expect(after.body.data.userEventInfo).toMatchObject({ participantCount: 1, isBelowMinSeats: true })
    const canceledOne = after.body.data.contactInfos.find((c) => c.id === meeting.participants[0].id)
    const stayed = after.body.data.contactInfos.find((c) => c.id === meeting.participants[1].id)
    expect([canceledOne?.isCanceled, stayed?.isCanceled]).toEqual([true, false])
    expect(icsOf(await lastEmailTo(first))).toContain('METHOD:CANCEL')
    expect(await emailsTo(second)).toEqual([])
    const foreign = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: { eventContactIdsForCancel: ['nope'] },
    })
    expect(foreign.status).toBe(404)
  })

  it('marks only a completed meeting held or not held (isFailed), keeping the override', async () => {
    const { user, auth } = await specialist()
    const past = await createMeeting(user.id, {
      startAt: Date.now() - 2 * DAY,
      people: [{ email: email('h'), firstName: 'Хо' }],
    })
    const future = await createMeeting(user.id, {
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('h'), firstName: 'Хо' }],
    })
    expect((await api('PATCH', `/userEvents/${past.id}`, { auth, body: { isFailed: true } })).status).toBe(200)
    expect((await meetingRow(past.id)).isFailed).toBe(true)
    const got = await api<Booking>('GET', `/userEvents/${past.id}`, { auth })
    expect(got.body.data.userEventInfo).toMatchObject({ status: 'completed', isFaild: true })
    const refused = await api('PATCH', `/userEvents/${future.id}`, { auth, body: { isFailed: true } })
    expect(refused.status).toBe(400)
    expect((await meetingRow(future.id)).isFailed).toBeNull()
    const two = await api('PATCH', `/userEvents/${past.id}`, { auth, body: { isFailed: false, cancel: true } })
    expect(two.status).toBe(400)
  })

  it('edits adjutants: new ones invited with the ICS, removed ones get a cancellation, duplicates refused', async () => {
    const { user, auth } = await specialist()
    const client = email('adjc')
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: client, firstName: 'Ия' }],
    })
    const helper = email('helper')
    const added = await api('PUT', `/userEvents/${meeting.id}/adjutant`, {
      auth,
      body: { adjutantEmails: [helper.toUpperCase()] },
    })
    expect(added.status).toBe(200)
    expect((await meetingRow(meeting.id)).adjutantEmails).toEqual([helper])
    const invite = await lastEmailTo(helper)
    expect(invite?.subject).toMatch(/^Приглашение/)
    expect(icsOf(invite)).toContain('METHOD:REQUEST')
    const list = await api<{ email: string }[]>('GET', `/userEvents/${meeting.id}/adjutant`, { auth })
    expect(list.body.data).toEqual([{ id: helper, email: helper }])
    const dup = await api('PUT', `/userEvents/${meeting.id}/adjutant`, {
      auth,
      body: { adjutantEmails: [helper, helper] },
    })
    expect(dup.status).toBe(400)
    const clash = await api('PUT', `/userEvents/${meeting.id}/adjutant`, {
      auth,
      body: { adjutantEmails: [client] },
      language: 'en',
    })
    expect(clash.status).toBe(400)
    expect(clash.body.apiErrors[0].text).toBe(`adjutantEmails: ${client} is already in the participant list`)
    const bad = await api('PUT', `/userEvents/${meeting.id}/adjutant`, { auth, body: { adjutantEmails: ['nope'] } })
    expect(bad.status).toBe(400)
    const removed = await api('DELETE', `/userEvents/${meeting.id}/adjutant/${encodeURIComponent(helper)}`, { auth })
    expect(removed.status).toBe(200)
    expect((await meetingRow(meeting.id)).adjutantEmails).toEqual([])
    expect((await lastEmailTo(helper))?.subject).toMatch(/^Встреча отменена/)
  })

  it('adds and removes visitors of a participant; they count as participants', async () => {
    const { user, auth } = await specialist()
    const client = email('vc')
    const meeting = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: client, firstName: 'Ян' }],
    })
    const member = meeting.participants[0].id
    const visitor = email('visitor')
    const added = await api<{ id: string; email: string }[]>('POST', `/eventContact/${member}/visitor`, {
      auth,
      body: { emails: [visitor] },
    })
    expect(added.status).toBe(201)
    expect((await lastEmailTo(visitor))?.subject).toMatch(/^Приглашение/)
    const view = await api<Booking>('GET', `/userEvents/${meeting.id}`, { auth })
    expect(view.body.data.contactInfos[0].visitors).toEqual([{ id: added.body.data[0].id, email: visitor }])
    expect(view.body.data.userEventInfo.participantCount).toBe(2)
    expect((await api('POST', `/eventContact/${member}/visitor`, { auth, body: { emails: [client] } })).status).toBe(
      400,
    )
    const removed = await api('DELETE', `/eventContact/${member}/visitor/${added.body.data[0].id}`, { auth })
    expect(removed.status).toBe(200)
    expect((await api<unknown[]>('GET', `/eventContact/${member}/visitor`, { auth })).body.data).toEqual([])
  })

  it('moves participants to another meeting, adding seats automatically; the emptied meeting is cancelled', async () => {
    const { user, auth } = await specialist()
    const type = await createEventType(user.id, { participantType: 'GroupNotCollective', minSeats: 1, totalSeats: 2 })
    const target = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 2 * DAY,
      people: [
        { email: email('t1'), firstName: 'Т1' },
        { email: email('t2'), firstName: 'Т2' },
      ],
    })
    const moving = email('mover')
    const source = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [{ email: moving, firstName: 'Мо' }],
    })
    const response = await api<{ totalSeats: number; seatsAdded: boolean }>('PUT', '/eventContact/companyEventId', {
      auth,
      body: { eventContactIds: [source.participants[0].id], companyEventId: target.id },
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({ totalSeats: 3, seatsAdded: true })
    // Who is invited changed, not the target event itself: its SEQUENCE stays (docs/decisions/0050).
    expect(await meetingRow(target.id)).toMatchObject({ totalSeats: 3, sequence: 0 })
    expect(await meetingRow(source.id)).toMatchObject({ status: 'canceled', sequence: 1 })
    const [moved] = await db()
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.id, source.participants[0].id))
    expect(moved.meetingId).toBe(target.id)
    const subjects = (await emailsTo(moving)).map((mail) => mail.subject)
    expect(subjects).toContainEqual(expect.stringMatching(/^Ваша запись перенесена на другую встречу/))
    const same = await api('PUT', '/eventContact/companyEventId', {
      auth,
      body: { eventContactIds: [source.participants[0].id], companyEventId: target.id },
    })
    expect(same.status).toBe(400)
  })
})

describe('meetings I am booked into', () => {
  it('lists the viewer meetings with other specialists, cancels their own booking and tells the organizer', async () => {
    const host = await specialist()
    const me = await specialist()
    const meeting = await createMeeting(host.user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: me.user.email, firstName: 'Я' }],
    })
    await createMeeting(host.user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('else'), firstName: 'Не я' }],
    })
    const list = await api<Page<{ id: string; meetingId: string; organizerInfo: { firstName: string } }>>(
      'GET',
      '/meetings',
      { auth: me.auth },
    )
    expect(list.body.data.filter).toBe('upcoming')
    expect(list.body.data.items.map((i) => i.meetingId)).toEqual([meeting.id])
    const mine = list.body.data.items[0].id
    expect((await api('GET', `/meetings/${mine}`, { auth: host.auth })).status).toBe(404)
    const visitors = await api('PATCH', `/meetings/${mine}`, {
      auth: me.auth,
      body: { visitorsCreateModel: { emails: [email('friend')] } },
    })
    expect(visitors.status).toBe(200)
    const canceled = await api('PATCH', `/meetings/${mine}`, {
      auth: me.auth,
      body: { patchMeetingInfo: { cancelMeeting: true } },
    })
    expect(canceled.status).toBe(200)
    expect((await meetingRow(meeting.id)).status).toBe('canceled')
    expect((await lastEmailTo(host.user.email))?.subject).toMatch(/^Запись отменена/)
    const after = await api<Page<{ status: string }>>('GET', '/meetings?filter=canceled', { auth: me.auth })
    expect(after.body.data.items.map((i) => i.status)).toEqual(['canceled'])
  })
})
