import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { getT } from '#app/i18n/translate.server.ts'
import { accountDeps } from '#app/server/accounts/deps.server.ts'
import { OAUTH_STATE_TTL_MS, providerConfig } from '#app/server/accounts/oauth-providers.server.ts'
import { finishOAuth } from '#app/server/accounts/oauth.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import {
  calendarConsentReturn,
  calendarConsentUrl,
  consentNotice,
  consentProblemText,
  finishCalendarConsent,
} from '#app/server/calendars/oauth-calendar.server.ts'
import { getDb } from '#app/server/db.server.ts'
import type { Refused } from '#app/server/refusal.server.ts'
import { calendarBusy, calendarIntegrations, integrationCalendars, oauthStates } from '#db/schema.ts'
import type { BusyWindow } from '#app/domain/calendars/types.ts'
import {
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarProvider,
  CalendarUnavailableError,
  type OurEvent,
  type RemoteObject,
  type SyncCursor,
  type SyncResult,
} from '#app/server/calendars/provider.server.ts'
import { providerFor } from '#app/server/calendars/providers.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { FakeGoogleCalendar, GOOGLE_CLIENT } from '../fakes/google-calendar-api.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const appEnv = parseEnv({
  ...env,
  OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
  OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
})

const CAL = 'host@gmail.com'
const window: BusyWindow = {
  from: Date.parse('2030-03-01T00:00:00Z'),
  to: Date.parse('2030-04-01T00:00:00Z'),
  timeZone: 'Europe/Moscow',
  ownEmails: ['host@gmail.com', 'host.alias@example.com'],
}
const noCursor: SyncCursor = { syncToken: null, ctag: null, etags: new Map() }

function setup(credentials: Partial<Extract<CalendarCredentials, { kind: 'oauth' }>> = {}) {
  const google = new FakeGoogleCalendar()
  google.addCalendar({ id: CAL, summary: 'host@gmail.com', accessRole: 'owner' })
  const grant = google.oauth.grant()
  const saved: CalendarCredentials[] = []
  const provider = providerFor(
    {
      type: 'Google',
      url: null,
      credentials: { kind: 'oauth', ...grant, ...credentials },
      onCredentials: async (fresh) => {
        saved.push(fresh)
      },
    },
    appEnv,
    google.fetch,
  )
  return { google, provider, saved, grant }
}

/** What the sync service keeps of a calendar: objects by key, after applying each result. */
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

const eventsRequests = (google: FakeGoogleCalendar) =>
  google.requests.filter((request) => request.method === 'GET' && request.url.pathname.endsWith('/events'))

const at = (iso: string) => ({ dateTime: iso })

describe('Google calendars', () => {
  it('lists the calendars that show their events, writable for owners and writers', async () => {
    const { google, provider } = setup()
    google.addCalendar({ id: 'team@group.calendar.google.com', summary: 'Team', accessRole: 'writer' })
    google.addCalendar({
      id: 'ru.russian#holiday@group.v.calendar.google.com',
      summary: 'Holidays',
      accessRole: 'reader',
    })
    google.addCalendar({ id: 'boss@example.com', summary: 'Boss', accessRole: 'freeBusyReader' })
    const calendars = await provider.listCalendars()
    expect(calendars).toEqual([
      { remoteId: CAL, name: 'host@gmail.com', color: '#039be5', canWrite: true },
      { remoteId: 'team@group.calendar.google.com', name: 'Team', color: '#039be5', canWrite: true },
      {
        remoteId: 'ru.russian#holiday@group.v.calendar.google.com',
        name: 'Holidays',
        color: '#039be5',
        canWrite: false,
      },
    ])
  })
})

