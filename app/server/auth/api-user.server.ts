import { eq } from 'drizzle-orm'
import { users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { verifyAccessClaims } from './tokens.server.ts'
import type { Keyring } from '../crypto/keyring.server.ts'

/** The user an API request acts as (`requireAuth` in workers/api/auth.ts sets it). */
export type ApiUser = typeof users.$inferSelect

/**
 * The user of a JSON API access token: null for an empty, forged or expired token, a deleted user, or a token of an
 * earlier generation (ended by a password change, a reset or a logout; ADR 0088).
 */
export async function userOfAccessToken(db: Db, keys: Keyring, token: string, now: number): Promise<ApiUser | null> {
  const claims = token ? await verifyAccessClaims(keys, token, now) : null
  if (!claims) return null
  const [user] = await db.select().from(users).where(eq(users.id, claims.userId)).limit(1)
  return user && claims.generation === user.tokenGeneration ? user : null
}
