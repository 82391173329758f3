/**
 * The CalDAV provider at its fetch boundary, for what two healthy local servers cannot show: timeouts, 429 and 5xx,
 * redirects and server-given URLs that point at private addresses in production, an unreadable object.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BusyWindow } from '#app/domain/calendars/types.ts'
import { createCalDavProvider } from '#app/server/calendars/caldav.server.ts'
import {
  CALENDAR_TIMEOUT_MS,
  CalendarAuthError,
  CalendarUnavailableError,
  CalendarUrlError,
} from '#app/server/calendars/provider.server.ts'
import { parseEnv } from '#app/server/env.server.ts'

const production = parseEnv({ ENVIRONMENT: 'production', APP_URL: 'https://fastslot.example' })
const window: BusyWindow = {
  from: Date.parse('2027-03-01T00:00:00Z'),
  to: Date.parse('2027-04-01T00:00:00Z'),
  timeZone: 'UTC',
  ownEmails: [],
}
const emptyCursor = { syncToken: null, ctag: null, etags: new Map<string, string | null>() }
const credentials = { kind: 'password', login: 'alice', password: 'secret' } as const

/** A fake server: answers by method and path, and writes down what it was asked. */
function fakeServer(answer: (method: string, url: URL, body: string) => Response | Promise<Response>) {
  const requests: { method: string; url: string; authorization: string | null }[] = []
  const fetcher: typeof fetch = async (input, init) => {
    const method = init?.method ?? 'GET'
    const headers = new Headers(init?.headers)
    requests.push({ method, url: String(input), authorization: headers.get('Authorization') })
    return answer(method, new URL(String(input)), typeof init?.body === 'string' ? init.body : '')
  }
  return { fetcher, requests }
}

const xml = (body: string, status = 207) =>
  new Response(`<?xml version="1.0" encoding="utf-8"?>\n${body}`, {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })

const principalAnswer = (href: string) =>
  xml(`<d:multistatus xmlns:d="DAV:"><d:response><d:href>/</d:href><d:propstat><d:prop>
<d:current-user-principal><d:href>${href}</d:href></d:current-user-principal>
</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`)

const homeAnswer = (principal: string, home: string) =>
  xml(`<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>${principal}</d:href>
<d:propstat><d:prop><c:calendar-home-set><d:href>${home}</d:href></c:calendar-home-set></d:prop>
<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`)

