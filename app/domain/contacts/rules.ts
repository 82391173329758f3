/**
 * Contacts (SPEC §3 "Contact", "Contact filter"; §5 text limits; §9 recipient chips): pure rules shared by the
 * `/contacts` page and the JSON API.
 */
import { z } from 'zod'
import { LONG_TEXT_MAX, RECIPIENT_CHIPS, TEXT_MAX } from '#app/domain/constants.ts'
import { MESSENGER_TYPES } from '#app/domain/enums.ts'
import { dmyToIso, isIsoDate } from '#app/domain/time/index.ts'
import { OptionalTypedDateSchema } from '#app/domain/time/typed-fields.ts'
import { emailField, optionalPhone, optionalText, parsedBy, personName } from '#app/domain/fields.ts'

/** Contacts per page of the table and the API's default limit. */
export const CONTACTS_PAGE_SIZE = 50

export { MESSENGER_TYPES, type MessengerType } from '#app/domain/enums.ts'

const filterText = z
  .string()
  .trim()
  .max(TEXT_MAX, 'validation:maxChars')
  .optional()
  .nullable()
  .transform((value) => (value ? value : null))

/** A date of the JSON API: `DD.MM.YYYY`, or `YYYY-MM-DD`; answers `YYYY-MM-DD`. */
export const FilterDateSchema = z
  .string()
  .trim()
  .transform(
    parsedBy((value) => (value === '' ? null : isIsoDate(value) ? value : dmyToIso(value)), 'validation:invalidDate'),
  )

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1')

const apiFilterDate = FilterDateSchema.optional()
  .nullable()
  .transform((v) => v ?? null)

/**
 * SPEC §3 "Contact filter", its period read by `date` (`YYYY-MM-DD` or null). `viewNotDone`: only contacts without
 * a held meeting yet (docs/decisions/0050).
 */
function contactFilterSchema(date: z.ZodType<string | null, unknown>) {
  return z
    .object({
      firstAndLastName: filterText,
      firstName: filterText,
      lastName: filterText,
      email: filterText,
      from: date,
      to: date,
      eventTypeIds: z.array(z.string().max(64)).max(200).optional().default([]),
      viewNotDone: flag,
      viewArchive: flag,
    })
    .superRefine((filter, ctx) => {
      if (filter.from && filter.to && filter.from > filter.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation:endAfterStart' })
      }
    })
}

/** The JSON API's contact filter (`GET /contacts`): dates in its documented formats. */
export const ContactFilterSchema = contactFilterSchema(apiFilterDate)
/**
 * The `/contacts` page's filter (a GET form): its period fields read as typed (`DD.MM.YYYY`, or `YYYY-MM-DD` of
 * older links and bookmarks), with the date fields' one reading (app/domain/time/typed-fields.ts).
 */
export const ContactFilterPageSchema = contactFilterSchema(OptionalTypedDateSchema)
export type ContactFilter = z.infer<typeof ContactFilterSchema>

/** Whether any narrowing filter is set (the page's "nothing matches the filters" empty message). */
export function hasActiveFilter(filter: ContactFilter): boolean {
  return Boolean(
    filter.firstAndLastName ||
      filter.firstName ||
      filter.lastName ||
      filter.email ||
      filter.from ||
      filter.to ||
      filter.eventTypeIds.length > 0 ||
      filter.viewNotDone,
  )
}

export type ContactsEmptyKind = 'archive' | 'filtered' | 'plain'

/** SPEC §2 Contacts: three empty messages (archive, active filters, plain). */
export function emptyKind(filter: ContactFilter): ContactsEmptyKind {
  if (filter.viewArchive) return 'archive'
  return hasActiveFilter(filter) ? 'filtered' : 'plain'
}

/** A contact added by hand: email is the identity (contacts are never duplicated by email). */
export const NewContactSchema = z
  .object({
    firstName: personName(),
    lastName: optionalText(TEXT_MAX),
    email: emailField(),
    phone: optionalPhone(),
    messengerType: z.enum(MESSENGER_TYPES).optional().nullable(),
    messengerValue: optionalText(TEXT_MAX),
    customField: optionalText(TEXT_MAX),
  })
  .transform((contact) => ({
    ...contact,
    // SPEC §5 "Public message": messenger type and value null if the value is empty; WhatsApp by default (§9).
    messengerType: contact.messengerValue ? (contact.messengerType ?? 'WhatsApp') : null,
  }))
export type NewContact = z.infer<typeof NewContactSchema>

export const ContactIdsSchema = z
  .array(z.string().min(1).max(64), { error: 'validation:required' })
  .min(1, 'validation:required')
  .max(500)

export const ContactMessageSchema = z.object({
  contactIds: ContactIdsSchema,
  message: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .max(LONG_TEXT_MAX, 'validation:maxChars'),
})

export const ContactInvitationSchema = z.object({
  contactIds: ContactIdsSchema,
  /** The event type to book; none: the specialist's public page. */
  eventTypeId: z.string().max(64).optional().nullable(),
})

/** SPEC §9 "Recipient chips 5": the first five shown, the rest behind a menu with their count. */
export function recipientChips<T>(recipients: readonly T[], shown: number = RECIPIENT_CHIPS) {
  return { shown: recipients.slice(0, shown), rest: recipients.slice(shown) }
}

export type CommunicationMethod = 'messenger' | 'phone' | 'email'

/** The contact's communication method as the table shows it: messenger if given, else phone, else email. */
export function communicationMethod(contact: {
  messengerValue: string | null
  phone: string | null
}): CommunicationMethod {
  if (contact.messengerValue) return 'messenger'
  if (contact.phone) return 'phone'
  return 'email'
}
