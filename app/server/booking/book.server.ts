/**
 * Confirming a booking (ARCHITECTURE.md "One write path"): the host's Durable Object (workers/durable/host-lock.ts)
 * loads the snapshot (the event type's calendar around the slots, the client's contact), the pure `decideBook`
 * (app/domain/commands/booking.ts) re-checks each slot with the engine, and the one applier
 * (app/server/commands/apply.server.ts) writes everything that belongs to it in one D1 batch (meetings,
 * participants, the contact, both emails with the ICS, reminder rows, notices, the host event log).
 * Runs only inside the host's Durable Object, one request at a time per host.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { BookingContact } from '#app/domain/booking/contact-form.ts'
import { buildIcs, fullName, type IcsMeeting, type IcsMeetingSource, icsMeetingOf } from '#app/domain/booking/ics.ts'
import { type BookCommand, type Hold, decideBook } from '#app/domain/commands/booking.ts'
import type { EventCalendar, HoldInterval } from '#app/domain/commands/calendar.ts'
import type { BookingConfirmed, HostEvent, MeetingDraft } from '#app/domain/commands/events.ts'
import { type Outcome, refusal } from '#app/domain/refusal.ts'
import { videoPlace } from '#app/domain/meetings/video-place.ts'
import { contacts, meetingParticipants } from '#db/schema.ts'
import { sha256 } from '../auth/tokens.server.ts'
import { apply } from '../commands/apply.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { isUniqueViolation } from '../unique-violation.server.ts'
import { type PublicEventContext, eventCalendar, planGate } from './availability.server.ts'
import { participantsWithMeetings } from './public.server.ts'

/** An Idempotency-Key and the fingerprint of the request it came with (requestFingerprint). */
export type Idempotency = { key: string; fingerprint: string }

/** A confirmed booking: what the page and the API answer (a replay of an earlier submission says so). */
export type Booked = { bookingId: string; meetingIds: string[]; ics: string; outboxIds: string[]; replayed: boolean }

/**
 * What an Idempotency-Key is bound to: the event type, the holds or slots asked for and the contact details, so a
 * retry of the same request replays its booking and the same key with another request is refused (it must not
 * return somebody else's booking). docs/decisions/0030-booking-holds-and-ics.md
 */
export function requestFingerprint(request: {
  eventTypeId: string
  holdIds: readonly string[]
  slots: readonly { start: number; end: number }[]
  contact: BookingContact
}): Promise<string> {
  const c = request.contact
  return sha256(
    JSON.stringify([
      request.eventTypeId,
      [...new Set(request.holdIds)].sort(),
      request.slots.map((s) => `${s.start}-${s.end}`).sort(),
      [c.firstName, c.lastName, c.email, c.phone, c.messengerType, c.messengerValue, c.comment],
      // Companions and the custom field joined the request later (ADR 0105): absent, the fingerprint is as before.
      ...(c.emails.length > 0 || c.tempCustomField ? [[...c.emails].sort(), c.tempCustomField] : []),
    ]),
  )
}

/**
 * The stored form of a key: `<key>#<fingerprint>` in `meeting_participants.idempotency_key`, so the booking and
 * its key's binding are written in the same batch (the fingerprint is hex: the last `#` separates them).
 */
export function storedKey(idempotency: Idempotency) {
  return `${idempotency.key}#${idempotency.fingerprint}`
}

/**
 * The answer of an earlier submission with the same Idempotency-Key and the same request, if any; a refusal when the
 * key was used for another request; null when the key is new.
 */
export async function findReplay(
  db: Db,
  ownerId: string,
  idempotency: Idempotency,
  context: PublicEventContext,
  now: number,
): Promise<Outcome<Booked> | null> {
  // Every stored `<key>#...`: the range of values that start with `<key>#` ('$' follows '#').
  const found = await participantsWithMeetings(
    db,
    and(
      eq(meetingParticipants.ownerId, ownerId),
      gte(meetingParticipants.idempotencyKey, `${idempotency.key}#`),
      lt(meetingParticipants.idempotencyKey, `${idempotency.key}$`),
    ),
  )
  const sameKey = found.filter((r) => {
    const stored = r.participant.idempotencyKey ?? ''
    return stored.slice(0, stored.lastIndexOf('#')) === idempotency.key
  })
  if (sameKey.length === 0) return null
  const rows = sameKey.filter((r) => r.participant.idempotencyKey === storedKey(idempotency))
  if (rows.length === 0) return { ok: false, refusal: refusal('idempotencyReused') }
  const ics = buildIcs(
    rows.map(({ meeting, participant }) => icsMeeting(context, meeting, [participant])),
    now,
  )
  return {
    ok: true,
    value: {
      bookingId: rows[0].participant.bookingId,
      meetingIds: rows.map((r) => r.meeting.id),
      ics,
      outboxIds: [],
      replayed: true,
    },
  }
}

