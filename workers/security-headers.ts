import type { ServerBuild } from '@remix-run/cloudflare'
import { matchRoutes } from '@remix-run/react'

/**
 * Security headers on every response (issue: Platform). Pages refuse framing except the public booking flow,
 * which any site may frame (SPEC §2 "Public booking routes": the widget, and "widget mode is also when the page is
 * inside a frame"). Static files get theirs from public/_headers.
 */

/**
 * The routes of the public booking flow, by Remix route id: the host page, the event page in its three forms
 * (`/user/...`, the short `/{login}/{eventLink}`, `/widget/...`), the one-time meeting's `/booking` and the ICS of a
 * booking's success step. They hold nothing of a signed-in user (docs/decisions/0005-page-form-bodies-and-framing.md).
 */
export const FRAMABLE_ROUTE_IDS: ReadonlySet<string> = new Set([
  'routes/user.$login._index',
  'routes/user.$login.event.$eventLink',
  'routes/$login.$eventLink',
  'routes/widget.booking.user.$login.event.$eventLink',
  'routes/booking._index',
  'routes/ics.$bookingId',
])

/**
 * The public booking pages a guest reads (the framable flow, the self-service manage page and the calendar's JSON):
 * they follow the browser's language when the guest chose none (ADR 0091).
 */
export const PUBLIC_BOOKING_ROUTE_IDS: ReadonlySet<string> = new Set([
  ...FRAMABLE_ROUTE_IDS,
  'routes/booking.manage.$token',
  'routes/booking.calendar.$login.$eventLink',
  'routes/booking.zones',
])

type RouteNode = Parameters<typeof matchRoutes>[0][number]

function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route as NonNullable<typeof route>
      return index
        ? { id, path, index: true, caseSensitive }
        : { id, path, caseSensitive, children: routeTree(routes, id) }
    })
}

const trees = new WeakMap<ServerBuild['routes'], RouteNode[]>()

/**
 * Whether the page at this path may be framed: decided by the route Remix renders for it (the same matching), so
 * `/eventTypes/create` is not mistaken for the short form `/{login}/{eventLink}`.
 */
export function isFramable(routes: ServerBuild['routes'], pathname: string): boolean {
  const leaf = leafRouteId(routes, pathname)
  return leaf !== undefined && FRAMABLE_ROUTE_IDS.has(leaf)
}

/** Whether the path is a public booking page (PUBLIC_BOOKING_ROUTE_IDS), by the same matching. */
export function isPublicBookingPage(routes: ServerBuild['routes'], pathname: string): boolean {
  const leaf = leafRouteId(routes, pathname)
  return leaf !== undefined && PUBLIC_BOOKING_ROUTE_IDS.has(leaf)
}

function leafRouteId(routes: ServerBuild['routes'], pathname: string): string | undefined {
  let tree = trees.get(routes)
  if (!tree) {
    tree = routeTree(routes)
    trees.set(routes, tree)
  }
  return matchRoutes(tree, pathname.replace(/\.data$/, ''))?.at(-1)?.route.id
}

/** What the Firebase messaging SDK calls to get a registration token (Installations, then FCM registrations). */
export const FIREBASE_MESSAGING_ORIGINS = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
] as const

/** Yandex Metrika's tag and its beacons (SPEC §1 analytics goals): allowed only where a counter is configured. */
export const METRIKA_ORIGIN = 'https://mc.yandex.ru'

export function contentSecurityPolicy(nonce: string, framable: boolean, metrika = false): string {
  const analytics = metrika ? ` ${METRIKA_ORIGIN}` : ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${analytics}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Web push (ADR 0041): the Firebase messaging SDK registers this browser with these two Google APIs.
    `connect-src 'self' ${FIREBASE_MESSAGING_ORIGINS.join(' ')}${analytics}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framable ? '*' : "'none'"}`,
  ].join('; ')
}

/** HSTS in production: a year, subdomains included (public/_headers gives static files the same). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/** What answers with a signed-in user's data get unless they say otherwise: no cache, shared or private, keeps it. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/**
 * Whether an answer may hold a signed-in user's data: every JSON API answer (personal ones are most of them; a
 * public one loses nothing by not being stored) and every page asked for with the session cookie or a token.
 */
export function isPersonal(request: Request, url: URL, sessionCookie: string): boolean {
  if (url.pathname.startsWith('/api/') || request.headers.has('Authorization')) return true
  const cookies = request.headers.get('Cookie') ?? ''
  return cookies.split(';').some((part) => part.trim().startsWith(`${sessionCookie}=`))
}

export function withSecurityHeaders(
  response: Response,
  framable: boolean,
  /** The page's script nonce, or how to make one: only an HTML answer's policy names it (ADR 0129). */
  nonce: string | (() => string),
  options: { production: boolean; personal: boolean; metrika?: boolean } = { production: false, personal: false },
): Response {
  const secured = withOwnHeaders(response)
  if (options.production) secured.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  // An answer's own Cache-Control wins (the zone list is public for ten minutes, avatars are immutable).
  if (options.personal && !secured.headers.has('Cache-Control'))
    secured.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL)
  const type = secured.headers.get('Content-Type') ?? ''
  if (type.includes('text/html')) {
    const pageNonce = typeof nonce === 'string' ? nonce : nonce()
    secured.headers.set('Content-Security-Policy', contentSecurityPolicy(pageNonce, framable, options.metrika))
  } else if (!secured.headers.has('Content-Security-Policy')) {
    secured.headers.set('Content-Security-Policy', `default-src 'none'; frame-ancestors ${framable ? '*' : "'none'"}`)
  }
  if (!framable) secured.headers.set('X-Frame-Options', 'DENY')
  secured.headers.set('X-Content-Type-Options', 'nosniff')
  secured.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  return secured
}

/**
 * The answer itself when its headers may be changed (one the app built: the API's, a page's), else a copy (a
 * `Response.redirect` or a fetched answer has immutable headers, and setting one throws a TypeError). A copy for
 * every answer cost each request of a race (ADR 0134).
 */
function withOwnHeaders(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff')
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return new Response(response.body, response)
  }
}

export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The one page that must accept a cross-site POST: Sign in with Apple answers by a form POST from
 * appleid.apple.com (`response_mode=form_post`). Its one-time state, bound to the browser, protects it (ADR 0011).
 */
export const CROSS_SITE_POST_PATHS: readonly string[] = ['/confirmAppleOauth']

/**
 * Pages' forms accept only same-origin posts (ARCHITECTURE.md: "Remix actions check the Origin"). The JSON
 * API is exempt: it authenticates with bearer tokens, never cookies, so a cross-site post gains nothing.
 * So is Apple's callback: its exact path, without a query string (workers/app.ts handles it before Remix).
 */
export function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || url.pathname.startsWith('/api/')) return false
  if (request.method === 'POST' && CROSS_SITE_POST_PATHS.includes(url.pathname) && !url.search) return false
  const origin = request.headers.get('Origin')
  if (origin) return origin !== url.origin
  return request.headers.get('Sec-Fetch-Site') === 'cross-site'
}
