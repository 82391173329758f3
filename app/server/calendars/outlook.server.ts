/**
 * Outlook (Microsoft Graph v1.0) calendars (issue 14): /me/calendars for the calendars, the calendarView delta of
 * each for busy times (occurrences come expanded; the deltaLink is the sync token), events create/update/delete for
 * our meetings. Times are asked in UTC (`Prefer: outlook.timezone="UTC"`).
 * https://learn.microsoft.com/graph/api/event-delta, https://learn.microsoft.com/graph/delta-query-events
 */
import type { BusyItem, BusyWindow } from '#app/domain/calendars/types.ts'
import { isIsoDate, isValidTimeZone, startOfZonedDay, zonedToInstant } from '#app/domain/time/index.ts'
import { oauthCalendarProvider, unavailable } from './oauth-api.server.ts'
import {
  CalendarAuthError,
  CalendarUnavailableError,
  type OurEvent,
  type RemoteCalendar,
  changesOf,
} from './provider.server.ts'

/** A guard against a provider that keeps answering pages. */
const MAX_PAGES = 500
/** Both preferences in one header: times in UTC, and pages bigger than the default of 10 events. */
const PREFER = 'outlook.timezone="UTC", odata.maxpagesize=200'

type GraphTime = { dateTime?: string; timeZone?: string }

export type GraphEvent = {
  id: string
  '@odata.etag'?: string
  '@removed'?: { reason?: string }
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster'
  subject?: string
  iCalUId?: string
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown'
  isCancelled?: boolean
  isAllDay?: boolean
  responseStatus?: { response?: string }
  /** Set by the app that created the event (us: our UID), returned on every read. */
  transactionId?: string | null
  start?: GraphTime
  end?: GraphTime
}

type Page<T> = { value?: T[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string }

type GraphCalendar = { id: string; name?: string; hexColor?: string; canEdit?: boolean }

const GRAPH_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/

/** A Graph date-time in its zone: UTC as asked, or an IANA zone; a Windows zone name means the header was ignored. */
function graphInstant(time: GraphTime | undefined): number | null {
  const match = time?.dateTime ? GRAPH_TIME.exec(time.dateTime) : null
  if (!match) return null
  const [, date, hours, minutes, seconds = '0', fraction = ''] = match
  const zone = time?.timeZone ?? 'UTC'
  const withinMinute = Number(seconds) * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'))
  if (zone === 'UTC' || zone === 'Etc/UTC') {
    return Date.parse(`${date}T${hours}:${minutes}:00Z`) + withinMinute
  }
  if (isValidTimeZone(zone)) return zonedToInstant(zone, date, Number(hours) * 60 + Number(minutes)) + withinMinute
  throw new CalendarUnavailableError(`Graph answered a time in "${zone}" instead of UTC`)
}

/** Start and end of an event: an all-day one covers its dates in the host's zone (the end date is exclusive). */
function spanOf(event: GraphEvent, timeZone: string): { start: number; end: number } | null {
  if (event.isAllDay) {
    const from = event.start?.dateTime?.slice(0, 10) ?? ''
    const to = event.end?.dateTime?.slice(0, 10) ?? ''
    if (!isIsoDate(from) || !isIsoDate(to)) return null
    return { start: startOfZonedDay(timeZone, from), end: startOfZonedDay(timeZone, to) }
  }
  const start = graphInstant(event.start)
  const end = graphInstant(event.end)
  return start === null || end === null ? null : { start, end }
}

/**
 * The event's UID for recognising our own meetings. Exchange makes its own iCalUId whatever the client asks, so our
 * UID travels in `transactionId` (a write anew after a deletion adds `#...` to it: see `putEvent`).
 */
function uidOf(event: GraphEvent): string {
  if (event.transactionId) return event.transactionId.split('#')[0]
  return event.iCalUId ?? event.id
}

/** What an event makes busy in the window: nothing when free, cancelled, declined by the account, or outside it. */
export function graphBusyItems(event: GraphEvent, window: BusyWindow): BusyItem[] {
  if (event.isCancelled || event.showAs === 'free' || event.responseStatus?.response === 'declined') return []
  const span = spanOf(event, window.timeZone)
  if (!span || span.end <= span.start || span.end <= window.from || span.start >= window.to) return []
  return [{ uid: uidOf(event), title: event.subject ?? '', start: span.start, end: span.end }]
}

async function errorCode(response: Response): Promise<string> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null
  return body?.error?.code ?? ''
}

/** The delta round is lost (expired token, reset mailbox): start a new one with a full sync. */
async function isSyncStateLost(response: Response): Promise<boolean> {
  if (response.status === 410) return true
  return (
    response.status === 400 && /^(syncStateNotFound|syncStateInvalid|resyncRequired)$/i.test(await errorCode(response))
  )
}

/**
 * A 403 on a read is a missing permission (the consent was narrowed or revoked): a reconnect. On a write (a calendar
 * shared read-only) it is retried later, like 429 and 5xx.
 */
async function failure(response: Response, what: string, write = false): Promise<Error> {
  if (response.status === 403 && !write) {
    const code = await errorCode(response)
    await response.body?.cancel()
    return new CalendarAuthError(`${what}: Graph refused access (${code || 'forbidden'})`)
  }
  return unavailable(response, what)
}

