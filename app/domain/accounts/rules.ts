import { z } from 'zod'
import { LOGIN_MIN, NAME_MIN, PASSWORD_MIN, TEXT_MAX, LONG_TEXT_MAX } from '#app/domain/constants.ts'
import { isReservedName } from '#app/domain/reserved-names.ts'
import { isTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { emailField, hasControlChars } from '#app/domain/fields.ts'
import type { RefusalCode } from '#app/domain/refusal.ts'

/**
 * The account rules of SPEC §5 (password, login, names, agreement) and §2 (avatar formats), as zod schemas
 * used three times: the page's client validation, the Remix action and the JSON API (CONVENTIONS.md).
 * Messages are i18n keys (`accounts:...`), translated where they are shown.
 */

const CYRILLIC = /[\u0400-\u04FF]/
const WHITESPACE = /\s/
const SPECIAL = /[^A-Za-z0-9\s\u0400-\u04FF]/

/** Each SPEC §5 password rule that the password breaks, in the order the form shows them. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = []
  if (password.length < PASSWORD_MIN) problems.push('accounts:password.min')
  if (password.length > TEXT_MAX) problems.push('accounts:password.max')
  if (CYRILLIC.test(password)) problems.push('accounts:password.cyrillic')
  if (WHITESPACE.test(password)) problems.push('accounts:password.whitespace')
  if (!/[a-z]/.test(password)) problems.push('accounts:password.lower')
  if (!/[A-Z]/.test(password)) problems.push('accounts:password.upper')
  if (!/[0-9]/.test(password)) problems.push('accounts:password.digit')
  if (!SPECIAL.test(password)) problems.push('accounts:password.special')
  return problems
}

export const PasswordSchema = z.string({ error: 'accounts:required' }).superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message })
})

const LOGIN_ALLOWED = /^[A-Za-z0-9._@-]+$/
/** A letter outside Latin (Cyrillic, accented): SPEC §5 "only Latin letters". */
const LETTER_NOT_LATIN = /(?![A-Za-z])\p{L}/u

/** The problem with a login (SPEC §5), or null when it is acceptable. Logins are kept lowercased. */
export function loginProblem(login: string): string | null {
  if (login.length === 0) return 'accounts:required'
  if (login.length < LOGIN_MIN) return 'accounts:login.min'
  if (login.length > TEXT_MAX) return 'accounts:login.max'
  if (LETTER_NOT_LATIN.test(login)) return 'accounts:login.latinOnly'
  if (!LOGIN_ALLOWED.test(login)) return 'accounts:login.chars'
  if (/^\.+$/.test(login)) return 'accounts:login.dots'
  if (isReservedName(login)) return 'accounts:login.reserved'
  return null
}

export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase()
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const LoginSchema = z
  .string({ error: 'accounts:required' })
  .transform(normalizeLogin)
  .superRefine((value, ctx) => {
    const problem = loginProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const EmailSchema = emailField({
  required: 'accounts:required',
  max: 'accounts:email.max',
  invalid: 'accounts:email.invalid',
})

/** First and last name: at least 2 characters after trimming (SPEC §5), at most 200. */
export const NameSchema = z
  .string({ error: 'accounts:required' })
  .trim()
  .min(1, 'accounts:required')
  .min(NAME_MIN, 'accounts:name.min')
  .max(TEXT_MAX, 'accounts:name.max')
  .refine((value) => !hasControlChars(value), 'accounts:name.controlChars')

const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean())

export const SignupSchema = z
  .object({
    login: LoginSchema,
    email: EmailSchema,
    password: PasswordSchema,
    firstName: NameSchema,
    lastName: NameSchema,
    isAgreementAccepted: checkbox.refine((value) => value, 'accounts:agreement.required'),
  })
  .strip()

/** The sign-up page adds the repeated password and the mailing consent to the API's shape. */
export const SignupFormSchema = SignupSchema.extend({
  passwordRepeat: z.string({ error: 'accounts:required' }),
  isConsentMailing: checkbox.optional(),
}).superRefine((value, ctx) => {
  if (value.password !== value.passwordRepeat)
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'accounts:password.mismatch' })
})

/**
 * A value the form must carry and no rule checks further (a password to sign in with, a link's token): present, at
 * most 200 characters (said with its number, not as "required").
 */
