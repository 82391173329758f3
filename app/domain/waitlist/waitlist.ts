/**
 * The waitlist of a full group slot (issue 20, docs/decisions/0108-waitlist.md), as pure decisions over a snapshot:
 * whether a slot is full (only then may a client join), who joins, which offers lapse, and who is offered a freed
 * seat next. The host's Durable Object loads the snapshot and applies the events (ARCHITECTURE.md "One write path");
 * nothing here reads D1 or the clock.
 *
 * An offer keeps its seat: it is a ghost hold of the host's object (`clientId` `waitlist:<entry id>`), so the slot
 * stays full for everyone else until the offer is accepted or lapses (WAITLIST_OFFER_MINUTES).
 */
import { computeSlots } from '../availability/index.ts'
import type { AvailabilityInput } from '../availability/index.ts'
import type { ContactInfo } from '../booking/contact-form.ts'
import type { Hold } from '../commands/booking.ts'
import { type EventCalendar, type HoldInterval, engineBookings, slotIsFree } from '../commands/calendar.ts'
import type {
  WaitlistClosed,
  WaitlistJoined,
  WaitlistLeft,
  WaitlistOffered,
  WaitlistOfferExpired,
} from '../commands/events.ts'
import { WAITLIST_MAX_PER_SLOT, WAITLIST_OFFER_MINUTES } from '../constants.ts'
import type { WaitlistStatus } from '../enums.ts'
import { newId } from '../ids.ts'
import { type Outcome, type Refusal, refusal } from '../refusal.ts'

export const WAITLIST_OFFER_MS = WAITLIST_OFFER_MINUTES * 60_000

/** Seats the engine never runs out of: what a slot would offer if seats were not counted. */
const UNLIMITED_SEATS = Number.MAX_SAFE_INTEGER

type Interval = { start: number; end: number }

/** A live entry (waiting or offered) as the decisions see it. */
export type WaitlistEntry = {
  id: string
  eventTypeId: string
  start: number
  end: number
  email: string
  status: WaitlistStatus
  joinedAt: number
  offerExpiresAt: number | null
  holdId: string | null
}

const fail = <T>(r: Refusal): Outcome<T> => ({ ok: false, refusal: r })

/** The key of one slot of one event type. */
export const slotKey = (slot: { eventTypeId: string; start: number }) => `${slot.eventTypeId}|${slot.start}`

/**
 * The seats of this exact slot still free for one more client (holds count as taken); 0 when every seat is taken;
 * null when it is no slot one could book even with seats to spare (off the schedule, too soon, another meeting or a
 * busy time in the way, the day's limit reached).
 */
export function seatsLeft(
  calendar: EventCalendar,
  holds: readonly HoldInterval[],
  slot: Interval,
  now: number,
): number | null {
  const bookings = engineBookings(calendar.eventTypeId, calendar.live, holds)
  const free = slotIsFree(calendar, bookings, slot, now)
  if (free) return free.seatsLeft
  const unlimited = { ...calendar, rules: { ...calendar.rules, seats: UNLIMITED_SEATS } }
  return slotIsFree(unlimited, bookings, slot, now) ? 0 : null
}

/**
 * The slots of the range a client could book but for the seats, among those with a live meeting of the event type
 * (a slot full only of other clients' ghost holds has no meeting yet: it frees itself within minutes). Group event
 * types only; the engine's input is the one the free slots were computed from.
 */
export function fullSlots(input: AvailabilityInput, liveStarts: ReadonlySet<number>): Interval[] {
  const seats = input.eventType.seats
  return computeSlots({ ...input, eventType: { ...input.eventType, seats: UNLIMITED_SEATS } })
    .filter((slot) => UNLIMITED_SEATS - slot.seatsLeft >= seats && liveStarts.has(slot.start))
    .map(({ start, end }) => ({ start, end }))
}

export type JoinCommand = {
  ownerId: string
  eventTypeId: string
  start: number
  end: number
  contact: ContactInfo
  language: 'ru' | 'en'
  timeZone: string
}

export type JoinSnapshot = {
  /** Null when the event type is gone or not public. */
  calendar: EventCalendar | null
  /** Whether the event type seats a group (a one-seat slot has no waitlist). */
  group: boolean
  /** Every active ghost hold of the host. */
  holds: readonly HoldInterval[]
  /** The live entries of this slot. */
  entries: readonly Pick<WaitlistEntry, 'email'>[]
  /** Emails booked in the slot's meeting. */
  bookedEmails: readonly string[]
}

