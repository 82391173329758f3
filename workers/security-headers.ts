/**
 * Security headers on every response (issue: Platform). Pages refuse framing except the widget routes,
 * which any site may frame (SPEC §2 "Public booking routes").
 */
export function isFramable(pathname: string): boolean {
  // `/user/...`: the public booking pages also run inside a frame (SPEC §2 "widget mode is also when the page is
  // inside a frame"); they hold nothing of a signed-in user.
  return pathname.startsWith('/widget/') || pathname.startsWith('/user/')
}

/** What the Firebase messaging SDK calls to get a registration token (Installations, then FCM registrations). */
export const FIREBASE_MESSAGING_ORIGINS = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
] as const

export function contentSecurityPolicy(nonce: string, framable: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Web push (ADR 0041): the Firebase messaging SDK registers this browser with these two Google APIs.
    `connect-src 'self' ${FIREBASE_MESSAGING_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framable ? '*' : "'none'"}`,
  ].join('; ')
}

export function withSecurityHeaders(response: Response, pathname: string, nonce: string): Response {
  const secured = new Response(response.body, response)
  const framable = isFramable(pathname)
  const type = secured.headers.get('Content-Type') ?? ''
  if (type.includes('text/html')) {
    secured.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, framable))
  } else if (!secured.headers.has('Content-Security-Policy')) {
    secured.headers.set('Content-Security-Policy', `default-src 'none'; frame-ancestors ${framable ? '*' : "'none'"}`)
  }
  if (!framable) secured.headers.set('X-Frame-Options', 'DENY')
  secured.headers.set('X-Content-Type-Options', 'nosniff')
  secured.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  return secured
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
