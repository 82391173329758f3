/**
 * Google Calendar through its REST API v3 (issue 14): calendarList for the calendars, events.list with
 * `singleEvents=true` (recurring events come expanded into instances) for busy times, a sync token for the changes
 * since the last sync, events insert/update/delete for our meetings.
 * https://developers.google.com/calendar/api/v3/reference, https://developers.google.com/calendar/api/guides/sync
 */
import type { BusyItem, BusyWindow } from '#app/domain/calendars/types.ts'
import { isIsoDate, startOfZonedDay } from '#app/domain/time/index.ts'
import { oauthCalendarProvider, unavailable } from './oauth-api.server.ts'
import {
  CalendarAuthError,
  CalendarUnavailableError,
  type OurEvent,
  type RemoteCalendar,
  changesOf,
  type WrittenEvent,
} from './provider.server.ts'

/** The documented maximum of events.list; big calendars still take several pages. */
const PAGE_SIZE = 2500
/** A guard against a provider that keeps answering pages: 500,000 events is beyond any real calendar. */
const MAX_PAGES = 200

type GoogleTime = { date?: string; dateTime?: string; timeZone?: string }

export type GoogleEvent = {
  id: string
  etag?: string
  status?: 'confirmed' | 'tentative' | 'cancelled'
  summary?: string
  iCalUID?: string
  transparency?: 'opaque' | 'transparent'
  start?: GoogleTime
  end?: GoogleTime
  attendees?: { email?: string; self?: boolean; responseStatus?: string }[]
}

type EventsPage = { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string }

type CalendarListEntry = {
  id: string
  summary?: string
  summaryOverride?: string
  backgroundColor?: string
  accessRole?: 'freeBusyReader' | 'reader' | 'writer' | 'owner'
  deleted?: boolean
}

/**
 * What an event instance makes busy in the window: nothing when it is free (`transparent`), cancelled, declined by
 * the account (its own attendee entry, `self`, or one of the account's addresses), empty, or outside the window. An
 * all-day event covers its dates in the host's zone (`end.date` is exclusive).
 */
export function googleBusyItems(event: GoogleEvent, window: BusyWindow): BusyItem[] {
  if (event.status === 'cancelled' || event.transparency === 'transparent') return []
  const own = new Set(window.ownEmails.map((email) => email.toLowerCase()))
  const declined = (event.attendees ?? []).some(
    (attendee) =>
      attendee.responseStatus === 'declined' && (attendee.self || own.has((attendee.email ?? '').toLowerCase())),
  )
  if (declined) return []
  const start = instantOf(event.start, window.timeZone)
  const end = instantOf(event.end, window.timeZone)
  if (start === null || end === null || end <= start || end <= window.from || start >= window.to) return []
  return [{ uid: event.iCalUID ?? event.id, title: event.summary ?? '', start, end }]
}

function instantOf(time: GoogleTime | undefined, timeZone: string): number | null {
  if (time?.dateTime) {
    const at = Date.parse(time.dateTime)
    return Number.isNaN(at) ? null : at
  }
  if (time?.date && isIsoDate(time.date)) return startOfZonedDay(timeZone, time.date)
  return null
}

function overlapsWindow(event: GoogleEvent, window: BusyWindow): boolean {
  const start = instantOf(event.start, window.timeZone)
  const end = instantOf(event.end, window.timeZone)
  return start !== null && end !== null && end > window.from && start < window.to
}

