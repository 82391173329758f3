import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { z } from 'zod'
import { CODE_RESEND_SECONDS } from '#app/domain/constants.ts'
import type { RestoreSchema, SigninSchema, SignupSchema } from '#app/domain/accounts/rules.ts'
import { resendSecondsLeft } from '#app/domain/accounts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import { isLanguage } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { accountSecrets, personalAccessTokens, refreshTokens, sessions, users } from '#db/schema.ts'
import type { AccountSecretKind } from '#app/domain/enums.ts'
import { hashPassword, verifyPassword } from '../auth/password.server.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { nextTokenGeneration } from './api-tokens.server.ts'
import { isUniqueViolation } from '../unique-violation.server.ts'
import { defaultScheduleInsert } from '../schedules/schedules.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { restoreEmail, signupAttemptEmail, signupEmail } from './emails.server.ts'
import { Refused, refuse } from '../refusal.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { ACCOUNT_LIMITS, checkLimit, enforceLimit } from './limits.server.ts'

const MINUTE = 60_000
/** The sign-up code: 6 digits, 15 minutes, 5 guesses. */
export const CODE_TTL_MS = 15 * MINUTE
export const CODE_MAX_ATTEMPTS = 5
/** The email-confirmation link lives a day; then the page offers a new one (SPEC §4). */
export const EMAIL_LINK_TTL_MS = 24 * 60 * MINUTE
/** The password-reset link: an hour, once. */
export const RESTORE_TTL_MS = 60 * MINUTE

type User = typeof users.$inferSelect

function sixDigits(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1))
  return String(value % 1_000_000).padStart(6, '0')
}

/** Codes are short, so their hash is bound to the user: equal codes of two users never collide. */
const codeHash = (userId: string, code: string) => sha256(`code:${userId}:${code}`)

function userT(user: Pick<User, 'culture'>) {
  return getT(isLanguage(user.culture) ? user.culture : 'ru')
}

