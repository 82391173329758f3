import { and, eq, isNull, ne } from 'drizzle-orm'
import type { z } from 'zod'
import {
  AVATAR_CONTENT_TYPES,
  type ChangePasswordSchema,
  type ProfileSchema,
  avatarProblem,
  sniffImage,
} from '#app/domain/accounts/rules.ts'
import { newId } from '#app/domain/ids.ts'
import type { Language } from '#app/i18n/config.ts'
import { refreshTokens, sessions, users } from '#db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/password.server.ts'
import type { Db } from '../db.server.ts'
import { passwordChangedNotice } from '../notify/notifications.server.ts'
import { refuse } from '../refusal.server.ts'
import { nextTokenGeneration } from './api-tokens.server.ts'

type User = typeof users.$inferSelect

/** Where an avatar is served from (app/routes/avatars.$.tsx); relative unless an origin is given. */
export function avatarUrl(imageKey: string | null, origin = ''): string | null {
  return imageKey ? `${origin}/avatars/${imageKey}` : null
}

/** The Profile of SPEC §3 in the shape of API-CONTRACT.md "Profile". */
export function profileView(user: User, origin = '') {
  return {
    userId: user.id,
    login: user.login,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    description: user.description,
    imageUrl: avatarUrl(user.imageKey, origin),
    ianaTimeZoneId: user.timeZone,
    culture: user.culture,
    tariff: {
      name: user.plan,
      validUntil: user.planValidUntil ? new Date(user.planValidUntil).toISOString() : null,
    },
    registrationDate: new Date(user.createdAt).toISOString(),
  }
}

export async function updateProfile(db: Db, userId: string, input: z.infer<typeof ProfileSchema>) {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      description: input.description,
      timeZone: input.ianaTimeZoneId,
      culture: input.culture,
    })
    .where(eq(users.id, userId))
}

/**
 * SPEC §7 v3 `DELETE /unisenderGo` (ADR 0101): the user withdraws the consent to our mailing given at sign-up
 * (`isConsentMailing`, the list Unisender Go sends to); transactional emails (codes, bookings) are not mailing.
 */
export async function withdrawMailingConsent(db: Db, userId: string) {
  await db.update(users).set({ isConsentMailing: false }).where(eq(users.id, userId))
}

export async function setCulture(db: Db, userId: string, culture: Language) {
  await db.update(users).set({ culture }).where(eq(users.id, userId))
}

export async function setTimeZone(db: Db, userId: string, timeZone: string) {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId))
}

/**
 * Changes the password after checking the current one (SPEC §2 "change password modal"). Like a reset, it ends
 * every other way in that the old password opened: all web sessions but the one given (the device making the
 * change) and every refresh-token family of the JSON API, in the same batch as the new hash.
 */
export async function changePassword(
  db: Db,
  user: User,
  input: z.infer<typeof ChangePasswordSchema>,
  options: { keepSessionHash?: string | null; now?: number } = {},
) {
  if (!user.passwordHash || !(await verifyPassword(input.oldPassword, user.passwordHash)))
    refuse('passwordWrongOld', 'oldPassword')
  const now = options.now ?? Date.now()
  const keep = options.keepSessionHash
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), ...nextTokenGeneration })
      .where(eq(users.id, user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), keep ? ne(sessions.tokenHash, keep) : undefined)),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt))),
    passwordChangedNotice(db, user, now),
  ])
}

/**
 * Stores a new avatar in R2 (SPEC §5: JPG, JPEG, PNG, HEIC; "Not supported format" otherwise) under a
 * fresh key, then forgets the old one. The bytes decide the format, not the name alone.
 */
export async function setAvatar(db: Db, bucket: R2Bucket, user: User, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const problem = avatarProblem(file, bytes.slice(0, 16))
  if (problem) refuse(problem, 'avatar')
  const kind = sniffImage(bytes)!
  const key = `${user.id}/${newId()}.${kind}`
  await bucket.put(key, bytes, { httpMetadata: { contentType: AVATAR_CONTENT_TYPES[kind] } })
  await db.update(users).set({ imageKey: key }).where(eq(users.id, user.id))
  if (user.imageKey) await bucket.delete(user.imageKey)
  return key
}

export async function deleteAvatar(db: Db, bucket: R2Bucket, user: User) {
  await db.update(users).set({ imageKey: null }).where(eq(users.id, user.id))
  if (user.imageKey) await bucket.delete(user.imageKey)
}

/**
 * Deletes the account and, through the schema's cascades, everything it owns (sessions, tokens, schedules,
 * event types, ...): its public pages answer 404 from then on. The avatar leaves R2 too.
 */
export async function deleteAccount(db: Db, bucket: R2Bucket, user: User) {
  await db.delete(users).where(eq(users.id, user.id))
  if (user.imageKey) await bucket.delete(user.imageKey)
}