describe('Google busy times', () => {
  it('reads the window with singleEvents: busy, free, cancelled, declined, all-day in the host zone, recurring', async () => {
    const { google, provider } = setup()
    google.putRemote(CAL, {
      id: 'busy',
      summary: 'Врач',
      start: at('2030-03-05T09:00:00+03:00'),
      end: at('2030-03-05T10:00:00+03:00'),
      iCalUID: 'busy-uid',
    })
    google.putRemote(CAL, {
      id: 'tentative',
      status: 'tentative',
      start: at('2030-03-05T12:00:00Z'),
      end: at('2030-03-05T13:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'free',
      transparency: 'transparent',
      start: at('2030-03-06T09:00:00Z'),
      end: at('2030-03-06T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'declined',
      start: at('2030-03-07T09:00:00Z'),
      end: at('2030-03-07T10:00:00Z'),
      attendees: [
        { email: 'boss@example.com', responseStatus: 'accepted' },
        { email: 'host@gmail.com', self: true, responseStatus: 'declined' },
      ],
    })
    google.putRemote(CAL, {
      id: 'declinedbyalias',
      start: at('2030-03-07T11:00:00Z'),
      end: at('2030-03-07T12:00:00Z'),
      attendees: [{ email: 'Host.Alias@example.com', responseStatus: 'declined' }],
    })
    google.putRemote(CAL, {
      id: 'accepted',
      summary: 'Планёрка',
      start: at('2030-03-07T13:00:00Z'),
      end: at('2030-03-07T14:00:00Z'),
      attendees: [{ email: 'host@gmail.com', self: true, responseStatus: 'accepted' }],
    })
    google.putRemote(CAL, {
      id: 'allday',
      summary: 'Отпуск',
      start: { date: '2030-03-10' },
      end: { date: '2030-03-12' },
    })
    google.putRemote(CAL, {
      id: 'weekly',
      summary: 'Йога',
      start: at('2030-03-04T16:00:00Z'),
      end: at('2030-03-04T17:00:00Z'),
      iCalUID: 'weekly-uid',
      repeat: { everyDays: 7, count: 3 },
    })
    google.putRemote(CAL, { id: 'later', start: at('2030-05-01T09:00:00Z'), end: at('2030-05-01T10:00:00Z') })
    google.putRemote(CAL, { id: 'gone', start: at('2030-03-08T09:00:00Z'), end: at('2030-03-08T10:00:00Z') })
    google.deleteRemote(CAL, 'gone')

    const result = await provider.sync({ remoteId: CAL }, noCursor, window, false)
    const kept = store()
    kept.apply(result)
    expect(result).toMatchObject({ kind: 'changes', full: true, removed: [] })
    expect(kept.busy()).toEqual([
      { uid: 'weekly-uid', title: 'Йога', start: '2030-03-04T16:00:00.000Z', end: '2030-03-04T17:00:00.000Z' },
      { uid: 'busy-uid', title: 'Врач', start: '2030-03-05T06:00:00.000Z', end: '2030-03-05T07:00:00.000Z' },
      { uid: 'tentative@google.com', title: '', start: '2030-03-05T12:00:00.000Z', end: '2030-03-05T13:00:00.000Z' },
      {
        uid: 'accepted@google.com',
        title: 'Планёрка',
        start: '2030-03-07T13:00:00.000Z',
        end: '2030-03-07T14:00:00.000Z',
      },
      // Two days in Moscow: 10 March 00:00 to 12 March 00:00 at UTC+3.
      { uid: 'allday@google.com', title: 'Отпуск', start: '2030-03-09T21:00:00.000Z', end: '2030-03-11T21:00:00.000Z' },
      { uid: 'weekly-uid', title: 'Йога', start: '2030-03-11T16:00:00.000Z', end: '2030-03-11T17:00:00.000Z' },
      { uid: 'weekly-uid', title: 'Йога', start: '2030-03-18T16:00:00.000Z', end: '2030-03-18T17:00:00.000Z' },
    ])
    // Free and declined events are kept as objects (their ETags), with nothing busy.
    expect(kept.objects.get('free')?.items).toEqual([])
    expect(kept.objects.get('declined')?.items).toEqual([])
    expect(kept.objects.has('later')).toBe(false)
    expect(kept.objects.has('gone')).toBe(false)
    expect(kept.objects.get('weekly_20300311T160000Z')?.uid).toBe('weekly-uid')
    const [request] = eventsRequests(google)
    expect(request.url.pathname).toBe(`/calendar/v3/calendars/${encodeURIComponent(CAL)}/events`)
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      singleEvents: 'true',
      timeMin: '2030-03-01T00:00:00.000Z',
      timeMax: '2030-04-01T00:00:00.000Z',
    })
    expect(result.kind === 'changes' && result.cursor.syncToken).toMatch(/^sync-/)
  })

  it('follows every page to the sync token', async () => {
    const { google, provider } = setup()
    google.pageSize = 2
    for (let day = 1; day <= 5; day++) {
      google.putRemote(CAL, {
        id: `e${day}`,
        start: at(`2030-03-0${day}T09:00:00Z`),
        end: at(`2030-03-0${day}T10:00:00Z`),
      })
    }
    const result = await provider.sync({ remoteId: CAL }, noCursor, window, false)
    expect(result.kind === 'changes' && result.upserts.map((object) => object.key).sort()).toEqual([
      'e1',
      'e2',
      'e3',
      'e4',
      'e5',
    ])
    expect(result.kind === 'changes' && result.cursor.syncToken).toMatch(/^sync-/)
    const requests = eventsRequests(google)
    expect(requests).toHaveLength(3)
    expect(requests.slice(1).every((request) => request.url.searchParams.has('pageToken'))).toBe(true)
  })

  it('syncs changes with the sync token alone: added, moved, deleted, a deleted instance', async () => {
    const { google, provider } = setup()
    google.putRemote(CAL, {
      id: 'stays',
      summary: 'A',
      start: at('2030-03-02T09:00:00Z'),
      end: at('2030-03-02T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'moves',
      summary: 'B',
      start: at('2030-03-03T09:00:00Z'),
      end: at('2030-03-03T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'deleted',
      summary: 'C',
      start: at('2030-03-04T09:00:00Z'),
      end: at('2030-03-04T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'series',
      summary: 'D',
      start: at('2030-03-05T09:00:00Z'),
      end: at('2030-03-05T10:00:00Z'),
      repeat: { everyDays: 7, count: 2 },
    })
    const kept = store()
    kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    expect(kept.busy()).toHaveLength(5)

    google.putRemote(CAL, {
      id: 'added',
      summary: 'E',
      start: at('2030-03-20T09:00:00Z'),
      end: at('2030-03-20T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'moves',
      summary: 'B',
      start: at('2030-03-21T09:00:00Z'),
      end: at('2030-03-21T10:00:00Z'),
    })
    google.putRemote(CAL, {
      id: 'farout',
      summary: 'F',
      start: at('2031-01-01T09:00:00Z'),
      end: at('2031-01-01T10:00:00Z'),
    })
    google.deleteRemote(CAL, 'deleted')
    google.deleteInstance(CAL, 'series', 1)
    const before = eventsRequests(google).length
    const result = kept.apply(await provider.sync({ remoteId: CAL }, kept.cursor, window, false))

    expect(result).toMatchObject({ kind: 'changes', full: false })
    if (result.kind !== 'changes') throw new Error('expected changes')
    expect(result.upserts.map((object) => object.key).sort()).toEqual(['added', 'moves', 'series_20300305T090000Z'])
    // An instance outside the window is not kept (the next full sync picks it up in time).
    expect(result.removed.sort()).toEqual(['deleted', 'farout', 'series_20300312T090000Z'])
    expect(kept.busy().map((item) => `${item.title} ${item.start}`)).toEqual([
      'A 2030-03-02T09:00:00.000Z',
      'D 2030-03-05T09:00:00.000Z',
      'E 2030-03-20T09:00:00.000Z',
      'B 2030-03-21T09:00:00.000Z',
    ])
    const incremental = eventsRequests(google).slice(before)
    expect(incremental).toHaveLength(1)
    expect(incremental[0].url.searchParams.get('syncToken')).toBeTruthy()
    expect(incremental[0].url.searchParams.has('timeMin')).toBe(false)
    expect(incremental[0].url.searchParams.has('timeMax')).toBe(false)

    const quiet = kept.apply(await provider.sync({ remoteId: CAL }, kept.cursor, window, false))
    expect(quiet.kind === 'unchanged' || (quiet.upserts.length === 0 && quiet.removed.length === 0)).toBe(true)
  })

  it('starts over with a full sync when Google answers 410 Gone to the sync token', async () => {
    const { google, provider } = setup()
    google.putRemote(CAL, { id: 'one', start: at('2030-03-02T09:00:00Z'), end: at('2030-03-02T10:00:00Z') })
    const kept = store()
    kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    google.putRemote(CAL, { id: 'two', start: at('2030-03-03T09:00:00Z'), end: at('2030-03-03T10:00:00Z') })
    google.expireSyncTokens()
    const before = eventsRequests(google).length
    const result = kept.apply(await provider.sync({ remoteId: CAL }, kept.cursor, window, false))
    expect(result).toMatchObject({ kind: 'changes', full: true })
    expect([...kept.objects.keys()].sort()).toEqual(['one', 'two'])
    const requests = eventsRequests(google).slice(before)
    expect(requests.map((request) => request.url.searchParams.has('syncToken'))).toEqual([true, false])
    expect(requests[1].url.searchParams.get('timeMin')).toBe('2030-03-01T00:00:00.000Z')
  })

  it('asked for a full sync, lists the window even with a sync token', async () => {
    const { google, provider } = setup()
    const kept = store()
    kept.apply(await provider.sync({ remoteId: CAL }, noCursor, window, false))
    const result = await provider.sync({ remoteId: CAL }, kept.cursor, window, true)
    expect(result).toMatchObject({ kind: 'changes', full: true })
    expect(eventsRequests(google).at(-1)!.url.searchParams.has('syncToken')).toBe(false)
  })
})

describe('Google tokens', () => {
  it('refreshes an expired access token first and hands the new one over', async () => {
    const { google, provider, saved, grant } = setup({ accessToken: 'stale', expiresAt: Date.now() - 1000 })
    await provider.listCalendars()
    expect(google.oauth.tokenRequests).toEqual([{ grant_type: 'refresh_token', refresh_token: grant.refreshToken }])
    const tokenRequest = google.requests.find((request) => request.url.hostname === 'oauth2.googleapis.com')!
    expect(tokenRequest.headers.get('Authorization')).toBe(
      `Basic ${btoa(`${GOOGLE_CLIENT.id}:${GOOGLE_CLIENT.secret}`)}`,
    )
    expect(saved).toHaveLength(1)
    const fresh = saved[0] as Extract<CalendarCredentials, { kind: 'oauth' }>
    expect(fresh.accessToken).not.toBe('stale')
    // Google answers no new refresh token: the old one is kept.
    expect(fresh.refreshToken).toBe(grant.refreshToken)
    expect(fresh.expiresAt).toBeGreaterThan(Date.now() + 3_000_000)
    const apiCalls = google.requests.filter((request) => request.url.hostname === 'www.googleapis.com')
    expect(apiCalls.map((request) => request.headers.get('Authorization'))).toEqual([`Bearer ${fresh.accessToken}`])
  })

  it('on a 401 refreshes once and repeats the call', async () => {
    const { google, provider, saved } = setup()
    google.oauth.expireAccessTokens()
    expect(await provider.listCalendars()).toHaveLength(1)
    expect(google.oauth.tokenRequests).toHaveLength(1)
    expect(saved).toHaveLength(1)
    const calls = google.requests.filter((request) => request.url.pathname.endsWith('/calendarList'))
    expect(calls).toHaveLength(2)
  })

  it('a 401 after a fresh refresh is an auth error', async () => {
    const { google, provider } = setup()
    google.failNext({ status: 401, path: '/calendarList' })
    google.failNext({ status: 401, path: '/calendarList' })
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError)
    expect(google.oauth.tokenRequests).toHaveLength(1)
  })

  it('a revoked grant (invalid_grant) is an auth error, and nothing is saved', async () => {
    const { google, provider, saved } = setup({ expiresAt: Date.now() - 1000 })
    google.oauth.revokeRefreshTokens()
    const error = await provider.sync({ remoteId: CAL }, noCursor, window, false).catch((caught) => caught)
    expect(error).toBeInstanceOf(CalendarAuthError)
    expect(String(error.message)).toContain('invalid_grant')
    expect(saved).toEqual([])
    expect(eventsRequests(google)).toEqual([])
  })

  it('an expired token without a refresh token is an auth error', async () => {
    const { provider } = setup({ refreshToken: null, expiresAt: Date.now() - 1000 })
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError)
  })

  it('a token endpoint that is down is not an auth error', async () => {
    const google = new FakeGoogleCalendar()
    const fetcher: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      if (request.url.startsWith('https://oauth2.googleapis.com/')) return new Response('down', { status: 503 })
      return google.fetch(request)
    }
    const broken = providerFor(
      { type: 'Google', url: null, credentials: { kind: 'oauth', accessToken: 'x', refreshToken: 'r', expiresAt: 0 } },
      appEnv,
      fetcher,
    )
    await expect(broken.listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
  })
})

describe('Google failures', () => {
  it('429 is unavailable with Retry-After in milliseconds', async () => {
    const { google, provider } = setup()
    google.failNext({ status: 429, retryAfter: 30, path: '/events' })
    const error = await provider.sync({ remoteId: CAL }, noCursor, window, false).catch((caught) => caught)
    expect(error).toBeInstanceOf(CalendarUnavailableError)
    expect(error.retryAfterMs).toBe(30_000)
  })

  it('5xx and a 403 rate limit are unavailable; a 403 for missing scopes is an auth error', async () => {
    const { google, provider } = setup()
    google.failNext({ status: 503, path: '/calendarList' })
    const down = await provider.listCalendars().catch((caught) => caught)
    expect(down).toBeInstanceOf(CalendarUnavailableError)
    expect(down.retryAfterMs).toBeNull()
    google.failNext({
      status: 403,
      path: '/calendarList',
      body: { error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] } },
    })
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
    google.failNext({
      status: 403,
      path: '/events',
      body: {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          status: 'PERMISSION_DENIED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' }],
        },
      },
    })
    await expect(provider.sync({ remoteId: CAL }, noCursor, window, false)).rejects.toBeInstanceOf(CalendarAuthError)
  })

  it('a network failure is unavailable', async () => {
    const provider = providerFor(
      {
        type: 'Google',
        url: null,
        credentials: { kind: 'oauth', accessToken: 'a', refreshToken: 'r', expiresAt: null },
      },
      appEnv,
      async () => {
        throw new TypeError('Network connection lost.')
      },
    )
    await expect(provider.listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
  })
})

