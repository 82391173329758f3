/**
 * The CalDAV provider (Yandex, Apple iCloud, any CalDAV server; issue 14): discovery, sync and writes. The requests
 * go through caldav-http.server.ts (the URL guard, Basic auth, timeout, errors; tsdav's WebDAV helpers); our events
 * are written as caldav-ics.server.ts builds them.
 *
 * Sync of one calendar: one PROPFIND of its ctag and sync-token; both as stored means unchanged (that single
 * request is the whole sync). Otherwise RFC 6578 sync-collection from the stored token gives the changed and removed
 * hrefs; without a token, or when the server cannot answer it, the object ETags listed by a depth-1 PROPFIND are
 * compared with the stored ones. Only new or changed objects are then fetched (calendar-multiget). A token the
 * server declares invalid, or `full`, fetches every object in one calendar-query.
 */
import { davRequest, propfind } from 'tsdav'
import { busyFromIcs } from '#app/domain/calendars/ical-busy.ts'
import type { BusyWindow } from '#app/domain/calendars/types.ts'
import type { AppEnv } from '../env.server.ts'
import {
  CalendarAuthError,
  type CalendarProvider,
  CalendarUnavailableError,
  CalendarUrlError,
  type OurEvent,
  type ProviderInput,
  type RemoteCalendar,
  type RemoteObject,
  type SyncCursor,
  type SyncResult,
  type WrittenEvent,
} from './provider.server.ts'
import { type Fetch, davClient, list, text, topStatus, withSlash } from './caldav-http.server.ts'
import { ourEventIcs } from './caldav-ics.server.ts'
import { assertCallableUrl } from './url-guard.server.ts'

/** Hrefs per calendar-multiget request. */
const MULTIGET_BATCH = 100
/** A server that keeps answering "truncated" (RFC 6578 §3.6, 507) is read in at most this many rounds. */
const MAX_SYNC_ROUNDS = 20

const NS = {
  'xmlns:d': 'DAV:',
  'xmlns:c': 'urn:ietf:params:xml:ns:caldav',
  'xmlns:cs': 'http://calendarserver.org/ns/',
  'xmlns:ca': 'http://apple.com/ns/ical/',
}

/** An object as the server listed or sent it. */
type Listed = { key: string; etag: string | null }
type Fetched = Listed & { ics: string | null }

/** A calendar object's file name from its UID: only characters every server keeps as they are. */
function objectName(uid: string): string {
  return `${uid.replace(/[^A-Za-z0-9._-]/g, '-')}.ics`
}

function baseUrlOf(input: ProviderInput, env: AppEnv): string {
  if (input.type === 'Yandex') return input.url ?? env.YANDEX_CALDAV_URL
  if (input.type === 'Apple') return input.url ?? env.APPLE_CALDAV_URL
  if (!input.url) throw new CalendarUrlError('A CalDAV integration needs its server URL')
  return input.url
}