function provider(fetcher: typeof fetch, url = 'https://dav.example.com/') {
  return createCalDavProvider({ type: 'CalDav', url, credentials }, production, fetcher)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('CalDAV provider at the fetch boundary', () => {
  it('gives up after CALENDAR_TIMEOUT_MS with CalendarUnavailableError, aborting the request', async () => {
    vi.useFakeTimers()
    let aborted = false
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true
          reject(new DOMException('aborted', 'AbortError'))
        })
      })
    const pending = provider(hanging).listCalendars()
    const outcome = expect(pending).rejects.toThrow(/no answer within 15 s/)
    await vi.advanceTimersByTimeAsync(CALENDAR_TIMEOUT_MS - 1)
    expect(aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
    await expect(pending).rejects.toBeInstanceOf(CalendarUnavailableError)
    expect(aborted).toBe(true)
  })

  it('answers 429 with CalendarUnavailableError carrying Retry-After, 5xx with CalendarUnavailableError', async () => {
    const limited = fakeServer(() => new Response('slow down', { status: 429, headers: { 'Retry-After': '120' } }))
    const error = await provider(limited.fetcher)
      .sync({ remoteId: 'https://dav.example.com/cal/' }, emptyCursor, window, false)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CalendarUnavailableError)
    expect((error as CalendarUnavailableError).retryAfterMs).toBe(120_000)

    const broken = fakeServer(() => new Response('oops', { status: 503 }))
    await expect(provider(broken.fetcher).listCalendars()).rejects.toBeInstanceOf(CalendarUnavailableError)
  })

  it('answers 401 and 403 with CalendarAuthError and sends Basic auth', async () => {
    for (const status of [401, 403]) {
      const refusing = fakeServer(() => new Response('no', { status }))
      await expect(provider(refusing.fetcher).listCalendars()).rejects.toBeInstanceOf(CalendarAuthError)
      expect(refusing.requests[0].authorization).toBe(`Basic ${btoa('alice:secret')}`)
    }
  })

  it('refuses a plain-http or private server URL in production without calling it', async () => {
    const server = fakeServer(() => new Response('never', { status: 500 }))
    for (const url of ['http://dav.example.com/', 'https://127.0.0.1:5232/', 'https://192.168.1.5/dav/']) {
      await expect(provider(server.fetcher, url).listCalendars()).rejects.toBeInstanceOf(CalendarUrlError)
      await expect(
        provider(server.fetcher, url).sync({ remoteId: `${url}cal/` }, emptyCursor, window, false),
      ).rejects.toBeInstanceOf(CalendarUrlError)
    }
    expect(server.requests).toEqual([])
  })

  it('follows a redirect only to a callable URL', async () => {
    const toPrivate = fakeServer(
      () => new Response(null, { status: 301, headers: { Location: 'http://169.254.169.254/latest/' } }),
    )
    await expect(provider(toPrivate.fetcher).listCalendars()).rejects.toBeInstanceOf(CalendarUrlError)
    expect(toPrivate.requests.map((request) => request.url)).toEqual(['https://dav.example.com/'])

    // A public redirect is followed with the same method, then discovery goes on from there.
    const moved = fakeServer((method, url) => {
      if (url.host === 'dav.example.com')
        return new Response(null, { status: 308, headers: { Location: 'https://p1.example.net/' } })
      if (url.pathname === '/') return principalAnswer('/alice/')
      if (url.pathname === '/alice/' && method === 'PROPFIND') return homeAnswer('/alice/', '/alice/calendars/')
      return xml(`<d:multistatus xmlns:d="DAV:"></d:multistatus>`)
    })
    expect(await provider(moved.fetcher).listCalendars()).toEqual([])
    expect(moved.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PROPFIND https://dav.example.com/',
      'PROPFIND https://p1.example.net/',
      'PROPFIND https://p1.example.net/alice/',
      'PROPFIND https://p1.example.net/alice/calendars/',
    ])
  })

  it('refuses a calendar home the server points at a private address', async () => {
    const server = fakeServer((_method, url) =>
      url.pathname === '/' ? principalAnswer('/alice/') : homeAnswer('/alice/', 'https://10.0.0.7/calendars/alice/'),
    )
    await expect(provider(server.fetcher).listCalendars()).rejects.toBeInstanceOf(CalendarUrlError)
    expect(server.requests.map((request) => request.url)).toEqual([
      'https://dav.example.com/',
      'https://dav.example.com/alice/',
    ])
  })

  it('skips an object it cannot read and keeps the rest', async () => {
    const good = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//t//t//EN',
      'BEGIN:VEVENT',
      'UID:good@test',
      'DTSTAMP:20270101T000000Z',
      'DTSTART:20270302T090000Z',
      'DTEND:20270302T100000Z',
      'SUMMARY:Good',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')
    const server = fakeServer((method) => {
      if (method === 'PROPFIND') {
        return xml(`<d:multistatus xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:response>
<d:href>/cal/</d:href><d:propstat><d:prop><cs:getctag>"2"</cs:getctag></d:prop>
<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`)
      }
      return xml(`<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:response><d:href>/cal/good.ics</d:href><d:propstat><d:prop><d:getetag>"g1"</d:getetag>
<c:calendar-data>${good}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
<d:response><d:href>/cal/bad.ics</d:href><d:propstat><d:prop><d:getetag>"b1"</d:getetag>
<c:calendar-data>BEGIN:VCALENDAR&#13;
this is not iCalendar</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>`)
    })
    const result = await provider(server.fetcher).sync(
      { remoteId: 'https://dav.example.com/cal/' },
      emptyCursor,
      window,
      true,
    )
    expect(result).toEqual({
      kind: 'changes',
      full: true,
      removed: [],
      cursor: { syncToken: null, ctag: '"2"' },
      upserts: [
        {
          key: 'https://dav.example.com/cal/good.ics',
          etag: '"g1"',
          uid: 'good@test',
          items: [
            {
              uid: 'good@test',
              title: 'Good',
              start: Date.parse('2027-03-02T09:00:00Z'),
              end: Date.parse('2027-03-02T10:00:00Z'),
            },
          ],
        },
      ],
    })
  })
})