const meeting: OurEvent = {
  uid: 'fastslot-meeting-1@fastslot.app',
  sequence: 0,
  summary: 'Консультация: Анна',
  description: 'Встреча с Анной.\nУправление: https://fastslot.app/booking/manage/t1',
  location: 'https://telemost.yandex.ru/j/123',
  start: Date.parse('2030-03-15T07:00:00Z'),
  end: Date.parse('2030-03-15T08:00:00Z'),
  timeZone: 'Europe/Moscow',
  organizer: { email: 'host@gmail.com', name: 'Ирина' },
  attendees: [{ email: 'anna@example.com', name: 'Анна' }],
}

describe('Google write-back', () => {
  async function written(provider: CalendarProvider) {
    return provider.putEvent({ remoteId: CAL }, meeting, null)
  }

  it('inserts our meeting with our UID, quietly, and finds it again on sync as our own', async () => {
    const { google, provider } = setup()
    const result = await written(provider)
    const post = google.requests.find((request) => request.method === 'POST')!
    expect(post.url.pathname).toBe(`/calendar/v3/calendars/${encodeURIComponent(CAL)}/events`)
    expect(post.url.searchParams.get('sendUpdates')).toBe('none')
    expect(post.body).toEqual({
      summary: meeting.summary,
      description: meeting.description,
      location: meeting.location,
      start: { dateTime: '2030-03-15T07:00:00.000Z', timeZone: 'Europe/Moscow' },
      end: { dateTime: '2030-03-15T08:00:00.000Z', timeZone: 'Europe/Moscow' },
      iCalUID: meeting.uid,
      status: 'confirmed',
      transparency: 'opaque',
      attendees: [{ email: 'anna@example.com', displayName: 'Анна' }],
    })
    const [stored] = google.eventsOf(CAL)
    expect(result).toEqual({ key: stored.id, etag: stored.etag })
    const synced = await provider.sync({ remoteId: CAL }, noCursor, window, false)
    expect(synced.kind === 'changes' && synced.upserts[0].items).toEqual([
      { uid: meeting.uid, title: meeting.summary, start: meeting.start, end: meeting.end },
    ])
  })

  it('moves it in place, and writes it anew when it was deleted in Google', async () => {
    const { google, provider } = setup()
    const first = await written(provider)
    const moved = { ...meeting, start: meeting.start + 3_600_000, end: meeting.end + 3_600_000 }
    const second = await provider.putEvent({ remoteId: CAL }, moved, first)
    expect(second.key).toBe(first.key)
    expect(second.etag).not.toBe(first.etag)
    const put = google.requests.find((request) => request.method === 'PUT')!
    expect(put.url.pathname).toBe(`/calendar/v3/calendars/${encodeURIComponent(CAL)}/events/${first.key}`)
    expect(put.url.searchParams.get('sendUpdates')).toBe('none')
    expect(google.eventsOf(CAL)[0]).toMatchObject({
      status: 'confirmed',
      start: { dateTime: '2030-03-15T08:00:00.000Z' },
    })

    const lost = await provider.putEvent({ remoteId: CAL }, moved, { key: 'nosuchevent', etag: null })
    expect(lost.key).toBe(first.key)
    expect(google.eventsOf(CAL)).toHaveLength(1)
  })

  it('a repeated insert (an answer lost on the way) replaces the first instead of failing', async () => {
    const { google, provider } = setup()
    const first = await written(provider)
    const again = await written(provider)
    expect(again.key).toBe(first.key)
    expect(google.eventsOf(CAL)).toHaveLength(1)
    expect(google.requests.some((request) => request.url.searchParams.get('iCalUID') === meeting.uid)).toBe(true)
  })

  it('deletes it; an event already gone is fine', async () => {
    const { google, provider } = setup()
    const first = await written(provider)
    await provider.deleteEvent({ remoteId: CAL }, first)
    expect(google.eventsOf(CAL)[0].status).toBe('cancelled')
    const deletes = google.requests.filter((request) => request.method === 'DELETE')
    expect(deletes[0].url.searchParams.get('sendUpdates')).toBe('none')
    await provider.deleteEvent({ remoteId: CAL }, first)
    await provider.deleteEvent({ remoteId: CAL }, { key: 'neverthere', etag: null })
    expect(google.requests.filter((request) => request.method === 'DELETE')).toHaveLength(3)
  })

  it('a calendar shared read-only refuses the write: unavailable, not a broken grant', async () => {
    const { google, provider } = setup()
    google.addCalendar({ id: 'shared@example.com', accessRole: 'reader' })
    await expect(provider.putEvent({ remoteId: 'shared@example.com' }, meeting, null)).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    )
  })
})

