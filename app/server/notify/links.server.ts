/**
 * The participant's self-service token is stored by the booking only as a hash; reminders sent later still need
 * the link, so the token is also kept here AES-GCM encrypted with a key derived from SESSION_SECRET
 * (ARCHITECTURE.md "Data": secrets at rest encrypted with a key from a Worker secret).
 */
import { eq } from 'drizzle-orm'
import { participantLinks } from '#db/schema.ts'
import { SEALED_PURPOSES, seal, unseal } from '../crypto/sealed.server.ts'
import type { Db } from '../db.server.ts'
import type { Keyring } from '../crypto/keyring.server.ts'

/** The organizer's page of a meeting, as texts link it. */
export const meetingUrl = (appUrl: string, meetingId: string) => new URL(`/meetings/${meetingId}`, appUrl).toString()

const PURPOSE = SEALED_PURPOSES.participantLink

export const encryptToken = (keys: Keyring, token: string) => seal(keys, PURPOSE, token)
export const decryptToken = (keys: Keyring, sealed: string) => unseal(keys, PURPOSE, sealed)

/**
 * The row keeping a participant's self-service token for their reminders: insert it in the booking batch next to
 * the participant row, `db.insert(participantLinks).values(row)` (`keys` is `sessionKeys(env)`).
 */
export async function participantLinkRow(
  keys: Keyring,
  participantId: string,
  manageToken: string,
): Promise<typeof participantLinks.$inferInsert> {
  return { participantId, manageTokenEnc: await encryptToken(keys, manageToken) }
}

export async function participantManageToken(db: Db, keys: Keyring, participantId: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(participantLinks)
    .where(eq(participantLinks.participantId, participantId))
    .limit(1)
  return row ? decryptToken(keys, row.manageTokenEnc) : null
}
