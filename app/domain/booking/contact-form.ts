// The public booking form (SPEC §3 "Booking form", §5 "Public form rules"): name and email always; last name,
// phone and messenger when the event type requires them. Messages are i18n keys (app/i18n/zod-errors.ts).
import { z } from 'zod'
import { LONG_TEXT_MAX, NAME_MIN, TEXT_MAX } from '../constants.ts'
import {
  emailField,
  emptyAsNull,
  optionalPhone,
  optionalText,
  personName,
  requiredPhone,
  requiredText,
} from '../fields.ts'

import { DEFAULT_MESSENGER, MESSENGERS } from './messengers.ts'

export { DEFAULT_MESSENGER, MESSENGERS }

export type RequiredFields = {
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
}

/**
 * The form's schema for an event type's required fields. Made once per combination of the three flags and shared: a
 * zod schema is immutable, and building one took longer than parsing with it (ADR 0110).
 */
export function contactInfoSchema(rules: RequiredFields) {
  const key = `${rules.isLastNameRequired}|${rules.isPhoneRequired}|${rules.isMessengerRequired}`
  return madeOnce(contactSchemas, key, () => buildContactInfoSchema(rules))
}

/** The value of `key` in `cache`, built the first time it is asked for. */
function madeOnce<K, V>(cache: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, build: () => V) {
  let value = cache.get(key)
  if (value === undefined) {
    value = build()
    cache.set(key, value)
  }
  return value
}

const contactSchemas = new Map<string, ReturnType<typeof buildContactInfoSchema>>()

function buildContactInfoSchema(rules: RequiredFields) {
  const lastName = rules.isLastNameRequired ? requiredText(NAME_MIN, TEXT_MAX) : optionalText(TEXT_MAX, NAME_MIN)
  const phone = rules.isPhoneRequired ? requiredPhone() : optionalPhone()
  const messengerValue = rules.isMessengerRequired ? requiredText(1, TEXT_MAX) : optionalText(TEXT_MAX)
  return z
    .object({
      firstName: personName(),
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
  return madeOnce(bookingSchemas, contact, () => buildBookingContactSchema(contact))
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
  name: personName(),
  email: emailField(),
  phone: optionalPhone(),
  text: requiredText(1, LONG_TEXT_MAX, { multiline: true }),
})
