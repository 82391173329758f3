/**
 * A fake Google Calendar API v3 and Google's token endpoint, at the fetch boundary, built from the documented shapes
 * (https://developers.google.com/calendar/api/v3/reference, .../guides/sync, .../guides/errors): calendarList; events
 * list with `singleEvents` expansion of recurring events, timeMin/timeMax, pages (`nextPageToken`), `nextSyncToken`
 * and 410 on a stale one, and 400 when a sync token is combined with timeMin/timeMax; insert (409 on a taken
 * iCalUID) / update / delete (410 once deleted); 401 on a dead token; injected 429/5xx with Retry-After. State
 * lives in memory, so a test changes the calendar between syncs.
 */
import { type InjectedFailure, OAuthFake, bearerOf } from './oauth-fake.ts'

export const GOOGLE_API_BASE = 'https://www.googleapis.com/calendar/v3'
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const GOOGLE_CLIENT = { id: 'google-client.apps.googleusercontent.com', secret: 'google-secret' }

type Time = { date?: string; dateTime?: string; timeZone?: string }
type Attendee = { email: string; self?: boolean; responseStatus: string; displayName?: string }

/** An event as a test writes it; `repeat` makes it recurring (RRULE:FREQ=DAILY;INTERVAL=n;COUNT=c). */
export type GoogleEventInput = {
  id?: string
  summary?: string
  description?: string
  location?: string
  start: Time
  end: Time
  iCalUID?: string
  transparency?: 'opaque' | 'transparent'
  status?: 'confirmed' | 'tentative' | 'cancelled'
  attendees?: Attendee[]
  repeat?: { everyDays: number; count: number }
}

type StoredEvent = GoogleEventInput & {
  id: string
  iCalUID: string
  status: 'confirmed' | 'tentative' | 'cancelled'
  etag: string
  /** The change counter when it last changed (what a sync token compares). */
  seq: number
  sequence: number
  /** Instances deleted from a recurring event (their index). */
  cancelledInstances: Set<number>
}

type Calendar = {
  id: string
  summary: string
  accessRole: 'freeBusyReader' | 'reader' | 'writer' | 'owner'
  backgroundColor: string
  events: Map<string, StoredEvent>
}

export type RecordedRequest = { method: string; url: URL; headers: Headers; body: unknown }

const DAY = 86_400_000

