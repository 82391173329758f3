/**
 * Sign in with Apple (issue 4, ADR 0011): the ES256-signed client secret, the token exchange (Apple wants the
 * secret in the body), the ID token verified against Apple's published keys, and the `user` field Apple posts
 * once. Everything here uses WebCrypto only.
 */
const encoder = new TextEncoder()

export const APPLE_ISSUER = 'https://appleid.apple.com'
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys'

/** What signs the client secret: the team, the key's id and its PKCS#8 private key (the `.p8` file). */
export type AppleSigner = { teamId: string; keyId: string; privateKey: string }

const APPLE_VARIABLES = ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const

/**
 * Apple's settings from the Worker's secrets. None set: Apple is not set up (the page says so, as for the other
 * providers). Some set: a configuration mistake, a clear error naming what is missing.
 */
export function appleSettings(bindings: Record<string, unknown>): ({ clientId: string } & AppleSigner) | null {
  const values = APPLE_VARIABLES.map((name) => {
    const value = bindings[name]
    return typeof value === 'string' ? value.trim() : ''
  })
  const missing = APPLE_VARIABLES.filter((_, i) => !values[i])
  if (missing.length === APPLE_VARIABLES.length) return null
  if (missing.length > 0) {
    throw new Error(
      `Sign in with Apple is partly configured: ${missing.join(', ')} not set (run \`wrangler secret put <NAME>\`)`,
    )
  }
  const [clientId, teamId, keyId, privateKey] = values
  return { clientId, teamId, keyId, privateKey }
}

function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
}

/** The `.p8` file's PEM (its line breaks may arrive as `\n` in a secret) as PKCS#8 bytes. */
function pkcs8FromPem(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem
    .replaceAll('\\n', '\n')
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\s+/g, '')
  try {
    return Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
  } catch {
    throw new Error('APPLE_PRIVATE_KEY is not a PEM private key (the contents of the .p8 file)')
  }
}

/**
 * The client secret Apple wants: a JWT signed with ES256 by the team's key, valid 5 minutes
 * (Apple: "Creating a client secret").
 */
export async function appleClientSecret(signer: AppleSigner, clientId: string, now: number): Promise<string> {
  let key: CryptoKey
  try {
    key = await crypto.subtle.importKey(
      'pkcs8',
      pkcs8FromPem(signer.privateKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    )
  } catch (error) {
    throw new Error(`APPLE_PRIVATE_KEY cannot be used for ES256: ${String(error)}`)
  }
  const seconds = Math.floor(now / 1000)
  const header = { alg: 'ES256', kid: signer.keyId, typ: 'JWT' }
  const payload = { iss: signer.teamId, iat: seconds, exp: seconds + 300, aud: APPLE_ISSUER, sub: clientId }
  const message = `${base64Url(encoder.encode(JSON.stringify(header)))}.${base64Url(encoder.encode(JSON.stringify(payload)))}`
  // WebCrypto's ECDSA signature is already the raw r||s form JWS uses.
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, encoder.encode(message))
  return `${message}.${base64Url(new Uint8Array(signature))}`
}

/** Where the provider's signing keys come from; the Worker fetches the provider's JWKS, tests give their own. */
export interface JwksSource {
  /** The public key with this id, or null when the provider does not publish it. */
  key(kid: string): Promise<JsonWebKey | null>
}

const JWKS_TTL_MS = 60 * 60_000
const JWKS_REFETCH_MS = 60_000
const jwksCache = new Map<string, { keys: JsonWebKey[]; fetchedAt: number }>()

