import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getT } from '#app/i18n/translate.server.ts'
import {
  calendarConsentUrl,
  consentNotice,
  finishCalendarConsent,
} from '#app/server/calendars/oauth-calendar.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { calendarBusy, calendarIntegrations } from '#db/schema.ts'
import type { BusyWindow } from '#app/domain/calendars/types.ts'
import {
  CalendarAuthError,
  type CalendarCredentials,
  CalendarUnavailableError,
  type OurEvent,
  type RemoteObject,
  type SyncCursor,
  type SyncResult,
} from '#app/server/calendars/provider.server.ts'
import { providerFor } from '#app/server/calendars/providers.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { FakeGraph, MICROSOFT_CLIENT } from '../fakes/graph-api.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const appEnv = parseEnv({
  ...env,
  OAUTH_MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
  OAUTH_MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
})

const CAL = 'AAMkADcalendar='
const window: BusyWindow = {
  from: Date.parse('2030-03-01T00:00:00Z'),
  to: Date.parse('2030-04-01T00:00:00Z'),
  timeZone: 'Asia/Yekaterinburg',
  ownEmails: ['host@contoso.com'],
}
const noCursor: SyncCursor = { syncToken: null, ctag: null, etags: new Map() }

function setup(credentials: Partial<Extract<CalendarCredentials, { kind: 'oauth' }>> = {}) {
  const graph = new FakeGraph()
  graph.addCalendar({ id: CAL, name: 'Calendar', hexColor: '#ff8c00' })
  const grant = graph.oauth.grant()
  const saved: CalendarCredentials[] = []
  const provider = providerFor(
    {
      type: 'Outlook',
      url: null,
      credentials: { kind: 'oauth', ...grant, ...credentials },
      onCredentials: async (fresh) => {
        saved.push(fresh)
      },
    },
    appEnv,
    graph.fetch,
  )
  return { graph, provider, saved, grant }
}

function store() {
  const objects = new Map<string, RemoteObject>()
  let cursor: SyncCursor = noCursor
  return {
    objects,
    get cursor() {
      return cursor
    },
    apply(result: SyncResult) {
      if (result.kind === 'unchanged') return result
      if (result.full) objects.clear()
      for (const key of result.removed) objects.delete(key)
      for (const object of result.upserts) objects.set(object.key, object)
      cursor = { ...result.cursor, etags: new Map() }
      return result
    },
    busy() {
      return [...objects.values()]
        .flatMap((object) => object.items)
        .map((item) => ({ ...item, start: new Date(item.start).toISOString(), end: new Date(item.end).toISOString() }))
        .sort((a, b) => a.start.localeCompare(b.start))
    },
  }
}

const deltaRequests = (graph: FakeGraph) =>
  graph.requests.filter((request) => request.url.pathname.endsWith('/calendarView/delta'))

describe('Outlook calendars', () => {
  it('lists /me/calendars across pages, writable where canEdit', async () => {
    const { graph, provider } = setup()
    graph.addCalendar({ id: 'AAMkADbirthdays=', name: 'Birthdays', canEdit: false })
    graph.addCalendar({ id: 'AAMkADteam=', name: 'Team', hexColor: '#00bcf2' })
    graph.calendarPageSize = 2
    expect(await provider.listCalendars()).toEqual([
      { remoteId: CAL, name: 'Calendar', color: '#ff8c00', canWrite: true },
      { remoteId: 'AAMkADbirthdays=', name: 'Birthdays', color: null, canWrite: false },
      { remoteId: 'AAMkADteam=', name: 'Team', color: '#00bcf2', canWrite: true },
    ])
    expect(graph.requests.filter((request) => request.url.pathname === '/v1.0/me/calendars')).toHaveLength(2)
  })

  it('never follows a link Graph gives outside Graph', async () => {
    const { graph, provider } = setup()
    graph.failNext({
      status: 200,
      path: '/me/calendars',
      body: { value: [], '@odata.nextLink': 'https://collector.example/steal' },
    })
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
    expect(graph.requests.every((request) => request.url.hostname === 'graph.microsoft.com')).toBe(true)
  })
})