function icsMeeting(
  context: PublicEventContext,
  meeting: IcsMeetingSource,
  attendees: { firstName: string; lastName: string; email: string }[],
): IcsMeeting {
  return icsMeetingOf(
    meeting,
    context.host,
    attendees.map((a) => ({ name: fullName(a), email: a.email })),
  )
}

/** The columns a new meeting of this event type copies. */
export function meetingDraftOf(context: PublicEventContext): MeetingDraft {
  const { eventType } = context
  return {
    eventTypeId: eventType.id,
    name: eventType.name,
    description: eventType.description,
    color: eventType.color,
    placeType: eventType.placeType,
    ...videoPlace(eventType),
    whoCallType: eventType.whoCallType,
    participantType: eventType.participantType,
    minSeats: eventType.minSeats,
    totalSeats: eventType.totalSeats,
    timeZone: context.schedule.timeZone,
  }
}

/**
 * Books the command's held (`holds.named`) and named slots: snapshot, decide, apply. The caller (the host's object)
 * has already answered a replay of the same Idempotency-Key.
 */
export async function confirmBooking(
  db: Db,
  env: AppEnv,
  context: PublicEventContext,
  command: BookCommand,
  holds: { named: readonly Hold[]; others: readonly HoldInterval[] },
  idempotency: Idempotency | null,
  now: number,
  /** Events written in the same batch as the booking's (an accepted waitlist offer: the entry is booked). */
  along: (booked: readonly BookingConfirmed[]) => HostEvent[] = () => [],
  /**
   * Told the calendar the command was decided on, and the bookings written (none when refused): the host's object
   * keeps what it decided (ADR 0129).
   */
  decidedOn?: (calendar: EventCalendar, booked: readonly BookingConfirmed[]) => void,
): Promise<Outcome<Booked>> {
  const slots = [...holds.named, ...command.slots]
  const [calendar, [existingContact]] = await Promise.all([
    eventCalendar(db, context, slots),
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, context.host.id), eq(contacts.email, command.contact.email)))
      .limit(1),
  ])
  const decision = decideBook(
    command,
    {
      calendar,
      named: holds.named,
      others: holds.others,
      draft: meetingDraftOf(context),
      remindersInMinutes: context.eventType.remindersInMinutes,
      contactId: existingContact?.id ?? null,
      plan: planGate(context),
    },
    now,
  )
  if (!decision.ok) {
    decidedOn?.(calendar, [])
    return decision
  }
  try {
    const events = [...decision.value, ...along(decision.value)]
    const applied = await apply(db, { ownerId: context.host.id, now, env, booking: context }, events)
    decidedOn?.(calendar, decision.value)
    return {
      ok: true,
      value: {
        bookingId: decision.value[0].bookingId,
        meetingIds: decision.value.map((e) => e.meetingId),
        ics: applied.ics ?? '',
        outboxIds: applied.outboxIds,
        replayed: false,
      },
    }
  } catch (error) {
    // The unique indexes back the Durable Object up: the same email twice in a meeting, or a replay.
    if (isUniqueViolation(error)) {
      if (idempotency) {
        const replay = await findReplay(db, context.host.id, idempotency, context, now)
        if (replay) return replay
      }
      return { ok: false, refusal: await whoIsBooked(db, decision.value, command.contact) }
    }
    throw error
  }
}

/**
 * Which of the party is booked in the slot's meeting already (the unique index refused the batch): the client
 * (`alreadyBooked`), else a companion, named at the companions' field (ADR 0105).
 */
async function whoIsBooked(db: Db, events: readonly BookingConfirmed[], contact: BookingContact) {
  const joined = events.filter((e) => e.newMeeting === null).map((e) => e.meetingId)
  if (contact.emails.length === 0 || joined.length === 0) return refusal('alreadyBooked')
  const booked = await db
    .select({ email: meetingParticipants.email })
    .from(meetingParticipants)
    .where(
      and(
        inArray(meetingParticipants.meetingId, joined),
        eq(meetingParticipants.status, 'booked'),
        inArray(meetingParticipants.email, [contact.email, ...contact.emails]),
      ),
    )
  const emails = new Set(booked.map((row) => row.email))
  const companion = contact.emails.find((email) => emails.has(email))
  return emails.has(contact.email) || !companion
    ? refusal('alreadyBooked')
    : refusal('companionAlreadyBooked', 'contactInfo.emails', { email: companion })
}
