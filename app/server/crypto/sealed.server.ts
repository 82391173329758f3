/**
 * Secrets kept at rest AES-GCM encrypted with a key derived from a Worker secret (ARCHITECTURE.md "Data"), one key
 * per purpose, so a value sealed for one use never opens for another: a participant's self-service token
 * (notify/links.server.ts), a calendar integration's password or OAuth tokens (calendars/credentials.server.ts).
 */
const encoder = new TextEncoder()

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

/** `iv.cipher`, both base64. */
export async function seal(secret: string, purpose: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(secret, purpose),
    encoder.encode(plain),
  )
  return `${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`
}

/** The plain text, or null when the value was sealed with another key or purpose, or is damaged. */
export async function unseal(secret: string, purpose: string, sealed: string): Promise<string | null> {
  const [iv, cipher] = sealed.split('.')
  if (!iv || !cipher) return null
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