describe('Outlook busy times', () => {
  it('reads a calendarView delta round in UTC: busy, free, cancelled, declined, all-day in the host zone, a series', async () => {
    const { graph, provider } = setup()
    graph.putRemote(CAL, {
      id: 'busy',
      subject: 'Врач',
      start: '2030-03-05T06:00:00Z',
      end: '2030-03-05T07:00:00Z',
      iCalUId: 'busy-uid',
    })
    graph.putRemote(CAL, { id: 'oof', showAs: 'oof', start: '2030-03-05T09:00:00Z', end: '2030-03-05T10:00:00Z' })
    graph.putRemote(CAL, { id: 'free', showAs: 'free', start: '2030-03-06T09:00:00Z', end: '2030-03-06T10:00:00Z' })
    graph.putRemote(CAL, {
      id: 'cancelled',
      isCancelled: true,
      start: '2030-03-06T11:00:00Z',
      end: '2030-03-06T12:00:00Z',
    })
    graph.putRemote(CAL, {
      id: 'declined',
      response: 'declined',
      start: '2030-03-07T09:00:00Z',
      end: '2030-03-07T10:00:00Z',
    })
    graph.putRemote(CAL, {
      id: 'accepted',
      subject: 'Созвон',
      response: 'accepted',
      start: '2030-03-07T11:00:00Z',
      end: '2030-03-07T12:00:00Z',
    })
    graph.putRemote(CAL, { id: 'allday', subject: 'Отпуск', isAllDay: true, start: '2030-03-10', end: '2030-03-11' })
    graph.putRemote(CAL, {
      id: 'series',
      subject: 'Йога',
      start: '2030-03-04T13:00:00Z',
      end: '2030-03-04T14:00:00Z',
      iCalUId: 'series-uid',
      repeat: { everyDays: 14, count: 3 },
    })
    graph.putRemote(CAL, { id: 'later', start: '2030-06-01T09:00:00Z', end: '2030-06-01T10:00:00Z' })

    const kept = store()
    const result = kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    expect(result).toMatchObject({ kind: 'changes', full: true, removed: [] })
    expect(kept.busy()).toEqual([
      { uid: 'series-uid', title: 'Йога', start: '2030-03-04T13:00:00.000Z', end: '2030-03-04T14:00:00.000Z' },
      { uid: 'busy-uid', title: 'Врач', start: '2030-03-05T06:00:00.000Z', end: '2030-03-05T07:00:00.000Z' },
      {
        uid: expect.stringMatching(/^040000008200E00074C5B7101A82E008/),
        title: '',
        start: '2030-03-05T09:00:00.000Z',
        end: '2030-03-05T10:00:00.000Z',
      },
      { uid: expect.any(String), title: 'Созвон', start: '2030-03-07T11:00:00.000Z', end: '2030-03-07T12:00:00.000Z' },
      // 10 March in Yekaterinburg (UTC+5): 9 March 19:00 to 10 March 19:00 UTC.
      { uid: expect.any(String), title: 'Отпуск', start: '2030-03-09T19:00:00.000Z', end: '2030-03-10T19:00:00.000Z' },
      { uid: 'series-uid', title: 'Йога', start: '2030-03-18T13:00:00.000Z', end: '2030-03-18T14:00:00.000Z' },
    ])
    expect(kept.objects.get('free')?.items).toEqual([])
    expect(kept.objects.get('cancelled')?.items).toEqual([])
    expect(kept.objects.get('declined')?.items).toEqual([])
    expect(kept.objects.has('later')).toBe(false)
    const [request] = deltaRequests(graph)
    expect(request.url.pathname).toBe(`/v1.0/me/calendars/${encodeURIComponent(CAL)}/calendarView/delta`)
    expect(request.url.searchParams.get('startDateTime')).toBe('2030-03-01T00:00:00.000Z')
    expect(request.url.searchParams.get('endDateTime')).toBe('2030-04-01T00:00:00.000Z')
    expect(request.headers.get('Prefer')).toContain('outlook.timezone="UTC"')
    expect(result.kind === 'changes' && result.cursor.syncToken).toMatch(/\/calendarView\/delta\?\$deltatoken=/)
  })

  it('follows @odata.nextLink pages to the deltaLink', async () => {
    const graph = new FakeGraph()
    graph.addCalendar({ id: CAL })
    for (let day = 1; day <= 5; day++) {
      graph.putRemote(CAL, { id: `e${day}`, start: `2030-03-0${day}T09:00:00Z`, end: `2030-03-0${day}T10:00:00Z` })
    }
    const original = graph.fetch
    // Graph honours the page size preference only up to its own limit: pages of two here.
    const fetcher: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      request.headers.set('Prefer', (request.headers.get('Prefer') ?? '').replace(/maxpagesize=\d+/, 'maxpagesize=2'))
      return original(request)
    }
    const paged = providerFor(
      { type: 'Outlook', url: null, credentials: { kind: 'oauth', ...graph.oauth.grant() } },
      appEnv,
      fetcher,
    )
    const result = await paged.sync({ remoteId: CAL }, noCursor, window, false)
    expect(result.kind === 'changes' && result.upserts.map((object) => object.key).sort()).toEqual([
      'e1',
      'e2',
      'e3',
      'e4',
      'e5',
    ])
    const requests = deltaRequests(graph)
    expect(requests).toHaveLength(3)
    expect(requests.slice(1).every((request) => request.url.searchParams.has('$skiptoken'))).toBe(true)
  })

  it('syncs changes through the deltaLink: added, moved, deleted, a deleted occurrence', async () => {
    const { graph, provider } = setup()
    graph.putRemote(CAL, { id: 'stays', subject: 'A', start: '2030-03-02T09:00:00Z', end: '2030-03-02T10:00:00Z' })
    graph.putRemote(CAL, { id: 'moves', subject: 'B', start: '2030-03-03T09:00:00Z', end: '2030-03-03T10:00:00Z' })
    graph.putRemote(CAL, { id: 'deleted', subject: 'C', start: '2030-03-04T09:00:00Z', end: '2030-03-04T10:00:00Z' })
    graph.putRemote(CAL, {
      id: 'series',
      subject: 'D',
      start: '2030-03-05T09:00:00Z',
      end: '2030-03-05T10:00:00Z',
      repeat: { everyDays: 7, count: 2 },
    })
    const kept = store()
    kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    expect(kept.busy()).toHaveLength(5)

    graph.putRemote(CAL, { id: 'added', subject: 'E', start: '2030-03-20T09:00:00Z', end: '2030-03-20T10:00:00Z' })
    graph.putRemote(CAL, { id: 'moves', subject: 'B', start: '2030-03-21T09:00:00Z', end: '2030-03-21T10:00:00Z' })
    graph.deleteRemote(CAL, 'deleted')
    graph.deleteOccurrence(CAL, 'series', 1)
    const before = deltaRequests(graph).length
    const result = kept.apply(await provider.sync({ remoteId: CAL }, kept.cursor, window, false))
    expect(result).toMatchObject({ kind: 'changes', full: false })
    if (result.kind !== 'changes') throw new Error('expected changes')
    expect(result.upserts.map((object) => object.key).sort()).toEqual(['added', 'moves', 'series_OCC20300305'])
    expect(result.removed.sort()).toEqual(['deleted', 'series_OCC20300312'])
    expect(kept.busy().map((item) => `${item.title} ${item.start}`)).toEqual([
      'A 2030-03-02T09:00:00.000Z',
      'D 2030-03-05T09:00:00.000Z',
      'E 2030-03-20T09:00:00.000Z',
      'B 2030-03-21T09:00:00.000Z',
    ])
    const incremental = deltaRequests(graph).slice(before)
    expect(incremental).toHaveLength(1)
    expect(incremental[0].url.searchParams.get('$deltatoken')).toBeTruthy()
    expect(incremental[0].headers.get('Prefer')).toContain('outlook.timezone="UTC"')
  })

  it('starts a new round with a full sync when the delta state is lost (410 syncStateNotFound)', async () => {
    const { graph, provider } = setup()
    graph.putRemote(CAL, { id: 'one', start: '2030-03-02T09:00:00Z', end: '2030-03-02T10:00:00Z' })
    const kept = store()
    kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    graph.putRemote(CAL, { id: 'two', start: '2030-03-03T09:00:00Z', end: '2030-03-03T10:00:00Z' })
    graph.expireDeltaTokens()
    const before = deltaRequests(graph).length
    const result = kept.apply(await provider.sync({ remoteId: CAL }, kept.cursor, window, false))
    expect(result).toMatchObject({ kind: 'changes', full: true })
    expect([...kept.objects.keys()].sort()).toEqual(['one', 'two'])
    const requests = deltaRequests(graph).slice(before)
    expect(requests.map((request) => request.url.searchParams.has('$deltatoken'))).toEqual([true, false])
  })

  it('a stored deltaLink not on Graph is never called: a full round instead', async () => {
    const { graph, provider } = setup()
    const cursor = { ...noCursor, syncToken: 'https://collector.example/v1.0/me/calendarView/delta?$deltatoken=x' }
    const result = await provider.sync({ remoteId: CAL }, cursor, window, false)
    expect(result).toMatchObject({ kind: 'changes', full: true })
    expect(graph.requests.every((request) => request.url.hostname === 'graph.microsoft.com')).toBe(true)
  })
})

