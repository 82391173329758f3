/**
 * The whole chain against a real Radicale (issue 14 "Done when", at the API level): a specialist connects the
 * CalDAV account, a weekly event there removes exactly its slots from the public page, a refresh of the unchanged
 * calendar costs one request, a guest's booking is written into Radicale and its cancel removes it, and a refused
 * password turns the integration depressed while the slots keep coming from the last sync.
 */
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { sealCredentials } from '#app/server/calendars/credentials.server.ts'
import { connectIntegration } from '#app/server/calendars/integrations.server.ts'
import { syncIntegration } from '#app/server/calendars/sync.server.ts'
import { routeCalendarWrites, writeMeeting } from '#app/server/calendars/write-back.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv, sessionKeys } from '#app/server/env.server.ts'
import {
  calendarBusy,
  calendarEventLinks,
  calendarIntegrations,
  integrationCalendars,
  meetings,
  outbox,
} from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from '../integration/helpers/booking.ts'
import { countingFetch, deleteObject, getObject, mkcalendar, putObject, unfold, vcalendar } from './dav.ts'

const appEnv = parseEnv(env)
const db = () => getDb(env.DB)
const bob = inject('caldavRadicaleBob')
const HOUR = 3_600_000

/** `YYYYMMDDTHHMMSSZ` of an instant. */
const icsUtc = (at: number) => `${new Date(at).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

describe('a CalDAV integration end to end (Radicale)', () => {
  it('blocks the slots of a weekly event, refreshes in one request, writes bookings back, turns depressed', async () => {
    const { host } = await createBookableHost()
    const before = await firstFreeSlot(host.login, 'consult')
    expect(before.slots).toHaveLength(18)
    const dayStart = Date.UTC(before.year, before.month - 1, before.date)
    const calendar = await mkcalendar(bob, { displayName: 'Work' })
    await putObject(
      bob,
      `${calendar}standup.ics`,
      vcalendar([
        'BEGIN:VEVENT',
        'UID:standup@bob',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${icsUtc(dayStart + 10 * HOUR)}`,
        `DTEND:${icsUtc(dayStart + 11 * HOUR)}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Stand-up',
        'END:VEVENT',
      ]),
    )

    const connected = await connectIntegration({ db: db(), env: appEnv, now: Date.now() }, host.id, {
      type: 'CalDav',
      label: 'Radicale',
      name: 'Bob',
      login: bob.login,
      email: 'bob@example.com',
      url: bob.url,
      credentials: { kind: 'password', login: bob.login, password: bob.password },
    })
    if (!connected.ok) throw new Error(`connect refused: ${JSON.stringify(connected.refusal)}`)
    const integrationId = connected.value.id
    const [stored] = await db()
      .select()
      .from(integrationCalendars)
      .where(eq(integrationCalendars.integrationId, integrationId))
    expect(stored).toMatchObject({ remoteId: calendar, name: 'Work', canWrite: true, isBusySource: true })
    expect(
      (await db().select().from(calendarBusy).where(eq(calendarBusy.calendarId, stored.id)))
        .map((row) => ({ uid: row.uid, title: row.title, start: row.startAt, end: row.endAt }))
        .sort((a, b) => a.start - b.start),
    ).toEqual(
      [0, 7, 14].map((days) => ({
        uid: 'standup@bob',
        title: 'Stand-up',
        start: dayStart + days * 24 * HOUR + 10 * HOUR,
        end: dayStart + days * 24 * HOUR + 11 * HOUR,
      })),
    )
    const blocked = (await firstFreeSlot(host.login, 'consult')).slots.map((slot) => slot.from)
    expect(blocked).toHaveLength(16)
    expect(blocked).not.toContain('10:00')
    expect(blocked).not.toContain('10:30')

    // A refresh of the unchanged calendar: one request to Radicale.
    const refresh = countingFetch()
    expect(
      await syncIntegration({ db: db(), env: appEnv, now: Date.now(), fetcher: refresh.fetcher }, integrationId),
    ).toBe('success')
    expect(refresh.requests).toEqual([{ method: 'PROPFIND', url: calendar }])

    // A guest books 12:00: the booking is written into the calendar through the outbox's calendar row.
    const twelve = before.slots.find((slot) => slot.from === '12:00')!
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo('caldav'), slots: [{ start: twelve.start }] }),
    })
    expect(booked.status).toBe(201)
    const [meeting] = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))
    await routeCalendarWrites(db(), Date.now())
    const [row] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'calendar'), eq(outbox.recipient, meeting.id)))
    expect(row).toBeDefined()
    await writeMeeting({ db: db(), env: appEnv, now: Date.now() }, meeting.id, 1)
    const [link] = await db().select().from(calendarEventLinks).where(eq(calendarEventLinks.meetingId, meeting.id))
    const copy = await getObject(bob, link.key)
    expect(copy.status).toBe(200)
    const lines = unfold(copy.body)
    expect(lines).toContain(`UID:${link.uid}`)
    // The host's zone is Etc/UTC: plain UTC times, no TZID.
    expect(lines).toContain(`DTSTART:${icsUtc(Date.parse(twelve.start))}`)
    expect(lines.some((line) => line.includes('TZID'))).toBe(false)
    expect(
      lines.some((line) => line.startsWith('ATTENDEE;') && line.endsWith(':MAILTO:clientcaldav@example.com')),
    ).toBe(true)

    // Our own event comes back with the next sync, and never counts as a second busy time.
    expect(await syncIntegration({ db: db(), env: appEnv, now: Date.now() }, integrationId)).toBe('success')
    const ours = await db().select().from(calendarBusy).where(eq(calendarBusy.uid, link.uid))
    expect(ours).toHaveLength(1)
    expect((await firstFreeSlot(host.login, 'consult')).slots.map((slot) => slot.from)).toEqual(
      blocked.filter((from) => from !== '12:00'),
    )

    // Cancelled (as the cancel paths leave it): the write removes the event from the calendar.
    await db().update(meetings).set({ status: 'canceled' }).where(eq(meetings.id, meeting.id))
    await writeMeeting({ db: db(), env: appEnv, now: Date.now() }, meeting.id, 1)
    expect((await getObject(bob, link.key)).status).toBe(404)
    expect(await db().select().from(calendarEventLinks).where(eq(calendarEventLinks.meetingId, meeting.id))).toEqual([])
    // The next sync sees it gone: 12:00 is free again.
    expect(await syncIntegration({ db: db(), env: appEnv, now: Date.now() }, integrationId)).toBe('success')
    expect(await db().select().from(calendarBusy).where(eq(calendarBusy.uid, link.uid))).toEqual([])
    expect((await firstFreeSlot(host.login, 'consult')).slots.map((slot) => slot.from)).toEqual(blocked)

    // The password is refused now: depressed, and the slots still come from the last good sync.
    await db()
      .update(calendarIntegrations)
      .set({
        credentialsEnc: await sealCredentials(sessionKeys(appEnv), {
          kind: 'password',
          login: bob.login,
          password: 'changed-elsewhere',
        }),
      })
      .where(eq(calendarIntegrations.id, integrationId))
    expect(await syncIntegration({ db: db(), env: appEnv, now: Date.now() }, integrationId)).toBe('fail')
    const [depressed] = await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, integrationId))
    expect(depressed).toMatchObject({ isDepressed: true, syncStatus: 'fail', problem: 'authRefused' })
    expect((await firstFreeSlot(host.login, 'consult')).slots.map((slot) => slot.from)).toEqual(blocked)
  })
})

describe('a calendar deleted at the provider', () => {
  it('is dropped with its busy times by the next sync, which still succeeds', async () => {
    const { host } = await createBookableHost()
    const kept = await mkcalendar(bob, { displayName: 'Kept' })
    const gone = await mkcalendar(bob, { displayName: 'Gone' })
    const { date, year, month } = await firstFreeSlot(host.login, 'consult')
    const dayStart = Date.UTC(year, month - 1, date)
    await putObject(
      bob,
      `${gone}lunch.ics`,
      vcalendar([
        'BEGIN:VEVENT',
        'UID:lunch@bob',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${icsUtc(dayStart + 13 * HOUR)}`,
        `DTEND:${icsUtc(dayStart + 14 * HOUR)}`,
        'SUMMARY:Lunch',
        'END:VEVENT',
      ]),
    )
    const connected = await connectIntegration({ db: db(), env: appEnv, now: Date.now() }, host.id, {
      type: 'CalDav',
      label: 'Radicale',
      name: 'Bob',
      login: `${bob.login}-deleted-case`,
      email: '',
      url: bob.url,
      credentials: { kind: 'password', login: bob.login, password: bob.password },
    })
    if (!connected.ok) throw new Error(`connect refused: ${JSON.stringify(connected.refusal)}`)
    const names = async () =>
      (await db().select().from(integrationCalendars).where(eq(integrationCalendars.integrationId, connected.value.id)))
        .map((c) => c.remoteId)
        .filter((id) => id === kept || id === gone)
        .sort()
    expect(await names()).toEqual([kept, gone].sort())
    expect((await firstFreeSlot(host.login, 'consult')).slots.map((s) => s.from)).not.toContain('13:00')

    await deleteObject(bob, gone)
    expect(await syncIntegration({ db: db(), env: appEnv, now: Date.now() }, connected.value.id)).toBe('success')
    expect(await names()).toEqual([kept])
    expect((await firstFreeSlot(host.login, 'consult')).slots.map((s) => s.from)).toContain('13:00')
  })
})