/** The statements that replace a user's secret of one kind with a new one. */
function replaceSecret(deps: AccountDeps, userId: string, kind: AccountSecretKind, secretHash: string, ttl: number) {
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

/** A fresh code and confirmation link for an unconfirmed user, with the email that carries them. */
async function signupSecrets(deps: AccountDeps, user: Pick<User, 'id' | 'email' | 'firstName' | 'culture'>) {
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

async function runBatch(deps: AccountDeps, queries: BatchItem<'sqlite'>[]) {
  const [first, ...rest] = queries
  await deps.db.batch([first, ...rest])
}

/**
 * Sign-up (SPEC §2): an unconfirmed account, a 6-digit code and a confirmation link by email. A login or
 * email of a confirmed account is refused; an unconfirmed registration with the same email is replaced
 * (whoever owns the address can always register it; docs/decisions/0010-accounts.md).
 */
export async function signup(
  deps: AccountDeps,
  input: z.infer<typeof SignupSchema>,
  options: { isConsentMailing: boolean },
): Promise<{ id: string; email: string }> {
  await enforceLimit(deps.limits, ACCOUNT_LIMITS.signupIp, deps.ip, deps.now)
  // Logins may contain `@`: a login may be nobody else's email and an email nobody else's login, or sign-in by
  // that text could reach two accounts.
  const existing = await deps.db
    .select()
    .from(users)
    .where(
      or(
        eq(users.login, input.login),
        eq(users.email, input.login),
        eq(users.email, input.email),
        eq(users.login, input.email),
      ),
    )
  const replaced = existing.find((user) => user.email === input.email && user.emailVerifiedAt === null)
  const others = existing.filter((user) => user.id !== replaced?.id)
  // Logins are public (the specialist's page), so a taken login is said; a taken email is not (issue 19).
  if (others.some((user) => user.login === input.login || user.email === input.login)) refuse('loginTaken', 'login')
  const owner = others.find((user) => user.email === input.email)
  if (owner) return signupWithTakenEmail(deps, owner, input)
  if (others.some((user) => user.login === input.email)) refuse('emailTaken', 'email')

  const user = {
    id: newId(deps.now),
    login: input.login,
    email: input.email,
    emailVerifiedAt: null,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    culture: deps.language,
    ...(deps.timeZone ? { timeZone: deps.timeZone } : {}),
    isConsentMailing: options.isConsentMailing,
    createdAt: deps.now,
  }
  const secrets = await signupSecrets(deps, user)
  try {
    await runBatch(deps, [
      ...(replaced ? [deps.db.delete(users).where(and(eq(users.id, replaced.id), isNull(users.emailVerifiedAt)))] : []),
      deps.db.insert(users).values(user),
      defaultScheduleInsert(deps.db, user.id, getT(deps.language)('schedules:defaultName'), deps.now),
      ...secrets.queries,
    ])
  } catch (error) {
    // Two sign-ups raced for the same login or email: the unique index let one through.
    if (isUniqueViolation(error)) refuse('loginTaken', 'login')
    throw error
  }
  deps.deliver([secrets.messageId])
  return { id: user.id, email: user.email }
}

/**
 * Sign-up with the email of an existing account answers exactly like a new sign-up (the same 201 and shape, after
 * the same password hashing), so it tells nobody whether the email is registered; the account's owner gets an email
 * saying someone tried, with the restore link's page (as restore already answers alike for known and unknown emails).
 * Nothing is stored: the answered id names no registration (withdrawing it is 404, a code for it is "incorrect").
 */
async function signupWithTakenEmail(
  deps: AccountDeps,
  owner: User,
  input: z.infer<typeof SignupSchema>,
): Promise<{ id: string; email: string }> {
  await hashPassword(input.password)
  const notify = await deps.limits.hit(ACCOUNT_LIMITS.signupAttemptEmail, owner.id, deps.now)
  if (!notify.allowed) return { id: newId(deps.now), email: input.email }
  const content = signupAttemptEmail(userT(owner), {
    firstName: owner.firstName,
    loginLink: `${deps.env.APP_URL}/login`,
    restoreLink: `${deps.env.APP_URL}/restore`,
  })
  const message = enqueueMessage(deps.db, { channel: 'email', recipient: owner.email, ...content }, deps.now)
  await message.query
  deps.deliver([message.id])
  return { id: newId(deps.now), email: input.email }
}

/** `DELETE /identity/signup/email?id=` (SPEC §7): withdraws an unconfirmed registration; a confirmed one is 404. */
export async function cancelSignup(deps: AccountDeps, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(users)
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id })
  if (deleted.length === 0) refuse('notFound')
}

/**
 * `DELETE /identity/signup/email/code?id=` (SPEC §7): the emailed code and link of an unconfirmed registration stop
 * working at once (they expire now, so both answer "expired, request a new one"); a resend, still at most once per
 * 60 seconds, sends new ones. A confirmed account or an unknown id is 404.
 */
export async function invalidateSignupCode(deps: AccountDeps, id: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .limit(1)
  if (!user) refuse('notFound')
  await deps.db
    .update(accountSecrets)
    .set({ expiresAt: deps.now })
    .where(
      and(
        eq(accountSecrets.userId, user.id),
        or(eq(accountSecrets.kind, 'signupCode'), eq(accountSecrets.kind, 'emailLink')),
        gt(accountSecrets.expiresAt, deps.now),
      ),
    )
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

/**
 * Uniqueness checks (SPEC §7): true when free. Unconfirmed registrations do not hold an email; an email that is
 * another account's login is taken.
 */
export async function isEmailFree(deps: AccountDeps, email: string): Promise<boolean> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(or(eq(users.email, email), eq(users.login, email)))
  // Only an unconfirmed registration of this very email, which a new sign-up replaces, leaves it free.
  return rows.every((user) => user.email === email && user.emailVerifiedAt === null)
}

/** A login is taken by any account's login (confirmed or not) and by any account's email (sign-in by that text). */
export async function isLoginFree(deps: AccountDeps, login: string): Promise<boolean> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.login, login), eq(users.email, login)))
    .limit(1)
  return !user
}
