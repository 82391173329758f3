/**
 * Personal access tokens (issue 17, docs/decisions/0101-api-webhooks-tokens.md): `fs_pat_` + 32 random bytes, shown
 * once, stored as SHA-256 like sessions' tokens; `requireAuth` (workers/api/auth.ts) takes them besides access
 * tokens. Revoking deletes the row, so the next call with it is a 401.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { MAX_PATS, PAT_LAST_USE_EVERY_MS, PAT_PREFIX, type PatCreate } from '#app/domain/webhooks/rules.ts'
import { personalAccessTokens, users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { deleteOwned, insertOwnedBelow, listOwned } from '../rows.server.ts'
import type { RateLimitRule } from '../rate-limit.server.ts'
import type { ApiUser } from './api-user.server.ts'
import { randomToken, sha256 } from './tokens.server.ts'

/** Calls one token may make: a partner's sync job fits, a runaway loop is stopped. */
export const PAT_RATE_LIMIT: RateLimitRule = { name: 'pat', limit: 120, windowMs: 60_000 }

export type PatGrant = { id: string; scope: 'read' | 'write' }

/** A new token (the only time it is ever answered); null when the owner already has the most tokens allowed. */
export async function createPat(
  db: Db,
  ownerId: string,
  input: PatCreate,
  now: number,
): Promise<{ id: string; token: string } | null> {
  const id = newId(now)
  const token = `${PAT_PREFIX}${randomToken()}`
  const row = { id, ownerId, name: input.name, scope: input.scope, tokenHash: await sha256(token), createdAt: now }
  return (await insertOwnedBelow(db, personalAccessTokens, row, MAX_PATS)) ? { id, token } : null
}

export async function listPats(db: Db, ownerId: string) {
  const rows = await listOwned(db, personalAccessTokens, ownerId, 'newest')
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
  }))
}

export function revokePat(db: Db, ownerId: string, id: string): Promise<boolean> {
  return deleteOwned(db, personalAccessTokens, ownerId, id)
}

/** The user and grant of a token (null for an unknown or revoked one); its last use written at most once a minute. */
export async function userOfPat(db: Db, token: string, now: number): Promise<{ user: ApiUser; pat: PatGrant } | null> {
  if (!token.startsWith(PAT_PREFIX)) return null
  const [found] = await db
    .select({ user: users, pat: personalAccessTokens })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.ownerId))
    .where(eq(personalAccessTokens.tokenHash, await sha256(token)))
    .limit(1)
  if (!found) return null
  const { pat } = found
  if (pat.lastUsedAt === null || now - pat.lastUsedAt >= PAT_LAST_USE_EVERY_MS) {
    // Conditional, so two calls in the same minute write once.
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(personalAccessTokens.id, pat.id),
          or(
            isNull(personalAccessTokens.lastUsedAt),
            lt(personalAccessTokens.lastUsedAt, now - PAT_LAST_USE_EVERY_MS + 1),
          ),
        ),
      )
  }
  return { user: found.user, pat: { id: pat.id, scope: pat.scope } }
}
