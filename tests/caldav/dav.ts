/**
 * Plain-HTTP helpers the CalDAV tests fill the real servers with (MKCALENDAR, PUT, DELETE, GET), independent of the
 * provider under test, and a fetch that counts what the provider sends.
 */
import type { CalDavServer } from './servers.ts'

function authHeaders(server: CalDavServer): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${server.login}:${server.password}`)}` }
}

let sequence = 0
/** A collection name no other test uses. */
export function uniqueName(prefix: string): string {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

/**
 * A new calendar in the user's home. workerd's fetch refuses the MKCALENDAR method, so this is the extended MKCOL
 * of RFC 5689 (both servers take it); the color is set by PROPPATCH, which Xandikos keeps and its MKCOL does not.
 */
export async function mkcalendar(
  server: CalDavServer,
  options: { displayName: string; color?: string; components?: string[] },
): Promise<string> {
  const url = `${server.home}${uniqueName('cal')}/`
  const components = (options.components ?? ['VEVENT']).map((name) => `<C:comp name="${name}"/>`).join('')
  const namespaces = 'xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/"'
  const created = await fetch(url, {
    method: 'MKCOL',
    headers: { ...authHeaders(server), 'Content-Type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<D:mkcol ${namespaces}><D:set><D:prop>
  <D:resourcetype><D:collection/><C:calendar/></D:resourcetype>
  <D:displayname>${options.displayName}</D:displayname>
  <C:supported-calendar-component-set>${components}</C:supported-calendar-component-set>
</D:prop></D:set></D:mkcol>`,
  })
  if (created.status !== 201) throw new Error(`MKCOL ${url}: ${created.status} ${await created.text()}`)
  await created.arrayBuffer()
  if (options.color) {
    const patched = await fetch(url, {
      method: 'PROPPATCH',
      headers: { ...authHeaders(server), 'Content-Type': 'application/xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?>
<D:propertyupdate ${namespaces}><D:set><D:prop><I:calendar-color>${options.color}</I:calendar-color></D:prop></D:set></D:propertyupdate>`,
    })
    if (patched.status !== 207) throw new Error(`PROPPATCH ${url}: ${patched.status} ${await patched.text()}`)
    await patched.arrayBuffer()
  }
  return url
}

/** Stores an object (CRLF line ends) and returns its ETag. */
export async function putObject(server: CalDavServer, url: string, lines: string[]): Promise<string> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { ...authHeaders(server), 'Content-Type': 'text/calendar; charset=utf-8' },
    body: `${lines.join('\r\n')}\r\n`,
  })
  if (response.status !== 201 && response.status !== 204) {
    throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`)
  }
  await response.arrayBuffer()
  const etag = response.headers.get('ETag')
  if (!etag) throw new Error(`PUT ${url}: no ETag`)
  return etag
}

export async function deleteObject(server: CalDavServer, url: string): Promise<void> {
  const response = await fetch(url, { method: 'DELETE', headers: authHeaders(server) })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`DELETE ${url}: ${response.status}`)
}

export async function getObject(server: CalDavServer, url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers: authHeaders(server) })
  return { status: response.status, body: await response.text() }
}

/** iCalendar content lines unfolded (RFC 5545 §3.1), for reading back what a server stored. */
export function unfold(ics: string): string[] {
  return ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
}

/** The global fetch, with every request the provider makes written down. */
export function countingFetch() {
  const requests: { method: string; url: string }[] = []
  const fetcher: typeof fetch = (input, init) => {
    requests.push({ method: init?.method ?? 'GET', url: String(input) })
    return fetch(input, init)
  }
  return { fetcher, requests }
}

export function vcalendar(...components: string[][]): string[] {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FastSlot tests//CalDAV//EN',
    ...components.flat(),
    'END:VCALENDAR',
  ]
}

export const MOSCOW_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Moscow',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:MSK',
  'END:STANDARD',
  'END:VTIMEZONE',
]

/** New York as Outlook-style clients write it: its own name, with the US rules since 2007. */
export const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Eastern Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
]