const day = (offset: number, hour: number) => {
  const at = new Date(Date.now() + offset * 86_400_000)
  at.setUTCHours(hour, 0, 0, 0)
  return at.toISOString()
}

describe('connecting Google Calendar (consent, /GoogleOAuth/Code)', () => {
  const db = getDb(env.DB)

  function consentSetup() {
    const google = new FakeGoogleCalendar()
    google.addCalendar({ id: 'host@gmail.com', summary: 'host@gmail.com', accessRole: 'owner' })
    google.addCalendar({ id: 'holidays', summary: 'Праздники', accessRole: 'reader' })
    google.putRemote('host@gmail.com', {
      id: 'dentist',
      summary: 'Стоматолог',
      start: at(day(2, 9)),
      end: at(day(2, 10)),
    })
    return { google, deps: { db, env: appEnv, now: Date.now(), fetcher: google.fetch } }
  }

  it('asks Google for offline calendar access with PKCE and a one-time state bound to the owner', async () => {
    const user = await createTestUser()
    const { deps } = consentSetup()
    const link = await calendarConsentUrl(deps, user.id, 'google')
    if (!link.ok) throw new Error('not configured')
    const url = new URL(link.url)
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GOOGLE_CLIENT.id,
      redirect_uri: 'http://localhost:8787/GoogleOAuth/Code',
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    })
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.readonly',
        'email',
      ]),
    )
    const state = url.searchParams.get('state')!
    const [row] = await db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, await sha256(state)))
    expect(row).toMatchObject({ mode: 'calendar', provider: 'google', ownerId: user.id, redirectTo: '/integrations' })
    expect(await db.select().from(oauthStates).where(eq(oauthStates.stateHash, state))).toEqual([])
  })

  it('exchanges the code and connects the account: calendars listed, busy times synced, tokens sealed', async () => {
    const user = await createTestUser()
    const { google, deps } = consentSetup()
    const link = await calendarConsentUrl(deps, user.id, 'google')
    if (!link.ok) throw new Error('not configured')
    const back = new URL(await google.oauth.consent(link.url))
    const answer = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: null }
    const outcome = await finishCalendarConsent(deps, user.id, 'google', answer)
    if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`)
    const [integration] = await db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, outcome.integrationId))
    expect(integration).toMatchObject({
      ownerId: user.id,
      type: 'Google',
      label: 'Google Calendar',
      login: 'host@gmail.com',
      email: 'host@gmail.com',
      name: 'Ирина Лебедева',
      url: null,
      isDepressed: false,
    })
    expect(integration.credentialsEnc).not.toContain('access-')
    expect(integration.credentialsEnc).not.toContain('refresh-')
    const calendars = await db
      .select()
      .from(integrationCalendars)
      .where(eq(integrationCalendars.integrationId, integration.id))
    expect(calendars.map((calendar) => [calendar.name, calendar.canWrite]).sort()).toEqual([
      ['host@gmail.com', true],
      ['Праздники', false],
    ])
    const busy = await db.select().from(calendarBusy).where(eq(calendarBusy.ownerId, user.id))
    expect(busy.map((row) => [row.title, new Date(row.startAt).toISOString()])).toEqual([['Стоматолог', day(2, 9)]])
    const exchange = google.oauth.tokenRequests.find((fields) => fields.grant_type === 'authorization_code')!
    expect(exchange).toMatchObject({ redirect_uri: 'http://localhost:8787/GoogleOAuth/Code' })
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/)

    // The state is spent: the same answer again is refused, and nothing more is connected.
    expect(await finishCalendarConsent(deps, user.id, 'google', answer)).toEqual({ ok: false, problem: 'state' })
  })

  it('refuses a state another owner started, one for Outlook, and an expired one; sign-in refuses a consent state', async () => {
    const owner = await createTestUser()
    const stranger = await createTestUser()
    const { google, deps } = consentSetup()
    const link = await calendarConsentUrl(deps, owner.id, 'google')
    if (!link.ok) throw new Error('not configured')
    const back = new URL(await google.oauth.consent(link.url))
    const answer = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: null }
    expect(await finishCalendarConsent(deps, stranger.id, 'google', answer)).toEqual({ ok: false, problem: 'state' })
    expect(await finishCalendarConsent(deps, owner.id, 'outlook', answer)).toEqual({ ok: false, problem: 'state' })
    const later = { ...deps, now: deps.now + OAUTH_STATE_TTL_MS + 1 }
    expect(await finishCalendarConsent(later, owner.id, 'google', answer)).toEqual({ ok: false, problem: 'state' })
    const bindings = {
      ...env,
      OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    }
    const signIn = accountDeps(bindings, { waitUntil: () => {} }, new Request('http://localhost/'), 'ru')
    const config = providerConfig('google', bindings, signIn.env)!
    const refused = await finishOAuth(signIn, 'google', config, {
      code: answer.code,
      state: answer.state,
      cookieState: answer.state,
    }).catch((error: Refused) => error.refusal.code)
    expect(refused).toBe('oauthState')
    // None of that spent the owner's state: their own return still connects.
    expect(await finishCalendarConsent(deps, owner.id, 'google', answer)).toMatchObject({ ok: true })
    expect(await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, stranger.id))).toEqual(
      [],
    )
  })

  it('a cancelled consent spends the state; a refused code is a failure; nothing is connected', async () => {
    const user = await createTestUser()
    const { google, deps } = consentSetup()
    const first = await calendarConsentUrl(deps, user.id, 'google')
    if (!first.ok) throw new Error('not configured')
    const state = new URL(first.url).searchParams.get('state')
    expect(await finishCalendarConsent(deps, user.id, 'google', { code: null, state, error: 'access_denied' })).toEqual(
      {
        ok: false,
        problem: 'cancelled',
      },
    )
    expect(await db.select().from(oauthStates).where(eq(oauthStates.ownerId, user.id))).toEqual([])

    const second = await calendarConsentUrl(deps, user.id, 'google')
    if (!second.ok) throw new Error('not configured')
    const secondState = new URL(second.url).searchParams.get('state')
    const made = { code: 'made-up-code', state: secondState, error: null }
    expect(await finishCalendarConsent(deps, user.id, 'google', made)).toEqual({ ok: false, problem: 'failed' })
    expect(google.oauth.tokenRequests.map((fields) => fields.code)).toEqual(['made-up-code'])
    expect(await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, user.id))).toEqual([])
  })

  it('keeps at most five pending consents per owner', async () => {
    const user = await createTestUser()
    const { deps } = consentSetup()
    for (let i = 0; i < 7; i++) await calendarConsentUrl({ ...deps, now: deps.now + i }, user.id, 'google')
    const pending = await db.select().from(oauthStates).where(eq(oauthStates.ownerId, user.id))
    expect(pending).toHaveLength(5)
    expect(Math.min(...pending.map((row) => row.expiresAt))).toBe(deps.now + 2 + OAUTH_STATE_TTL_MS)
  })

  it('without the OAuth client it says so (503), translated; the local OpenID provider works in development', async () => {
    const user = await createTestUser()
    const bare = parseEnv({ ...env })
    expect(await calendarConsentUrl({ db, env: bare, now: Date.now() }, user.id, 'google')).toEqual({
      ok: false,
      status: 503,
      problem: 'notConfigured',
    })
    expect(consentProblemText('notConfigured', 'google', getT('ru'))).toBe(
      'Google Календарь: подключение на этом сервере пока не настроено.',
    )
    expect(consentProblemText('notConfigured', 'outlook', getT('en'))).toBe(
      'Outlook: connecting is not set up on this server yet.',
    )
    const production = parseEnv({ ...env, ENVIRONMENT: 'production', OAUTH_MOCK_ISSUER: 'http://issuer.test' })
    expect(await calendarConsentUrl({ db, env: production, now: Date.now() }, user.id, 'google')).toMatchObject({
      ok: false,
    })

    const development = parseEnv({ ...env, OAUTH_MOCK_ISSUER: 'http://issuer.test' })
    const google = new FakeGoogleCalendar({
      tokenUrl: 'http://issuer.test/token',
      client: { id: 'fastslot-google', secret: 'local-secret' },
    })
    google.addCalendar({ id: 'host@gmail.com' })
    const deps = { db, env: development, now: Date.now(), fetcher: google.fetch }
    const link = await calendarConsentUrl(deps, user.id, 'google')
    if (!link.ok) throw new Error('not configured')
    expect(link.url).toMatch(/^http:\/\/issuer\.test\/authorize\?/)
    const back = new URL(await google.oauth.consent(link.url))
    const outcome = await finishCalendarConsent(deps, user.id, 'google', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      error: null,
    })
    expect(outcome).toMatchObject({ ok: true })
  })

  it('/GoogleOAuth/Code: signed in, connects and goes to /integrations with the notice; signed out, to sign-in', async () => {
    const user = await createTestUser()
    const { google, deps } = consentSetup()
    const link = await calendarConsentUrl(deps, user.id, 'google')
    if (!link.ok) throw new Error('not configured')
    const back = new URL(await google.oauth.consent(link.url))
    const returnPath = `${back.pathname}${back.search}`
    expect(back.pathname).toBe('/GoogleOAuth/Code')

    const signedOut = await SELF.fetch(`http://localhost${returnPath}`, { redirect: 'manual' })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(returnPath)}`)

    const bindings = {
      ...env,
      OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    }
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => google.fetch(input, init))
    const request = new Request(`http://localhost${returnPath}`, {
      headers: { Cookie: await sessionCookieFor(user.id) },
    })
    const response = await calendarConsentReturn('google', {
      request,
      context: { cloudflare: { env: bindings, ctx: { waitUntil: () => {} } } },
      params: {},
    } as unknown as LoaderFunctionArgs)
    vi.restoreAllMocks()
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://localhost')
    expect(location.pathname).toBe('/integrations')
    expect(Object.fromEntries(location.searchParams)).toEqual({
      calendarConsent: 'connected',
      calendarProvider: 'google',
    })
    expect(consentNotice(location, getT('ru'))).toEqual({
      kind: 'success',
      text: 'Google Календарь подключён: занятое в нём время больше не предлагается для записи.',
    })
    expect(await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, user.id))).toHaveLength(
      1,
    )

    // The route answers at the SPEC's exact path; this worker has no Google client, and the state is spent anyway.
    const again = await SELF.fetch(`http://localhost${returnPath}`, {
      redirect: 'manual',
      headers: { Cookie: await sessionCookieFor(user.id) },
    })
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe('/integrations?calendarConsent=state&calendarProvider=google')
  })

  it('the notice /integrations shows: problems and connect refusals, in both languages; nothing for a made-up one', () => {
    const notice = (query: string, language: 'ru' | 'en') =>
      consentNotice(new URL(`http://localhost/integrations?${query}`), getT(language))
    expect(notice('calendarConsent=cancelled&calendarProvider=outlook', 'en')).toEqual({
      kind: 'error',
      text: 'Outlook was not connected: access was not allowed.',
    })
    expect(notice('calendarConsent=calendarNoCalendars&calendarProvider=google', 'ru')).toEqual({
      kind: 'error',
      text: getT('ru')('calendars:errors.noCalendars'),
    })
    expect(notice('calendarConsent=planLimit&calendarProvider=google', 'en')?.kind).toBe('error')
    expect(notice('calendarConsent=slotTaken&calendarProvider=google', 'en')).toBeNull()
    expect(notice('calendarConsent=connected&calendarProvider=yahoo', 'en')).toBeNull()
    expect(notice('', 'en')).toBeNull()
  })
})
