/**
 * The public booking API's request body (`POST /public/{login}/eventTypes/{eventLink}/events`, API-CONTRACT.md
 * "Public booking") and the host's `book` command it becomes. One module for the two places that parse it with the
 * same schema: the API, when it has read the event type itself, and the host's object (`bookPublic`, ADR 0134), which
 * parses it against the event type it holds.
 */
import { z } from 'zod'
import { bookingContactSchema } from '#app/domain/booking/contact-form.ts'
import { MAX_SLOTS_PER_REQUEST } from '#app/domain/commands/booking.ts'
import { parseUtcInstant } from '#app/domain/time/index.ts'
import type { Language } from '#app/i18n/config.ts'
import type { PublicEventContext } from './availability.server.ts'
import type { BookInput } from './host-lock-client.server.ts'

function parseInstant(value: string): number {
  try {
    return parseUtcInstant(value)
  } catch {
    return Number.NaN
  }
}

/** A slot by its start, an ISO instant (its end is the event type's duration later). */
export const startSchema = z.object({
  start: z
    .string({ error: 'validation:required' })
    .refine((v) => !Number.isNaN(parseInstant(v)), 'validation:invalidDate'),
})

type ContactSchema = ReturnType<typeof bookingContactSchema>

/** The booking request's body for one contact form; made once per form (bookingContactSchema shares its schemas). */
const bookingBodies = new WeakMap<ContactSchema, ReturnType<typeof buildBookingBody>>()

function buildBookingBody(contactInfo: ContactSchema) {
  return z
    .object({
      contactInfo,
      gostBookingsIds: z
        .array(z.object({ id: z.string().min(1).max(200) }))
        .max(MAX_SLOTS_PER_REQUEST)
        .default([]),
      slots: z.array(startSchema).max(MAX_SLOTS_PER_REQUEST).default([]),
    })
    .refine((v) => v.gostBookingsIds.length + v.slots.length > 0, {
      message: 'booking:errors.selectSlot',
      path: ['gostBookingsIds'],
    })
    .refine((v) => v.gostBookingsIds.length + v.slots.length <= MAX_SLOTS_PER_REQUEST, {
      message: 'booking:errors.tooManySlots',
      path: ['gostBookingsIds'],
    })
}

/** The contact fields the event type asks for, and its holds or slots. */
export function bookingBodySchema(eventType: Parameters<typeof bookingContactSchema>[0]) {
  const contactInfo = bookingContactSchema(eventType)
  let schema = bookingBodies.get(contactInfo)
  if (!schema) {
    schema = buildBookingBody(contactInfo)
    bookingBodies.set(contactInfo, schema)
  }
  return schema
}

export type BookingBody = z.output<ReturnType<typeof bookingBodySchema>>

/** Slots by their starts, each as long as the event type. */
export function slotsFromStarts(context: PublicEventContext, starts: { start: string }[]) {
  const duration = context.eventType.durationInMinutes * 60_000
  return starts.map(({ start }) => {
    const at = parseInstant(start)
    return { start: at, end: at + duration }
  })
}

/** What the API knows of a booking request besides its body. */
export type PublicBookingRequest = {
  language: Language
  /** The viewer's zone (`timezone` header or query), if given; the host's otherwise. */
  viewerTimeZone: string | null
  idempotencyKey: string | null
}

/** The host's `book` command of a parsed body. */
export function bookInputOf(context: PublicEventContext, body: BookingBody, request: PublicBookingRequest): BookInput {
  return {
    ownerId: context.host.id,
    eventTypeId: context.eventType.id,
    holdIds: body.gostBookingsIds.map((g) => g.id),
    slots: slotsFromStarts(context, body.slots),
    contact: body.contactInfo,
    language: request.language,
    timeZone: request.viewerTimeZone ?? context.host.timeZone,
    idempotencyKey: request.idempotencyKey,
  }
}

/** Whether the event type still answers at the address a request named (its link or its host's login may change). */
export function answersAt(context: PublicEventContext, address: { login: string; link: string }): boolean {
  return context.host.login === address.login && context.eventType.link === address.link
}

/**
 * The `book` command of a body the host's object received unparsed (`bookPublic`): null when it does not parse, and
 * the API is to read the event type and answer its 400 itself.
 */
export function publicBookInput(context: PublicEventContext, body: unknown, request: PublicBookingRequest) {
  const parsed = bookingBodySchema(context.eventType).safeParse(body)
  return parsed.success ? bookInputOf(context, parsed.data, request) : null
}

const slotsOnly = z.object({
  slots: z.array(startSchema).min(1).max(MAX_SLOTS_PER_REQUEST),
  gostBookingsIds: z.array(z.unknown()).max(0).optional(),
})

/**
 * The slots of a body that books by slots alone (no holds), read with the body's own slot rule and without its
 * contact: what the host's memory of a slot just taken is asked by (ADR 0134). Null for any other body.
 */
export function bodySlots(context: PublicEventContext, body: unknown) {
  const parsed = slotsOnly.safeParse(body)
  return parsed.success ? slotsFromStarts(context, parsed.data.slots) : null
}
