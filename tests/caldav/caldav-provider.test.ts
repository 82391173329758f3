/**
 * The CalDAV provider against two real servers started by tests/caldav/servers.ts (Radicale with a password,
 * Xandikos without): discovery, busy times of real objects, incremental sync, writing our events. The tests fill
 * the servers with plain HTTP (tests/caldav/dav.ts); the provider gets a counting fetch.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, inject, it } from 'vitest'
import type { BusyWindow } from '#app/domain/calendars/types.ts'
import { createCalDavProvider } from '#app/server/calendars/caldav.server.ts'
import {
  CalendarAuthError,
  type CalendarProvider,
  CalendarUnavailableError,
  type OurEvent,
  type RemoteObject,
  type SyncCursor,
  type SyncResult,
} from '#app/server/calendars/provider.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import {
  countingFetch,
  deleteObject,
  getObject,
  MOSCOW_VTIMEZONE,
  mkcalendar,
  NEW_YORK_VTIMEZONE,
  putObject,
  unfold,
  vcalendar,
} from './dav.ts'
import type { CalDavServer } from './servers.ts'

const appEnv = parseEnv(env)
const servers = inject('caldavServers')

const utc = (iso: string) => Date.parse(iso)
const window: BusyWindow = {
  from: utc('2027-03-01T00:00:00Z'),
  to: utc('2027-04-01T00:00:00Z'),
  timeZone: 'Europe/Moscow',
  ownEmails: ['alice@example.com'],
}
const emptyCursor: SyncCursor = { syncToken: null, ctag: null, etags: new Map() }

function providerFor(server: CalDavServer, fetcher?: typeof fetch, password = server.password): CalendarProvider {
  return createCalDavProvider(
    { type: 'CalDav', url: server.url, credentials: { kind: 'password', login: server.login, password } },
    appEnv,
    fetcher,
  )
}

const event = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT']

const WEEKLY = vcalendar(
  MOSCOW_VTIMEZONE,
  event([
    'UID:weekly@test',
    'DTSTART;TZID=Europe/Moscow:20270301T100000',
    'DTEND;TZID=Europe/Moscow:20270301T110000',
    'RRULE:FREQ=WEEKLY;COUNT=5',
    'EXDATE;TZID=Europe/Moscow:20270308T100000',
    'SUMMARY:Weekly sync',
  ]),
  event([
    'UID:weekly@test',
    'RECURRENCE-ID;TZID=Europe/Moscow:20270315T100000',
    'DTSTART;TZID=Europe/Moscow:20270316T140000',
    'DTEND;TZID=Europe/Moscow:20270316T150000',
    'SUMMARY:Weekly sync (moved)',
  ]),
)
const ALL_DAY = vcalendar(
  event(['UID:allday@test', 'DTSTART;VALUE=DATE:20270310', 'DTEND;VALUE=DATE:20270311', 'SUMMARY:Conference']),
)
const NEW_YORK = vcalendar(
  NEW_YORK_VTIMEZONE,
  event([
    'UID:ny@test',
    'DTSTART;TZID=Eastern Standard Time:20270315T090000',
    'DTEND;TZID=Eastern Standard Time:20270315T100000',
    'SUMMARY:Call with New York',
  ]),
)
const TRANSPARENT = vcalendar(
  event([
    'UID:free@test',
    'DTSTART:20270305T100000Z',
    'DTEND:20270305T110000Z',
    'TRANSP:TRANSPARENT',
    'SUMMARY:Maybe lunch',
  ]),
)
const GONE = vcalendar(
  event(['UID:gone@test', 'DTSTART:20270306T100000Z', 'DTEND:20270306T110000Z', 'SUMMARY:Cancelled by deleting']),
)

const single = (uid: string, start: string, end: string, summary: string) =>
  vcalendar(event([`UID:${uid}`, `DTSTART:${start}`, `DTEND:${end}`, `SUMMARY:${summary}`]))

function changes(result: SyncResult) {
  if (result.kind !== 'changes') throw new Error(`expected changes, got ${result.kind}`)
  return result
}

const byKey = (objects: RemoteObject[]) => [...objects].sort((a, b) => a.key.localeCompare(b.key))

/** The cursor the sync service would store after `result` on top of `before`. */
function nextCursor(before: SyncCursor, result: SyncResult): SyncCursor {
  const done = changes(result)
  const etags = new Map(done.full ? [] : before.etags)
  for (const key of done.removed) etags.delete(key)
  for (const object of done.upserts) etags.set(object.key, object.etag)
  return { ...done.cursor, etags }
}

