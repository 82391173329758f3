/**
 * Confirming a new account's email (SPEC §2, §4): by its 6-digit code or its link, a new code and link at most once a
 * minute, and what the `/email-confirm/{id}` page shows.
 */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { CODE_RESEND_SECONDS } from '#app/domain/constants.ts'
import { resendSecondsLeft } from '#app/domain/accounts/rules.ts'
import { accountSecrets, users } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { signupEmail } from './emails.server.ts'
import { Refused, refuse } from '../refusal.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { ACCOUNT_LIMITS, enforceLimit } from './limits.server.ts'
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  EMAIL_LINK_TTL_MS,
  MINUTE,
  type User,
  codeHash,
  replaceSecret,
  runBatch,
  sixDigits,
  userT,
} from './account-secrets.server.ts'

/** A fresh code and confirmation link for an unconfirmed user, with the email that carries them. */
export async function signupSecrets(deps: AccountDeps, user: Pick<User, 'id' | 'email' | 'firstName' | 'culture'>) {
  const code = sixDigits()
  const linkToken = randomToken()
  const link = `${deps.env.APP_URL}/email-confirm/${linkToken}`
  const content = signupEmail(userT(user), { firstName: user.firstName, code, link, codeMinutes: CODE_TTL_MS / MINUTE })
  const message = enqueueMessage(deps.db, { channel: 'email', recipient: user.email, ...content }, deps.now)
  return {
    code,
    messageId: message.id,
    queries: [
      ...replaceSecret(deps, user.id, 'signupCode', await codeHash(user.id, code), CODE_TTL_MS),
      ...replaceSecret(deps, user.id, 'emailLink', await sha256(linkToken), EMAIL_LINK_TTL_MS),
      message.query,
    ],
  }
}

/**
 * The sign-up code (SPEC §2): each guess is counted with one conditional UPDATE before it is compared,
 * so even concurrent guesses get at most CODE_MAX_ATTEMPTS tries at a code.
 */
export async function confirmSignupCode(deps: AccountDeps, input: { email: string; code: string }): Promise<User> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.codeIp, deps.ip, deps.now)
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1)
  const incorrect = new Refused(refusal('codeIncorrect', 'code'))
  if (!user || user.emailVerifiedAt !== null) throw incorrect
  const [secret] = await deps.db
    .update(accountSecrets)
    .set({ attempts: sql`${accountSecrets.attempts} + 1` })
    .where(
      and(
        eq(accountSecrets.userId, user.id),
        eq(accountSecrets.kind, 'signupCode'),
        isNull(accountSecrets.usedAt),
        lt(accountSecrets.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning()
  if (!secret) refuse('codeTooManyAttempts', 'code')
  if (secret.expiresAt <= deps.now) refuse('codeExpired', 'code')
  if (secret.secretHash !== (await codeHash(user.id, input.code))) {
    if (secret.attempts >= CODE_MAX_ATTEMPTS) refuse('codeTooManyAttempts', 'code')
    throw incorrect
  }
  return markConfirmed(deps, user)
}

async function markConfirmed(deps: AccountDeps, user: User): Promise<User> {
  await runBatch(deps, [
    deps.db.update(users).set({ emailVerifiedAt: deps.now }).where(eq(users.id, user.id)),
    deps.db
      .delete(accountSecrets)
      .where(
        and(
          eq(accountSecrets.userId, user.id),
          or(eq(accountSecrets.kind, 'signupCode'), eq(accountSecrets.kind, 'emailLink')),
        ),
      ),
  ])
  return { ...user, emailVerifiedAt: deps.now }
}

/**
 * A new code and link for an unconfirmed account, at most once per 60 seconds (SPEC §9), enforced here
 * whatever the page shows. An unknown or already confirmed email gets the same silent answer.
 */
export async function resendSignupCode(deps: AccountDeps, input: { email: string }): Promise<void> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.resendEmail, input.email, deps.now)
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1)
  if (!user || user.emailVerifiedAt !== null) return
  await resendFor(deps, user)
}

async function resendFor(deps: AccountDeps, user: User) {
  const [last] = await deps.db
    .select()
    .from(accountSecrets)
    .where(and(eq(accountSecrets.userId, user.id), eq(accountSecrets.kind, 'signupCode')))
    .orderBy(desc(accountSecrets.createdAt))
    .limit(1)
  const seconds = last ? resendSecondsLeft(last.createdAt, deps.now, CODE_RESEND_SECONDS) : 0
  if (seconds > 0) refuse('codeResendWait', undefined, { seconds })
  const secrets = await signupSecrets(deps, user)
  await runBatch(deps, secrets.queries)
  deps.deliver([secrets.messageId])
}

/** Seconds until a new code may be sent to this unconfirmed email (the page's countdown). */
export async function secondsUntilResend(deps: AccountDeps, email: string): Promise<number> {
  const [row] = await deps.db
    .select({ createdAt: accountSecrets.createdAt })
    .from(accountSecrets)
    .innerJoin(users, eq(users.id, accountSecrets.userId))
    .where(and(eq(users.email, email), eq(accountSecrets.kind, 'signupCode')))
    .orderBy(desc(accountSecrets.createdAt))
    .limit(1)
  return row ? resendSecondsLeft(row.createdAt, deps.now, CODE_RESEND_SECONDS) : 0
}

export type EmailLinkState = { status: 'valid' | 'outdated' | 'unknown'; email?: string }

async function findEmailLink(deps: AccountDeps, token: string) {
  const [row] = await deps.db
    .select({ secret: accountSecrets, user: users })
    .from(accountSecrets)
    .innerJoin(users, eq(users.id, accountSecrets.userId))
    .where(and(eq(accountSecrets.secretHash, await sha256(token)), eq(accountSecrets.kind, 'emailLink')))
    .limit(1)
  return row ?? null
}

/** What the `/email-confirm/{id}` page shows before anything is done. */
export async function emailLinkState(deps: AccountDeps, token: string): Promise<EmailLinkState> {
  const row = await findEmailLink(deps, token)
  if (!row || row.user.emailVerifiedAt !== null || row.secret.usedAt !== null) return { status: 'unknown' }
  return { status: row.secret.expiresAt > deps.now ? 'valid' : 'outdated', email: row.user.email }
}

/** Confirms the email by its link; an outdated link is refused with SPEC §8's "outdated confirmation link". */
export async function confirmEmailLink(deps: AccountDeps, token: string): Promise<User> {
  const row = await findEmailLink(deps, token)
  if (!row || row.user.emailVerifiedAt !== null || row.secret.expiresAt <= deps.now) refuse('emailConfirmOutdated')
  return markConfirmed(deps, row.user)
}

/** "Request a new one" on an outdated link: a new code and link to the same address. */
export async function resendForEmailLink(deps: AccountDeps, token: string): Promise<string | null> {
  const row = await findEmailLink(deps, token)
  if (!row || row.user.emailVerifiedAt !== null) return null
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.resendEmail, row.user.email, deps.now)
  await resendFor(deps, row.user)
  return row.user.email
}