/** A client joins the line of a full group slot: only a full one, once per email, while the line has room. */
export function decideJoin(command: JoinCommand, snapshot: JoinSnapshot, now: number): Outcome<WaitlistJoined> {
  const { calendar } = snapshot
  if (!calendar) return fail(refusal('eventNotFound'))
  const slot = { start: command.start, end: command.end }
  const meeting = calendar.live.find(
    (m) => m.eventTypeId === command.eventTypeId && m.startAt === slot.start && m.endAt === slot.end,
  )
  if (!snapshot.group || !meeting || seatsLeft(calendar, snapshot.holds, slot, now) !== 0) {
    return fail(refusal('waitlistNotFull'))
  }
  const email = command.contact.email
  if (snapshot.bookedEmails.includes(email)) return fail(refusal('alreadyBooked'))
  if (snapshot.entries.some((e) => e.email === email)) return fail(refusal('waitlistAlreadyJoined', 'email'))
  if (snapshot.entries.length >= WAITLIST_MAX_PER_SLOT) return fail(refusal('waitlistLineFull'))
  return {
    ok: true,
    value: {
      type: 'WaitlistJoined',
      entryId: newId(now),
      meetingId: meeting.id,
      eventTypeId: command.eventTypeId,
      start: slot.start,
      end: slot.end,
      contact: command.contact,
      language: command.language,
      timeZone: command.timeZone,
    },
  }
}

/** First come, first offered: by the time of joining, then by id (ids are time-ordered). */
export function inLine<T extends Pick<WaitlistEntry, 'joinedAt' | 'id'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** The future slots with someone waiting: the ones whose free seats the sweep must count. */
export function slotsWaitedFor(entries: readonly WaitlistEntry[], now: number) {
  const slots = new Map<string, { eventTypeId: string; start: number; end: number }>()
  for (const e of entries) {
    if (e.status === 'waiting' && e.start > now)
      slots.set(slotKey(e), { eventTypeId: e.eventTypeId, start: e.start, end: e.end })
  }
  return [...slots.values()]
}

export type SweepDecision = {
  events: (WaitlistOfferExpired | WaitlistClosed | WaitlistOffered)[]
  /** The ghost holds that keep the offered seats. */
  holds: Hold[]
}

/**
 * The waitlist sweep of one host: offers that lapsed end (their holds lapse with them), entries of slots that began
 * close, and each freed seat (`seats`: free seats by slotKey, counted with the active holds, offers included) goes
 * to the next in line for WAITLIST_OFFER_MS, kept by a ghost hold. A slot whose seats are unknown (not counted, or
 * no longer a slot) offers nothing: its line waits.
 */
export function decideSweep(
  ownerId: string,
  entries: readonly WaitlistEntry[],
  seats: ReadonlyMap<string, number | null>,
  now: number,
): SweepDecision {
  const events: SweepDecision['events'] = []
  const holds: Hold[] = []
  for (const e of entries) {
    if (e.status === 'offered' && e.offerExpiresAt !== null && e.offerExpiresAt <= now) {
      events.push({ type: 'WaitlistOfferExpired', entryId: e.id, holdId: e.holdId })
    } else if (e.status === 'waiting' && e.start <= now) {
      events.push({ type: 'WaitlistClosed', entryId: e.id })
    }
  }
  const waiting = inLine(entries.filter((e) => e.status === 'waiting' && e.start > now))
  const given = new Map<string, number>()
  for (const e of waiting) {
    const key = slotKey(e)
    const free = seats.get(key) ?? 0
    const used = given.get(key) ?? 0
    if (used >= free) continue
    given.set(key, used + 1)
    const hold: Hold = {
      id: `${ownerId}.${newId(now)}`,
      eventTypeId: e.eventTypeId,
      clientId: `waitlist:${e.id}`,
      address: `waitlist:${e.id}`,
      start: e.start,
      end: e.end,
      expiresAt: now + WAITLIST_OFFER_MS,
    }
    holds.push(hold)
    events.push({ type: 'WaitlistOffered', entryId: e.id, holdId: hold.id, expiresAt: hold.expiresAt })
  }
  return { events, holds }
}

/** The client books the seat offered to them: only a live offer (the seat check itself is `decideBook`'s). */
export function decideAccept(entry: WaitlistEntry | null, now: number): Outcome<{ holdId: string }> {
  if (!entry) return fail(refusal('waitlistNotFound'))
  if (entry.status === 'offered' && entry.holdId && entry.offerExpiresAt !== null) {
    return entry.offerExpiresAt > now
      ? { ok: true, value: { holdId: entry.holdId } }
      : fail(refusal('waitlistOfferExpired'))
  }
  return fail(refusal(entry.status === 'expired' ? 'waitlistOfferExpired' : 'waitlistNotOffered'))
}

/** The client leaves the line, or the organizer removes them: only a live entry; an offered seat is let go. */
export function decideLeave(entry: WaitlistEntry | null, by: WaitlistLeft['by']): Outcome<WaitlistLeft> {
  if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return fail(refusal('waitlistNotFound'))
  return { ok: true, value: { type: 'WaitlistLeft', entryId: entry.id, holdId: entry.holdId, by } }
}
