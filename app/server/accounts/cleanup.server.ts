import { and, eq, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { accountSecrets, apiSigninCodes, oauthStates, refreshTokens, sessions, users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { EMAIL_LINK_TTL_MS } from './account-secrets.server.ts'

const DAY = 24 * 60 * 60_000

/**
 * How long an unconfirmed sign-up keeps its login (and its email against nobody: a new sign-up with the same email
 * replaces it at any time) after its last code and link expired: 7 days. Then it is deleted and the login is free.
 */
export const UNCONFIRMED_GRACE_MS = 7 * DAY

/** At most this many unconfirmed accounts go per run (each cascades to its secrets), so a run stays short. */
const UNCONFIRMED_BATCH = 500

/**
 * The hourly accounts cleanup (wrangler.toml `0 * * * *`, workers/cron/dispatcher.ts; docs/decisions/0010-accounts.md):
 * - expired web sessions, refresh tokens (used and revoked ones are kept until they expire, for reuse detection),
 *   OAuth states and one-time API sign-in codes;
 * - expired reset links, and expired codes and links of confirmed accounts (a reset confirms without using them);
 * - unconfirmed accounts with no secret alive in the last 7 days and older than a link's life plus those 7 days: the
 *   code and link of an unconfirmed account are kept until then, so the pages can still say "expired, request a new
 *   one" rather than "unknown".
 * Every statement is idempotent: overlapping runs only find less to do. Answers how many rows each removed.
 */
export async function cleanupAccounts(db: Db, now: number) {
  const graceStart = now - UNCONFIRMED_GRACE_MS
  const confirmedUsers = db.select({ id: users.id }).from(users).where(isNotNull(users.emailVerifiedAt))
  const stale = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, graceStart - EMAIL_LINK_TTL_MS),
        notExists(
          db
            .select({ one: sql`1` })
            .from(accountSecrets)
            .where(and(eq(accountSecrets.userId, users.id), sql`${accountSecrets.expiresAt} > ${graceStart}`)),
        ),
      ),
    )
    .limit(UNCONFIRMED_BATCH)
  const [expiredSessions, expiredRefresh, expiredStates, expiredCodes, expiredSecrets, unconfirmed] = await db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, now)),
    db.delete(refreshTokens).where(lte(refreshTokens.expiresAt, now)),
    db.delete(oauthStates).where(lte(oauthStates.expiresAt, now)),
    db.delete(apiSigninCodes).where(lte(apiSigninCodes.expiresAt, now)),
    db
      .delete(accountSecrets)
      .where(
        and(
          lte(accountSecrets.expiresAt, now),
          or(eq(accountSecrets.kind, 'restore'), inArray(accountSecrets.userId, confirmedUsers)),
        ),
      ),
    db.delete(users).where(and(inArray(users.id, stale), isNull(users.emailVerifiedAt))),
  ])
  const changes = (result: D1Result) => result.meta.changes
  return {
    sessions: changes(expiredSessions),
    refreshTokens: changes(expiredRefresh),
    oauthStates: changes(expiredStates),
    apiSigninCodes: changes(expiredCodes),
    accountSecrets: changes(expiredSecrets),
    unconfirmedUsers: changes(unconfirmed),
  }
}
