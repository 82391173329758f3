/**
 * Secrets kept at rest AES-GCM encrypted with a key derived from a Worker secret (ARCHITECTURE.md "Data"), one key
 * per purpose, so a value sealed for one use never opens for another: a participant's self-service token
 * (notify/links.server.ts), a calendar integration's password or OAuth tokens (calendars/credentials.server.ts).
 */
import { type Keyring, keysOf } from './keyring.server.ts'

const encoder = new TextEncoder()

/**
 * Every use of a sealed value, one key each (never change a string: what it sealed would no longer open); the
 * hourly re-seal after a rotation walks the same columns (crypto/reseal.server.ts).
 */
export const SEALED_PURPOSES = {
  participantLink: 'participant-link',
  calendarCredentials: 'calendar-credentials',
  webhookSecret: 'webhook-secret',
  videoCredentials: 'video-credentials',
} as const

async function keyFor(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`${purpose}:${secret}`))
  return crypto.subtle.importKey('raw', material, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** `iv.cipher`, both base64, sealed with the keyring's current secret. */
export async function seal(keys: Keyring, purpose: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(keys.current, purpose),
    encoder.encode(plain),
  )
  return `${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`
}

async function openWith(secret: string, purpose: string, iv: string, cipher: string): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await keyFor(secret, purpose),
      fromBase64(cipher),
    )
    return new TextDecoder().decode(plain)
  } catch {
    return null
  }
}

/**
 * The plain text and whether it was sealed with the current secret (false: a previous one, so it wants sealing
 * again); null when no secret of the keyring opens it for this purpose, or it is damaged.
 */
export async function openSealed(
  keys: Keyring,
  purpose: string,
  sealed: string,
): Promise<{ plain: string; current: boolean } | null> {
  const [iv, cipher] = sealed.split('.')
  if (!iv || !cipher) return null
  for (const secret of keysOf(keys)) {
    const plain = await openWith(secret, purpose, iv, cipher)
    if (plain !== null) return { plain, current: secret === keys.current }
  }
  return null
}

/** The plain text, or null when the value was sealed with another key or purpose, or is damaged. */
export async function unseal(keys: Keyring, purpose: string, sealed: string): Promise<string | null> {
  return (await openSealed(keys, purpose, sealed))?.plain ?? null
}
