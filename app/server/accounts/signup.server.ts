/**
 * Sign-up (SPEC §2): an unconfirmed account with its code and link, a taken email's notice, withdrawing an
 * unconfirmed registration or its code, and whether a login or email is free.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { SignupSchema } from '#app/domain/accounts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { accountSecrets, users } from '#db/schema.ts'
import { hashPassword } from '../auth/password.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { isUniqueViolation } from '../unique-violation.server.ts'
import { defaultScheduleInsert } from '../schedules/schedules.server.ts'
import type { AccountDeps } from './deps.server.ts'
import { signupAttemptEmail } from './emails.server.ts'
import { refuse } from '../refusal.server.ts'
import { ACCOUNT_LIMITS, enforceLimit } from './limits.server.ts'
import { type User, runBatch, userT } from './account-secrets.server.ts'
import { signupSecrets } from './email-confirm.server.ts'

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