/** A JWKS over HTTP, kept for an hour; an unknown key id fetches again (at most once a minute), for rotations. */
export function httpJwks(url: string, now: () => number = Date.now): JwksSource {
  const load = async () => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } })
    if (!response.ok) throw new Error(`JWKS ${url} answered ${response.status}`)
    const body = (await response.json()) as { keys?: JsonWebKey[] }
    const entry = { keys: Array.isArray(body.keys) ? body.keys : [], fetchedAt: now() }
    jwksCache.set(url, entry)
    return entry
  }
  const find = (keys: JsonWebKey[], kid: string) => keys.find((key) => (key as { kid?: string }).kid === kid) ?? null
  return {
    async key(kid) {
      let entry = jwksCache.get(url)
      if (!entry || now() - entry.fetchedAt > JWKS_TTL_MS) entry = await load()
      const found = find(entry.keys, kid)
      if (found || now() - entry.fetchedAt < JWKS_REFETCH_MS) return found
      return find((await load()).keys, kid)
    },
  }
}

export class IdTokenError extends Error {}

const ALGORITHMS = {
  RS256: { import: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, verify: { name: 'RSASSA-PKCS1-v1_5' } },
  ES256: { import: { name: 'ECDSA', namedCurve: 'P-256' }, verify: { name: 'ECDSA', hash: 'SHA-256' } },
} as const

function decodePart(part: string): Record<string, unknown> {
  try {
    const value = JSON.parse(new TextDecoder().decode(fromBase64Url(part)))
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {}
  throw new IdTokenError('malformed token')
}

/**
 * An ID token's claims after checking what OpenID Connect Core 3.1.3.7 asks: the signature by one of the
 * provider's published keys (RS256 or ES256, never `none`), the issuer, our client id as the audience, the expiry
 * (a minute of clock skew) and the nonce this sign-in sent.
 */
export async function verifyIdToken(
  token: string,
  expected: { jwks: JwksSource; issuer: string; audience: string; nonce: string; now: number },
): Promise<Record<string, unknown>> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new IdTokenError('malformed token')
  const header = decodePart(parts[0])
  const claims = decodePart(parts[1])
  const alg = header.alg
  if (alg !== 'RS256' && alg !== 'ES256') throw new IdTokenError(`algorithm ${String(alg)} not accepted`)
  if (typeof header.kid !== 'string') throw new IdTokenError('no key id')
  const jwk = await expected.jwks.key(header.kid)
  if (!jwk) throw new IdTokenError('unknown key')
  let valid = false
  try {
    const { alg: _alg, key_ops: _ops, use: _use, ...publicJwk } = jwk
    const key = await crypto.subtle.importKey('jwk', publicJwk, ALGORITHMS[alg].import, false, ['verify'])
    valid = await crypto.subtle.verify(
      ALGORITHMS[alg].verify,
      key,
      fromBase64Url(parts[2]),
      encoder.encode(`${parts[0]}.${parts[1]}`),
    )
  } catch {
    valid = false
  }
  if (!valid) throw new IdTokenError('bad signature')
  if (claims.iss !== expected.issuer) throw new IdTokenError('wrong issuer')
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(expected.audience)) throw new IdTokenError('wrong audience')
  const seconds = expected.now / 1000
  if (typeof claims.exp !== 'number' || claims.exp + 60 < seconds) throw new IdTokenError('expired')
  if (typeof claims.iat === 'number' && claims.iat - 60 > seconds) throw new IdTokenError('issued in the future')
  if (claims.nonce !== expected.nonce) throw new IdTokenError('wrong nonce')
  return claims
}

/** The nonce of a sign-in, derived from its PKCE verifier (stored server-side), so nothing more is stored. */
export async function nonceFor(codeVerifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`nonce:${codeVerifier}`))
  return base64Url(new Uint8Array(digest))
}

/**
 * The name from the `user` field Apple posts on the first sign-in only (`{"name":{"firstName","lastName"},
 * "email"}`). It is not signed, so only the name is taken from it, never the email.
 */
export function appleUserName(raw: string | null): { firstName: string; lastName: string } {
  const none = { firstName: '', lastName: '' }
  if (!raw || raw.length > 2000) return none
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } }
    const take = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '')
    return { firstName: take(parsed?.name?.firstName), lastName: take(parsed?.name?.lastName) }
  } catch {
    return none
  }
}
