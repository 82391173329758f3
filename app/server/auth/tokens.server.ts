/** Random tokens, their stored hashes, and signed short-lived access tokens (HS256 JWT). */
import { type Keyring, keysOf } from '../crypto/keyring.server.ts'

const encoder = new TextEncoder()

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
}

/** 32 random bytes, URL-safe: session cookies, refresh tokens, reset links. */
export function randomToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)))
}

/** How tokens and codes are stored: never in the clear. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

/** Signed with the keyring's current secret. */
export async function hmac(keys: Keyring, data: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(keys.current), encoder.encode(data))
  return base64Url(new Uint8Array(signature))
}

/** Whether any secret of the keyring signed it: what was signed before a rotation verifies while `previous` holds it. */
export async function verifyHmac(keys: Keyring, data: string, signature: string): Promise<boolean> {
  try {
    const bytes = fromBase64Url(signature)
    for (const secret of keysOf(keys)) {
      if (await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(data))) return true
    }
    return false
  } catch {
    return false
  }
}

/** `gen`: the user's token generation when issued (users.tokenGeneration); tokens without it are generation 0. */
export type AccessClaims = { sub: string; exp: number; iat: number; gen?: number }

/** Access tokens of the JSON API live 15 minutes; refresh tokens renew them. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000

export async function signAccessToken(keys: Keyring, userId: string, now: number, generation = 0): Promise<string> {
  const header = base64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const claims: AccessClaims = {
    sub: userId,
    gen: generation,
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + ACCESS_TOKEN_TTL_MS) / 1000),
  }
  const payload = base64Url(encoder.encode(JSON.stringify(claims)))
  return `${header}.${payload}.${await hmac(keys, `${header}.${payload}`)}`
}

/** The user id of a valid, unexpired access token; null for anything else. */
export async function verifyAccessToken(keys: Keyring, token: string, now: number): Promise<string | null> {
  return (await verifyAccessClaims(keys, token, now))?.userId ?? null
}

/**
 * The user id and token generation of a valid, unexpired access token; null for anything else. The caller compares
 * the generation with the user row it reads anyway (workers/api/auth.ts): an older one is a token that has ended.
 */
export async function verifyAccessClaims(
  keys: Keyring,
  token: string,
  now: number,
): Promise<{ userId: string; generation: number } | null> {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return null
  if (!(await verifyHmac(keys, `${header}.${payload}`, signature))) return null
  try {
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as AccessClaims
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null
    const generation = claims.gen ?? 0
    if (!Number.isSafeInteger(generation)) return null
    return claims.exp * 1000 > now ? { userId: claims.sub, generation } : null
  } catch {
    return null
  }
}
