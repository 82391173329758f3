/**
 * What sign-up, email confirmation, sign-in and restore share (docs/decisions/0010-accounts.md): the lifetimes of
 * their secrets, a secret's replacement, a code's hash, the user's translator and the batch they write.
 */
import { and, eq } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { newId } from '#app/domain/ids.ts'
import { isLanguage } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { accountSecrets, type users } from '#db/schema.ts'
import type { AccountSecretKind } from '#app/domain/enums.ts'
import { sha256 } from '../auth/tokens.server.ts'
import type { AccountDeps } from './deps.server.ts'

export const MINUTE = 60_000
/** The sign-up code: 6 digits, 15 minutes, 5 guesses. */
export const CODE_TTL_MS = 15 * MINUTE
export const CODE_MAX_ATTEMPTS = 5
/** The email-confirmation link lives a day; then the page offers a new one (SPEC §4). */
export const EMAIL_LINK_TTL_MS = 24 * 60 * MINUTE
/** The password-reset link: an hour, once. */
export const RESTORE_TTL_MS = 60 * MINUTE

export type User = typeof users.$inferSelect

export function sixDigits(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1))
  return String(value % 1_000_000).padStart(6, '0')
}

/** Codes are short, so their hash is bound to the user: equal codes of two users never collide. */
export const codeHash = (userId: string, code: string) => sha256(`code:${userId}:${code}`)

export function userT(user: Pick<User, 'culture'>) {
  return getT(isLanguage(user.culture) ? user.culture : 'ru')
}

/** The statements that replace a user's secret of one kind with a new one. */
export function replaceSecret(
  deps: AccountDeps,
  userId: string,
  kind: AccountSecretKind,
  secretHash: string,
  ttl: number,
) {
  return [
    deps.db.delete(accountSecrets).where(and(eq(accountSecrets.userId, userId), eq(accountSecrets.kind, kind))),
    deps.db.insert(accountSecrets).values({
      id: newId(deps.now),
      userId,
      kind,
      secretHash,
      expiresAt: deps.now + ttl,
      createdAt: deps.now,
    }),
  ]
}

export async function runBatch(deps: AccountDeps, queries: BatchItem<'sqlite'>[]) {
  const [first, ...rest] = queries
  await deps.db.batch([first, ...rest])
}