describe('Outlook tokens and failures', () => {
  it('refreshes with the scopes and keeps the rotated refresh token', async () => {
    const { graph, provider, saved, grant } = setup({ accessToken: 'stale', expiresAt: Date.now() - 1000 })
    await provider.listCalendars()
    expect(graph.oauth.tokenRequests).toEqual([
      {
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken,
        scope: 'offline_access Calendars.ReadWrite User.Read',
      },
    ])
    const fresh = saved[0] as Extract<CalendarCredentials, { kind: 'oauth' }>
    expect(fresh.refreshToken).not.toBe(grant.refreshToken)
    expect(fresh.refreshToken).toMatch(/^refresh-/)
    expect(fresh.accessToken).not.toBe('stale')
  })

  it('on a 401 refreshes once and repeats; invalid_grant is an auth error', async () => {
    const { graph, provider, saved } = setup()
    graph.oauth.expireAccessTokens()
    await provider.sync({ remoteId: CAL }, noCursor, window, false)
    expect(saved).toHaveLength(1)
    expect(deltaRequests(graph)).toHaveLength(2)

    graph.oauth.expireAccessTokens()
    graph.oauth.revokeRefreshTokens()
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError)
    expect(saved).toHaveLength(1)
  })

  it('429 and 503 are unavailable with Retry-After; a 403 on a read is an auth error', async () => {
    const { graph, provider } = setup()
    graph.failNext({ status: 429, retryAfter: 7, path: '/calendarView/delta' })
    const throttled = await provider.sync({ remoteId: CAL }, noCursor, window, false).catch((caught) => caught)
    expect(throttled).toBeInstanceOf(CalendarUnavailableError)
    expect(throttled.retryAfterMs).toBe(7000)
    graph.failNext({ status: 503, retryAfter: 120, path: '/me/calendars' })
    const down = await provider.listCalendars().catch((caught) => caught)
    expect(down).toBeInstanceOf(CalendarUnavailableError)
    expect(down.retryAfterMs).toBe(120_000)
    graph.failNext({
      status: 403,
      path: '/calendarView/delta',
      body: { error: { code: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' } },
    })
    await expect(provider.sync({ remoteId: CAL }, noCursor, window, false)).rejects.toBeInstanceOf(CalendarAuthError)
  })

  it('a time Graph answers outside UTC is not read as UTC', async () => {
    const { graph } = setup()
    graph.putRemote(CAL, { id: 'x', start: '2030-03-02T09:00:00Z', end: '2030-03-02T10:00:00Z' })
    const fetcher: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      request.headers.delete('Prefer')
      return graph.fetch(request)
    }
    const ignoring = providerFor(
      { type: 'Outlook', url: null, credentials: { kind: 'oauth', ...graph.oauth.grant() } },
      appEnv,
      fetcher,
    )
    await expect(ignoring.sync({ remoteId: CAL }, noCursor, window, false)).rejects.toThrow(/Russian Standard Time/)
  })
})