export const createOutlookProvider = oauthCalendarProvider('outlook', (api, env) => {
  const base = env.GRAPH_API_BASE.replace(/\/+$/, '')
  const calendarPath = (calendarId: string) => `${base}/me/calendars/${encodeURIComponent(calendarId)}`

  /** Every page of a delta round from `first`; `lost` when Graph asks for a new round. */
  async function deltaRound(first: string): Promise<{ events: GraphEvent[]; deltaLink: string | null } | 'lost'> {
    const events: GraphEvent[] = []
    let next = first
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await api.call(next, { headers: { Prefer: PREFER } })
      if (await isSyncStateLost(response)) {
        await response.body?.cancel()
        return 'lost'
      }
      if (!response.ok) throw await failure(response, 'Graph calendarView delta')
      const answer = (await response.json()) as Page<GraphEvent>
      events.push(...(answer.value ?? []))
      const nextLink = answer['@odata.nextLink']
      if (nextLink) {
        next = ownLink(nextLink)
        continue
      }
      return { events, deltaLink: answer['@odata.deltaLink'] ?? null }
    }
    throw new CalendarUnavailableError(`Graph calendarView delta: more than ${MAX_PAGES} pages`)
  }

  /** Links Graph hands out are followed only on Graph itself: the access token never goes anywhere else. */
  function ownLink(link: string): string {
    if (!link.startsWith(`${base}/`)) throw new CalendarUnavailableError(`Graph gave a link outside ${base}`)
    return link
  }

  function changes(round: { events: GraphEvent[]; deltaLink: string | null }, window: BusyWindow, full: boolean) {
    // A series master is not an occurrence; the view lists its occurrences one by one.
    const occurrences = round.events.filter((event) => event.type !== 'seriesMaster')
    return changesOf(occurrences, full, round.deltaLink, (event) => {
      const span = event['@removed'] ? null : spanOf(event, window.timeZone)
      if (!span || span.end <= window.from || span.start >= window.to) return null
      return {
        key: event.id,
        etag: event['@odata.etag'] ?? null,
        uid: uidOf(event),
        items: graphBusyItems(event, window),
      }
    })
  }

  /**
   * Our meeting as a Graph event. Participants are not added as attendees: Exchange would mail them its own
   * invitation from the specialist's mailbox on top of ours (Graph has no "send no updates").
   */
  const eventBody = (event: OurEvent) => ({
    subject: event.summary,
    body: { contentType: 'text', content: event.description },
    start: { dateTime: new Date(event.start).toISOString().slice(0, 19), timeZone: 'UTC' },
    end: { dateTime: new Date(event.end).toISOString().slice(0, 19), timeZone: 'UTC' },
    location: { displayName: event.location },
    showAs: 'busy',
  })

  const written = (answer: GraphEvent) => ({ key: answer.id, etag: answer['@odata.etag'] ?? null })

  return {
    async listCalendars() {
      const calendars: RemoteCalendar[] = []
      let next = `${base}/me/calendars?$select=id,name,hexColor,canEdit&$top=100`
      for (let page = 0; page < MAX_PAGES; page++) {
        const response = await api.call(next)
        if (!response.ok) throw await failure(response, 'Graph /me/calendars')
        const answer = (await response.json()) as Page<GraphCalendar>
        for (const calendar of answer.value ?? []) {
          calendars.push({
            remoteId: calendar.id,
            name: calendar.name || calendar.id,
            color: calendar.hexColor || null,
            canWrite: calendar.canEdit === true,
          })
        }
        const nextLink = answer['@odata.nextLink']
        if (!nextLink) return calendars
        next = ownLink(nextLink)
      }
      throw new CalendarUnavailableError(`Graph /me/calendars: more than ${MAX_PAGES} pages`)
    },

    async sync(calendar, cursor, window, full) {
      if (!full && cursor.syncToken?.startsWith(`${base}/`)) {
        const round = await deltaRound(cursor.syncToken)
        if (round !== 'lost') {
          if (round.events.length === 0 && round.deltaLink === cursor.syncToken) return { kind: 'unchanged' }
          return changes(round, window, false)
        }
      }
      const query = new URLSearchParams({
        startDateTime: new Date(window.from).toISOString(),
        endDateTime: new Date(window.to).toISOString(),
      })
      const round = await deltaRound(`${calendarPath(calendar.remoteId)}/calendarView/delta?${query}`)
      if (round === 'lost') throw new CalendarUnavailableError('Graph calendarView delta: a new round was refused')
      return changes(round, window, true)
    },

    async putEvent(calendar, event, existing) {
      if (existing) {
        const response = await api.call(
          `${calendarPath(calendar.remoteId)}/events/${encodeURIComponent(existing.key)}`,
          {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(eventBody(event)),
          },
        )
        if (response.ok) return written((await response.json()) as GraphEvent)
        // Deleted in Outlook: written anew below.
        if (response.status !== 404) throw await failure(response, 'Graph event update', true)
        await response.body?.cancel()
      }
      const response = await api.call(`${calendarPath(calendar.remoteId)}/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // Our UID, and Graph's idempotency key: a retried first create after a lost answer makes no second event.
        // Writing anew an event deleted in Outlook takes a fresh key (the UID, `#`, a suffix): the bare UID would
        // name the deleted event.
        body: JSON.stringify({
          ...eventBody(event),
          transactionId: existing ? `${event.uid}#${Date.now().toString(36)}` : event.uid,
        }),
      })
      if (!response.ok) throw await failure(response, 'Graph event create', true)
      return written((await response.json()) as GraphEvent)
    },

    async deleteEvent(calendar, existing) {
      const response = await api.call(`${calendarPath(calendar.remoteId)}/events/${encodeURIComponent(existing.key)}`, {
        method: 'DELETE',
      })
      if (response.ok || response.status === 404 || response.status === 410) {
        await response.body?.cancel()
        return
      }
      throw await failure(response, 'Graph event delete', true)
    },
  }
})
