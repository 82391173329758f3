/**
 * "Create an account" after a public booking (SPEC §2 public booking steps, §7
 * `POST /identity/signup/email/code?afterBooking=true`; docs/decisions/0033-signup-after-booking.md): the guest already
 * gave their name and email, so the success view asks only for a login (suggested from the email) and a password,
 * emails a 6-digit code through the ordinary sign-up, and the code, checked against the booking, confirms the
 * account. The booking then shows under "I am booked" (meetings where the account's email is a participant).
 */
import { and, eq } from 'drizzle-orm'
import { normalizeLogin } from '#app/domain/accounts/rules.ts'
import { meetingParticipants, users } from '#db/schema.ts'
import type { AccountDeps } from '../accounts/deps.server.ts'
import { refuse } from '../refusal.server.ts'
import { confirmSignupCode, secondsUntilResend } from '../accounts/email-confirm.server.ts'
import { isLoginFree } from '../accounts/signup.server.ts'
import type { Db } from '../db.server.ts'

/** A login from the email's local part (Latin letters, digits, `.`, `_`, `-`), free at the time of asking. */
export async function suggestLogin(db: Db, email: string): Promise<string> {
  const local = normalizeLogin(email.split('@')[0] ?? '')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 30)
  const base = local.length >= 2 ? local : `client${local}`
  const taken = async (login: string) => !(await isLoginFree({ db } as AccountDeps, login))
  if (!(await taken(base))) return base
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}${Math.floor(100 + Math.random() * 900)}`
    if (!(await taken(candidate))) return candidate
  }
  return `${base}${Date.now() % 100_000}`
}

export type AccountOffer = {
  email: string
  firstName: string
  lastName: string
  /** A confirmed account already has this email: the view offers to sign in instead. */
  exists: boolean
  /** `code` once an unconfirmed registration of this email waits for its code. */
  step: 'form' | 'code'
  suggestedLogin: string
  secondsLeft: number
}

/** What the success view offers, for the booking's participant (email and names from the booking form). */
export async function accountOffer(
  deps: Pick<AccountDeps, 'db' | 'now'>,
  participant: { email: string; firstName: string; lastName: string },
  wantsCode: boolean,
): Promise<AccountOffer> {
  const [user] = await deps.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, participant.email))
    .limit(1)
  const exists = Boolean(user && user.verified !== null)
  const step = wantsCode && user && user.verified === null ? 'code' : 'form'
  return {
    email: participant.email,
    firstName: participant.firstName,
    lastName: participant.lastName,
    exists,
    step,
    suggestedLogin: exists || step === 'code' ? '' : await suggestLogin(deps.db, participant.email),
    secondsLeft: step === 'code' ? await secondsUntilResend(deps as AccountDeps, participant.email) : 0,
  }
}

/**
 * The code of an account made after a booking: the booking must have a live participant with that email (else 400,
 * before the code is even counted), then the ordinary confirmation (attempt limits, expiry). The account takes the
 * client's time zone from the booking and answers the booking's meeting ids.
 */
export async function confirmAfterBooking(
  deps: AccountDeps,
  input: { email: string; code: string; bookingId: string },
  options: { isConsentMailing?: boolean } = {},
) {
  const rows = await deps.db
    .select({ meetingId: meetingParticipants.meetingId, timeZone: meetingParticipants.timeZone })
    .from(meetingParticipants)
    .where(
      and(
        eq(meetingParticipants.bookingId, input.bookingId),
        eq(meetingParticipants.email, input.email),
        eq(meetingParticipants.status, 'booked'),
      ),
    )
  if (rows.length === 0) refuse('bookingNotFound', 'bookingId')
  const user = await confirmSignupCode(deps, { email: input.email, code: input.code })
  await deps.db
    .update(users)
    .set({
      timeZone: rows[0].timeZone,
      ...(options.isConsentMailing === undefined ? {} : { isConsentMailing: options.isConsentMailing }),
    })
    .where(eq(users.id, user.id))
  return { user, meetingIds: rows.map((r) => r.meetingId) }
}
