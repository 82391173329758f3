/**
 * A fake Microsoft Graph v1.0 (calendars) and Microsoft's v2.0 token endpoint, at the fetch boundary, built from the
 * documented shapes (https://learn.microsoft.com/graph/api/event-delta, .../graph/delta-query-events,
 * .../graph/throttling, .../graph/errors): /me; /me/calendars with `@odata.nextLink`; a calendarView delta round
 * (occurrences of recurring events expanded, pages by `Prefer: odata.maxpagesize`, `@odata.deltaLink`, `@removed`
 * for deleted events and those moved out of the view, 410 `syncStateNotFound` on a lost round); times in UTC only
 * when `Prefer: outlook.timezone="UTC"` asks, else in a Windows zone; events create (idempotent by `transactionId`,
 * Exchange's own iCalUId) / update / delete; 401 on a dead token; injected 429/503 with Retry-After. State lives in
 * memory, so a test changes the calendar between syncs.
 */
import { type InjectedFailure, OAuthFake, bearerOf } from './oauth-fake.ts'

export const GRAPH_BASE = 'https://graph.microsoft.com/v1.0'
export const MICROSOFT_TOKEN_URL = 'https://login.microsoftonline.com/common/oauth2/v2.0/token'
export const MICROSOFT_CLIENT = { id: '3f6c1b2a-0000-4000-8000-00000000c1d0', secret: 'microsoft-secret' }

type ShowAs = 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown'

/**
 * An event as a test writes it: `start`/`end` are UTC instants (ISO), or dates (`YYYY-MM-DD`, end exclusive) with
 * `isAllDay`. `repeat` makes it a series whose occurrences the view lists.
 */
export type GraphEventInput = {
  id?: string
  subject?: string
  start: string
  end: string
  isAllDay?: boolean
  showAs?: ShowAs
  isCancelled?: boolean
  response?: 'none' | 'organizer' | 'tentativelyAccepted' | 'accepted' | 'declined' | 'notResponded'
  iCalUId?: string
  repeat?: { everyDays: number; count: number }
  body?: { contentType: string; content: string }
  location?: { displayName: string }
  attendees?: unknown[]
  transactionId?: string
}

type StoredEvent = GraphEventInput & {
  id: string
  iCalUId: string
  seq: number
  changeKey: string
  deleted: boolean
  cancelledInstances: Set<number>
}

type Calendar = { id: string; name: string; hexColor: string; canEdit: boolean; events: Map<string, StoredEvent> }

type Round = { calendarId: string; from: number; to: number; seq: number }

export type RecordedRequest = { method: string; url: URL; headers: Headers; body: unknown }

const DAY = 86_400_000
/** Graph's limit for subscriptions to events: 4230 minutes. */
const SUBSCRIPTION_MAX_MS = 4230 * 60_000
/** Moscow, as Exchange names it: what Graph answers when the UTC preference is missing. */
const WINDOWS_ZONE = { name: 'Russian Standard Time', offsetMs: 3 * 3_600_000 }

