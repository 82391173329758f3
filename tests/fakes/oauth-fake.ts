/**
 * The OAuth 2.0 half of the Google and Microsoft fakes (RFC 6749, RFC 7636): the consent screen (`consent(url)`
 * stands for the person clicking "Allow" and answers the redirect back), and the token endpoint's code exchange and
 * refresh with their documented errors. Access tokens expire; refresh tokens can be revoked.
 */
export type OAuthFakeOptions = {
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** The scopes a consent URL must ask for. */
  requiredScopes: string[]
  /** The authorize URL's extra parameters the provider needs for a refresh token (Google: access_type=offline). */
  requiredParams?: Record<string, string>
  /** Microsoft gives a new refresh token on every refresh; Google keeps the first one. */
  rotatesRefreshToken: boolean
  /** Microsoft's v2.0 endpoint wants `scope` on a refresh. */
  scopeOnRefresh: boolean
  /** The claims of the ID token a code exchange answers (Google), or none (Graph's /me names the account). */
  idTokenClaims: Record<string, unknown> | null
  accessTokenLifetimeSeconds?: number
}

type IssuedCode = { redirectUri: string; challenge: string; scope: string; used: boolean }

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('=', '')
    .replaceAll('+', '-')
    .replaceAll('/', '_')

const json64 = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))

async function s256(verifier: string) {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

export class OAuthFake {
  /** Live access tokens and when they stop working. */
  private readonly accessTokens = new Map<string, number>()
  private readonly refreshTokens = new Set<string>()
  private readonly codes = new Map<string, IssuedCode>()
  private counter = 0
  /** Every token endpoint request, as form fields. */
  readonly tokenRequests: Record<string, string>[] = []

  constructor(readonly options: OAuthFakeOptions) {}

  private next(prefix: string) {
    return `${prefix}-${++this.counter}-${crypto.randomUUID().slice(0, 8)}`
  }

  /** A grant as after a consent: a live access token and a refresh token. */
  grant(): { accessToken: string; refreshToken: string; expiresAt: number } {
    const accessToken = this.issueAccessToken()
    const refreshToken = this.next('refresh')
    this.refreshTokens.add(refreshToken)
    return { accessToken, refreshToken, expiresAt: this.accessTokens.get(accessToken)! }
  }

  private issueAccessToken() {
    const token = this.next('access')
    this.accessTokens.set(token, Date.now() + (this.options.accessTokenLifetimeSeconds ?? 3599) * 1000)
    return token
  }

  /** Whether a bearer token is one this fake issued and still honours. */
  isLive(token: string | null): boolean {
    const expiresAt = token ? this.accessTokens.get(token) : undefined
    return expiresAt !== undefined && expiresAt > Date.now()
  }

  /** Every access token stops working (the server's clock passed them, or the session was reset). */
  expireAccessTokens() {
    this.accessTokens.clear()
  }

  /** The person removed the app's access in their account settings. */
  revokeRefreshTokens() {
    this.refreshTokens.clear()
  }

  /**
   * The person allows the consent asked by `url`: checks what a real authorization endpoint checks and answers the
   * redirect URL back to the app with a one-time code.
   */
  async consent(url: string): Promise<string> {
    const asked = new URL(url)
    const get = (name: string) => asked.searchParams.get(name)
    if (get('client_id') !== this.options.clientId) throw new Error(`consent: unknown client ${get('client_id')}`)
    if (get('response_type') !== 'code') throw new Error('consent: response_type must be code')
    if (get('code_challenge_method') !== 'S256' || !get('code_challenge')) throw new Error('consent: PKCE S256 missing')
    const scopes = (get('scope') ?? '').split(' ')
    const missing = this.options.requiredScopes.filter((scope) => !scopes.includes(scope))
    if (missing.length > 0) throw new Error(`consent: scopes missing: ${missing.join(' ')}`)
    for (const [name, value] of Object.entries(this.options.requiredParams ?? {})) {
      if (get(name) !== value) throw new Error(`consent: ${name}=${value} missing`)
    }
    const redirectUri = get('redirect_uri')
    if (!redirectUri) throw new Error('consent: redirect_uri missing')
    const code = this.next('code')
    this.codes.set(code, { redirectUri, challenge: get('code_challenge')!, scope: get('scope')!, used: false })
    const back = new URL(redirectUri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', get('state') ?? '')
    return back.toString()
  }

  /** The token endpoint. */
  async token(request: Request): Promise<Response> {
    const form = await request.formData()
    const fields = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]))
    this.tokenRequests.push(fields)
    const failed = (status: number, error: string, description: string) =>
      Response.json({ error, error_description: description }, { status })
    if (
      request.headers.get('Authorization') !== `Basic ${btoa(`${this.options.clientId}:${this.options.clientSecret}`)}`
    ) {
      return failed(401, 'invalid_client', 'The OAuth client was not found.')
    }
    if (fields.grant_type === 'refresh_token') {
      if (!this.refreshTokens.has(fields.refresh_token)) {
        return failed(400, 'invalid_grant', 'Token has been expired or revoked.')
      }
      const refreshScopes = (fields.scope ?? '').split(' ')
      if (this.options.scopeOnRefresh && !this.options.requiredScopes.every((scope) => refreshScopes.includes(scope))) {
        return failed(400, 'invalid_request', "The request body must contain the parameter: 'scope'.")
      }
      const answer: Record<string, unknown> = {
        access_token: this.issueAccessToken(),
        token_type: 'Bearer',
        expires_in: this.options.accessTokenLifetimeSeconds ?? 3599,
      }
      if (this.options.rotatesRefreshToken) {
        const rotated = this.next('refresh')
        this.refreshTokens.add(rotated)
        answer.refresh_token = rotated
      }
      return Response.json(answer)
    }
    if (fields.grant_type === 'authorization_code') {
      const issued = this.codes.get(fields.code)
      if (!issued || issued.used) return failed(400, 'invalid_grant', 'Malformed auth code.')
      issued.used = true
      if (fields.redirect_uri !== issued.redirectUri) return failed(400, 'redirect_uri_mismatch', 'Bad Request')
      if (!fields.code_verifier || (await s256(fields.code_verifier)) !== issued.challenge) {
        return failed(400, 'invalid_grant', 'Missing code verifier.')
      }
      const { accessToken, refreshToken } = this.grant()
      const answer: Record<string, unknown> = {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: 'Bearer',
        expires_in: this.options.accessTokenLifetimeSeconds ?? 3599,
        scope: issued.scope,
      }
      if (this.options.idTokenClaims) {
        answer.id_token = `${json64({ alg: 'RS256' })}.${json64({ aud: this.options.clientId, ...this.options.idTokenClaims })}.sig`
      }
      return Response.json(answer)
    }
    return failed(400, 'unsupported_grant_type', `Unsupported grant type: ${fields.grant_type}`)
  }
}

/** The bearer token of a request, or null. */
export function bearerOf(request: Request): string | null {
  const match = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')
  return match ? match[1] : null
}

/** An injected failure: the next matching request answers this instead. */
export type InjectedFailure = {
  status: number
  /** Seconds for `Retry-After`. */
  retryAfter?: number
  body?: unknown
  /** Only requests whose path contains this. */
  path?: string
  method?: string
}
