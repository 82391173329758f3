/**
 * The booking flow's "login" step (SPEC §2, ADR 0105): a client signed in to FastSlot finds the form filled from their
 * profile (name, email) and, as the profile has no phone, the phone of their latest booking, if any. Their booking is
 * made with the account's email, so it appears under "I am booked".
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { meetingParticipants } from '#db/schema.ts'
import { getSessionUser } from '../auth/session.server.ts'
import type { Db } from '../db.server.ts'

export type SignedInClient = { firstName: string; lastName: string; email: string; phone: string }

export async function signedInClient(db: Db, request: Request): Promise<SignedInClient | null> {
  const user = await getSessionUser(db, request)
  if (!user) return null
  const email = user.email.toLowerCase()
  const [last] = await db
    .select({ phone: meetingParticipants.phone })
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.email, email), isNotNull(meetingParticipants.phone)))
    .orderBy(desc(meetingParticipants.createdAt))
    .limit(1)
  return { firstName: user.firstName, lastName: user.lastName, email, phone: last?.phone ?? '' }
}

/** Where the form's "Sign in" goes: /login, back to this form step on the booking page (not the widget's frame). */
export function loginUrl(formPath: string): string {
  return `/login?redirectTo=${encodeURIComponent(formPath)}`
}
