import { DurableObject } from 'cloudflare:workers'
import { type Hold, decideHold, freshSlots } from '#app/domain/commands/booking.ts'
import { type EventCalendar, allFree, withBookings } from '#app/domain/commands/calendar.ts'
import { type Outcome, refusal } from '#app/domain/refusal.ts'
import {
  type PublicEventContext,
  eventCalendar,
  findEventTypeById,
  planGate,
} from '#app/server/booking/availability.server.ts'
import { confirmBooking, findReplay, requestFingerprint, storedKey } from '#app/server/booking/book.server.ts'
import { answersAt, bodySlots, publicBookInput } from '#app/server/booking/booking-body.server.ts'
import { BOOKING_LIMITS } from '#app/server/booking/limits.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import type {
  BookInput,
  HostCommand,
  PublicBookInput,
  PublicBooking,
} from '#app/server/booking/host-lock-client.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { type Bindings, parseEnv } from '#app/server/env.server.ts'
import { runMeetingCommand } from '#app/server/meetings/commands.server.ts'
import { createOneTimeEvent } from '#app/server/one-time/create.server.ts'
import { type BookOneTimeInput, bookOneTimeSeat, seatHold } from '#app/server/one-time/public.server.ts'
import { Refused } from '#app/server/refusal.server.ts'
import { type HoldKeeper, runWaitlistCommand, sweep } from '#app/server/waitlist/host.server.ts'

/** An expired hold is remembered this long, so a late form still knows which slot it meant (and may book it if free). */
const TOMBSTONE_MS = 24 * 60 * 60_000

/**
 * How long the calendar a booking was refused on answers the same request again without D1 (issue 13: the rest of a
 * race for one slot is refused from memory). Every write this object makes forgets it at once; what others write
 * (an event type's edit, a calendar sync freeing busy time) is seen again after this long at most.
 */
export const REFUSAL_MEMORY_MS = 3_000

/** Commands that change holds only (they are counted fresh on every decision), never the booked calendar. */
const READS_OF_THE_CALENDAR = new Set<HostCommand['kind']>(['hold', 'release', 'holdSeat'])

/** Commands that may free a seat: a line waiting for it is offered it at once, in the same turn (ADR 0108). */
const FREES_SEATS = new Set<HostCommand['kind']>([
  'release',
  'cancel',
  'cancelOwn',
  'cancelByToken',
  'move',
  'reschedule',
  'rescheduleOwn',
  'rescheduleByToken',
])

const isReadEventType = (value: unknown) => typeof value === 'object' && value !== null && 'readEventType' in value

/** The slots of a booking by slots (not by holds: a client's own holds are not in the memory's calendar). */
const slotsKey = (input: Pick<BookInput, 'eventTypeId' | 'holdIds' | 'slots'>) =>
  input.holdIds.length === 0 && input.slots.length > 0
    ? `${input.eventTypeId}|${input.slots.map((slot) => `${slot.start}-${slot.end}`).join(',')}`
    : null

/**
 * One object per host (`idFromName(ownerId)`): the only writer of that host's calendar and the keeper of its ghost
 * holds (ARCHITECTURE.md "One write path"). Every write is one command through `run`, inside
 * `blockConcurrencyWhile`, so commands for one host are strictly one at a time even across the awaits on D1: each
 * loads its snapshot, a pure `decide` (app/domain/commands) answers one `Refusal` or events, and the one applier
 * (app/server/commands/apply.server.ts) writes them in one D1 batch. Holds live in the object's storage and an alarm
 * forgets them.
 */
export class HostLock extends DurableObject<Bindings> {
  private holds: Map<string, Hold> | null = null
  /** The calendar the last booking by slots was refused on (REFUSAL_MEMORY_MS). */
  private refusedOn: {
    key: string
    context: PublicEventContext
    calendar: EventCalendar
    at: number
    /** The calendar alone (no holds) leaves the slots taken: holds only take more, so no need to count them again. */
    takenWithoutHolds: boolean
  } | null = null

  private async loaded(): Promise<Map<string, Hold>> {
    if (!this.holds) {
      const stored = await this.ctx.storage.list<Hold>({ prefix: 'hold:' })
      this.holds = new Map([...stored.values()].map((h) => [h.id, h]))
    }
    return this.holds
  }