const givenText = ({ trim = false } = {}) => {
  const text = z.string({ error: 'accounts:required' })
  return (trim ? text.trim() : text).min(1, 'accounts:required').max(TEXT_MAX, 'validation:maxChars')
}

export const CODE_LENGTH = 6
export const CodeSchema = z
  .string({ error: 'accounts:required' })
  .trim()
  .regex(/^\d{6}$/, 'accounts:code.format')

export const ConfirmCodeSchema = z.object({ email: EmailSchema, code: CodeSchema })

/** The code of a sign-up made after a booking (the booking's email; the page and the API parse it alike). */
export const AfterBookingCodeSchema = ConfirmCodeSchema.extend({
  bookingId: givenText({ trim: true }),
})

/** Sign-in: the login or the email, and the password (never validated beyond presence: no hints). */
export const SigninSchema = z.object({
  login: givenText({ trim: true }).toLowerCase(),
  password: givenText(),
})

export const RestoreRequestSchema = z.object({ email: EmailSchema })

export const RestoreSchema = z.object({
  token: givenText(),
  password: PasswordSchema,
})

export const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, passwordRepeat: z.string({ error: 'accounts:required' }) })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordRepeat)
      ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'accounts:password.mismatch' })
  })

export const ChangePasswordSchema = z.object({
  oldPassword: givenText(),
  password: PasswordSchema,
})

export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  passwordRepeat: z.string({ error: 'accounts:required' }),
}).superRefine((value, ctx) => {
  if (value.password !== value.passwordRepeat)
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'accounts:password.mismatch' })
})

export const CULTURES = ['ru', 'en'] as const

export const TimeZoneSchema = z
  .string({ error: 'accounts:required' })
  .trim()
  .refine((value) => isTimeZone(value), 'accounts:timeZone.invalid')

/** The editable part of the profile (API-CONTRACT.md "Profile"). */
export const ProfileSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  description: z
    .string()
    .trim()
    .max(LONG_TEXT_MAX, 'accounts:description.max')
    .refine((value) => !hasControlChars(value, true), 'accounts:description.controlChars')
    .default(''),
  ianaTimeZoneId: TimeZoneSchema,
  culture: z.enum(CULTURES, { error: 'accounts:culture.invalid' }),
})

/** Avatars (SPEC §5): JPG, JPEG, PNG, HEIC, up to 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic'] as const
const AVATAR_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
}

/** Which image it really is, from its first bytes; null for anything else. */
export function sniffImage(bytes: Uint8Array): 'jpg' | 'png' | 'heic' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png'
  if (bytes.length >= 12) {
    const box = String.fromCharCode(...bytes.slice(4, 12))
    if (/^ftyp(heic|heix|hevc|hevx|mif1|msf1|heim|heis)$/.test(box)) return 'heic'
  }
  return null
}

type AvatarRefusal = Extract<RefusalCode, 'avatarRequired' | 'avatarTooLarge' | 'avatarFormat'>

/** The refusal of an uploaded avatar, or null; the file name, its type and its bytes must all agree. */
export function avatarProblem(
  file: { name: string; type: string; size: number },
  head: Uint8Array,
): AvatarRefusal | null {
  if (file.size === 0) return 'avatarRequired'
  if (file.size > AVATAR_MAX_BYTES) return 'avatarTooLarge'
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return 'avatarFormat'
  if (file.type && !AVATAR_TYPES[file.type.toLowerCase()]) return 'avatarFormat'
  const sniffed = sniffImage(head)
  if (!sniffed) return 'avatarFormat'
  const expected = extension === 'jpeg' ? 'jpg' : extension
  return sniffed === expected ? null : 'avatarFormat'
}

export const AVATAR_CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', heic: 'image/heic' } as const

// The avatar's initial and colour live in a module without zod (they reach every page through the header).
export { AVATAR_PALETTE, avatarColor, avatarInitial } from './avatar.ts'

/** Seconds left before a new code may be sent (SPEC §9: 60 s), given when the last one was sent. */
export function resendSecondsLeft(lastSentAt: number, now: number, cooldownSeconds: number): number {
  return Math.max(0, Math.ceil((lastSentAt + cooldownSeconds * 1000 - now) / 1000))
}