/** A Google API error's reason: `error.errors[0].reason`, or the newer `error.details[].reason`. */
async function reasonOf(response: Response): Promise<string> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as {
    error?: { errors?: { reason?: string }[]; details?: { reason?: string }[]; status?: string }
  } | null
  const error = body?.error
  return error?.errors?.[0]?.reason ?? error?.details?.find((detail) => detail.reason)?.reason ?? error?.status ?? ''
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded'])
const SCOPE_REASONS = new Set(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'])

/**
 * A failed answer as the provider error. A 403 for missing scopes (calendar access unticked on the consent screen,
 * or taken back) is a reconnect, and so is any other 403 on a read of the account's own calendars; a 403 on a write
 * (a calendar shared read-only) and rate limits are retried later, like 429 and 5xx.
 */
async function failure(response: Response, what: string, write = false): Promise<Error> {
  if (response.status === 403) {
    const reason = await reasonOf(response)
    if (SCOPE_REASONS.has(reason) || (!write && !RATE_LIMIT_REASONS.has(reason))) {
      await response.body?.cancel()
      return new CalendarAuthError(`${what}: Google refused access (${reason || 'forbidden'})`)
    }
  }
  return unavailable(response, what)
}

export const createGoogleProvider = oauthCalendarProvider('google', (api, env) => {
  const base = env.GOOGLE_CALENDAR_API_BASE.replace(/\/+$/, '')
  const url = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString()
    return `${base}${path}${search ? `?${search}` : ''}`
  }
  const eventsPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`

  async function getJson<T>(target: string, what: string): Promise<T> {
    const response = await api.call(target)
    if (!response.ok) throw await failure(response, what)
    return (await response.json()) as T
  }

  /** Every page of events.list; `gone` when Google no longer knows the sync token (410: a full sync is needed). */
  async function listEvents(
    calendarId: string,
    query: Record<string, string>,
  ): Promise<{ events: GoogleEvent[]; syncToken: string | null } | 'gone'> {
    const events: GoogleEvent[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const target = url(eventsPath(calendarId), {
        ...query,
        singleEvents: 'true',
        maxResults: String(PAGE_SIZE),
        ...(pageToken ? { pageToken } : {}),
      })
      const response = await api.call(target)
      if (response.status === 410) {
        await response.body?.cancel()
        return 'gone'
      }
      if (!response.ok) throw await failure(response, 'Google events.list')
      const answer = (await response.json()) as EventsPage
      events.push(...(answer.items ?? []))
      if (answer.nextPageToken) {
        pageToken = answer.nextPageToken
        continue
      }
      return { events, syncToken: answer.nextSyncToken ?? null }
    }
    throw new CalendarUnavailableError(`Google events.list: more than ${MAX_PAGES} pages`)
  }

  function changes(listed: { events: GoogleEvent[]; syncToken: string | null }, window: BusyWindow, full: boolean) {
    return changesOf(listed.events, full, listed.syncToken, (event) =>
      // In a sync token's answer a deleted event (or instance) comes back `cancelled`. An instance outside the window
      // (the token's answer is not bounded by it) is not kept either: the next full sync picks it up in time.
      event.status === 'cancelled' || !overlapsWindow(event, window)
        ? null
        : {
            key: event.id,
            etag: event.etag ?? null,
            uid: event.iCalUID ?? event.id,
            items: googleBusyItems(event, window),
          },
    )
  }

  /** Our meeting as a Google event. No `sequence`: Google raises its own and refuses a lower one. */
  function eventBody(event: OurEvent) {
    return {
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: { dateTime: new Date(event.start).toISOString(), timeZone: event.timeZone },
      end: { dateTime: new Date(event.end).toISOString(), timeZone: event.timeZone },
      iCalUID: event.uid,
      status: 'confirmed',
      transparency: 'opaque',
      attendees: event.attendees.map((attendee) => ({ email: attendee.email, displayName: attendee.name })),
    }
  }

  const written = (answer: GoogleEvent): WrittenEvent => ({ key: answer.id, etag: answer.etag ?? null })

  // `sendUpdates=none`: the participants get our emails, not a second invitation from Google.
  const quiet = { sendUpdates: 'none' }

  async function update(calendarId: string, key: string, event: OurEvent): Promise<WrittenEvent | null> {
    const response = await api.call(url(`${eventsPath(calendarId)}/${encodeURIComponent(key)}`, quiet), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(eventBody(event)),
    })
    // Gone from the calendar (404; 410 once deleted): written anew.
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel()
      return null
    }
    if (!response.ok) throw await failure(response, 'Google events.update', true)
    return written((await response.json()) as GoogleEvent)
  }

  async function insert(calendarId: string, event: OurEvent): Promise<WrittenEvent> {
    const response = await api.call(url(eventsPath(calendarId), quiet), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(eventBody(event)),
    })
    if (response.status === 409) {
      // The UID is there already: an earlier insert whose answer was lost (the outbox retried). Replace that one.
      await response.body?.cancel()
      const found = await getJson<EventsPage>(
        url(eventsPath(calendarId), { iCalUID: event.uid, showDeleted: 'true' }),
        'Google events.list by iCalUID',
      )
      const existing = found.items?.[0]
      const replaced = existing ? await update(calendarId, existing.id, event) : null
      if (!replaced) throw new CalendarUnavailableError(`Google events.insert: UID ${event.uid} conflicts`)
      return replaced
    }
    if (!response.ok) throw await failure(response, 'Google events.insert', true)
    return written((await response.json()) as GoogleEvent)
  }

  return {
    async listCalendars() {
      const calendars: RemoteCalendar[] = []
      let pageToken: string | undefined
      for (let page = 0; page < MAX_PAGES; page++) {
        // Free/busy-only calendars cannot list their events: not offered.
        const answer = await getJson<{ items?: CalendarListEntry[]; nextPageToken?: string }>(
          url('/users/me/calendarList', {
            minAccessRole: 'reader',
            maxResults: '250',
            ...(pageToken ? { pageToken } : {}),
          }),
          'Google calendarList',
        )
        for (const entry of answer.items ?? []) {
          if (entry.deleted) continue
          calendars.push({
            remoteId: entry.id,
            name: entry.summaryOverride || entry.summary || entry.id,
            color: entry.backgroundColor ?? null,
            canWrite: entry.accessRole === 'owner' || entry.accessRole === 'writer',
          })
        }
        if (!answer.nextPageToken) return calendars
        pageToken = answer.nextPageToken
      }
      throw new CalendarUnavailableError(`Google calendarList: more than ${MAX_PAGES} pages`)
    },

    async sync(calendar, cursor, window, full) {
      if (!full && cursor.syncToken) {
        // Google refuses a sync token together with timeMin/timeMax: the token carries the original query.
        const listed = await listEvents(calendar.remoteId, { syncToken: cursor.syncToken })
        if (listed !== 'gone') {
          if (listed.events.length === 0 && listed.syncToken === cursor.syncToken) return { kind: 'unchanged' }
          return changes(listed, window, false)
        }
      }
      const listed = await listEvents(calendar.remoteId, {
        timeMin: new Date(window.from).toISOString(),
        timeMax: new Date(window.to).toISOString(),
      })
      if (listed === 'gone') throw new CalendarUnavailableError('Google events.list: 410 without a sync token')
      return changes(listed, window, true)
    },

    async putEvent(calendar, event, existing) {
      if (existing) {
        const replaced = await update(calendar.remoteId, existing.key, event)
        if (replaced) return replaced
      }
      return insert(calendar.remoteId, event)
    },

    async deleteEvent(calendar, existing) {
      const response = await api.call(
        url(`${eventsPath(calendar.remoteId)}/${encodeURIComponent(existing.key)}`, quiet),
        { method: 'DELETE' },
      )
      // 404: never there or purged; 410: deleted already. Either way it is gone.
      if (response.ok || response.status === 404 || response.status === 410) {
        await response.body?.cancel()
        return
      }
      throw await failure(response, 'Google events.delete', true)
    },
  }
})
