/**
 * Confirming a booking: re-check each slot with the engine and write everything that belongs to it in one D1
 * batch (meetings, participants, the contact, both emails with the ICS, reminder jobs). Runs only inside the
 * host's Durable Object (workers/durable/host-lock.ts), one request at a time per host.
 */
import { and, eq, gte, lt } from 'drizzle-orm'
import type { ExistingBooking, Slot } from '#app/domain/availability/index.ts'
import { computeSlots } from '#app/domain/availability/index.ts'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import { buildIcs, fullName, type IcsMeeting, type IcsMeetingSource, icsMeetingOf } from '#app/domain/booking/ics.ts'
import { reminderDueTimes } from '#app/domain/reminders/plan.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { newId } from '#app/domain/ids.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { contacts, meetingParticipants, meetings, participantLinks, reminders } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { upsertContactStatement } from '../contacts/contacts.server.ts'
import { participantLinkRow } from '../notify/links.server.ts'
import { organizerNotices } from '../notify/notifications.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import {
  type HoldInterval,
  type LiveMeeting,
  type PublicEventContext,
  bookingsFor,
  loadCalendar,
  rulesOf,
  scheduleOf,
} from './availability.server.ts'
import { bookingEmails } from './emails.server.ts'

export type BookingRequest = {
  slots: { start: number; end: number }[]
  contact: ContactInfo
  language: Language
  /** The client's time zone (emails show the time there). */
  timeZone: string
  idempotency: Idempotency | null
}

/** An Idempotency-Key and the fingerprint of the request it came with (requestFingerprint). */
export type Idempotency = { key: string; fingerprint: string }

export type BookingResult =
  | { ok: true; bookingId: string; meetingIds: string[]; ics: string; outboxIds: string[]; replayed: boolean }
  | { ok: false; reason: 'slotTaken' | 'alreadyBooked' | 'idempotencyReused' }

/**
 * What an Idempotency-Key is bound to: the event type, the holds or slots asked for and the contact details, so a
 * retry of the same request replays its booking and the same key with another request is refused (it must not
 * return somebody else's booking). docs/decisions/0030-booking-holds-and-ics.md
 */
export function requestFingerprint(request: {
  eventTypeId: string
  holdIds: readonly string[]
  slots: readonly { start: number; end: number }[]
  contact: ContactInfo
}): Promise<string> {
  const c = request.contact
  return sha256(
    JSON.stringify([
      request.eventTypeId,
      [...new Set(request.holdIds)].sort(),
      request.slots.map((s) => `${s.start}-${s.end}`).sort(),
      [c.firstName, c.lastName, c.email, c.phone, c.messengerType, c.messengerValue, c.comment],
    ]),
  )
}

/**
 * The stored form of a key: `<key>#<fingerprint>` in `meeting_participants.idempotency_key`, so the booking and
 * its key's binding are written in the same batch (the fingerprint is hex: the last `#` separates them).
 */
