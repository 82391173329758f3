import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { refreshTokens, users } from '#db/schema.ts'
import { newId } from '#app/domain/ids.ts'
import type { Db } from '../db.server.ts'
import { randomToken, sha256, signAccessToken } from '../auth/tokens.server.ts'
import { refuse } from '../refusal.server.ts'
import type { Keyring } from '../crypto/keyring.server.ts'

/** Refresh tokens of the JSON API live 30 days; each use replaces it (ARCHITECTURE.md "Sessions and the API"). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000

export type TokenPair = { token: string; refreshToken: string }

/** A new access token and a refresh token, in a new family unless one is given (rotation). */
export async function issueTokenPair(
  db: Db,
  keys: Keyring,
  userId: string,
  now: number,
  familyId: string = newId(now),
): Promise<TokenPair> {
  const refreshToken = randomToken()
  const [user] = await db.select({ generation: users.tokenGeneration }).from(users).where(eq(users.id, userId)).limit(1)
  await db.insert(refreshTokens).values({
    id: newId(now),
    tokenHash: await sha256(refreshToken),
    familyId,
    userId,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
  })
  return { token: await signAccessToken(keys, userId, now, user?.generation ?? 0), refreshToken }
}

/**
 * Exchanges a refresh token for a new pair. The token is marked used in one conditional UPDATE, so two
 * concurrent uses cannot both succeed; presenting a used or revoked token revokes its whole family (a
 * stolen token was probably replayed) and answers 401.
 */
export async function rotateRefreshToken(db: Db, keys: Keyring, refreshToken: string, now: number) {
  const tokenHash = await sha256(refreshToken)
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning()
  if (claimed) return issueTokenPair(db, keys, claimed.userId, now, claimed.familyId)
  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1)
  if (known) await revokeFamily(db, known.familyId, now)
  refuse('unauthorized')
}

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/**
 * Logout of the JSON API: the refresh token's family stops working, and every access token of the user ends at once
 * (the generation rises; other devices refresh theirs with their own refresh tokens). Unknown tokens are ignored.
 */
export async function revokeRefreshToken(db: Db, refreshToken: string, now: number) {
  const [known] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256(refreshToken)))
    .limit(1)
  if (!known) return
  await revokeFamily(db, known.familyId, now)
  await db.update(users).set(nextTokenGeneration).where(eq(users.id, known.userId))
}

/** The users update that ends every access token issued so far (ADR 0088). */
export const nextTokenGeneration = { tokenGeneration: sql<number>`${users.tokenGeneration} + 1` }
