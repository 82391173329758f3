/**
 * The waitlist's commands inside the host's Durable Object (workers/durable/host-lock.ts, ARCHITECTURE.md "One write
 * path", docs/decisions/0108-waitlist.md): join a full slot's line, leave it (the guest) or be removed (the
 * organizer), book the offered seat, and the sweep that ends lapsed offers and offers freed seats to the next in
 * line. Each loads its snapshot, asks the pure decision (app/domain/waitlist/waitlist.ts) and applies the events in
 * one batch; the holds that keep offered seats are the object's (`HoldKeeper`).
 */
import { and, eq } from 'drizzle-orm'
import type { Hold } from '#app/domain/commands/booking.ts'
import type { HostEvent } from '#app/domain/commands/events.ts'
import { type Outcome, refusal } from '#app/domain/refusal.ts'
import {
  type JoinCommand,
  decideAccept,
  decideJoin,
  decideLeave,
  decideSweep,
  seatsLeft,
  slotKey,
  slotsWaitedFor,
} from '#app/domain/waitlist/waitlist.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import { type PublicEventContext, eventCalendar, findEventTypeById, seatsOf } from '../booking/availability.server.ts'
import { type Booked, confirmBooking } from '../booking/book.server.ts'
import { apply } from '../commands/apply.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { isUniqueViolation } from '../unique-violation.server.ts'
import { entryOf, findEntry, liveEntries, slotLine } from './entries.server.ts'

export type WaitlistCommand =
  | ({ kind: 'joinWaitlist' } & JoinCommand)
  | { kind: 'leaveWaitlist'; ownerId: string; entryId: string; by: 'guest' | 'organizer' }
  | { kind: 'acceptWaitlistOffer'; ownerId: string; entryId: string }
  | { kind: 'sweepWaitlist'; ownerId: string }

/** What the host's object lends the waitlist: its ghost holds. */
export type HoldKeeper = {
  active(now: number): Promise<Hold[]>
  get(ids: string[], now: number): Promise<Hold[]>
  save(holds: Hold[]): Promise<void>
  remove(ids: string[]): Promise<void>
}

export type Joined = { entryId: string; outboxIds: string[] }
export type Swept = { events: number; outboxIds: string[] }

const isGroup = (context: PublicEventContext) =>
  context.eventType.participantType.startsWith('Group') && seatsOf(context.eventType) > 1

export async function runWaitlistCommand(
  db: Db,
  env: AppEnv,
  keeper: HoldKeeper,
  command: WaitlistCommand,
  now: number,
): Promise<Outcome<Joined | Booked | Swept>> {
  switch (command.kind) {
    case 'joinWaitlist':
      return join(db, env, keeper, command, now)
    case 'leaveWaitlist': {
      const row = await findEntry(db, command.ownerId, command.entryId)
      const decision = decideLeave(row && entryOf(row), command.by)
      if (!decision.ok) return decision
      await apply(db, { ownerId: command.ownerId, now }, [decision.value])
      if (decision.value.holdId) await keeper.remove([decision.value.holdId])
      // The seat its offer kept goes to the next in line at once.
      return { ok: true, value: await sweep(db, env, keeper, command.ownerId, now) }
    }
    case 'acceptWaitlistOffer':
      return accept(db, env, keeper, command, now)
    case 'sweepWaitlist':
      return { ok: true, value: await sweep(db, env, keeper, command.ownerId, now) }
  }
}

async function join(
  db: Db,
  env: AppEnv,
  keeper: HoldKeeper,
  command: JoinCommand,
  now: number,
): Promise<Outcome<Joined>> {
  const context = await findEventTypeById(db, command.ownerId, command.eventTypeId)
  const slot = { start: command.start, end: command.end }
  const [calendar, holds, line, booked] = await Promise.all([
    context ? eventCalendar(db, context, [slot]) : null,
    keeper.active(now),
    slotLine(db, command.ownerId, command.eventTypeId, command.start),
    db
      .select({ email: meetingParticipants.email })
      .from(meetingParticipants)
      .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
      .where(
        and(
          eq(meetings.ownerId, command.ownerId),
          eq(meetings.eventTypeId, command.eventTypeId),
          eq(meetings.startAt, command.start),
          eq(meetings.status, 'upcoming'),
          eq(meetingParticipants.status, 'booked'),
        ),
      ),
  ])
  const decision = decideJoin(
    command,
    {
      calendar,
      group: context ? isGroup(context) : false,
      holds,
      entries: line,
      bookedEmails: booked.map((b) => b.email),
    },
    now,
  )
  if (!decision.ok || !context) return decision.ok ? { ok: false, refusal: refusal('eventNotFound') } : decision
  const scope = { contexts: new Map([[context.eventType.id, context]]), entries: new Map() }
  try {
    const applied = await apply(db, { ownerId: command.ownerId, now, env, waitlist: scope }, [decision.value])
    return { ok: true, value: { entryId: decision.value.entryId, outboxIds: applied.outboxIds } }
  } catch (error) {
    // The unique index backs the decision up: one live entry per email and slot.
    if (isUniqueViolation(error)) return { ok: false, refusal: refusal('waitlistAlreadyJoined', 'email') }
    throw error
  }
}