function graphError(status: number, code: string, message: string, headers: HeadersInit = {}) {
  return Response.json(
    { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': crypto.randomUUID() } } },
    { status, headers },
  )
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)
const bounds = (value: string) => (isDate(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value))

export class FakeGraph {
  readonly oauth: OAuthFake
  readonly requests: RecordedRequest[] = []
  readonly calendars = new Map<string, Calendar>()
  private readonly failures: InjectedFailure[] = []
  private readonly deltaTokens = new Map<string, Round>()
  private readonly pending = new Map<string, { items: unknown[]; round: Round }>()
  private seq = 0
  private ids = 0
  /** Subscriptions by id (change notifications). */
  readonly subscriptions = new Map<
    string,
    {
      id: string
      resource: string
      changeType: string
      notificationUrl: string
      clientState: string | null
      expirationDateTime: string
      calendarId: string
    }
  >()
  /** How the fake reaches a notificationUrl (the validation handshake); none: every validation fails. */
  deliver: ((request: Request) => Promise<Response>) | null = null
  /** Calendars per page of /me/calendars, whatever $top asks (to make tests page). */
  calendarPageSize = 100

  constructor(
    readonly account = { id: 'graph-user-1', displayName: 'Олег Смирнов', mail: 'host@contoso.com' },
    readonly base = GRAPH_BASE,
  ) {
    this.oauth = new OAuthFake({
      tokenUrl: MICROSOFT_TOKEN_URL,
      clientId: MICROSOFT_CLIENT.id,
      clientSecret: MICROSOFT_CLIENT.secret,
      requiredScopes: ['offline_access', 'Calendars.ReadWrite', 'User.Read'],
      rotatesRefreshToken: true,
      scopeOnRefresh: true,
      idTokenClaims: null,
    })
  }

  /** The fetch boundary: give this to the provider. */
  readonly fetch: typeof fetch = async (input, init) => this.handle(new Request(input, init))

  addCalendar(calendar: Partial<Omit<Calendar, 'events'>> & { id: string }) {
    this.calendars.set(calendar.id, { name: calendar.id, hexColor: '', canEdit: true, ...calendar, events: new Map() })
  }

  /** Adds or replaces an event, as the person would in Outlook. */
  putRemote(calendarId: string, input: GraphEventInput): StoredEvent {
    const calendar = this.calendar(calendarId)
    const id = input.id ?? `AAMkAG${++this.ids}${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`
    const previous = calendar.events.get(id)
    const event: StoredEvent = {
      showAs: 'busy',
      response: 'organizer',
      // Exchange makes its own UID whatever the client wanted.
      iCalUId: previous?.iCalUId ?? `040000008200E00074C5B7101A82E008${crypto.randomUUID().replaceAll('-', '')}`,
      ...input,
      id,
      seq: ++this.seq,
      changeKey: `ck${this.seq}`,
      deleted: false,
      cancelledInstances: previous?.cancelledInstances ?? new Set(),
    }
    calendar.events.set(id, event)
    return event
  }

  deleteRemote(calendarId: string, id: string) {
    const event = this.calendar(calendarId).events.get(id)
    if (!event) throw new Error(`no event ${id}`)
    Object.assign(event, { deleted: true, seq: ++this.seq })
  }

  /** Deletes one occurrence of a series. */
  deleteOccurrence(calendarId: string, id: string, index: number) {
    const event = this.calendar(calendarId).events.get(id)
    if (!event?.repeat) throw new Error(`no series ${id}`)
    event.cancelledInstances.add(index)
    event.seq = ++this.seq
  }

  /** Graph lost every delta round (tokens expire): the next delta answers 410 syncStateNotFound. */
  expireDeltaTokens() {
    this.deltaTokens.clear()
  }

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

  /** The occurrences of an event (one for a single event) with their index and span. */
  private occurrences(event: StoredEvent) {
    const count = event.repeat?.count ?? 1
    const every = (event.repeat?.everyDays ?? 0) * DAY
    return Array.from({ length: count }, (_, index) => {
      const shift = (value: string) =>
        isDate(value)
          ? new Date(Date.parse(`${value}T00:00:00Z`) + index * every).toISOString().slice(0, 10)
          : new Date(Date.parse(value) + index * every).toISOString()
      const start = shift(event.start)
      const end = shift(event.end)
      const id = event.repeat ? `${event.id}_OCC${start.slice(0, 10).replaceAll('-', '')}` : event.id
      return { index, id, start, end, gone: event.deleted || event.cancelledInstances.has(index) }
    })
  }

  private time(value: string, utc: boolean) {
    if (isDate(value)) return { dateTime: `${value}T00:00:00.0000000`, timeZone: utc ? 'UTC' : WINDOWS_ZONE.name }
    const at = Date.parse(value) + (utc ? 0 : WINDOWS_ZONE.offsetMs)
    return { dateTime: `${new Date(at).toISOString().slice(0, 19)}.0000000`, timeZone: utc ? 'UTC' : WINDOWS_ZONE.name }
  }

  private shape(event: StoredEvent, occurrence: { id: string; start: string; end: string }, utc: boolean) {
    return {
      '@odata.type': '#microsoft.graph.event',
      '@odata.etag': `W/"${event.changeKey}"`,
      id: occurrence.id,
      changeKey: event.changeKey,
      type: event.repeat ? 'occurrence' : 'singleInstance',
      ...(event.repeat ? { seriesMasterId: event.id } : {}),
      subject: event.subject ?? '',
      iCalUId: event.iCalUId,
      isAllDay: event.isAllDay ?? false,
      isCancelled: event.isCancelled ?? false,
      showAs: event.showAs,
      responseStatus: { response: event.response, time: '0001-01-01T00:00:00Z' },
      start: this.time(occurrence.start, utc),
      end: this.time(occurrence.end, utc),
      body: event.body ?? { contentType: 'text', content: '' },
      location: event.location ?? { displayName: '' },
      attendees: event.attendees ?? [],
      transactionId: event.transactionId ?? null,
    }
  }

  private record(request: Request, body: unknown) {
    this.requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body })
  }

  async handle(request: Request): Promise<Response> {
    if (request.url === this.oauth.options.tokenUrl) {
      this.record(request, null)
      return this.oauth.token(request)
    }
    if (!request.url.startsWith(`${this.base}/`)) throw new Error(`fake Graph: unexpected ${request.url}`)
    const url = new URL(request.url)
    const body = request.method === 'POST' || request.method === 'PATCH' ? await request.json() : null
    this.record(request, body)
    const path = decodeURIComponent(url.pathname.slice(new URL(this.base).pathname.length))
    const injected = this.failures.findIndex(
      (failure) =>
        (!failure.path || path.includes(failure.path)) && (!failure.method || failure.method === request.method),
    )
    if (injected >= 0) {
      const [failure] = this.failures.splice(injected, 1)
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) }
      if (failure.body !== undefined) return Response.json(failure.body, { status: failure.status, headers })
      const code = failure.status === 429 ? 'TooManyRequests' : 'serviceNotAvailable'
      return graphError(failure.status, code, 'Injected failure', headers)
    }
    if (!this.oauth.isLive(bearerOf(request))) {
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', {
        'WWW-Authenticate': 'Bearer realm="", error="invalid_token"',
      })
    }
    if (path === '/subscriptions' && request.method === 'POST') return this.subscribe(body as Record<string, unknown>)
    const subscription = /^\/subscriptions\/([^/]+)$/.exec(path)
    if (subscription) return this.subscriptionCall(request.method, subscription[1], body as Record<string, unknown>)
    if (request.method === 'GET' && path === '/me') {
      return Response.json({
        '@odata.context': `${this.base}/$metadata#users/$entity`,
        id: this.account.id,
        displayName: this.account.displayName,
        mail: this.account.mail,
        userPrincipalName: this.account.mail,
      })
    }
    if (request.method === 'GET' && path === '/me/calendars') return this.listCalendars(url)
    const match = /^\/me\/calendars\/([^/]+)\/(calendarView\/delta|events)(?:\/([^/]+))?$/.exec(path)
    const calendar = match ? this.calendars.get(match[1]) : undefined
    if (!match || !calendar)
      return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.')
    const utc = /outlook\.timezone="UTC"/.test(request.headers.get('Prefer') ?? '')
    if (match[2] === 'calendarView/delta' && request.method === 'GET') return this.delta(calendar, request, url, utc)
    if (request.method !== 'GET' && !calendar.canEdit) {
      return graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.')
    }
    const eventId = match[3]
    if (request.method === 'POST' && !eventId) return this.create(calendar, body as Record<string, unknown>, utc)
    const event = eventId ? calendar.events.get(eventId) : undefined
    if (!event || event.deleted) {
      return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.')
    }
    if (request.method === 'PATCH') return this.patch(calendar, event, body as Record<string, unknown>, utc)
    if (request.method === 'DELETE') {
      this.deleteRemote(calendar.id, event.id)
      return new Response(null, { status: 204 })
    }
    return graphError(405, 'ErrorInvalidRequest', 'Method not allowed')
  }

  /**
   * Creates a subscription (https://learn.microsoft.com/graph/api/subscription-post-subscriptions): an https
   * notificationUrl that passes the validation handshake (Graph POSTs `?validationToken=` and wants the token back
   * as text/plain 200 within 10 seconds), a resource of this account, an expiration at most 4230 minutes ahead, a
   * clientState of at most 128 characters.
   */
  private async subscribe(body: Record<string, unknown>) {
    const { changeType, notificationUrl, resource, expirationDateTime, clientState } = body
    const invalid = (message: string) => graphError(400, 'InvalidRequest', message)
    if (
      typeof changeType !== 'string' ||
      !changeType.split(',').every((c) => ['created', 'updated', 'deleted'].includes(c))
    ) {
      return invalid('Invalid changeType')
    }
    if (typeof notificationUrl !== 'string' || !notificationUrl.startsWith('https://')) {
      return invalid('The Url scheme must be https')
    }
    const calendarId = /^me\/calendars\/([^/]+)\/events$/.exec(String(resource))?.[1]
    if (!calendarId || !this.calendars.has(decodeURIComponent(calendarId))) {
      return graphError(404, 'ResourceNotFound', 'Resource not found for the segment')
    }
    const expires = Date.parse(String(expirationDateTime))
    if (Number.isNaN(expires) || expires <= Date.now() || expires > Date.now() + SUBSCRIPTION_MAX_MS) {
      return invalid('Subscription expiration can only be 4230 minutes in the future.')
    }
    if (clientState !== undefined && (typeof clientState !== 'string' || clientState.length > 128)) {
      return invalid('clientState is too long')
    }
    const validationToken = `Validation: Testing client application reachability ${crypto.randomUUID()}`
    const answer = this.deliver
      ? await this.deliver(
          new Request(`${notificationUrl}?validationToken=${encodeURIComponent(validationToken)}`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          }),
        )
      : null
    if (
      answer?.status !== 200 ||
      !(answer.headers.get('Content-Type') ?? '').startsWith('text/plain') ||
      (await answer.text()) !== validationToken
    ) {
      return invalid(
        'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
      )
    }
    const stored = {
      id: crypto.randomUUID(),
      resource: String(resource),
      changeType,
      notificationUrl,
      clientState: (clientState as string | undefined) ?? null,
      expirationDateTime: new Date(expires).toISOString(),
      calendarId: decodeURIComponent(calendarId),
    }
    this.subscriptions.set(stored.id, stored)
    const { calendarId: _, ...shape } = stored
    return Response.json(
      { '@odata.context': `${this.base}/$metadata#subscriptions/$entity`, ...shape },
      { status: 201 },
    )
  }

  /** PATCH renews (expirationDateTime only), DELETE removes; 404 for an unknown subscription. */
  private subscriptionCall(method: string, id: string, body: Record<string, unknown>) {
    const stored = this.subscriptions.get(id)
    if (!stored) return graphError(404, 'ResourceNotFound', `The object was not found.`)
    if (method === 'DELETE') {
      this.subscriptions.delete(id)
      return new Response(null, { status: 204 })
    }
    if (method !== 'PATCH') return graphError(405, 'ErrorInvalidRequest', 'Method not allowed')
    const expires = Date.parse(String(body.expirationDateTime))
    if (Number.isNaN(expires) || expires <= Date.now() || expires > Date.now() + SUBSCRIPTION_MAX_MS) {
      return graphError(400, 'InvalidRequest', 'Subscription expiration can only be 4230 minutes in the future.')
    }
    stored.expirationDateTime = new Date(expires).toISOString()
    const { calendarId: _, ...shape } = stored
    return Response.json(shape)
  }

  /** What Graph would POST to the subscriptions of a calendar after a change (one item per subscription). */
  notification(calendarId: string, changeType: 'created' | 'updated' | 'deleted') {
    const value = [...this.subscriptions.values()]
      .filter((subscription) => subscription.calendarId === calendarId)
      .map((subscription) => ({
        subscriptionId: subscription.id,
        subscriptionExpirationDateTime: subscription.expirationDateTime,
        changeType,
        resource: `Users/${this.account.id}/Events/AAMkAG${crypto.randomUUID().slice(0, 8)}`,
        resourceData: { '@odata.type': '#Microsoft.Graph.Event', id: 'AAMkAG' },
        clientState: subscription.clientState,
        tenantId: '00000000-0000-4000-8000-000000000000',
      }))
    return { value }
  }

  private listCalendars(url: URL) {
    const top = Math.min(Number(url.searchParams.get('$top') ?? 10), this.calendarPageSize)
    const skip = Number(url.searchParams.get('$skip') ?? 0)
    const all = [...this.calendars.values()]
    const value = all.slice(skip, skip + top).map(({ events, ...calendar }) => ({
      ...calendar,
      isDefaultCalendar: calendar.id === all[0]?.id,
      owner: { name: this.account.displayName, address: this.account.mail },
    }))
    const answer: Record<string, unknown> = { '@odata.context': `${this.base}/$metadata#users('me')/calendars`, value }
    if (skip + top < all.length) answer['@odata.nextLink'] = `${this.base}/me/calendars?$top=${top}&$skip=${skip + top}`
    return Response.json(answer)
  }

  private delta(calendar: Calendar, request: Request, url: URL, utc: boolean) {
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(request.headers.get('Prefer') ?? '')?.[1] ?? 10)
    const skipToken = url.searchParams.get('$skiptoken')
    const deltaToken = url.searchParams.get('$deltatoken')
    const lost = () => graphError(410, 'syncStateNotFound', 'The sync state generation is not found.')
    if (skipToken) {
      const pending = this.pending.get(skipToken)
      if (!pending) return lost()
      this.pending.delete(skipToken)
      return this.deltaPage(calendar, pending.items, pending.round, pageSize)
    }
    let round: Round
    let items: unknown[]
    if (deltaToken) {
      const since = this.deltaTokens.get(deltaToken)
      if (!since || since.calendarId !== calendar.id) return lost()
      round = { ...since, seq: this.seq }
      items = [...calendar.events.values()]
        .filter((event) => event.seq > since.seq)
        .flatMap((event) =>
          this.occurrences(event).map((occurrence) => {
            const inView = bounds(occurrence.end) > since.from && bounds(occurrence.start) < since.to
            return occurrence.gone || !inView
              ? { '@odata.type': '#microsoft.graph.event', id: occurrence.id, '@removed': { reason: 'deleted' } }
              : this.shape(event, occurrence, utc)
          }),
        )
    } else {
      const from = Date.parse(url.searchParams.get('startDateTime') ?? '')
      const to = Date.parse(url.searchParams.get('endDateTime') ?? '')
      if (Number.isNaN(from) || Number.isNaN(to)) {
        return graphError(400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.')
      }
      round = { calendarId: calendar.id, from, to, seq: this.seq }
      items = [...calendar.events.values()].flatMap((event) =>
        this.occurrences(event)
          .filter((occurrence) => !occurrence.gone && bounds(occurrence.end) > from && bounds(occurrence.start) < to)
          .map((occurrence) => this.shape(event, occurrence, utc)),
      )
    }
    return this.deltaPage(calendar, items, round, pageSize)
  }

  private deltaPage(calendar: Calendar, items: unknown[], round: Round, pageSize: number) {
    const link = `${this.base}/me/calendars/${encodeURIComponent(calendar.id)}/calendarView/delta`
    const answer: Record<string, unknown> = {
      '@odata.context': `${this.base}/$metadata#Collection(event)`,
      value: items.slice(0, pageSize),
    }
    if (items.length > pageSize) {
      const token = crypto.randomUUID()
      this.pending.set(token, { items: items.slice(pageSize), round })
      answer['@odata.nextLink'] = `${link}?$skiptoken=${token}`
    } else {
      const token = crypto.randomUUID()
      this.deltaTokens.set(token, round)
      answer['@odata.deltaLink'] = `${link}?$deltatoken=${token}`
    }
    return Response.json(answer)
  }

  /** A written time: `{ dateTime, timeZone }`; the fake reads UTC only. */
  private written(time: unknown): string | Response {
    const value = time as { dateTime?: string; timeZone?: string } | undefined
    if (!value?.dateTime || !value.timeZone) {
      return graphError(400, 'ErrorInvalidRequest', 'start and end need dateTime and timeZone.')
    }
    if (value.timeZone !== 'UTC') return graphError(400, 'ErrorTimeZoneNotSupportedException', 'Only UTC in this fake.')
    return new Date(`${value.dateTime.slice(0, 19)}Z`).toISOString()
  }

  private fieldsOf(body: Record<string, unknown>) {
    const start = this.written(body.start)
    const end = this.written(body.end)
    if (start instanceof Response) return start
    if (end instanceof Response) return end
    return {
      subject: body.subject as string | undefined,
      body: body.body as GraphEventInput['body'],
      location: body.location as GraphEventInput['location'],
      showAs: (body.showAs as ShowAs | undefined) ?? 'busy',
      attendees: body.attendees as unknown[] | undefined,
      start,
      end,
    }
  }

  private create(calendar: Calendar, body: Record<string, unknown>, utc: boolean) {
    const transactionId = typeof body.transactionId === 'string' ? body.transactionId : undefined
    const repeated = transactionId
      ? [...calendar.events.values()].find((event) => event.transactionId === transactionId && !event.deleted)
      : undefined
    if (repeated) return Response.json(this.shape(repeated, repeated, utc), { status: 201 })
    const fields = this.fieldsOf(body)
    if (fields instanceof Response) return fields
    const stored = this.putRemote(calendar.id, { ...fields, transactionId })
    return Response.json(this.shape(stored, stored, utc), { status: 201 })
  }

  private patch(calendar: Calendar, event: StoredEvent, body: Record<string, unknown>, utc: boolean) {
    const fields = this.fieldsOf(body)
    if (fields instanceof Response) return fields
    const { seq, changeKey, deleted, cancelledInstances, ...kept } = event
    const stored = this.putRemote(calendar.id, { ...kept, ...fields })
    return Response.json(this.shape(stored, stored, utc))
  }
}