describe.each(servers)('CalDAV provider against $name', (server) => {
  it('discovers the account calendars that hold events, with name, color and write access', async () => {
    const work = await mkcalendar(server, { displayName: 'Работа', color: '#FF8800FF' })
    const home = await mkcalendar(server, { displayName: 'Home' })
    // Xandikos offers every component in every calendar; Radicale keeps the set it was made with.
    const tasks =
      server.name === 'radicale' ? await mkcalendar(server, { displayName: 'Tasks only', components: ['VTODO'] }) : null

    const calendars = await providerFor(server).listCalendars()

    expect(calendars).toContainEqual({ remoteId: work, name: 'Работа', color: '#FF8800', canWrite: true })
    expect(calendars).toContainEqual({ remoteId: home, name: 'Home', color: null, canWrite: true })
    if (tasks) expect(calendars.map((calendar) => calendar.remoteId)).not.toContain(tasks)
  })

  it('reads exact busy times: a weekly series with an EXDATE and a moved occurrence, all-day, another zone', async () => {
    const calendar = await mkcalendar(server, { displayName: 'Busy' })
    const etags = {
      weekly: await putObject(server, `${calendar}weekly.ics`, WEEKLY),
      allDay: await putObject(server, `${calendar}allday.ics`, ALL_DAY),
      newYork: await putObject(server, `${calendar}ny.ics`, NEW_YORK),
      transparent: await putObject(server, `${calendar}free.ics`, TRANSPARENT),
    }
    await putObject(server, `${calendar}gone.ics`, GONE)
    await deleteObject(server, `${calendar}gone.ics`)

    const result = changes(await providerFor(server).sync({ remoteId: calendar }, emptyCursor, window, true))

    expect(result.full).toBe(true)
    expect(result.removed).toEqual([])
    expect(byKey(result.upserts)).toEqual([
      {
        key: `${calendar}allday.ics`,
        etag: etags.allDay,
        uid: 'allday@test',
        // A date covers that day in the host's zone (Moscow, UTC+3).
        items: [
          {
            uid: 'allday@test',
            title: 'Conference',
            start: utc('2027-03-09T21:00:00Z'),
            end: utc('2027-03-10T21:00:00Z'),
          },
        ],
      },
      { key: `${calendar}free.ics`, etag: etags.transparent, uid: 'free@test', items: [] },
      {
        key: `${calendar}ny.ics`,
        etag: etags.newYork,
        uid: 'ny@test',
        // 09:00 in New York after the 14 March 2027 switch to summer time (UTC-4).
        items: [
          {
            uid: 'ny@test',
            title: 'Call with New York',
            start: utc('2027-03-15T13:00:00Z'),
            end: utc('2027-03-15T14:00:00Z'),
          },
        ],
      },
      {
        key: `${calendar}weekly.ics`,
        etag: etags.weekly,
        uid: 'weekly@test',
        items: expect.any(Array),
      },
    ])
    const weekly = result.upserts.find((object) => object.uid === 'weekly@test')
    expect([...(weekly?.items ?? [])].sort((a, b) => a.start - b.start)).toEqual([
      {
        uid: 'weekly@test',
        title: 'Weekly sync',
        start: utc('2027-03-01T07:00:00Z'),
        end: utc('2027-03-01T08:00:00Z'),
      },
      {
        uid: 'weekly@test',
        title: 'Weekly sync (moved)',
        start: utc('2027-03-16T11:00:00Z'),
        end: utc('2027-03-16T12:00:00Z'),
      },
      {
        uid: 'weekly@test',
        title: 'Weekly sync',
        start: utc('2027-03-22T07:00:00Z'),
        end: utc('2027-03-22T08:00:00Z'),
      },
      {
        uid: 'weekly@test',
        title: 'Weekly sync',
        start: utc('2027-03-29T07:00:00Z'),
        end: utc('2027-03-29T08:00:00Z'),
      },
    ])
  })

  it('syncs a calendar that changed between syncs: added, modified and deleted objects only', async () => {
    const calendar = await mkcalendar(server, { displayName: 'Changing' })
    await putObject(server, `${calendar}a.ics`, single('a@test', '20270302T090000Z', '20270302T100000Z', 'A'))
    await putObject(server, `${calendar}b.ics`, single('b@test', '20270303T090000Z', '20270303T100000Z', 'B'))
    await putObject(server, `${calendar}c.ics`, single('c@test', '20270304T090000Z', '20270304T100000Z', 'C'))
    const first = await providerFor(server).sync({ remoteId: calendar }, emptyCursor, window, true)
    const cursor = nextCursor(emptyCursor, first)
    expect(cursor.syncToken).not.toBeNull()
    expect([...cursor.etags.keys()].sort()).toEqual([`${calendar}a.ics`, `${calendar}b.ics`, `${calendar}c.ics`])

    const bEtag = await putObject(
      server,
      `${calendar}b.ics`,
      single('b@test', '20270303T120000Z', '20270303T130000Z', 'B moved'),
    )
    const dEtag = await putObject(
      server,
      `${calendar}d.ics`,
      single('d@test', '20270305T090000Z', '20270305T093000Z', 'D'),
    )
    await deleteObject(server, `${calendar}c.ics`)
    const expected = {
      upserts: [
        {
          key: `${calendar}b.ics`,
          etag: bEtag,
          uid: 'b@test',
          items: [
            { uid: 'b@test', title: 'B moved', start: utc('2027-03-03T12:00:00Z'), end: utc('2027-03-03T13:00:00Z') },
          ],
        },
        {
          key: `${calendar}d.ics`,
          etag: dEtag,
          uid: 'd@test',
          items: [{ uid: 'd@test', title: 'D', start: utc('2027-03-05T09:00:00Z'), end: utc('2027-03-05T09:30:00Z') }],
        },
      ],
      removed: [`${calendar}c.ics`],
    }

    // With the sync-token (RFC 6578): the ctag check, sync-collection, one multiget of the two changed objects.
    const withToken = countingFetch()
    const delta = changes(
      await providerFor(server, withToken.fetcher).sync({ remoteId: calendar }, cursor, window, false),
    )
    expect(delta.full).toBe(false)
    expect(byKey(delta.upserts)).toEqual(expected.upserts)
    expect(delta.removed).toEqual(expected.removed)
    expect(delta.cursor.syncToken).not.toBe(cursor.syncToken)
    expect(delta.cursor.ctag).not.toBe(cursor.ctag)
    expect(withToken.requests.map((request) => request.method)).toEqual(['PROPFIND', 'REPORT', 'REPORT'])

    // Without a token (a server that has none): the ETag listing gives the same delta.
    const byEtags = countingFetch()
    const listed = changes(
      await providerFor(server, byEtags.fetcher).sync(
        { remoteId: calendar },
        { ...cursor, syncToken: null },
        window,
        false,
      ),
    )
    expect(listed.full).toBe(false)
    expect(byKey(listed.upserts)).toEqual(expected.upserts)
    expect(listed.removed).toEqual(expected.removed)
    expect(byEtags.requests.map((request) => request.method)).toEqual(['PROPFIND', 'PROPFIND', 'REPORT'])

    // The next sync from the new cursor has nothing to do.
    const after = nextCursor(cursor, delta)
    expect(await providerFor(server).sync({ remoteId: calendar }, after, window, false)).toEqual({ kind: 'unchanged' })
  })

  it('costs exactly one request for an unchanged calendar', async () => {
    const calendar = await mkcalendar(server, { displayName: 'Quiet' })
    await putObject(server, `${calendar}a.ics`, single('a@test', '20270302T090000Z', '20270302T100000Z', 'A'))
    const cursor = nextCursor(
      emptyCursor,
      await providerFor(server).sync({ remoteId: calendar }, emptyCursor, window, true),
    )

    const counted = countingFetch()
    const result = await providerFor(server, counted.fetcher).sync({ remoteId: calendar }, cursor, window, false)

    expect(result).toEqual({ kind: 'unchanged' })
    expect(counted.requests).toEqual([{ method: 'PROPFIND', url: calendar }])

    // `full` reads everything even so.
    const full = changes(await providerFor(server).sync({ remoteId: calendar }, cursor, window, true))
    expect(full.full).toBe(true)
    expect(full.upserts.map((object) => object.uid)).toEqual(['a@test'])
  })

  it('recovers from a sync-token the server no longer knows', async () => {
    const calendar = await mkcalendar(server, { displayName: 'Lost token' })
    await putObject(server, `${calendar}a.ics`, single('a@test', '20270302T090000Z', '20270302T100000Z', 'A'))
    const cursor = nextCursor(
      emptyCursor,
      await providerFor(server).sync({ remoteId: calendar }, emptyCursor, window, true),
    )
    await putObject(server, `${calendar}b.ics`, single('b@test', '20270303T090000Z', '20270303T100000Z', 'B'))
    const stale = { ...cursor, syncToken: 'http://example.org/ns/sync/0123456789abcdef0123456789abcdef01234567' }
    if (server.name === 'xandikos') stale.syncToken = '0123456789abcdef0123456789abcdef01234567'

    const result = changes(await providerFor(server).sync({ remoteId: calendar }, stale, window, false))

    if (server.name === 'radicale') {
      // Radicale answers the DAV:valid-sync-token precondition: everything is read again.
      expect(result.full).toBe(true)
      expect(result.upserts.map((object) => object.uid).sort()).toEqual(['a@test', 'b@test'])
    } else {
      // Xandikos fails the report (500): the ETag listing still finds exactly the new object.
      expect(result.full).toBe(false)
      expect(result.upserts.map((object) => object.uid)).toEqual(['b@test'])
      expect(result.removed).toEqual([])
    }
    expect(result.cursor.syncToken).not.toBe(stale.syncToken)
    expect(await providerFor(server).sync({ remoteId: calendar }, nextCursor(stale, result), window, false)).toEqual({
      kind: 'unchanged',
    })
  })

  it('writes our event: created readable from the server, updated with a higher SEQUENCE, deleted', async () => {
    const calendar = await mkcalendar(server, { displayName: 'Bookings' })
    const provider = providerFor(server)
    const ours: OurEvent = {
      uid: `m-${crypto.randomUUID()}@fastslot`,
      sequence: 0,
      summary: 'Консультация; Anna, Petrova',
      description: 'Intro call\n\nManage: https://fastslot.example/m/abc',
      location: 'https://meet.example.com/abc',
      start: utc('2027-03-20T09:00:00Z'),
      end: utc('2027-03-20T09:30:00Z'),
      timeZone: 'Europe/Moscow',
      organizer: { email: 'alice@example.com', name: 'Alice Smith' },
      attendees: [{ email: 'anna@example.com', name: 'Anna "A" Petrova' }],
    }

    const written = await provider.putEvent({ remoteId: calendar }, ours, null)
    expect(written.key.startsWith(calendar)).toBe(true)
    expect(written.etag).toBeTruthy()
    const created = await getObject(server, written.key)
    expect(created.status).toBe(200)
    const lines = unfold(created.body)
    expect(lines).toContain(`UID:${ours.uid}`)
    expect(lines).toContain('SUMMARY:Консультация\\; Anna\\, Petrova')
    expect(lines).toContain('DTSTART;TZID=Europe/Moscow:20270320T120000')
    expect(lines).toContain('DTEND;TZID=Europe/Moscow:20270320T123000')
    expect(lines).toContain('SEQUENCE:0')
    expect(lines).toContain('TZID:Europe/Moscow')
    expect(lines.some((line) => line.startsWith('ORGANIZER;') && line.endsWith(':mailto:alice@example.com'))).toBe(true)
    expect(lines.some((line) => line.startsWith('ATTENDEE;') && line.endsWith(':MAILTO:anna@example.com'))).toBe(true)
    expect(lines.some((line) => line.startsWith('METHOD'))).toBe(false)

    // The sync reads our event back by its UID, as busy time.
    const synced = changes(await provider.sync({ remoteId: calendar }, emptyCursor, window, true))
    expect(synced.upserts).toEqual([
      {
        key: written.key,
        etag: written.etag,
        uid: ours.uid,
        items: [{ uid: ours.uid, title: ours.summary, start: ours.start, end: ours.end }],
      },
    ])

    const moved = { ...ours, sequence: 1, start: utc('2027-03-21T10:00:00Z'), end: utc('2027-03-21T11:00:00Z') }
    const updated = await provider.putEvent({ remoteId: calendar }, moved, written)
    expect(updated.key).toBe(written.key)
    expect(updated.etag).toBeTruthy()
    expect(updated.etag).not.toBe(written.etag)
    const afterUpdate = unfold((await getObject(server, written.key)).body)
    expect(afterUpdate).toContain('SEQUENCE:1')
    expect(afterUpdate).toContain('DTSTART;TZID=Europe/Moscow:20270321T130000')

    // Someone edited it in their calendar app: our stale ETag gets 412, and our version wins.
    await putObject(server, written.key, single(ours.uid, '20270322T090000Z', '20270322T100000Z', 'Edited elsewhere'))
    const again = { ...moved, sequence: 2 }
    const overwritten = await provider.putEvent({ remoteId: calendar }, again, updated)
    const afterOverwrite = unfold((await getObject(server, written.key)).body)
    expect(afterOverwrite).toContain('SEQUENCE:2')
    expect(afterOverwrite).toContain(`SUMMARY:${'Консультация\\; Anna\\, Petrova'}`)
    expect(overwritten.etag).toBeTruthy()

    await provider.deleteEvent({ remoteId: calendar }, overwritten)
    expect((await getObject(server, written.key)).status).toBe(404)
    // Already gone is fine.
    await provider.deleteEvent({ remoteId: calendar }, overwritten)
  })

  it('answers an unreachable server with CalendarUnavailableError', async () => {
    const closed = createCalDavProvider(
      { type: 'CalDav', url: inject('caldavClosedUrl'), credentials: { kind: 'password', login: 'a', password: 'b' } },
      appEnv,
    )
    await expect(closed.listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
    await expect(
      closed.sync({ remoteId: `${inject('caldavClosedUrl')}cal/` }, emptyCursor, window, false),
    ).rejects.toBeInstanceOf(CalendarUnavailableError)
  })
})

describe('CalDAV provider credentials', () => {
  const radicale = servers.find((server) => server.name === 'radicale')!

  it('answers a wrong password with CalendarAuthError, on discovery and on sync', async () => {
    const calendar = await mkcalendar(radicale, { displayName: 'Private' })
    const wrong = providerFor(radicale, undefined, 'not-the-password')
    await expect(wrong.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError)
    await expect(wrong.sync({ remoteId: calendar }, emptyCursor, window, false)).rejects.toBeInstanceOf(
      CalendarAuthError,
    )
  })
})