export function createCalDavProvider(
  input: ProviderInput,
  env: AppEnv,
  fetcher: Fetch = (request, init) => fetch(request, init),
): CalendarProvider {
  if (input.credentials.kind !== 'password') throw new CalendarAuthError('CalDAV signs in with a login and password')
  const { call, dav, propsOf } = davClient(input.credentials, env, fetcher)
  /** principal → calendar-home-set: the server URL itself, then its well-known address, then its root. */
  async function calendarHomes(): Promise<string[]> {
    const base = assertCallableUrl(baseUrlOf(input, env), env).href
    const candidates = [...new Set([base, new URL('/.well-known/caldav', base).href, new URL('/', base).href])]
    for (const candidate of candidates) {
      const found = await propsOf(candidate, { 'd:current-user-principal': {} })
      const principalHref = text((found.props?.currentUserPrincipal as { href?: unknown } | undefined)?.href)
      if (!principalHref) continue
      const principal = new URL(principalHref, found.at).href
      const home = await propsOf(principal, { 'c:calendar-home-set': {} })
      const homes = list((home.props?.calendarHomeSet as { href?: unknown } | undefined)?.href)
        .map(text)
        .filter((href): href is string => !!href)
      if (homes.length === 0) throw new CalendarUnavailableError(`${principal}: no calendar-home-set`)
      return homes.map((href) => withSlash(new URL(href, home.at).href))
    }
    throw new CalendarUnavailableError(`${base}: no CalDAV principal found (is this a CalDAV server?)`)
  }

  async function listCalendars(): Promise<RemoteCalendar[]> {
    const calendars: RemoteCalendar[] = []
    for (const home of await calendarHomes()) {
      const { responses, entries, at } = await dav(home, (fetch) =>
        propfind({
          url: home,
          depth: '1',
          props: {
            'd:resourcetype': {},
            'd:displayname': {},
            'ca:calendar-color': {},
            'c:supported-calendar-component-set': {},
            'd:current-user-privilege-set': {},
          },
          fetch,
        }),
      )
      if (!entries) throw new CalendarUnavailableError(`PROPFIND ${home}: ${topStatus(responses)}`)
      for (const entry of entries) {
        const props = (entry.props ?? {}) as Record<string, unknown>
        if (!entry.ok || !Object.keys((props.resourcetype as object | undefined) ?? {}).includes('calendar')) continue
        const components = list((props.supportedCalendarComponentSet as { comp?: unknown } | undefined)?.comp)
          .map((comp) => (comp as { _attributes?: { name?: string } } | null)?._attributes?.name?.toUpperCase())
          .filter(Boolean)
        if (components.length > 0 && !components.includes('VEVENT')) continue
        const privileges = props.currentUserPrivilegeSet as { privilege?: unknown } | undefined
        const granted = list(privileges?.privilege).flatMap((privilege) => Object.keys((privilege as object) ?? {}))
        const remoteId = withSlash(new URL(String(entry.href), at).href)
        const color = text(props.calendarColor)?.trim() ?? ''
        calendars.push({
          remoteId,
          name:
            text(props.displayname)?.trim() || decodeURIComponent(new URL(remoteId).pathname.split('/').at(-2) ?? ''),
          color: /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color) ? color.slice(0, 7).toUpperCase() : null,
          canWrite: !privileges || granted.some((name) => ['all', 'write', 'writeContent', 'bind'].includes(name)),
        })
      }
    }
    return calendars
  }

  /**
   * One depth-1 REPORT of a collection asking each object's ETag and data (calendar-multiget or calendar-query, with
   * the report's own elements); its entries and the URL that answered, or the server's refusal as unavailable.
   */
  async function calendarReport(collection: string, report: string, elements: Record<string, unknown>) {
    const { responses, entries, at } = await dav(collection, (fetch) =>
      davRequest({
        url: collection,
        init: {
          method: 'REPORT',
          namespace: 'c',
          headers: { depth: '1' },
          body: {
            [report]: { _attributes: NS, 'd:prop': { 'd:getetag': {}, 'c:calendar-data': {} }, ...elements },
          },
        },
        fetch,
      }),
    )
    if (!entries) throw new CalendarUnavailableError(`REPORT ${report} ${collection}: ${topStatus(responses)}`)
    return { entries, at }
  }

  const fetchedOf = (entry: { href?: unknown; props?: unknown }, at: string): Fetched => {
    const props = (entry.props ?? {}) as Record<string, unknown>
    return { key: new URL(String(entry.href), at).href, etag: text(props.getetag), ics: text(props.calendarData) }
  }

  /** The objects of a collection with their data (calendar-multiget); 404s are the objects gone meanwhile. */
  async function multiget(collection: string, keys: string[]): Promise<{ found: Fetched[]; gone: string[] }> {
    const found: Fetched[] = []
    const gone = new Set<string>()
    for (let i = 0; i < keys.length; i += MULTIGET_BATCH) {
      const hrefs = keys.slice(i, i + MULTIGET_BATCH).map((key) => {
        const url = new URL(key)
        return `${url.pathname}${url.search}`
      })
      const { entries, at } = await calendarReport(collection, 'calendar-multiget', { 'd:href': hrefs })
      for (const entry of entries) {
        if (entry.status === 404 || entry.status === 410) gone.add(new URL(String(entry.href), at).href)
        else if (entry.ok) found.push(fetchedOf(entry, at))
      }
    }
    return { found, gone: [...gone] }
  }

  /** Every object of the collection with its data, in one calendar-query. */
  async function fetchAll(collection: string): Promise<Fetched[]> {
    const { entries, at } = await calendarReport(collection, 'calendar-query', {
      filter: { 'comp-filter': { _attributes: { name: 'VCALENDAR' } } },
    })
    return entries
      .filter((entry) => entry.ok)
      .map((entry) => fetchedOf(entry, at))
      .filter((object) => withSlash(object.key) !== withSlash(at))
  }

  /** The objects of the collection with their ETags (a depth-1 PROPFIND), without data. */
  async function listEtags(collection: string): Promise<Listed[]> {
    const { responses, entries, at } = await dav(collection, (fetch) =>
      propfind({ url: collection, depth: '1', props: { 'd:getetag': {}, 'd:resourcetype': {} }, fetch }),
    )
    if (!entries) throw new CalendarUnavailableError(`PROPFIND ${collection}: ${topStatus(responses)}`)
    return entries
      .filter((entry) => entry.ok)
      .filter((entry) => !('collection' in (((entry.props ?? {}) as { resourcetype?: object }).resourcetype ?? {})))
      .map((entry) => ({
        key: new URL(String(entry.href), at).href,
        etag: text((entry.props as { getetag?: unknown } | undefined)?.getetag),
      }))
      .filter((object) => withSlash(object.key) !== withSlash(at))
  }

  type Delta = { changed: Listed[]; removed: string[]; syncToken: string | null }

  /**
   * RFC 6578 sync-collection from `token`: 'invalid' when the server no longer knows the token, null when it
   * cannot answer the report at all (the caller compares ETags instead).
   */
  async function syncCollection(collection: string, token: string): Promise<Delta | 'invalid' | null> {
    const changed = new Map<string, string | null>()
    const removed = new Set<string>()
    let current = token
    for (let round = 0; round < MAX_SYNC_ROUNDS; round++) {
      const { responses, entries, at } = await dav(
        collection,
        (fetch) =>
          davRequest({
            url: collection,
            init: {
              method: 'REPORT',
              namespace: 'd',
              body: {
                'sync-collection': { _attributes: NS, 'sync-token': current, 'sync-level': 1, prop: { getetag: {} } },
              },
            },
            fetch,
          }),
        { forbidden: true, serverError: true },
      )
      if (!entries) {
        const first = responses[0]
        const answer = typeof first?.raw === 'string' ? first.raw : ''
        // RFC 6578 §3.2: the DAV:valid-sync-token precondition (403, some servers 409) means resync from scratch.
        if ((first?.status === 403 || first?.status === 409) && answer.includes('valid-sync-token')) return 'invalid'
        if (first?.status === 403) throw new CalendarAuthError(`REPORT ${collection}: forbidden (403)`)
        return null
      }
      let truncated = false
      for (const entry of entries) {
        const key = new URL(String(entry.href), at).href
        if (withSlash(key) === withSlash(at)) {
          truncated ||= entry.status === 507
          continue
        }
        if (entry.status === 404 || entry.status === 410) {
          removed.add(key)
          changed.delete(key)
        } else if (entry.ok) {
          removed.delete(key)
          changed.set(key, text((entry.props as { getetag?: unknown } | undefined)?.getetag))
        }
      }
      const raw = responses[0]?.raw as { multistatus?: { syncToken?: unknown } } | undefined
      const next = text(raw?.multistatus?.syncToken)
      if (!truncated || !next || next === current) {
        return { changed: [...changed].map(([key, etag]) => ({ key, etag })), removed: [...removed], syncToken: next }
      }
      current = next
    }
    throw new CalendarUnavailableError(`REPORT sync-collection ${collection}: still truncated after ${MAX_SYNC_ROUNDS}`)
  }

  /** The objects as busy data; one the parser cannot read is left out (it must not stop the sync). */
  function remoteObjects(objects: Fetched[], window: BusyWindow): RemoteObject[] {
    const result: RemoteObject[] = []
    for (const object of objects) {
      if (!object.ics) continue
      try {
        const { uid, items } = busyFromIcs(object.ics, window)
        result.push({ key: object.key, etag: object.etag, uid, items })
      } catch {
        // Unreadable iCalendar data: skipped, the rest of the calendar still counts.
      }
    }
    return result
  }

  async function sync(
    calendar: { remoteId: string },
    cursor: SyncCursor,
    window: BusyWindow,
    full: boolean,
  ): Promise<SyncResult> {
    const collection = withSlash(calendar.remoteId)
    const { props: state } = await propsOf(collection, { 'cs:getctag': {}, 'd:sync-token': {} })
    if (!state) throw new CalendarUnavailableError(`${collection}: the calendar is gone from the server`)
    const ctag = text(state.getctag)
    const syncToken = text(state.syncToken)
    const known = ctag !== null || syncToken !== null
    if (
      !full &&
      known &&
      (ctag === null || ctag === cursor.ctag) &&
      (syncToken === null || syncToken === cursor.syncToken)
    ) {
      return { kind: 'unchanged' }
    }

    // Tokens read before the objects: a change made in between is seen again next time, never lost.
    const resync = async (): Promise<SyncResult> => ({
      kind: 'changes',
      full: true,
      upserts: remoteObjects(await fetchAll(collection), window),
      removed: [],
      cursor: { syncToken, ctag },
    })
    if (full) return resync()

    let delta: Delta | null = null
    if (cursor.syncToken && syncToken) {
      const answer = await syncCollection(collection, cursor.syncToken)
      if (answer === 'invalid') return resync()
      delta = answer
    }
    if (!delta) {
      const listed = await listEtags(collection)
      const present = new Set(listed.map((object) => object.key))
      delta = {
        changed: listed,
        removed: [...cursor.etags.keys()].filter((key) => !present.has(key)),
        syncToken,
      }
    }
    const wanted = delta.changed
      .filter((object) => object.etag === null || cursor.etags.get(object.key) !== object.etag)
      .map((object) => object.key)
    const { found, gone } = await multiget(collection, wanted)
    return {
      kind: 'changes',
      full: false,
      upserts: remoteObjects(found, window),
      removed: [...new Set([...delta.removed, ...gone])],
      cursor: { syncToken: delta.syncToken ?? syncToken, ctag },
    }
  }

  /** The current ETag of an object, or null when it does not exist (or the server does not say). */
  async function currentEtag(url: string): Promise<{ exists: boolean; etag: string | null }> {
    const { props } = await propsOf(url, { 'd:getetag': {} })
    return { exists: props !== null, etag: text(props?.getetag) }
  }

  async function put(url: string, ics: string, condition: Record<string, string>): Promise<Response> {
    return call(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', ...condition },
      body: ics,
    })
  }

  async function putEvent(
    calendar: { remoteId: string },
    event: OurEvent,
    existing: WrittenEvent | null,
  ): Promise<WrittenEvent> {
    const url = existing?.key ?? new URL(objectName(event.uid), withSlash(calendar.remoteId)).href
    const ics = ourEventIcs(event, Date.now())
    const condition: Record<string, string> = existing
      ? existing.etag
        ? { 'If-Match': existing.etag }
        : {}
      : { 'If-None-Match': '*' }
    let response = await put(url, ics, condition)
    if (response.status === 412) {
      // The object changed (or appeared, or went) since we wrote it. It is our event: overwrite what is there now.
      const now = await currentEtag(url)
      response = await put(url, ics, now.exists && now.etag ? { 'If-Match': now.etag } : { 'If-None-Match': '*' })
    }
    if (!response.ok) throw new CalendarUnavailableError(`PUT ${url}: ${response.status} ${response.statusText}`)
    const etag = response.headers.get('ETag') ?? (await currentEtag(url)).etag
    return { key: url, etag }
  }

  async function deleteEvent(_calendar: { remoteId: string }, existing: WrittenEvent): Promise<void> {
    const response = await call(existing.key, { method: 'DELETE' })
    if (response.ok || response.status === 404 || response.status === 410) return
    throw new CalendarUnavailableError(`DELETE ${existing.key}: ${response.status} ${response.statusText}`)
  }

  return { listCalendars, sync, putEvent, deleteEvent }
}
