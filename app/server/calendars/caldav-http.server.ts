/**
 * The HTTP side of the CalDAV provider (caldav.server.ts): every request goes through one `call`, with the URL guard
 * (url-guard.server.ts, redirects and server-given URLs included), Basic auth, a timeout, and the mapping of answers to
 * the provider errors (401/403 refused, 429/5xx/network/timeout unavailable); WebDAV requests go through tsdav's
 * helpers on top of it, which build the XML and parse the multistatus answers.
 */
import { type DAVResponse, propfind } from 'tsdav'
import type { AppEnv } from '../env.server.ts'
import { retryAfterMs } from './oauth-api.server.ts'
import { CALENDAR_TIMEOUT_MS, CalendarAuthError, CalendarUnavailableError } from './provider.server.ts'
import { assertCallableUrl } from './url-guard.server.ts'

const MAX_REDIRECTS = 5

/** Statuses a call hands back to its caller instead of turning them into provider errors. */
export type Tolerated = { forbidden?: boolean; serverError?: boolean }

export type Fetch = typeof fetch

function basicAuth(login: string, password: string): string {
  const bytes = new TextEncoder().encode(`${login}:${password}`)
  return `Basic ${btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))}`
}

/** The text of a parsed XML value (tsdav turns numeric text into numbers, and may keep `_text`/`_cdata`). */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'object') {
    const node = value as { _text?: unknown; _cdata?: unknown }
    const inner = node._cdata ?? node._text
    if (inner !== undefined) return text(inner)
  }
  return null
}

export const list = <T>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]

export const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

/** The answer of a whole request, told apart from a multistatus (tsdav returns both as DAVResponse[]). */
export function multistatusOf(responses: DAVResponse[]): DAVResponse[] | null {
  const first = responses[0]
  if (!first || typeof first.raw !== 'object' || first.raw === null || !('multistatus' in first.raw)) return null
  return responses.filter((response) => response.href !== undefined && response.href !== null)
}

export function topStatus(responses: DAVResponse[]): string {
  const first = responses[0]
  return first ? `${first.status} ${first.statusText}` : 'no answer'
}

/** A CalDAV server's client with one account's login and password. */
export function davClient(credentials: { login: string; password: string }, env: AppEnv, fetcher: Fetch) {
  const authorization = basicAuth(credentials.login, credentials.password)

  /**
   * One HTTP exchange, redirects followed by hand so each hop passes the guard. The body is read inside the
   * timeout, so a server that stalls mid-answer is cut off too.
   */
  async function call(
    url: string,
    init: RequestInit,
    tolerated: Tolerated = {},
    answeredBy: (url: string) => void = () => {},
  ): Promise<Response> {
    let target = assertCallableUrl(url, env)
    let method = (init.method ?? 'GET').toUpperCase()
    let body = init.body
    for (let hop = 0; ; hop++) {
      const headers = new Headers(init.headers)
      headers.set('Authorization', authorization)
      let response: Response | null = null
      let payload: ArrayBuffer = new ArrayBuffer(0)
      // A connection the server closed under us (HTTP/1.0 servers like Radicale's own) is retried once on a new
      // one; every request made here is idempotent (PUTs are conditional). A timeout is not retried.
      for (let attempt = 0; !response; attempt++) {
        const controller = new AbortController()
        const timer = setTimeout(() => controller.abort(), CALENDAR_TIMEOUT_MS)
        try {
          response = await fetcher(target.href, {
            method,
            headers,
            body,
            redirect: 'manual',
            signal: controller.signal,
          })
          payload = await response.arrayBuffer()
        } catch (error) {
          response = null
          if (attempt === 0 && !controller.signal.aborted) continue
          const reason = controller.signal.aborted
            ? `no answer within ${CALENDAR_TIMEOUT_MS / 1000} s`
            : error instanceof Error
              ? error.message
              : String(error)
          throw new CalendarUnavailableError(`${method} ${target.origin}${target.pathname}: ${reason}`)
        } finally {
          clearTimeout(timer)
        }
      }
      const { status } = response
      const location = response.headers.get('Location')
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        if (hop >= MAX_REDIRECTS) throw new CalendarUnavailableError(`${method} ${target.href}: too many redirects`)
        target = assertCallableUrl(new URL(location, target).href, env)
        if (status === 303) {
          method = 'GET'
          body = null
        }
        continue
      }
      answeredBy(target.href)
      const where = `${method} ${target.origin}${target.pathname}`
      if (status === 401 || (status === 403 && !tolerated.forbidden)) {
        throw new CalendarAuthError(`${where}: the server refused the credentials (${status})`)
      }
      if (status === 429) {
        throw new CalendarUnavailableError(`${where}: rate limited (429)`, retryAfterMs(response))
      }
      if (status >= 500 && !tolerated.serverError) throw new CalendarUnavailableError(`${where}: ${status}`)
      const empty = [204, 205, 304].includes(status)
      return new Response(empty ? null : payload, {
        status,
        statusText: response.statusText,
        headers: response.headers,
      })
    }
  }

  /**
   * A WebDAV request through one of tsdav's helpers. `at` is the URL that answered (after redirects): the hrefs
   * of the answer are relative to it.
   */
  async function dav(url: string, send: (fetch: Fetch) => Promise<DAVResponse[]>, tolerated: Tolerated = {}) {
    let at = url
    const responses = await send((request, init) =>
      call(request instanceof Request ? request.url : String(request), init ?? {}, tolerated, (final) => {
        at = final
      }),
    )
    return { responses, entries: multistatusOf(responses), at }
  }

  /** A depth-0 PROPFIND answered for the resource itself (null when it does not exist), and where it answered. */
  async function propsOf(
    url: string,
    props: Record<string, object>,
  ): Promise<{ props: Record<string, unknown> | null; at: string }> {
    const { responses, entries, at } = await dav(url, (fetch) => propfind({ url, props, depth: '0', fetch }))
    if (!entries) {
      if (responses[0]?.status === 404 || responses[0]?.status === 405) return { props: null, at }
      throw new CalendarUnavailableError(`PROPFIND ${url}: ${topStatus(responses)}`)
    }
    const own = entries.find((entry) => entry.ok) ?? null
    return { props: own ? ((own.props ?? {}) as Record<string, unknown>) : null, at }
  }

  return { call, dav, propsOf }
}
