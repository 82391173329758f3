/**
 * The participant's self-service token is stored by the booking only as a hash; reminders sent later still need
 * the link, so the token is also kept here AES-GCM encrypted with a key derived from SESSION_SECRET
 * (ARCHITECTURE.md "Data": secrets at rest encrypted with a key from a Worker secret).
 */
import { eq } from 'drizzle-orm'
import { participantLinks } from '#db/schema.ts'
import type { Db } from '../db.server.ts'

/** The organizer's page of a meeting, as texts link it. */
export const meetingUrl = (appUrl: string, meetingId: string) => new URL(`/meetings/${meetingId}`, appUrl).toString()

const encoder = new TextEncoder()

async function keyFor(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`participant-link:${secret}`))
  return crypto.subtle.importKey('raw', material, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

export async function encryptToken(secret: string, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyFor(secret), encoder.encode(token))
  return `${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`
}

export async function decryptToken(secret: string, sealed: string): Promise<string | null> {
  const [iv, cipher] = sealed.split('.')
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await keyFor(secret),
      fromBase64(cipher),
    )
    return new TextDecoder().decode(plain)
  } catch {
    return null
  }
}

/**
 * The row keeping a participant's self-service token for their reminders: insert it in the booking batch next to
 * the participant row, `db.insert(participantLinks).values(row)` (`secret` is `sessionSecret(env)`).
 */
export async function participantLinkRow(
  secret: string,
  participantId: string,
  manageToken: string,
): Promise<typeof participantLinks.$inferInsert> {
  return { participantId, manageTokenEnc: await encryptToken(secret, manageToken) }
}

export async function participantManageToken(db: Db, secret: string, participantId: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(participantLinks)
    .where(eq(participantLinks.participantId, participantId))
    .limit(1)
  return row ? decryptToken(secret, row.manageTokenEnc) : null
}