const meeting: OurEvent = {
  uid: 'fastslot-meeting-2@fastslot.app',
  sequence: 0,
  summary: 'Консультация: Пётр',
  description: 'Встреча с Петром.\nУправление: https://fastslot.app/booking/manage/t2',
  location: 'Москва, Тверская 1',
  start: Date.parse('2030-03-15T07:00:00Z'),
  end: Date.parse('2030-03-15T07:30:00Z'),
  timeZone: 'Asia/Yekaterinburg',
  organizer: { email: 'host@contoso.com', name: 'Олег' },
  attendees: [{ email: 'petr@example.com', name: 'Пётр' }],
}

describe('Outlook write-back', () => {
  it('creates our meeting in UTC without attendees (no Exchange invitation), idempotent by transactionId', async () => {
    const { graph, provider } = setup()
    const result = await provider.putEvent({ remoteId: CAL }, meeting, null)
    const post = graph.requests.find((request) => request.method === 'POST')!
    expect(post.url.pathname).toBe(`/v1.0/me/calendars/${encodeURIComponent(CAL)}/events`)
    expect(post.body).toEqual({
      subject: meeting.summary,
      body: { contentType: 'text', content: meeting.description },
      start: { dateTime: '2030-03-15T07:00:00', timeZone: 'UTC' },
      end: { dateTime: '2030-03-15T07:30:00', timeZone: 'UTC' },
      location: { displayName: meeting.location },
      showAs: 'busy',
      transactionId: meeting.uid,
    })
    const [stored] = graph.eventsOf(CAL)
    expect(result).toEqual({ key: stored.id, etag: `W/"${stored.changeKey}"` })
    const again = await provider.putEvent({ remoteId: CAL }, meeting, null)
    expect(again.key).toBe(result.key)
    expect(graph.eventsOf(CAL)).toHaveLength(1)
    // Exchange's iCalUId is its own: the sync recognises our meeting by the UID it carries in transactionId.
    expect(stored.iCalUId).not.toBe(meeting.uid)
    const synced = await provider.sync({ remoteId: CAL }, noCursor, window, false)
    expect(synced.kind === 'changes' && synced.upserts.map((object) => [object.uid, object.items[0]?.uid])).toEqual([
      [meeting.uid, meeting.uid],
    ])
  })

  it('moves it with PATCH, writes it anew when deleted in Outlook, deletes it; gone is fine', async () => {
    const { graph, provider } = setup()
    const first = await provider.putEvent({ remoteId: CAL }, meeting, null)
    const moved = { ...meeting, start: meeting.start + 3_600_000, end: meeting.end + 3_600_000 }
    const second = await provider.putEvent({ remoteId: CAL }, moved, first)
    expect(second.key).toBe(first.key)
    const patch = graph.requests.find((request) => request.method === 'PATCH')!
    expect(patch.url.pathname).toBe(`/v1.0/me/calendars/${encodeURIComponent(CAL)}/events/${first.key}`)
    expect(graph.eventsOf(CAL)[0].start).toBe('2030-03-15T08:00:00.000Z')

    graph.deleteRemote(CAL, first.key)
    const third = await provider.putEvent({ remoteId: CAL }, moved, second)
    expect(third.key).not.toBe(first.key)
    const recreate = graph.requests.filter((request) => request.method === 'POST').at(-1)!
    expect((recreate.body as { transactionId: string }).transactionId).toMatch(new RegExp(`^${meeting.uid}#.+`))
    expect(graph.eventsOf(CAL).filter((event) => !event.deleted)).toHaveLength(1)
    const synced = await provider.sync({ remoteId: CAL }, noCursor, window, false)
    expect(synced.kind === 'changes' && synced.upserts.map((object) => object.uid)).toEqual([meeting.uid])

    await provider.deleteEvent({ remoteId: CAL }, third)
    expect(graph.eventsOf(CAL).every((event) => event.deleted)).toBe(true)
    await provider.deleteEvent({ remoteId: CAL }, third)
    expect(graph.requests.filter((request) => request.method === 'DELETE')).toHaveLength(2)
  })

  it('a calendar without edit rights refuses the write: unavailable, not a broken grant', async () => {
    const { graph, provider } = setup()
    graph.addCalendar({ id: 'AAMkADshared=', canEdit: false })
    await expect(provider.putEvent({ remoteId: 'AAMkADshared=' }, meeting, null)).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    )
  })
})

