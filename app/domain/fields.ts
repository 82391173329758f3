/**
 * The field rules every form, its action and the JSON API parse with (issue 13 "Field schemas in one module"): text
 * with or without a minimum, a person's name, an email, a phone. Messages are i18n keys (`validation:*`, translated
 * where shown: app/i18n/zod-errors.ts). A form that speaks its own texts (the account pages) passes its keys; the
 * rule itself stays the one here.
 */
import { z } from 'zod'
import { NAME_MIN, TEXT_MAX } from './constants.ts'

/** SPEC §5: digits, spaces, brackets, dashes, an optional leading plus; 5 to 30 characters. */
export const PHONE = /^\+?[0-9 ()-]{5,30}$/
export const PHONE_MAX = 30

/**
 * Control characters (C0, DEL, C1) and the Unicode line separators: a name with CR/LF would end up raw in the
 * organizer's email subject and in calendar entries. A multi-line text (a comment) keeps tab, LF and CR.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/
export const CONTROL_CHARS_MESSAGE = 'booking:errors.controlChars'

/** Whether a text holds characters the forms refuse (see CONTROL); `multiline` allows line breaks. */
export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL).test(value)
}

type TextOptions = { multiline?: boolean }

/** An optional text: trimmed; empty or missing becomes null; a given one has at least `min` characters. */
export const optionalText = (max: number, min = 1, { multiline = false }: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, 'validation:maxChars')
    .refine((v) => !hasControlChars(v, multiline), { error: CONTROL_CHARS_MESSAGE, abort: true })
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().min(min, 'validation:minChars').nullable())

/** A required text: one message per field (an empty value is "required", not also "too short"). */
export const requiredText = (min: number, max: number, { multiline = false }: TextOptions = {}) => {
  const text = z.string({ error: 'validation:required' }).trim().min(1, { error: 'validation:required', abort: true })
  return (min > 1 ? text.min(min, 'validation:minChars') : text)
    .max(max, 'validation:maxChars')
    .refine((v) => !hasControlChars(v, multiline), { error: CONTROL_CHARS_MESSAGE, abort: true })
}

/** A person's first (or required last) name: SPEC §5, 2 to 200 characters after trimming, one line. */
export const personName = () => requiredText(NAME_MIN, TEXT_MAX)

/** The keys an email field answers with; the account pages have their own texts for the same rules. */
export type EmailMessages = { required: string; max: string; invalid: string }
const VALIDATION_EMAIL: EmailMessages = {
  required: 'validation:required',
  max: 'validation:maxChars',
  invalid: 'validation:invalidEmail',
}

/** An email: required, at most 200 characters, valid, compared and kept in lower case. */
export const emailField = (messages: EmailMessages = VALIDATION_EMAIL) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(TEXT_MAX, { error: messages.max, abort: true })
    .pipe(z.email(messages.invalid))
    .transform((v) => v.toLowerCase())

/** A phone the person may leave out: null when empty, else SPEC §5's shape. */
export const optionalPhone = () =>
  optionalText(PHONE_MAX).refine((v) => v === null || PHONE.test(v), 'validation:invalidPhone')

/** A phone the form requires. */
export const requiredPhone = () => requiredText(1, PHONE_MAX).regex(PHONE, 'validation:invalidPhone')

/** A transform that reads a text with `parse` and turns its throw (a time module's RangeError) into the issue `message`. */
export const parsedBy =
  <T>(parse: (value: string) => T, message: string) =>
  (value: string, ctx: z.RefinementCtx): T => {
    try {
      return parse(value)
    } catch {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
  }

/** A select posts '' when nothing is chosen, and a hidden one posts nothing: both mean "not given". */
export const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
