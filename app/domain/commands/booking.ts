/**
 * Holding and booking slots of an event type (SPEC §4 ghost bookings, §7 `POST .../events`): pure decisions over a
 * snapshot of the host's calendar (calendar.ts). The host's Durable Object loads the snapshot, calls these and keeps
 * or applies what they decided; nothing here reads D1 or the clock.
 */
import { type Outcome, type Refusal, refusal } from '../refusal.ts'
import type { BookingContact } from '../booking/contact-form.ts'
import { newId } from '../ids.ts'
import type { PlanName } from '../enums.ts'
import { type BookingChannel, bookingPause } from '../plans.ts'
import type { BookingConfirmed, Companion, MeetingDraft } from './events.ts'
import { type EventCalendar, type HoldInterval, allFree, seatsLeftFor } from './calendar.ts'

/** How long a ghost booking holds its slot while the client fills in the form. */
export const HOLD_TTL_MS = 10 * 60_000
/** Slots one hold or booking request may name. */
export const MAX_SLOTS_PER_REQUEST = 10
/**
 * What one client may hold of one host at once, all event types and one-time seats together: a person books a few
 * slots, never a month (issue 19: one address took 300 of a host's slots). A client is its id from its address.
 */
export const MAX_HOLDS_PER_CLIENT = 10
/**
 * What one address may hold of one host at once, whatever client ids it makes up: a few people behind one office
 * network still book, while one address can never take more than this many of a host's slots.
 */
export const MAX_HOLDS_PER_ADDRESS = 20

/** A ghost hold of the host's Durable Object (a seat of a one-time meeting has `companyEventId`, eventTypeId ''). */
export type Hold = {
  id: string
  eventTypeId: string
  clientId: string
  /** A key of the requester's address (app/server/booking/limits.server.ts `addressKey`); '' in holds made before. */
  address?: string
  start: number
  end: number
  expiresAt: number
  companyEventId?: string
}

/** Who holds: the client id counts only from the address it was used at, so it cannot be taken over or multiplied. */
export type Holder = { clientId: string; address: string }

export const isHeldBy = (hold: Hold, holder: Holder) =>
  hold.clientId === holder.clientId && (hold.address ?? '') === holder.address

/** The refusal when the holder, or its address, would hold more of this host than allowed; null when it fits. */
export function holdLimitRefusal(holder: Holder, active: readonly Hold[], adding: number): Refusal | null {
  if (adding === 0) return null
  const ofClient = active.filter((h) => isHeldBy(h, holder)).length
  const ofAddress = active.filter((h) => (h.address ?? '') === holder.address).length
  if (ofClient + adding > MAX_HOLDS_PER_CLIENT || ofAddress + adding > MAX_HOLDS_PER_ADDRESS) {
    return refusal('tooManyHolds')
  }
  return null
}

const fail = <T>(r: Refusal): Outcome<T> => ({ ok: false, refusal: r })
const key = (slot: { start: number; end: number }) => `${slot.start}:${slot.end}`

/** What the host's plan in force lets this booking do (plans.ts `bookingPause`): loaded with the snapshot. */
export type PlanGate = { plan: PlanName; participantType: string }

function pauseRefusal(gate: PlanGate, channel: BookingChannel | undefined): Refusal | null {
  const paused = bookingPause(gate.plan, { participantType: gate.participantType, channel: channel ?? 'page' })
  return paused ? refusal('bookingPaused', undefined, { capability: paused }) : null
}

export type HoldCommand = {
  ownerId: string
  /** Where the booking comes from (the widget needs its capability); the page when left out. */
  channel?: BookingChannel
  eventTypeId: string
  clientId: string
  address: string
  slots: { start: number; end: number }[]
}

/** The slots of a hold request this client does not hold already (only these need the calendar). */
export function freshSlots(command: HoldCommand, active: readonly Hold[]): { start: number; end: number }[] {
  const mine = new Set(active.filter((h) => isHeldBy(h, command) && h.eventTypeId === command.eventTypeId).map(key))
  return command.slots.filter((s) => !mine.has(key(s)))
}

/**
 * Hold the slots for this client, all or none: a slot it holds already is renewed (same id), a new one must be free
 * (other clients' holds count as taken). `calendar` is null when the event type is gone or not public; it may be
 * omitted when every slot is a renewal.
 */
export function decideHold(
  command: HoldCommand,
  snapshot: { calendar: EventCalendar | null; active: readonly Hold[]; plan: PlanGate | null },
  now: number,
): Outcome<Hold[]> {
  if (!snapshot.calendar || !snapshot.plan) return fail(refusal('eventNotFound'))
  const paused = pauseRefusal(snapshot.plan, command.channel)
  if (paused) return fail(paused)
  const mine = snapshot.active.filter((h) => isHeldBy(h, command) && h.eventTypeId === command.eventTypeId)
  const reused = new Map(mine.map((h) => [key(h), h]))
  const fresh = freshSlots(command, snapshot.active)
  const limited = holdLimitRefusal(command, snapshot.active, fresh.length)
  if (limited) return fail(limited)
  if (fresh.length > 0 && !allFree(snapshot.calendar, snapshot.active, fresh, now)) return fail(refusal('slotTaken'))
  return {
    ok: true,
    value: command.slots.map((slot) => ({
      id: reused.get(key(slot))?.id ?? `${command.ownerId}.${newId(now)}`,
      eventTypeId: command.eventTypeId,
      clientId: command.clientId,
      address: command.address,
      start: slot.start,
      end: slot.end,
      expiresAt: now + HOLD_TTL_MS,
    })),
  }
}