describe('connecting Outlook (consent, /OutlookOAuth/Code)', () => {
  const db = getDb(env.DB)
  const soon = (offset: number, hour: number) => {
    const at = new Date(Date.now() + offset * 86_400_000)
    at.setUTCHours(hour, 0, 0, 0)
    return at.toISOString()
  }

  it('asks for offline Calendars.ReadWrite, names the account from /me, connects and syncs it', async () => {
    const user = await createTestUser()
    const graph = new FakeGraph()
    graph.addCalendar({ id: CAL, name: 'Calendar' })
    graph.putRemote(CAL, { id: 'standup', subject: 'Планёрка', start: soon(3, 7), end: soon(3, 8) })
    const deps = { db, env: appEnv, now: Date.now(), fetcher: graph.fetch }
    const link = await calendarConsentUrl(deps, user.id, 'outlook')
    if (!link.ok) throw new Error('not configured')
    const url = new URL(link.url)
    expect(url.origin + url.pathname).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize')
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8787/OutlookOAuth/Code')
    expect(url.searchParams.get('scope')).toBe('offline_access Calendars.ReadWrite User.Read')
    const back = new URL(await graph.oauth.consent(link.url))
    expect(back.pathname).toBe('/OutlookOAuth/Code')
    const outcome = await finishCalendarConsent(deps, user.id, 'outlook', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      error: null,
    })
    if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`)
    const [integration] = await db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, outcome.integrationId))
    expect(integration).toMatchObject({
      type: 'Outlook',
      label: 'Outlook',
      login: 'host@contoso.com',
      email: 'host@contoso.com',
      name: 'Олег Смирнов',
    })
    const me = graph.requests.find((request) => request.url.pathname === '/v1.0/me')!
    expect(me.headers.get('Authorization')).toMatch(/^Bearer access-/)
    const busy = await db.select().from(calendarBusy).where(eq(calendarBusy.ownerId, user.id))
    expect(busy.map((row) => [row.title, new Date(row.startAt).toISOString()])).toEqual([['Планёрка', soon(3, 7)]])
  })

  it('/OutlookOAuth/Code answers at its exact path: signed out to sign-in, a refused consent to /integrations', async () => {
    const user = await createTestUser()
    const deps = { db, env: appEnv, now: Date.now() }
    const link = await calendarConsentUrl(deps, user.id, 'outlook')
    if (!link.ok) throw new Error('not configured')
    const state = new URL(link.url).searchParams.get('state')!
    const path = `/OutlookOAuth/Code?error=access_denied&error_description=denied&state=${state}`
    const signedOut = await SELF.fetch(`http://localhost${path}`, { redirect: 'manual' })
    expect(signedOut.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    const refused = await SELF.fetch(`http://localhost${path}`, {
      redirect: 'manual',
      headers: { Cookie: await sessionCookieFor(user.id) },
    })
    expect(refused.status).toBe(302)
    const location = new URL(refused.headers.get('Location')!, 'http://localhost')
    expect(`${location.pathname}${location.search}`).toBe(
      '/integrations?calendarConsent=cancelled&calendarProvider=outlook',
    )
    expect(consentNotice(location, getT('ru'))).toEqual({
      kind: 'error',
      text: 'Outlook не подключён: доступ не разрешён.',
    })
    expect(await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, user.id))).toEqual([])
  })
})
