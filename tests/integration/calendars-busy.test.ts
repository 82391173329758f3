/**
 * Busy times synced from a specialist's calendars remove slots exactly as a booking does (issue 14): on the public
 * page, in the host's Durable Object (a booking of a busy slot is refused), with the event type's buffers; only for
 * busy-source calendars of active integrations, and never for our own meetings written to the calendar. Bookings of
 * a specialist with a write calendar become `calendar` outbox rows, once per event.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { routeCalendarWrites } from '#app/server/calendars/write-back.server.ts'
import {
  calendarBusy,
  calendarEventLinks,
  calendarIntegrations,
  calendarWriteTargets,
  integrationCalendars,
  meetings,
  outbox,
} from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const db = () => getDb(env.DB)
const json = (value: unknown) => JSON.stringify(value)

async function connectCalendar(ownerId: string) {
  const integrationId = newId()
  const calendarId = newId()
  await db().insert(calendarIntegrations).values({
    id: integrationId,
    ownerId,
    type: 'CalDav',
    label: 'cal.example.com',
    url: 'https://cal.example.com/dav/',
    credentialsEnc: 'sealed',
  })
  await db().insert(integrationCalendars).values({
    id: calendarId,
    integrationId,
    ownerId,
    remoteId: 'https://cal.example.com/dav/work/',
    name: 'Work',
  })
  return { integrationId, calendarId }
}

async function addBusy(calendarId: string, ownerId: string, start: number, end: number, uid = 'outside-1') {
  await db()
    .insert(calendarBusy)
    .values({ calendarId, ownerId, objectKey: `${uid}.ics`, uid, title: 'Dentist', startAt: start, endAt: end })
}

const HOUR = 3_600_000

describe('busy times from connected calendars', () => {
  it('remove the overlapping slots with the buffers, only while the calendar blocks time', async () => {
    const { host } = await createBookableHost({ timeAfterMinutes: 15 })
    const before = await firstFreeSlot(host.login, 'consult')
    expect(before.slots).toHaveLength(18)
    const dayStart = Date.parse(before.slots[0].start) - 9 * HOUR // 00:00 UTC of the first free day
    const { integrationId, calendarId } = await connectCalendar(host.id)
    await addBusy(calendarId, host.id, dayStart + 10 * HOUR, dayStart + 11 * HOUR)

    const busy = await firstFreeSlot(host.login, 'consult')
    // 10:00 and 10:30 overlap; 09:30 ends at 10:00 but its 15 minutes after do too.
    expect(busy.slots.map((s) => s.from)).not.toContain('10:00')
    expect(busy.slots.map((s) => s.from)).not.toContain('10:30')
    expect(busy.slots.map((s) => s.from)).not.toContain('09:30')
    expect(busy.slots).toHaveLength(15)

    await db().update(integrationCalendars).set({ isBusySource: false }).where(eq(integrationCalendars.id, calendarId))
    expect((await firstFreeSlot(host.login, 'consult')).slots).toHaveLength(18)
    await db().update(integrationCalendars).set({ isBusySource: true }).where(eq(integrationCalendars.id, calendarId))
    await db().update(calendarIntegrations).set({ isActive: false }).where(eq(calendarIntegrations.id, integrationId))
    expect((await firstFreeSlot(host.login, 'consult')).slots).toHaveLength(18)
    await db().update(calendarIntegrations).set({ isActive: true }).where(eq(calendarIntegrations.id, integrationId))
    expect((await firstFreeSlot(host.login, 'consult')).slots).toHaveLength(15)

    // Removing the integration drops its busy times at once.
    await db().delete(calendarIntegrations).where(eq(calendarIntegrations.id, integrationId))
    expect((await firstFreeSlot(host.login, 'consult')).slots).toHaveLength(18)
  })

  it('keep the event page at three D1 statements in two round trips', async () => {
    const { host } = await createBookableHost()
    const { calendarId } = await connectCalendar(host.id)
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const start = Date.parse(slots[0].start)
    for (let i = 0; i < 20; i++)
      await addBusy(calendarId, host.id, start + i * 86_400_000, start + i * 86_400_000 + HOUR, `b${i}`)
    const page = await SELF.fetch(`http://localhost/user/${host.login}/event/consult`)
    expect(page.status).toBe(200)
    expect(page.headers.get('Server-Timing')).toContain('statements=3 roundtrips=2')
  })

  it('are re-checked by the booking itself: a busy slot is refused', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const { calendarId } = await connectCalendar(host.id)
    const start = Date.parse(slots[3].start)
    await addBusy(calendarId, host.id, start + 5 * 60_000, start + 10 * 60_000)
    const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo('busy'), slots: [{ start: slots[3].start }] }),
    })
    expect(response.status).toBe(409)
    expect(await db().select().from(meetings).where(eq(meetings.ownerId, host.id))).toHaveLength(0)
  })

  it('never count our own meeting written to the calendar (recognised by UID)', async () => {
    // Pro: group types take bookings only on Pro (ADR 0097).
    const { host } = await createBookableHost({ participantType: 'GroupNotCollective', totalSeats: 3 }, { plan: 'Pro' })
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({ contactInfo: contactInfo('own'), slots: [{ start: slots[0].start }] }),
    })
    expect(booked.status).toBe(201)
    const { data } = (await booked.json()) as { data: { meetingIds: string[] } }
    const { calendarId } = await connectCalendar(host.id)
    const start = Date.parse(slots[0].start)
    // The copy of the group meeting in the calendar: counted, it would take the remaining seats.
    await addBusy(calendarId, host.id, start, start + 30 * 60_000, 'copy@fastslot')
    const starts = async () => (await firstFreeSlot(host.login, 'consult')).slots.map((s) => s.start)
    expect(await starts()).not.toContain(slots[0].start)
    await db()
      .insert(calendarEventLinks)
      .values({ meetingId: data.meetingIds[0], calendarId, key: 'copy.ics', uid: 'copy@fastslot' })
    expect((await firstFreeSlot(host.login, 'consult')).slots[0]).toMatchObject({ start: slots[0].start, seatsLeft: 2 })
  })
})

describe('calendar write-back routing', () => {
  it('turns a booking of a host with a write calendar into one calendar outbox row, once', async () => {
    const { host } = await createBookableHost()
    const other = await createBookableHost({}, {})
    const { calendarId } = await connectCalendar(host.id)
    await db().insert(calendarWriteTargets).values({ ownerId: host.id, calendarId })
    await routeCalendarWrites(db(), Date.now()) // whatever other tests logged before
    for (const { login } of [host, other.host]) {
      const { slots } = await firstFreeSlot(login, 'consult')
      const response = await api(`/public/${login}/eventTypes/consult/events`, {
        method: 'POST',
        body: json({ contactInfo: contactInfo(`route-${login}`), slots: [{ start: slots[0].start }] }),
      })
      expect(response.status).toBe(201)
    }
    const [meeting] = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))
    await routeCalendarWrites(db(), Date.now())
    await routeCalendarWrites(db(), Date.now())
    const rows = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'calendar'), eq(outbox.recipient, meeting.id)))
    expect(rows).toHaveLength(1)
    const [otherMeeting] = await db().select().from(meetings).where(eq(meetings.ownerId, other.host.id))
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'calendar'), eq(outbox.recipient, otherMeeting.id))),
    ).toHaveLength(0)
  })
})
