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

/** Empty strings and missing values become null; text is trimmed. */
const optionalText = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .max(max, 'validation:maxChars')
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().min(min, 'validation:minChars').nullable())

const requiredText = (min: number, max: number) => {
  const text = z.string({ error: 'validation:required' }).trim().min(1, 'validation:required')
  return (min > 1 ? text.min(min, 'validation:minChars') : text).max(max, 'validation:maxChars')
}

export function contactInfoSchema(rules: RequiredFields) {
  const lastName = rules.isLastNameRequired ? requiredText(NAME_MIN, TEXT_MAX) : optionalText(TEXT_MAX, NAME_MIN)
  const phone = rules.isPhoneRequired
    ? requiredText(1, 30).regex(PHONE, 'validation:invalidPhone')
    : optionalText(30).refine((v) => v === null || PHONE.test(v), 'validation:invalidPhone')
  const messengerValue = rules.isMessengerRequired ? requiredText(1, TEXT_MAX) : optionalText(TEXT_MAX)
  return z
    .object({
      firstName: requiredText(NAME_MIN, TEXT_MAX),
      lastName,
      email: z
        .string({ error: 'validation:required' })
        .trim()
        .min(1, 'validation:required')
        .max(TEXT_MAX, 'validation:maxChars')
        .pipe(z.email('validation:invalidEmail'))
        .transform((v) => v.toLowerCase()),
      phone,
      comment: optionalText(LONG_TEXT_MAX),
      messengerType: z.enum(MESSENGERS, 'validation:invalid').nullish(),
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

/** The contact-organizer form (POST /public/{login}/eventTypes/message). */
export const organizerMessageSchema = z.object({
  name: requiredText(NAME_MIN, TEXT_MAX),
  email: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .pipe(z.email('validation:invalidEmail'))
    .transform((v) => v.toLowerCase()),
  phone: optionalText(30).refine((v) => v === null || PHONE.test(v), 'validation:invalidPhone'),
  text: requiredText(1, LONG_TEXT_MAX),
})
