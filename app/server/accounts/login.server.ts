/** Sign-in by login or email and password (SPEC §2), as long for an unknown name as for a wrong password. */
import { eq, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { SigninSchema } from '#app/domain/accounts/rules.ts'
import { users } from '#db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/password.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { refuse } from '../refusal.server.ts'
import { ACCOUNT_LIMITS, checkLimit } from './limits.server.ts'
import type { User } from './account-secrets.server.ts'

/** A hash to compare against when the login is unknown, so both answers take as long. */
let dummyHash: Promise<string> | null = null

/**
 * The account a sign-in names. Sign-up keeps logins and emails apart, but should two accounts still match (one
 * by login, one by email), the answer is deterministic: text that looks like an email means the email first.
 */
async function accountNamed(deps: AccountDeps, text: string): Promise<User | null> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(or(eq(users.login, text), eq(users.email, text)))
    .limit(2)
  const byEmail = rows.find((user) => user.email === text)
  const byLogin = rows.find((user) => user.login === text)
  return (text.includes('@') ? (byEmail ?? byLogin) : (byLogin ?? byEmail)) ?? null
}

/**
 * Sign-in by login or email and password (SPEC §2), limited by failed attempts per IP, per account and per account
 * and address. Unknown login and wrong password give the same answer; an unconfirmed account is told to confirm its
 * email. The per-account limit counts the account, not the typed text, so its login and its email share one budget;
 * unknown text is counted by itself, so the limit answers alike for known and unknown names. An account over its
 * limit stays open to addresses with no failed attempt on it, so strangers cannot lock its owner out; an address
 * that failed on it waits until the account's window passes, and one that used up its own budget waits an hour
 * (docs/decisions/0086-sign-in-limits.md).
 */
export async function signin(deps: AccountDeps, input: z.infer<typeof SigninSchema>): Promise<User> {
  await checkLimit(deps.limits, ACCOUNT_LIMITS.signinIp, deps.ip, deps.now)
  const user = await accountNamed(deps, input.login)
  const accountKey = user ? `user:${user.id}` : `unknown:${input.login}`
  const pairKey = `${accountKey}|${deps.ip}`
  const [account, pair] = await Promise.all([
    deps.limits.peek(ACCOUNT_LIMITS.signinAccount, accountKey, deps.now),
    deps.limits.peek(ACCOUNT_LIMITS.signinAccountIp, pairKey, deps.now),
  ])
  const refused = !pair.allowed ? pair : !account.allowed && pair.used > 0 ? account : null
  if (refused) refuse('tooManyRequests', undefined, { seconds: refused.retryAfterSeconds })
  dummyHash ??= hashPassword('not-a-password')
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
  if (!user?.passwordHash || !matches) {
    await Promise.all([
      deps.limits.hit(ACCOUNT_LIMITS.signinIp, deps.ip, deps.now),
      deps.limits.hit(ACCOUNT_LIMITS.signinAccount, accountKey, deps.now),
      deps.limits.hit(ACCOUNT_LIMITS.signinAccountIp, pairKey, deps.now),
    ])
    refuse('signinInvalid')
  }
  if (user.emailVerifiedAt === null) refuse('signinUnconfirmed', undefined, { email: user.email })
  return user
}