function storedKey(idempotency: Idempotency) {
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
): Promise<Extract<BookingResult, { ok: true }> | { ok: false; reason: 'idempotencyReused' } | null> {
  // Every stored `<key>#...`: the range of values that start with `<key>#` ('$' follows '#').
  const found = await db
    .select({ participant: meetingParticipants, meeting: meetings })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .where(
      and(
        eq(meetingParticipants.ownerId, ownerId),
        gte(meetingParticipants.idempotencyKey, `${idempotency.key}#`),
        lt(meetingParticipants.idempotencyKey, `${idempotency.key}$`),
      ),
    )
    .orderBy(meetings.startAt)
  const sameKey = found.filter((r) => {
    const stored = r.participant.idempotencyKey ?? ''
    return stored.slice(0, stored.lastIndexOf('#')) === idempotency.key
  })
  if (sameKey.length === 0) return null
  const rows = sameKey.filter((r) => r.participant.idempotencyKey === storedKey(idempotency))
  if (rows.length === 0) return { ok: false, reason: 'idempotencyReused' }
  const ics = buildIcs(
    rows.map(({ meeting, participant }) => icsMeeting(context, meeting, [participant])),
    now,
  )
  return {
    ok: true as const,
    bookingId: rows[0].participant.bookingId,
    meetingIds: rows.map((r) => r.meeting.id),
    ics,
    outboxIds: [],
    replayed: true,
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

/** Is the exact slot free for one more seat, given everything already on the calendar? */
export function slotIsFree(
  context: PublicEventContext,
  calendar: Awaited<ReturnType<typeof loadCalendar>>,
  bookings: ExistingBooking[],
  slot: { start: number; end: number },
  now: number,
): Slot | null {
  const date = instantToZoned(context.schedule.timeZone, slot.start).date
  const free = computeSlots({
    now,
    range: { from: date, to: date },
    schedule: scheduleOf(context.schedule, calendar.adjustments),
    eventType: rulesOf(context.eventType),
    bookings,
    busy: [],
  })
  return free.find((s) => s.start === slot.start && s.end === slot.end) ?? null
}

export async function confirmBooking(
  db: Db,
  context: PublicEventContext,
  otherHolds: readonly HoldInterval[],
  request: BookingRequest,
  appUrl: string,
  now: number,
  /** Seals each participant's self-service token for later reminders (app/server/notify/links.server.ts). */
  linkSecret: string,
  /** For the organizer's notices (notification center, Telegram, push) written in the same batch. */
  env: AppEnv,
): Promise<BookingResult> {
  const { eventType, host } = context
  if (request.idempotency) {
    const replay = await findReplay(db, host.id, request.idempotency, context, now)
    if (replay) return replay
  }
  const slots = [...request.slots].sort((a, b) => a.start - b.start)
  const dates = slots.map((s) => instantToZoned(context.schedule.timeZone, s.start).date).sort()
  const calendar = await loadCalendar(db, context, { from: dates[0], to: dates[dates.length - 1] })
  const [existingContact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, host.id), eq(contacts.email, request.contact.email)))
    .limit(1)

  // Re-check each slot with the engine; slots accepted earlier in this request count as bookings too.
  const bookings = bookingsFor(eventType.id, calendar.meetings, otherHolds)
  for (const slot of slots) {
    if (!slotIsFree(context, calendar, bookings, slot, now)) return { ok: false, reason: 'slotTaken' }
    bookings.push({ ...slot, sameEventType: true, seatsTaken: 1 })
  }

  const bookingId = newId(now)
  const contactId = existingContact?.id ?? newId(now)
  const c = request.contact
  // One contact per owner and email: a returning client's details are refreshed, an archived one reopened.
  const queries: unknown[] = [
    upsertContactStatement(db, host.id, c, { eventTypeId: eventType.id, at: now }, now, contactId),
  ]

  const booked: { meeting: IcsMeeting; participantId: string; manageToken: string }[] = []
  const meetingIds: string[] = []
  for (const slot of slots) {
    const existing = calendar.meetings.find(
      (m: LiveMeeting) => m.eventTypeId === eventType.id && m.startAt === slot.start && m.endAt === slot.end,
    )
    const meetingId = existing?.id ?? newId(now)
    const isNew = !existing
    if (isNew) {
      queries.push(
        db.insert(meetings).values({
          id: meetingId,
          ownerId: host.id,
          eventTypeId: eventType.id,
          name: eventType.name,
          description: eventType.description,
          color: eventType.color,
          placeType: eventType.placeType,
          meetingPoint: eventType.meetingPoint,
          whoCallType: eventType.whoCallType,
          participantType: eventType.participantType,
          minSeats: eventType.minSeats,
          totalSeats: eventType.totalSeats,
          startAt: slot.start,
          endAt: slot.end,
          timeZone: context.schedule.timeZone,
          createdAt: now,
          updatedAt: now,
        }),
      )
    }
    const participantId = newId(now)
    const manageToken = randomToken()
    queries.push(
      db.insert(meetingParticipants).values({
        id: participantId,
        meetingId,
        ownerId: host.id,
        contactId,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
        messengerType: c.messengerType,
        messengerValue: c.messengerValue,
        comment: c.comment,
        language: request.language,
        timeZone: request.timeZone,
        manageTokenHash: await sha256(manageToken),
        bookingId,
        idempotencyKey: request.idempotency ? storedKey(request.idempotency) : null,
        createdAt: now,
      }),
    )
    queries.push(db.insert(participantLinks).values(await participantLinkRow(linkSecret, participantId, manageToken)))
    for (const due of reminderDueTimes(slot.start, eventType.remindersInMinutes, now)) {
      queries.push(
        db.insert(reminders).values({
          id: newId(now),
          ownerId: host.id,
          meetingId,
          participantId,
          recipientKind: 'client',
          channel: 'email',
          offsetMinutes: due.offsetMinutes,
          dueAt: due.dueAt,
          createdAt: now,
        }),
      )
      if (isNew) {
        queries.push(
          db.insert(reminders).values({
            id: newId(now),
            ownerId: host.id,
            meetingId,
            participantId: null,
            recipientKind: 'organizer',
            channel: 'email',
            offsetMinutes: due.offsetMinutes,
            dueAt: due.dueAt,
            createdAt: now,
          }),
        )
      }
    }
    queries.push(
      ...(await organizerNotices(db, env, {
        event: 'booked',
        meeting: {
          id: meetingId,
          ownerId: host.id,
          name: eventType.name,
          startAt: slot.start,
          endAt: slot.end,
          placeType: eventType.placeType,
          meetingPoint: eventType.meetingPoint,
        },
        clients: [`${c.firstName} ${c.lastName}`.trim()],
        now,
      })),
    )
    meetingIds.push(meetingId)
    booked.push({
      participantId,
      manageToken,
      meeting: icsMeeting(
        context,
        {
          id: meetingId,
          sequence: 0,
          startAt: slot.start,
          endAt: slot.end,
          timeZone: context.schedule.timeZone,
          name: eventType.name,
          description: eventType.description,
          meetingPoint: eventType.meetingPoint,
          placeType: eventType.placeType,
        },
        [c],
      ),
    })
  }

  const ics = buildIcs(
    booked.map((b) => b.meeting),
    now,
  )
  // The client's copy carries their own cancel/move links (in their language); the organizer's copy none.
  const manageUrls = booked.map((b) => manageLink(appUrl, b.manageToken, request.language))
  const manageLabel = getT(request.language)('meetings:mail.manage') as string
  const clientIcs = buildIcs(
    booked.map((b, i) => ({ ...b.meeting, manageLink: { label: manageLabel, url: manageUrls[i] } })),
    now,
  )
  const emails = bookingEmails({
    context,
    contact: c,
    clientLanguage: request.language,
    clientTimeZone: request.timeZone,
    slots,
    manageUrls,
    ics,
    clientIcs,
  })
  const outboxIds: string[] = []
  for (const email of emails) {
    const { id, query } = enqueueMessage(db, email, now)
    outboxIds.push(id)
    queries.push(query)
  }

  try {
    await db.batch(queries as unknown as Parameters<typeof db.batch>[0])
  } catch (error) {
    // The unique indexes back the Durable Object up: the same email twice in a meeting, or a replay.
    if (String(error).includes('UNIQUE')) {
      if (request.idempotency) {
        const replay = await findReplay(db, host.id, request.idempotency, context, now)
        if (replay) return replay
      }
      return { ok: false, reason: 'alreadyBooked' }
    }
    throw error
  }
  return { ok: true, bookingId, meetingIds, ics, outboxIds, replayed: false }
}
