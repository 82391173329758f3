/**
 * The one interface every calendar provider implements (issue 14, docs/decisions/0093-calendars.md): CalDAV through
 * tsdav (Yandex, Apple, any server: caldav.server.ts), Google Calendar and Microsoft Graph through their REST APIs
 * (google.server.ts, outlook.server.ts). The sync (sync.server.ts) and the write-back (write-back.server.ts) talk only
 * to this interface; tests give providers a `fetch` of their own (a fake at the fetch boundary, or a real Radicale).
 */
import type { CalendarType } from '#app/domain/enums.ts'
import type { BusyItem, BusyWindow } from '#app/domain/calendars/types.ts'

/** What an integration row keeps sealed (credentials.server.ts): a password, or OAuth tokens. */
export type CalendarCredentials =
  | { kind: 'password'; login: string; password: string }
  | { kind: 'oauth'; accessToken: string; refreshToken: string | null; expiresAt: number | null }

export type RemoteCalendar = { remoteId: string; name: string; color: string | null; canWrite: boolean }

/** A remote object (a CalDAV resource; a Google or Graph event) and what it makes busy within the window. */
export type RemoteObject = { key: string; etag: string | null; uid: string; items: BusyItem[] }

/** The incremental sync state of one calendar, as stored on integration_calendars. */
export type SyncCursor = {
  syncToken: string | null
  ctag: string | null
  /** The ETag of every object stored (key to ETag), for CalDAV's ETag comparison. */
  etags: ReadonlyMap<string, string | null>
}

export type SyncResult =
  /** Nothing changed since the cursor (for CalDAV: one request). */
  | { kind: 'unchanged' }
  /**
   * Changes: with `full` every object of the calendar is in `upserts` and anything else stored is gone; otherwise
   * `upserts` are new or changed objects and `removed` the keys of deleted ones.
   */
  | {
      kind: 'changes'
      full: boolean
      upserts: RemoteObject[]
      removed: string[]
      cursor: { syncToken: string | null; ctag: string | null }
    }

/**
 * A sync's changes from the events a provider listed (Google, Graph): those that `kept` turns into an object are
 * upserts; the rest (deleted, or outside the window) are removed on a changes-only sync and simply left out of a full
 * one.
 */
export function changesOf<E extends { id: string }>(
  events: readonly E[],
  full: boolean,
  syncToken: string | null,
  kept: (event: E) => RemoteObject | null,
): SyncResult {
  const upserts: RemoteObject[] = []
  const removed: string[] = []
  for (const event of events) {
    const object = kept(event)
    if (object) upserts.push(object)
    else if (!full) removed.push(event.id)
  }
  return { kind: 'changes', full, upserts, removed, cursor: { syncToken, ctag: null } }
}

/** One of our meetings as written to a calendar. */
export type OurEvent = {
  uid: string
  /** Raised on every change (iCalendar SEQUENCE). */
  sequence: number
  summary: string
  /** Plain text: what the meeting is, and the participants' manage link. */
  description: string
  /** A street address or a video link; empty when none. */
  location: string
  start: number
  end: number
  /** The organizer's zone (iCalendar TZID). */
  timeZone: string
  organizer: { email: string; name: string }
  attendees: { email: string; name: string }[]
}

/** Where our event lives after a write. */
export type WrittenEvent = { key: string; etag: string | null }

export interface CalendarProvider {
  /** The account's calendars (CalDAV discovery; Google's calendarList; Graph's /me/calendars). */
  listCalendars(): Promise<RemoteCalendar[]>
  /**
   * What changed in one calendar since the cursor. `window` bounds the expansion of recurring events; with
   * `full: true` asked, a provider returns every object (the horizon moved, or the cursor is lost).
   */
  sync(calendar: { remoteId: string }, cursor: SyncCursor, window: BusyWindow, full: boolean): Promise<SyncResult>
  /** Creates our event, or replaces it when `existing` is given. */
  putEvent(calendar: { remoteId: string }, event: OurEvent, existing: WrittenEvent | null): Promise<WrittenEvent>
  /** Removes our event; an event already gone is not an error. */
  deleteEvent(calendar: { remoteId: string }, existing: WrittenEvent): Promise<void>
}

/**
 * The provider refused the credentials or the grant (401/403 on a password, invalid_grant on a refresh): the
 * integration turns depressed until the specialist reconnects.
 */
export class CalendarAuthError extends Error {
  override name = 'CalendarAuthError'
}

/** The provider could not be reached or answered an error (timeout, 5xx, 429): retried later, slots keep the last sync. */
export class CalendarUnavailableError extends Error {
  override name = 'CalendarUnavailableError'
  constructor(
    message: string,
    /** From a 429's Retry-After, in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message)
  }
}

/** A URL the deployment refuses to call (not https, a private or loopback host in production). */
export class CalendarUrlError extends Error {
  override name = 'CalendarUrlError'
}

/** What a provider is built from: the integration, its credentials, and the deployment's settings. */
export type ProviderInput = {
  type: CalendarType
  url: string | null
  credentials: CalendarCredentials
  /** Called when a provider refreshed its OAuth tokens, so the row keeps the new ones. */
  onCredentials?: (credentials: CalendarCredentials) => Promise<void>
}

/** Every outside call gives up after this long. */
export const CALENDAR_TIMEOUT_MS = 15_000