export type BookCommand = {
  ownerId: string
  /** Where the booking comes from (the widget needs its capability); the page when left out. */
  channel?: BookingChannel
  eventTypeId: string
  /** Ghost bookings to confirm, or (for API clients that skip holding) the slots themselves. */
  holdIds: string[]
  slots: { start: number; end: number }[]
  /** The client, with `emails`: the companions (folded: no repeats, not the client's own). */
  contact: BookingContact
  language: 'ru' | 'en'
  timeZone: string
  /** `<key>#<fingerprint>` as stored, or null. */
  idempotencyKey: string | null
}

export type BookSnapshot = {
  /** Null when the event type is gone or not public. */
  calendar: EventCalendar | null
  /** The holds named by the command (expired ones too, while the object remembers them). */
  named: readonly Hold[]
  /** Every other active hold of the host. */
  others: readonly HoldInterval[]
  /** The new meeting's columns, copied from the event type. */
  draft: MeetingDraft
  remindersInMinutes: number[]
  /** The host's contact with the client's email, if there is one. */
  contactId: string | null
  /** The host's plan in force and the event type's kind. */
  plan: PlanGate
}

/** The booking id of a group booking's companion number `index` (from 0): `<booking>.<index + 1>` (ADR 0105). */
export const companionBookingId = (bookingId: string, index: number) => `${bookingId}.${index + 1}`

/** Whether a participant's booking id is that of a companion of the client's booking `bookingId`. */
export const isCompanionBooking = (bookingId: string, clientBookingId: string) =>
  bookingId.startsWith(`${clientBookingId}.`)

/** Whether the event type's slots have seats (a group) rather than one client with visitors. */
export const isGroup = (participantType: string) => participantType.startsWith('Group')

/**
 * How many seats a booking takes in each slot: the client and, in a group event, each companion (ADR 0105); in a
 * one-seat event companions are visitors and take none.
 */
export function partySize(participantType: string, companions: number): number {
  return isGroup(participantType) ? 1 + companions : 1
}

/**
 * Book the held (or named) slots for the client: each must still be free for the client's whole party (in a group
 * event: the client and each companion take a seat, all or none); a slot of a group event type that has a meeting
 * already joins it. One `BookingConfirmed` per slot, one booking id for all; each companion gets one booking id of
 * their own in a group event (companionBookingId), else shares the client's as a visitor.
 */
export function decideBook(command: BookCommand, snapshot: BookSnapshot, now: number): Outcome<BookingConfirmed[]> {
  if (!snapshot.calendar) return fail(refusal('eventNotFound'))
  const paused = pauseRefusal(snapshot.plan, command.channel)
  if (paused) return fail(paused)
  const { named } = snapshot
  if (named.length !== new Set(command.holdIds).size || named.some((h) => h.eventTypeId !== command.eventTypeId)) {
    return fail(refusal('holdNotFound'))
  }
  const slots = [...named.map((h) => ({ start: h.start, end: h.end })), ...command.slots].sort(
    (a, b) => a.start - b.start,
  )
  if (slots.length === 0) return fail(refusal('holdNotFound'))
  const group = isGroup(snapshot.plan.participantType)
  const party = partySize(snapshot.plan.participantType, command.contact.emails.length)
  const seatsLeft = seatsLeftFor(snapshot.calendar, snapshot.others, slots, party, now)
  if (seatsLeft === 0) return fail(refusal('slotTaken'))
  if (seatsLeft < party) return fail(refusal('partyTooLarge', 'contactInfo.emails', { seatsLeft, party }))
  const bookingId = newId(now)
  const contactId = snapshot.contactId ?? newId(now)
  // A group companion's own booking id names the client's: `<booking>.<n>` (the organizer sees who came with whom).
  const companionBookings = command.contact.emails.map((_, i) => (group ? companionBookingId(bookingId, i) : bookingId))
  const live = snapshot.calendar.live
  return {
    ok: true,
    value: slots.map((slot) => {
      const existing = live.find(
        (m) => m.eventTypeId === command.eventTypeId && m.startAt === slot.start && m.endAt === slot.end,
      )
      const companions: Companion[] = command.contact.emails.map((email, i) => ({
        participantId: newId(now),
        email,
        role: group ? 'member' : 'visitor',
        bookingId: companionBookings[i],
      }))
      return {
        type: 'BookingConfirmed',
        bookingId,
        meetingId: existing?.id ?? newId(now),
        newMeeting: existing ? null : snapshot.draft,
        start: slot.start,
        end: slot.end,
        attendee: {
          participantId: newId(now),
          contactId,
          contact: command.contact,
          language: command.language,
          timeZone: command.timeZone,
        },
        ...(companions.length > 0 ? { companions } : {}),
        newContact: snapshot.contactId === null,
        idempotencyKey: command.idempotencyKey,
        remindersInMinutes: snapshot.remindersInMinutes,
      }
    }),
  }
}