  private async save(holds: Hold[]) {
    const map = await this.loaded()
    for (const hold of holds) map.set(hold.id, hold)
    await this.ctx.storage.put(Object.fromEntries(holds.map((hold) => [`hold:${hold.id}`, hold])))
  }

  private async remove(ids: string[]) {
    const holds = await this.loaded()
    for (const id of ids) holds.delete(id)
    if (ids.length > 0) await this.ctx.storage.delete(ids.map((id) => `hold:${id}`))
  }

  private async rearm(now: number) {
    const holds = [...(await this.loaded()).values()]
    const next = Math.min(
      ...holds.map((h) => (h.expiresAt > now ? h.expiresAt : h.expiresAt + TOMBSTONE_MS)),
      Number.POSITIVE_INFINITY,
    )
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next)
    else await this.ctx.storage.deleteAlarm()
  }

  /** Holds that still take their slot, optionally leaving some out (the viewer's own). A read, not a command. */
  async activeHolds(now: number = Date.now(), exceptIds: string[] = []): Promise<Hold[]> {
    const except = new Set(exceptIds)
    return [...(await this.loaded()).values()].filter((h) => h.expiresAt > now && !except.has(h.id))
  }

  /** The holds by id (expired ones too, while remembered), with whether they still hold. A read, not a command. */
  async getHolds(ids: string[], now: number = Date.now()): Promise<(Hold & { active: boolean })[]> {
    const holds = await this.loaded()
    return ids.flatMap((id) => {
      const hold = holds.get(id)
      return hold ? [{ ...hold, active: hold.expiresAt > now }] : []
    })
  }

  /**
   * The one command entry: every write of this host's calendar, one at a time, answering one outcome type. A command
   * that throws answers `{ crashed }` instead: an error escaping blockConcurrencyWhile would reset the whole object
   * (its input gate breaks, and the commands queued behind it fail too), and one thrown across RPC is logged as
   * uncaught; `runCommand` throws it again on the caller's side.
   */
  async run(command: HostCommand, now: number = Date.now()): Promise<Outcome<unknown> | { crashed: string }> {
    // The rest of a race, before the lock: no call is delivered while a command holds it, so the memory read here is
    // the one the locked path would read (ADR 0122).
    if (command.kind === 'book' && this.takenInMemory(command, now)) {
      return { ok: false, refusal: refusal('slotTaken') }
    }
    if (command.kind === 'bookPublic') {
      const refused = this.publicTakenInMemory(command, now)
      if (refused) return refused
      // A public booking the memory did not refuse counts against its address's limit, before the lock (a limiter
      // far away holds no other command up): a refusal from memory writes and reads nothing, so it is not counted.
      const limit = await getRateLimits(this.env).hit(BOOKING_LIMITS.booking, command.limitKey)
      if (!limit.allowed) {
        return { ok: false, refusal: refusal('tooManyRequests', undefined, { seconds: limit.retryAfterSeconds }) }
      }
    }
    return this.ctx.blockConcurrencyWhile(async () => {
      try {
        const memory = this.refusedOn
        const answer = await this.execute(command, now)
        // A write may free or take seats: the next refusal is decided on D1 again, unless the write itself left the
        // calendar it wrote in (a booking by slots, `book`). A public booking the object did not parse wrote nothing.
        const wrote = answer.ok && !(command.kind === 'bookPublic' && isReadEventType(answer.value))
        if (wrote && !READS_OF_THE_CALENDAR.has(command.kind) && this.refusedOn === memory) this.refusedOn = null
        if (answer.ok && FREES_SEATS.has(command.kind)) await this.offerFreedSeats(command.ownerId, now)
        return answer
      } catch (error) {
        // The meeting commands still throw their refusal (a `Refused`): it is answered as a value here.
        if (error instanceof Refused) return { ok: false as const, refusal: error.refusal }
        // The holds in memory may be ahead of storage after a failed write: read them again next time.
        this.holds = null
        this.refusedOn = null
        return { crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) }
      }
    })
  }

  private async execute(command: HostCommand, now: number): Promise<Outcome<unknown>> {
    const db = getDb(this.env.DB)
    const env = parseEnv(this.env)
    switch (command.kind) {
      case 'hold':
        return this.hold(command, now)
      case 'release': {
        const found = (await this.loaded()).has(command.holdId)
        await this.remove([command.holdId])
        await this.rearm(now)
        return { ok: true, value: found }
      }
      case 'book':
        return this.book(command, now)
      case 'bookPublic':
        return this.bookPublic(command, now)
      case 'holdSeat': {
        const decision = await seatHold(db, command, await this.activeHolds(now), now)
        if (decision.ok) {
          await this.save([decision.value])
          await this.rearm(now)
        }
        return decision
      }
      case 'bookSeat':
        return this.bookSeat(command, now)
      case 'createOneTime':
        return createOneTimeEvent(db, env, command, await this.activeHolds(now), now)
      case 'joinWaitlist':
      case 'leaveWaitlist':
      case 'acceptWaitlistOffer':
      case 'sweepWaitlist':
        return runWaitlistCommand(db, env, this.keeper(now), command, now)
      default:
        return runMeetingCommand(db, env, command, await this.activeHolds(now), now)
    }
  }

  /** The holds as the waitlist uses them (offers are holds of `waitlist:<entry>` clients, ADR 0108). */
  private keeper(now: number): HoldKeeper {
    return {
      active: (at) => this.activeHolds(at),
      get: (ids, at) => this.getHolds(ids, at),
      save: async (holds) => {
        await this.save(holds)
        await this.rearm(now)
      },
      remove: async (ids) => {
        await this.remove(ids)
        await this.rearm(now)
      },
    }
  }

  /**
   * After a command that may have freed a seat: the waitlist's sweep, in the same turn, so nobody books the seat
   * before the first in line is offered it. The command itself is done: a failing sweep is left to the minute's cron.
   */
  private async offerFreedSeats(ownerId: string, now: number) {
    try {
      await sweep(getDb(this.env.DB), parseEnv(this.env), this.keeper(now), ownerId, now)
    } catch (error) {
      this.holds = null
      console.warn('waitlist sweep after a command failed; the cron retries', error)
    }
  }

  /** SPEC §4 ghost bookings: hold free slots for this client; all or none. */
  private async hold(command: Extract<HostCommand, { kind: 'hold' }>, now: number): Promise<Outcome<Hold[]>> {
    const db = getDb(this.env.DB)
    const context = await findEventTypeById(db, command.ownerId, command.eventTypeId)
    const active = await this.activeHolds(now)
    const fresh = context ? freshSlots(command, active) : []
    const calendar = context ? await eventCalendar(db, context, fresh) : null
    const decision = decideHold(command, { calendar, active, plan: context ? planGate(context) : null }, now)
    if (decision.ok) {
      await this.save(decision.value)
      await this.rearm(now)
    }
    return decision
  }

  /**
   * A public booking as the API received it (ADR 0134): refused from memory if it was queued behind the booking that
   * took its slots; else parsed against the event type read now, and booked as `book`. The API reads the event type
   * and answers itself when the address moved or the body does not parse.
   */
  private async bookPublic(command: PublicBookInput, now: number): Promise<Outcome<PublicBooking>> {
    const refused = this.publicTakenInMemory(command, now)
    if (refused) return refused
    const context = await findEventTypeById(getDb(this.env.DB), command.ownerId, command.eventTypeId)
    const input = context && answersAt(context, command.address) && publicBookInput(context, command.body, command)
    if (!context || !input) return { ok: true, value: { readEventType: true } }
    const booked = await this.book(input, now, context)
    return booked.ok ? { ok: true, value: { booked: booked.value } } : booked
  }

  /**
   * The rest of a race for a public booking: its slots alone, read with the event type in memory, were just taken
   * (the calendar alone leaves them taken), so it is refused before its contact is read (ADR 0134). Only a refusal is
   * decided on the memory, as everywhere (REFUSAL_MEMORY_MS); a booking is decided on the event type read fresh.
   */
  private publicTakenInMemory(command: PublicBookInput, now: number): Outcome<never> | null {
    const context = command.idempotencyKey ? null : this.heldContext(command.eventTypeId, now)
    const slots = context && answersAt(context, command.address) ? bodySlots(context, command.body) : null
    const key = slots && slotsKey({ eventTypeId: command.eventTypeId, holdIds: [], slots })
    return key && this.recentRefusal(key, now)?.takenWithoutHolds ? { ok: false, refusal: refusal('slotTaken') } : null
  }

  /** The event type (with its host and schedule) of the fresh memory, if it is this one (REFUSAL_MEMORY_MS). */
  private heldContext(eventTypeId: string, now: number): PublicEventContext | null {
    const memory = this.refusedOn
    return memory &&
      memory.context.eventType.id === eventTypeId &&
      now >= memory.at &&
      now - memory.at < REFUSAL_MEMORY_MS
      ? memory.context
      : null
  }

  /** Confirm: a replay answers its booking; else snapshot, decide, apply (app/server/booking/book.server.ts). */
  private async book(input: BookInput, now: number, known?: PublicEventContext) {
    const db = getDb(this.env.DB)
    const key = slotsKey(input)
    const memory = this.recentRefusal(key, now)
    const context = known ?? memory?.context ?? (await findEventTypeById(db, input.ownerId, input.eventTypeId))
    if (!context) return { ok: false as const, refusal: refusal('eventNotFound') }
    // A retried submission returns its booking, even though its holds were consumed by the first one; the same key
    // with another request (event type, holds, slots or contact) is refused and reveals nothing.
    const idempotency = input.idempotencyKey
      ? { key: input.idempotencyKey, fingerprint: await requestFingerprint(input) }
      : null
    if (idempotency) {
      const replay = await findReplay(db, input.ownerId, idempotency, context, now)
      if (replay) return replay
    }
    // Still taken in the calendar it was refused on a moment ago (the holds are counted as they are now): no D1. The
    // calendar alone leaving them taken says it at once (holds only take more).
    if (
      memory &&
      (memory.takenWithoutHolds || !allFree(memory.calendar, await this.activeHolds(now), input.slots, now))
    ) {
      return { ok: false as const, refusal: refusal('slotTaken') }
    }
    const named = await this.getHolds(input.holdIds, now)
    const others = await this.activeHolds(now, input.holdIds)
    const command = { ...input, idempotencyKey: idempotency ? storedKey(idempotency) : null }
    let after: EventCalendar | null = null
    const result = await confirmBooking(
      db,
      parseEnv(this.env),
      context,
      command,
      { named, others },
      idempotency,
      now,
      undefined,
      // The calendar it decided on, with what it wrote (ADR 0129): the next booking of the same slots (the rest of a
      // race) is answered from it, without D1.
      (calendar, booked) => {
        after = withBookings(calendar, booked)
      },
    )
    if (result.ok) {
      await this.remove(input.holdIds)
      await this.rearm(now)
    }
    if (key && after && (result.ok || result.refusal.code === 'slotTaken'))
      this.remember(key, context, after, input, now)
    return result
  }

  /** The calendar the object just decided a booking of `key` on (written or refused), while REFUSAL_MEMORY_MS. */
  private remember(key: string, context: PublicEventContext, calendar: EventCalendar, input: BookInput, now: number) {
    this.refusedOn = { key, context, calendar, at: now, takenWithoutHolds: !allFree(calendar, [], input.slots, now) }
  }

  /**
   * Slots the calendar alone left taken a moment ago (holds only take more): refused without D1 or counting holds. A
   * request with an Idempotency-Key reads its replay first (`book`).
   */
  private takenInMemory(input: BookInput, now: number): boolean {
    return !input.idempotencyKey && this.recentRefusal(slotsKey(input), now)?.takenWithoutHolds === true
  }

  /** The memory of a recent refusal of the same slots, while it is fresh (REFUSAL_MEMORY_MS). */
  private recentRefusal(key: string | null, now: number) {
    const memory = this.refusedOn
    return key && memory && memory.key === key && now >= memory.at && now - memory.at < REFUSAL_MEMORY_MS
      ? memory
      : null
  }

  /**
   * A guest takes a seat of a one-time meeting (or an invitee confirms): seats other guests hold are taken; the
   * guest's own hold (`holdId`, even just expired) is consumed.
   */
  private async bookSeat(input: BookOneTimeInput, now: number) {
    const [held] = input.holdId ? await this.getHolds([input.holdId], now) : []
    const own = held && held.companyEventId === input.id ? held : null
    const others = (await this.activeHolds(now)).filter((h) => h.companyEventId === input.id && h.id !== own?.id)
    const result = await bookOneTimeSeat(getDb(this.env.DB), parseEnv(this.env), input, others.length, now)
    if (result.ok && own) {
      await this.remove([own.id])
      await this.rearm(now)
    }
    return result
  }

  async alarm() {
    const now = Date.now()
    const stale = [...(await this.loaded()).values()].filter((h) => h.expiresAt + TOMBSTONE_MS <= now).map((h) => h.id)
    await this.remove(stale)
    await this.rearm(now)
  }
}
