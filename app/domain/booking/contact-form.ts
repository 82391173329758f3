// The public booking form (SPEC §3 "Booking form", §5 "Public form rules"): name and email always; last name,
// phone and messenger when the event type requires them. Messages are i18n keys (app/i18n/zod-errors.ts).
import { z } from 'zod'
import { LONG_TEXT_MAX, NAME_MIN, TEXT_MAX } from '../constants.ts'

import { DEFAULT_MESSENGER, MESSENGERS } from './messengers.ts'

export { DEFAULT_MESSENGER, MESSENGERS }

export type RequiredFields = {
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
}

const PHONE = /^\+?[0-9 ()-]{5,30}$/

/**
 * Control characters (C0, DEL, C1) and the Unicode line separators: a name with CR/LF would end up raw in the
 * organizer's email subject and in calendar entries. A multi-line text (the comment) keeps tab, LF and CR.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/
export const CONTROL_CHARS_MESSAGE = 'booking:errors.controlChars'

/** Whether a text holds characters the public forms refuse (see CONTROL); `multiline` allows line breaks. */
export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL).test(value)
}

type TextOptions = { multiline?: boolean }

/** Empty strings and missing values become null; text is trimmed. */
const optionalText = (max: number, min = 1, { multiline = false }: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, 'validation:maxChars')
    .refine((v) => !hasControlChars(v, multiline), { error: CONTROL_CHARS_MESSAGE, abort: true })
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().min(min, 'validation:minChars').nullable())

/** A required text: one message per field (an empty value is "required", not also "too short"). */
const requiredText = (min: number, max: number, { multiline = false }: TextOptions = {}) => {
  const text = z.string({ error: 'validation:required' }).trim().min(1, { error: 'validation:required', abort: true })
  return (min > 1 ? text.min(min, 'validation:minChars') : text)
    .max(max, 'validation:maxChars')
    .refine((v) => !hasControlChars(v, multiline), { error: CONTROL_CHARS_MESSAGE, abort: true })
}

const emailField = () =>
  z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required', abort: true })
    .max(TEXT_MAX, { error: 'validation:maxChars', abort: true })
    .pipe(z.email('validation:invalidEmail'))
    .transform((v) => v.toLowerCase())

/** A select posts '' when nothing is chosen, and a hidden one posts nothing: both mean "not given". */
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

/**
 * The form's schema for an event type's required fields. Made once per combination of the three flags and shared: a
 * zod schema is immutable, and building one took longer than parsing with it (ADR 0110).
 */
export function contactInfoSchema(rules: RequiredFields) {
  const key = `${rules.isLastNameRequired}|${rules.isPhoneRequired}|${rules.isMessengerRequired}`
  let schema = contactSchemas.get(key)
  if (!schema) {
    schema = buildContactInfoSchema(rules)
    contactSchemas.set(key, schema)
  }
  return schema
}

const contactSchemas = new Map<string, ReturnType<typeof buildContactInfoSchema>>()

function buildContactInfoSchema(rules: RequiredFields) {
  const lastName = rules.isLastNameRequired ? requiredText(NAME_MIN, TEXT_MAX) : optionalText(TEXT_MAX, NAME_MIN)
  const phone = rules.isPhoneRequired
    ? requiredText(1, 30).regex(PHONE, 'validation:invalidPhone')
    : optionalText(30).refine((v) => v === null || PHONE.test(v), 'validation:invalidPhone')
  const messengerValue = rules.isMessengerRequired ? requiredText(1, TEXT_MAX) : optionalText(TEXT_MAX)
  return z
    .object({
      firstName: requiredText(NAME_MIN, TEXT_MAX),
      lastName,
      email: emailField(),
      phone,
      comment: optionalText(LONG_TEXT_MAX, 1, { multiline: true }),
      messengerType: z.preprocess(emptyAsNull, z.enum(MESSENGERS, 'validation:invalid').nullish()),
      messengerValue,
    })
    .transform((v) => ({
      ...v,
      lastName: v.lastName ?? '',
      // SPEC §5: messenger type and value are null when the value is empty; the type defaults to WhatsApp.
      messengerType: v.messengerValue ? (v.messengerType ?? DEFAULT_MESSENGER) : null,
    }))
}

export type ContactInfo = z.output<ReturnType<typeof contactInfoSchema>>

/** The most companions one booking brings (SPEC §2 "add participants"); a group event's free seats may allow fewer. */
export const MAX_COMPANIONS = 10

/**
 * The event type booking form (SPEC §3 "Booking form"): the contact, plus `tempCustomField` (kept with the booking,
 * shown to the organizer) and `emails`, the people who come along (ADR 0105). Companions are folded: blanks,
 * repeats and the client's own email are dropped, so a typo-free party of three is three participants whatever
 * was typed twice.
 */
export function bookingContactSchema(rules: RequiredFields) {
  const contact = contactInfoSchema(rules)
  let schema = bookingSchemas.get(contact)
  if (!schema) {
    schema = buildBookingContactSchema(contact)
    bookingSchemas.set(contact, schema)
  }
  return schema
}

const bookingSchemas = new WeakMap<ContactSchema, ReturnType<typeof buildBookingContactSchema>>()

type ContactSchema = ReturnType<typeof contactInfoSchema>

function buildBookingContactSchema(base: ContactSchema) {
  return base
    .and(
      z.object({
        tempCustomField: optionalText(TEXT_MAX),
        emails: z
          .array(z.preprocess(emptyAsNull, emailField().nullable()), 'validation:invalid')
          .max(MAX_COMPANIONS, 'booking:errors.tooManyCompanions')
          .nullish(),
      }),
    )
    .transform(({ emails, ...contact }) => ({
      ...contact,
      emails: [...new Set((emails ?? []).filter((e): e is string => e !== null && e !== contact.email))],
    }))
}

export type BookingContact = z.output<ReturnType<typeof bookingContactSchema>>

/** The contact-organizer form (POST /public/{login}/eventTypes/message). */
export const organizerMessageSchema = z.object({
  name: requiredText(NAME_MIN, TEXT_MAX),
  email: emailField(),
  phone: optionalText(30).refine((v) => v === null || PHONE.test(v), 'validation:invalidPhone'),
  text: requiredText(1, LONG_TEXT_MAX, { multiline: true }),
})
