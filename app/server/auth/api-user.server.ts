import { eq } from 'drizzle-orm'
import { users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { verifyAccessToken } from './tokens.server.ts'

/** The user an API request acts as (`requireAuth` in workers/api/auth.ts sets it). */
export type ApiUser = typeof users.$inferSelect

/** The user of a JSON API access token: null for an empty, forged or expired token, or a deleted user. */
export async function userOfAccessToken(db: Db, secret: string, token: string, now: number): Promise<ApiUser | null> {
  const userId = token ? await verifyAccessToken(secret, token, now) : null
  if (!userId) return null
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  return user ?? null
}
