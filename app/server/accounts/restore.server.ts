/** "Forgot password" (SPEC §2): a single-use reset link by email, and the new password it sets. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { RestoreSchema } from '#app/domain/accounts/rules.ts'
import { accountSecrets, personalAccessTokens, refreshTokens, sessions, users } from '#db/schema.ts'
import { hashPassword } from '../auth/password.server.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { nextTokenGeneration } from './api-tokens.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { restoreEmail } from './emails.server.ts'
import { refuse } from '../refusal.server.ts'
import { ACCOUNT_LIMITS, enforceLimit } from './limits.server.ts'
import { MINUTE, RESTORE_TTL_MS, type User, replaceSecret, runBatch, userT } from './account-secrets.server.ts'

/** "Forgot password": a single-use reset link if the email is known; the same answer either way. */
export async function requestRestore(deps: AccountDeps, input: { email: string }): Promise<void> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.restoreIp, deps.ip, deps.now)
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.restoreEmail, input.email, deps.now)
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1)
  if (!user) return
  const token = randomToken()
  const content = restoreEmail(userT(user), {
    firstName: user.firstName,
    link: `${deps.env.APP_URL}/restore/${token}`,
    minutes: RESTORE_TTL_MS / MINUTE,
  })
  const message = enqueueMessage(deps.db, { channel: 'email', recipient: user.email, ...content }, deps.now)
  await runBatch(deps, [...replaceSecret(deps, user.id, 'restore', await sha256(token), RESTORE_TTL_MS), message.query])
  deps.deliver([message.id])
}

/** Whether a reset link can still be used (the `/restore/{token}` page). */
export async function restoreTokenIsValid(deps: AccountDeps, token: string): Promise<boolean> {
  const [secret] = await deps.db
    .select()
    .from(accountSecrets)
    .where(and(eq(accountSecrets.secretHash, await sha256(token)), eq(accountSecrets.kind, 'restore')))
    .limit(1)
  return Boolean(secret && secret.usedAt === null && secret.expiresAt > deps.now)
}

/**
 * Sets a new password by a reset link: the link is spent in one conditional UPDATE (single use), every
 * session and refresh token of the account ends, and the email counts as confirmed (the link proved it).
 */
export async function resetPassword(deps: AccountDeps, input: z.infer<typeof RestoreSchema>): Promise<User> {
  const [secret] = await deps.db
    .update(accountSecrets)
    .set({ usedAt: deps.now })
    .where(
      and(
        eq(accountSecrets.secretHash, await sha256(input.token)),
        eq(accountSecrets.kind, 'restore'),
        isNull(accountSecrets.usedAt),
        gt(accountSecrets.expiresAt, deps.now),
      ),
    )
    .returning()
  if (!secret) refuse('restoreInvalidToken', 'token')
  const passwordHash = await hashPassword(input.password)
  await runBatch(deps, [
    deps.db
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${deps.now})`,
        ...nextTokenGeneration,
      })
      .where(eq(users.id, secret.userId)),
    deps.db.delete(sessions).where(eq(sessions.userId, secret.userId)),
    deps.db
      .update(refreshTokens)
      .set({ revokedAt: deps.now })
      .where(and(eq(refreshTokens.userId, secret.userId), isNull(refreshTokens.revokedAt))),
    // A reset is how a taken-over account is won back: the tokens its holder may have made end too (ADR 0101).
    deps.db.delete(personalAccessTokens).where(eq(personalAccessTokens.ownerId, secret.userId)),
  ])
  const [user] = await deps.db.select().from(users).where(eq(users.id, secret.userId)).limit(1)
  return user
}
