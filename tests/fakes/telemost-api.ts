/**
 * A fake Yandex Telemost API and Yandex's OAuth endpoints, at the fetch boundary, from the documented shapes
 * (https://yandex.ru/dev/telemost/doc/ru/conference-create, https://yandex.ru/dev/id/doc/ru/): `POST /conferences`
 * with `Authorization: OAuth <token>` and `{ access_level }` answers 201 `{ id, join_url, access_level, live_stream }`;
 * a dead or unknown token 401 `{ error: "UnauthorizedError", description }`; injected 429 (with Retry-After) and 5xx.
 * The token endpoint (code exchange, refresh) and `login.yandex.ru/info` come from OAuthFake. `handle` serves the same
 * answers over HTTP for the browser tests (any token the local OpenID provider issued counts as live there).
 */
import { type InjectedFailure, OAuthFake } from './oauth-fake.ts'

export const TELEMOST_API_BASE = 'https://cloud-api.yandex.net/v1/telemost-api'
export const YANDEX_TOKEN_URL = 'https://oauth.yandex.ru/token'
export const YANDEX_USERINFO_URL = 'https://login.yandex.ru/info'
export const YANDEX_CLIENT = { id: 'yandex-client-id', secret: 'yandex-client-secret' }

const oauthOf = (request: Request) => /^OAuth (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null

export class FakeTelemost {
  readonly oauth = new OAuthFake({
    tokenUrl: YANDEX_TOKEN_URL,
    clientId: YANDEX_CLIENT.id,
    clientSecret: YANDEX_CLIENT.secret,
    requiredScopes: ['telemost-api:conferences.create'],
    rotatesRefreshToken: true,
    scopeOnRefresh: false,
    idTokenClaims: null,
  })
  /** Conferences created, in order. */
  readonly conferences: { id: string; joinUrl: string; accessLevel: string; token: string }[] = []
  /** Every request, for the tests to read. */
  readonly requests: { method: string; url: URL; authorization: string | null }[] = []
  private readonly failures: InjectedFailure[] = []
  private counter = 0

  /** `isLive`: which tokens count; by default those of this fake's own OAuth. */
  constructor(private readonly isLive: (token: string | null) => boolean = (token) => this.oauth.isLive(token)) {}

  /** The next `times` requests to the conference API answer `failure`. */
  failNext(failure: InjectedFailure, times = 1) {
    for (let i = 0; i < times; i++) this.failures.push(failure)
  }

  readonly fetch: typeof fetch = async (input, init) => this.handle(new Request(input, init))

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    this.requests.push({ method: request.method, url, authorization: request.headers.get('Authorization') })
    if (request.url === YANDEX_TOKEN_URL) return this.oauth.token(request)
    if (url.origin + url.pathname === YANDEX_USERINFO_URL) {
      if (!this.isLive(oauthOf(request))) return new Response('', { status: 401 })
      return Response.json({ id: '1130000012345678', login: 'irina', default_email: 'irina@yandex.ru' })
    }
    if (!url.pathname.endsWith('/conferences')) return Response.json({ error: 'NotFound' }, { status: 404 })
    if (request.method !== 'POST') return Response.json({ error: 'MethodNotAllowed' }, { status: 405 })
    const failure = this.failures.shift()
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter ? { 'Retry-After': String(failure.retryAfter) } : {}
      return Response.json(failure.body ?? { error: 'ServiceUnavailable' }, { status: failure.status, headers })
    }
    const token = oauthOf(request)
    if (!this.isLive(token)) {
      return Response.json({ error: 'UnauthorizedError', description: 'Unauthorized' }, { status: 401 })
    }
    const body = (await request.json().catch(() => null)) as { access_level?: unknown } | null
    const accessLevel = typeof body?.access_level === 'string' ? body.access_level : 'ORGANIZATION'
    const id = `${++this.counter}${String(Date.now()).slice(-9)}`
    const conference = {
      id,
      joinUrl: `https://telemost.yandex.ru/j/${id.padStart(14, '0')}`,
      accessLevel,
      token: token!,
    }
    this.conferences.push(conference)
    return Response.json(
      { id, join_url: conference.joinUrl, access_level: accessLevel, live_stream: null },
      { status: 201 },
    )
  }
}