function shiftTime(time: Time, days: number): Time {
  if (time.date) {
    const date = new Date(Date.parse(`${time.date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
    return { date }
  }
  return { dateTime: new Date(Date.parse(time.dateTime!) + days * DAY).toISOString(), timeZone: time.timeZone }
}

/** Google's instance id suffix: the original start in basic ISO form. */
function instanceSuffix(time: Time) {
  if (time.date) return time.date.replaceAll('-', '')
  return `${new Date(time.dateTime!).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
}

/** Bounds of a time for timeMin/timeMax (all-day dates read in UTC: the fake's own reading, enough to filter). */
const instant = (time: Time) => (time.date ? Date.parse(`${time.date}T00:00:00Z`) : Date.parse(time.dateTime!))

function googleError(status: number, reason: string, message: string, headers: HeadersInit = {}) {
  return Response.json(
    { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } },
    {
      status,
      headers,
    },
  )
}

export class FakeGoogleCalendar {
  readonly oauth: OAuthFake
  readonly requests: RecordedRequest[] = []
  readonly calendars = new Map<string, Calendar>()
  private readonly failures: InjectedFailure[] = []
  private readonly syncTokens = new Map<string, { calendarId: string; seq: number; singleEvents: boolean }>()
  private readonly pages = new Map<string, { items: unknown[]; syncToken: string | null }>()
  private seq = 0
  private ids = 0
  /** Watch channels by id (events.watch, channels.stop). */
  readonly channels = new Map<
    string,
    {
      id: string
      calendarId: string
      resourceId: string
      address: string
      token: string | null
      expiration: number
      stopped: boolean
    }
  >()
  /** The longest a channel lives, whatever the expiration asked. */
  maxChannelMs = 7 * DAY
  private messages = 0
  /** The most events a page holds, whatever maxResults asks (to make tests page). */
  pageSize = 250

  readonly account: { sub: string; email: string; name: string }
  readonly apiBase: string

  /** `tokenUrl` and `client` stand in for the local OpenID provider of development (`OAUTH_MOCK_ISSUER`). */
  constructor(
    options: {
      account?: { sub: string; email: string; name: string }
      apiBase?: string
      tokenUrl?: string
      client?: { id: string; secret: string }
    } = {},
  ) {
    this.account = options.account ?? { sub: 'google-user-1', email: 'host@gmail.com', name: 'Ирина Лебедева' }
    this.apiBase = options.apiBase ?? GOOGLE_API_BASE
    const client = options.client ?? GOOGLE_CLIENT
    this.oauth = new OAuthFake({
      tokenUrl: options.tokenUrl ?? GOOGLE_TOKEN_URL,
      clientId: client.id,
      clientSecret: client.secret,
      requiredScopes: [
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.readonly',
      ],
      requiredParams: { access_type: 'offline', prompt: 'consent' },
      rotatesRefreshToken: false,
      scopeOnRefresh: false,
      idTokenClaims: {
        iss: 'https://accounts.google.com',
        sub: this.account.sub,
        email: this.account.email,
        email_verified: true,
        name: this.account.name,
      },
    })
  }

  /** The fetch boundary: give this to the provider. */
  readonly fetch: typeof fetch = async (input, init) => this.handle(new Request(input, init))

  addCalendar(calendar: Partial<Omit<Calendar, 'events'>> & { id: string }) {
    this.calendars.set(calendar.id, {
      summary: calendar.id,
      accessRole: 'owner',
      backgroundColor: '#039be5',
      ...calendar,
      events: new Map(),
    })
  }

  /** Adds or replaces an event, as the person would in Google Calendar. */
  putRemote(calendarId: string, input: GoogleEventInput): StoredEvent {
    const calendar = this.calendar(calendarId)
    const id = input.id ?? `ev${++this.ids}x${crypto.randomUUID().slice(0, 6)}`
    const previous = calendar.events.get(id)
    const event: StoredEvent = {
      iCalUID: `${id}@google.com`,
      status: 'confirmed',
      ...input,
      id,
      etag: `"${Date.now()}${++this.seq}"`,
      seq: this.seq,
      sequence: (previous?.sequence ?? -1) + 1,
      cancelledInstances: previous?.cancelledInstances ?? new Set(),
    }
    calendar.events.set(id, event)
    return event
  }

  /** Deletes an event (Google keeps it as `cancelled`, and a sync token's answer reports it). */
  deleteRemote(calendarId: string, id: string) {
    const event = this.calendar(calendarId).events.get(id)
    if (!event) throw new Error(`no event ${id}`)
    Object.assign(event, { status: 'cancelled', seq: ++this.seq, etag: `"${Date.now()}${this.seq}"` })
  }

  /** Deletes one instance of a recurring event (an EXDATE in Google's terms: the instance turns `cancelled`). */
  deleteInstance(calendarId: string, id: string, index: number) {
    const event = this.calendar(calendarId).events.get(id)
    if (!event?.repeat) throw new Error(`no recurring event ${id}`)
    event.cancelledInstances.add(index)
    event.seq = ++this.seq
  }

  /** Google forgot every sync token (they expire): the next incremental list answers 410 Gone. */
  expireSyncTokens() {
    this.syncTokens.clear()
  }

  /** The next matching request answers this failure. */
  failNext(failure: InjectedFailure) {
    this.failures.push(failure)
  }

  eventsOf(calendarId: string) {
    return [...this.calendar(calendarId).events.values()]
  }

  private calendar(id: string) {
    const calendar = this.calendars.get(id)
    if (!calendar) throw new Error(`no calendar ${id}`)
    return calendar
  }

  /** The Google shape of an event or its instances (with `singleEvents`). */
  private shapes(event: StoredEvent, singleEvents: boolean): Record<string, unknown>[] {
    const { repeat, cancelledInstances, seq, ...fields } = event
    const shape = (extra: Record<string, unknown>) => ({ kind: 'calendar#event', ...fields, ...extra })
    if (!repeat) return [shape({})]
    if (!singleEvents) {
      return [shape({ recurrence: [`RRULE:FREQ=DAILY;INTERVAL=${repeat.everyDays};COUNT=${repeat.count}`] })]
    }
    return Array.from({ length: repeat.count }, (_, index) => {
      const start = shiftTime(event.start, index * repeat.everyDays)
      const id = `${event.id}_${instanceSuffix(start)}`
      const common = { id, recurringEventId: event.id, originalStartTime: start }
      if (event.status === 'cancelled' || cancelledInstances.has(index)) {
        return { kind: 'calendar#event', etag: event.etag, status: 'cancelled', ...common }
      }
      return shape({ ...common, start, end: shiftTime(event.end, index * repeat.everyDays) })
    })
  }

  private record(request: Request, body: unknown) {
    this.requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body })
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    if (request.url === this.oauth.options.tokenUrl) {
      this.record(request, null)
      return this.oauth.token(request)
    }
    if (!request.url.startsWith(`${this.apiBase}/`)) throw new Error(`fake Google: unexpected ${request.url}`)
    const body = request.method === 'POST' || request.method === 'PUT' ? await request.json() : null
    this.record(request, body)
    const path = decodeURIComponent(url.pathname.slice(new URL(this.apiBase).pathname.length))
    const injected = this.failures.findIndex(
      (failure) =>
        (!failure.path || path.includes(failure.path)) && (!failure.method || failure.method === request.method),
    )
    if (injected >= 0) {
      const [failure] = this.failures.splice(injected, 1)
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) }
      if (failure.body !== undefined) return Response.json(failure.body, { status: failure.status, headers })
      const reason = failure.status === 429 ? 'rateLimitExceeded' : 'backendError'
      return googleError(failure.status, reason, 'Injected failure', headers)
    }
    if (!this.oauth.isLive(bearerOf(request))) {
      return googleError(401, 'authError', 'Request had invalid authentication credentials.', {
        'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      })
    }
    if (request.method === 'GET' && path === '/users/me/calendarList') return this.calendarList(url)
    const watch = /^\/calendars\/([^/]+)\/events\/watch$/.exec(path)
    if (request.method === 'POST' && watch) return this.watch(watch[1], body as Record<string, unknown>)
    if (request.method === 'POST' && path === '/channels/stop') return this.stop(body as Record<string, unknown>)
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path)
    const calendar = match ? this.calendars.get(match[1]) : undefined
    if (!match || !calendar) return googleError(404, 'notFound', 'Not Found')
    const eventId = match[2]
    const writable = calendar.accessRole === 'owner' || calendar.accessRole === 'writer'
    if (request.method !== 'GET' && !writable) {
      return googleError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.')
    }
    if (request.method === 'GET' && !eventId) return this.list(calendar, url)
    if (request.method === 'POST' && !eventId) return this.insert(calendar, body as Record<string, unknown>)
    const event = eventId ? calendar.events.get(eventId) : undefined
    if (!event) return googleError(404, 'notFound', 'Not Found')
    if (request.method === 'PUT') return this.update(calendar, event, body as Record<string, unknown>)
    if (request.method === 'DELETE') {
      if (event.status === 'cancelled') return googleError(410, 'deleted', 'Resource has been deleted')
      this.deleteRemote(calendar.id, event.id)
      return new Response(null, { status: 204 })
    }
    return googleError(405, 'methodNotAllowed', 'Method not allowed')
  }

  /**
   * events.watch (https://developers.google.com/calendar/api/v3/reference/events/watch, guides/push): a web_hook
   * channel to an https address, its id unique; Google caps the expiration (here at a week) and answers it in
   * milliseconds as a string.
   */
  private watch(calendarId: string, body: Record<string, unknown>) {
    const calendar = this.calendars.get(calendarId)
    if (!calendar) return googleError(404, 'notFound', 'Not Found')
    const { id, type, address, token, expiration } = body
    if (typeof id !== 'string' || !/^[A-Za-z0-9\-_+/=]{1,64}$/.test(id))
      return googleError(400, 'invalid', 'Invalid channel id')
    if (type !== 'web_hook') return googleError(400, 'invalid', 'Unknown channel type')
    if (typeof address !== 'string' || !address.startsWith('https://')) {
      return googleError(400, 'push.webhookUrlNotHttps', 'WebHook callback must be HTTPS')
    }
    if (this.channels.has(id)) return googleError(400, 'channelIdNotUnique', 'Channel id not unique')
    if (token !== undefined && (typeof token !== 'string' || token.length > 256)) {
      return googleError(400, 'invalid', 'Invalid channel token')
    }
    const cap = Date.now() + this.maxChannelMs
    const asked = expiration === undefined ? cap : Number(expiration)
    const channel = {
      id,
      calendarId,
      resourceId: `res-${crypto.randomUUID()}`,
      address,
      token: (token as string | undefined) ?? null,
      expiration: Math.min(asked, cap),
      stopped: false,
    }
    this.channels.set(id, channel)
    return Response.json({
      kind: 'api#channel',
      id,
      resourceId: channel.resourceId,
      resourceUri: `${this.apiBase}/calendars/${encodeURIComponent(calendarId)}/events?alt=json`,
      token: channel.token ?? undefined,
      expiration: String(channel.expiration),
    })
  }

  /** channels.stop: the id and resourceId of a live channel; 404 for anything else. */
  private stop(body: Record<string, unknown>) {
    const channel = typeof body.id === 'string' ? this.channels.get(body.id) : undefined
    if (!channel || channel.stopped || channel.resourceId !== body.resourceId) {
      return googleError(404, 'notFound', `Channel '${String(body.id)}' not found for project`)
    }
    channel.stopped = true
    return new Response(null, { status: 204 })
  }

  /** The live channels of a calendar (not stopped, not expired). */
  liveChannels(calendarId: string) {
    return [...this.channels.values()].filter(
      (channel) => channel.calendarId === calendarId && !channel.stopped && channel.expiration > Date.now(),
    )
  }

  /**
   * The notification Google would POST to a channel's address: `sync` when the channel starts, `exists` after a
   * change. The body is empty; the headers say everything.
   */
  notification(channel: { id: string; resourceId: string; address: string; token: string | null }, state: string) {
    const headers: Record<string, string> = {
      'X-Goog-Channel-ID': channel.id,
      'X-Goog-Message-Number': String(++this.messages),
      'X-Goog-Resource-ID': channel.resourceId,
      'X-Goog-Resource-State': state,
      'X-Goog-Resource-URI': `${this.apiBase}/calendars/x/events?alt=json`,
    }
    if (channel.token !== null) headers['X-Goog-Channel-Token'] = channel.token
    return new Request(channel.address, { method: 'POST', headers })
  }

  private calendarList(url: URL) {
    const order = ['freeBusyReader', 'reader', 'writer', 'owner']
    const minimum = order.indexOf(url.searchParams.get('minAccessRole') ?? 'freeBusyReader')
    const items = [...this.calendars.values()]
      .filter((calendar) => order.indexOf(calendar.accessRole) >= minimum)
      .map(({ events, ...calendar }) => ({ kind: 'calendar#calendarListEntry', ...calendar }))
    return Response.json({ kind: 'calendar#calendarList', etag: `"${this.seq}"`, items })
  }

  private list(calendar: Calendar, url: URL) {
    const query = url.searchParams
    const pageToken = query.get('pageToken')
    if (pageToken) {
      const pending = this.pages.get(pageToken)
      if (!pending) return googleError(400, 'invalid', 'Invalid page token')
      this.pages.delete(pageToken)
      return this.page(pending.items, pending.syncToken, query)
    }
    const singleEvents = query.get('singleEvents') === 'true'
    const syncToken = query.get('syncToken')
    let items: Record<string, unknown>[]
    if (syncToken) {
      // Documented: these cannot be combined with a sync token.
      for (const name of ['timeMin', 'timeMax', 'updatedMin', 'orderBy', 'q', 'iCalUID']) {
        if (query.has(name)) return googleError(400, 'invalid', `${name} cannot be used with syncToken`)
      }
      const since = this.syncTokens.get(syncToken)
      if (!since || since.calendarId !== calendar.id) {
        return googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.')
      }
      if (since.singleEvents !== singleEvents)
        return googleError(400, 'invalid', 'singleEvents must match the sync token')
      // Deleted events are always part of an incremental answer.
      items = [...calendar.events.values()]
        .filter((event) => event.seq > since.seq)
        .flatMap((event) => this.shapes(event, singleEvents))
    } else {
      const timeMin = query.get('timeMin')
      const timeMax = query.get('timeMax')
      const uid = query.get('iCalUID')
      const showDeleted = query.get('showDeleted') === 'true'
      items = [...calendar.events.values()]
        .filter((event) => !uid || event.iCalUID === uid)
        .flatMap((event) => this.shapes(event, singleEvents))
        .filter((item) => showDeleted || item.status !== 'cancelled')
        .filter((item) => {
          if (item.status === 'cancelled') return true
          // timeMin bounds the end (exclusive), timeMax the start (exclusive).
          const start = instant(item.start as Time)
          const end = instant(item.end as Time)
          return (!timeMin || end > Date.parse(timeMin)) && (!timeMax || start < Date.parse(timeMax))
        })
    }
    const nextSyncToken = query.has('iCalUID') ? null : `sync-${crypto.randomUUID()}`
    if (nextSyncToken) this.syncTokens.set(nextSyncToken, { calendarId: calendar.id, seq: this.seq, singleEvents })
    return this.page(items, nextSyncToken, query)
  }

  private page(items: unknown[], syncToken: string | null, query: URLSearchParams) {
    const size = Math.min(Number(query.get('maxResults') ?? 250), this.pageSize)
    const answer: Record<string, unknown> = { kind: 'calendar#events', items: items.slice(0, size) }
    if (items.length > size) {
      const token = `page-${crypto.randomUUID()}`
      this.pages.set(token, { items: items.slice(size), syncToken })
      answer.nextPageToken = token
    } else if (syncToken) {
      answer.nextSyncToken = syncToken
    }
    return Response.json(answer)
  }

  private fieldsOf(body: Record<string, unknown>) {
    const start = body.start as Time | undefined
    const end = body.end as Time | undefined
    if (!start || !end || (!start.date && !start.dateTime) || (!end.date && !end.dateTime)) {
      return googleError(400, 'required', 'Missing end time.')
    }
    return {
      summary: body.summary as string | undefined,
      description: body.description as string | undefined,
      location: body.location as string | undefined,
      start,
      end,
      transparency: body.transparency as GoogleEventInput['transparency'],
      status: (body.status as GoogleEventInput['status']) ?? 'confirmed',
      attendees: (body.attendees as Attendee[] | undefined)?.map((attendee) => ({
        ...attendee,
        responseStatus: attendee.responseStatus ?? 'needsAction',
      })),
    }
  }

  private insert(calendar: Calendar, body: Record<string, unknown>) {
    if (typeof body.id === 'string' && typeof body.iCalUID === 'string') {
      return googleError(400, 'invalid', 'Only one of id and iCalUID may be given')
    }
    const fields = this.fieldsOf(body)
    if (fields instanceof Response) return fields
    const uid = body.iCalUID as string | undefined
    if (uid && [...calendar.events.values()].some((event) => event.iCalUID === uid)) {
      return googleError(409, 'duplicate', 'The requested identifier already exists.')
    }
    const stored = this.putRemote(calendar.id, { ...fields, ...(uid ? { iCalUID: uid } : {}) })
    return Response.json(this.shapes(stored, false)[0])
  }

  private update(calendar: Calendar, event: StoredEvent, body: Record<string, unknown>) {
    const fields = this.fieldsOf(body)
    if (fields instanceof Response) return fields
    if (typeof body.sequence === 'number' && body.sequence < event.sequence) {
      return googleError(
        400,
        'invalid',
        'Invalid sequence value. The specified sequence number is below the current sequence number of the resource.',
      )
    }
    if (typeof body.iCalUID === 'string' && body.iCalUID !== event.iCalUID) {
      return googleError(400, 'invalid', 'iCalUID cannot be changed')
    }
    const stored = this.putRemote(calendar.id, { ...fields, id: event.id, iCalUID: event.iCalUID })
    return Response.json(this.shapes(stored, false)[0])
  }
}