async function accept(
  db: Db,
  env: AppEnv,
  keeper: HoldKeeper,
  command: { ownerId: string; entryId: string },
  now: number,
): Promise<Outcome<Booked>> {
  const row = await findEntry(db, command.ownerId, command.entryId)
  const decision = decideAccept(row && entryOf(row), now)
  if (!decision.ok || !row) return decision.ok ? { ok: false, refusal: refusal('waitlistNotFound') } : decision
  const context = await findEventTypeById(db, command.ownerId, row.eventTypeId)
  if (!context) return { ok: false, refusal: refusal('eventNotFound') }
  const named = await keeper.get([decision.value.holdId], now)
  const others = (await keeper.active(now)).filter((h) => h.id !== decision.value.holdId)
  // The seat check is decideBook's, as for any booking: the offer's hold is this client's, every other hold counts.
  const result = await confirmBooking(
    db,
    env,
    context,
    {
      ownerId: command.ownerId,
      eventTypeId: row.eventTypeId,
      holdIds: [decision.value.holdId],
      slots: [],
      // A waitlist entry books the client alone (ADR 0105: companions come with a form's booking).
      contact: { ...row.contact, tempCustomField: null, emails: [] },
      language: row.language,
      timeZone: row.timeZone,
      idempotencyKey: null,
    },
    { named, others },
    null,
    now,
    (booked): HostEvent[] => [{ type: 'WaitlistBooked', entryId: row.id, bookingId: booked[0].bookingId }],
  )
  if (result.ok) await keeper.remove([decision.value.holdId])
  return result
}

/**
 * Lapsed offers end, entries of slots that began close, and every free seat of a slot with a line is offered to the
 * next in it (held for them). Run by the minute's cron for every host with a line, and by the host's object right
 * after a command that may free a seat (a cancel, a move, a released hold).
 */
export async function sweep(db: Db, env: AppEnv, keeper: HoldKeeper, ownerId: string, now: number): Promise<Swept> {
  const rows = await liveEntries(db, ownerId)
  if (rows.length === 0) return { events: 0, outboxIds: [] }
  const entries = rows.map(entryOf)
  const waited = slotsWaitedFor(entries, now)
  const holds = await keeper.active(now)
  const contexts = new Map<string, PublicEventContext>()
  const seats = new Map<string, number | null>()
  for (const eventTypeId of new Set(waited.map((s) => s.eventTypeId))) {
    const context = await findEventTypeById(db, ownerId, eventTypeId)
    if (!context || !isGroup(context)) continue
    contexts.set(eventTypeId, context)
    const slots = waited.filter((s) => s.eventTypeId === eventTypeId)
    const calendar = await eventCalendar(db, context, slots)
    for (const slot of slots) seats.set(slotKey(slot), seatsLeft(calendar, holds, slot, now))
  }
  const decision = decideSweep(ownerId, entries, seats, now)
  if (decision.events.length === 0) return { events: 0, outboxIds: [] }
  // The seats are kept before the offers are written: a failed batch lets them go again.
  await keeper.save(decision.holds)
  try {
    const scope = { contexts, entries: new Map(rows.map((r) => [r.id, r])) }
    const applied = await apply(db, { ownerId, now, env, waitlist: scope }, decision.events)
    const lapsed = decision.events.flatMap((e) => (e.type === 'WaitlistOfferExpired' && e.holdId ? [e.holdId] : []))
    await keeper.remove(lapsed)
    return { events: decision.events.length, outboxIds: applied.outboxIds }
  } catch (error) {
    await keeper.remove(decision.holds.map((h) => h.id))
    throw error
  }
}
