import { DurableObject } from 'cloudflare:workers'
import { newId } from '#app/domain/ids.ts'
import { findEventTypeById, bookingsFor, loadCalendar } from '#app/server/booking/availability.server.ts'
import { confirmBooking, findReplay, requestFingerprint, slotIsFree } from '#app/server/booking/book.server.ts'
import {
  type BookInput,
  type BookOutcome,
  HOLD_TTL_MS,
  type Hold,
  type HoldResult,
} from '#app/server/booking/host-lock-client.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { type Bindings, parseEnv, sessionSecret } from '#app/server/env.server.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { type CommandOutcome, type MeetingCommand, runMeetingCommand } from '#app/server/meetings/commands.server.ts'
import {
  type CreateOneTimeInput,
  type CreateOneTimeOutcome,
  createOneTimeEvent,
} from '#app/server/one-time/create.server.ts'
import {
  type BookOneTimeInput,
  type ClientOutcome,
  type SeatHoldInput,
  type SeatHoldOutcome,
  bookOneTimeSeat,
  seatHoldCheck,
} from '#app/server/one-time/public.server.ts'

/** An expired hold is remembered this long, so a late form still knows which slot it meant (and may book it if free). */
const TOMBSTONE_MS = 24 * 60 * 60_000
const MAX_HOLDS_PER_CLIENT = 20

/**
 * One object per host (`idFromName(ownerId)`): the only writer of that host's bookings and the keeper of its
 * ghost holds (ARCHITECTURE.md "Booking without double booking"). Each hold or booking runs inside
 * `blockConcurrencyWhile`, so requests for one host are strictly one at a time even across the awaits on D1;
 * holds live in the object's storage and an alarm forgets them.
 */
export class HostLock extends DurableObject<Bindings> {
  private holds: Map<string, Hold> | null = null

  private async loaded(): Promise<Map<string, Hold>> {
    if (!this.holds) {
      const stored = await this.ctx.storage.list<Hold>({ prefix: 'hold:' })
      this.holds = new Map([...stored.values()].map((h) => [h.id, h]))
    }
    return this.holds
  }

  private async save(hold: Hold) {
    ;(await this.loaded()).set(hold.id, hold)
    await this.ctx.storage.put(`hold:${hold.id}`, hold)
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

  /** Holds that still take their slot, optionally leaving some out (the viewer's own). */
  async activeHolds(now: number = Date.now(), exceptIds: string[] = []): Promise<Hold[]> {
    const except = new Set(exceptIds)
    return [...(await this.loaded()).values()].filter((h) => h.expiresAt > now && !except.has(h.id))
  }

  /** The holds by id (expired ones too, while remembered), with whether they still hold. */
  async getHolds(ids: string[], now: number = Date.now()): Promise<(Hold & { active: boolean })[]> {
    const holds = await this.loaded()
    return ids.flatMap((id) => {
      const hold = holds.get(id)
      return hold ? [{ ...hold, active: hold.expiresAt > now }] : []
    })
  }

  async release(id: string, now: number = Date.now()): Promise<boolean> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const found = (await this.loaded()).has(id)
      await this.remove([id])
      await this.rearm(now)
      return found
    })
  }

  /** SPEC §4 ghost bookings: hold free slots for this client; all or none. */
  async hold(
    input: { ownerId: string; eventTypeId: string; clientId: string; slots: { start: number; end: number }[] },
    now: number = Date.now(),
  ): Promise<HoldResult> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const db = getDb(this.env.DB)
      const context = await findEventTypeById(db, input.ownerId, input.eventTypeId)
      if (!context) return { ok: false, reason: 'notFound' }
      const active = await this.activeHolds(now)
      const mine = active.filter((h) => h.clientId === input.clientId && h.eventTypeId === input.eventTypeId)
      const reused = new Map(mine.map((h) => [`${h.start}:${h.end}`, h]))
      const fresh = input.slots.filter((s) => !reused.has(`${s.start}:${s.end}`))
      if (mine.length + fresh.length > MAX_HOLDS_PER_CLIENT) return { ok: false, reason: 'tooManyHolds' }
      if (fresh.length > 0) {
        const dates = fresh.map((s) => instantToZoned(context.schedule.timeZone, s.start).date).sort()
        const calendar = await loadCalendar(db, context, { from: dates[0], to: dates[dates.length - 1] })
        const bookings = bookingsFor(context.eventType.id, calendar.meetings, active)
        for (const slot of fresh) {
          if (!slotIsFree(context, calendar, bookings, slot, now)) return { ok: false, reason: 'slotTaken' }
          bookings.push({ ...slot, sameEventType: true, seatsTaken: 1 })
        }
      }
      const result: Hold[] = []
      for (const slot of input.slots) {
        const previous = reused.get(`${slot.start}:${slot.end}`)
        const hold: Hold = {
          id: previous?.id ?? `${input.ownerId}.${newId(now)}`,
          eventTypeId: input.eventTypeId,
          clientId: input.clientId,
          start: slot.start,
          end: slot.end,
          expiresAt: now + HOLD_TTL_MS,
        }
        await this.save(hold)
        result.push(hold)
      }
      await this.rearm(now)
      return { ok: true, holds: result }
    })
  }

  /** Confirm: re-check with the engine and write the booking in one D1 batch (app/server/booking/book.server.ts). */
  async book(input: BookInput, now: number = Date.now()): Promise<BookOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const db = getDb(this.env.DB)
      const context = await findEventTypeById(db, input.ownerId, input.eventTypeId)
      if (!context) return { ok: false, reason: 'notFound' }
      // A retried submission returns its booking, even though its holds were consumed by the first one; the same key
      // with another request (event type, holds, slots or contact) is refused and reveals nothing.
      const idempotency = input.idempotencyKey
        ? { key: input.idempotencyKey, fingerprint: await requestFingerprint(input) }
        : null
      if (idempotency) {
        const replay = await findReplay(db, input.ownerId, idempotency, context, now)
        if (replay) return replay
      }
      const holds = await this.getHolds(input.holdIds, now)
      if (holds.length !== new Set(input.holdIds).size || holds.some((h) => h.eventTypeId !== input.eventTypeId)) {
        return { ok: false, reason: 'holdNotFound' }
      }
      const slots = [...holds.map((h) => ({ start: h.start, end: h.end })), ...input.slots]
      const others = await this.activeHolds(now, input.holdIds)
      const result = await confirmBooking(
        db,
        context,
        others,
        {
          slots,
          contact: input.contact,
          language: input.language,
          timeZone: input.timeZone,
          idempotency,
        },
        input.appUrl,
        now,
        sessionSecret(parseEnv(this.env)),
        parseEnv(this.env),
      )
      if (result.ok) {
        await this.remove(input.holdIds)
        await this.rearm(now)
      }
      return result
    })
  }

  /**
   * Every change of a booked meeting of this host (app/server/meetings/commands.server.ts): cancel, change time,
   * held, adjutants, visitors, moving participants, the participant's own cancel and move. One at a time with the
   * host's holds and bookings, so the seats a command reads are still the seats when its batch is written.
   */
  async meetingCommand(command: MeetingCommand, now: number = Date.now()): Promise<CommandOutcome> {
    return this.ctx.blockConcurrencyWhile(async () =>
      runMeetingCommand(getDb(this.env.DB), parseEnv(this.env), command, await this.activeHolds(now), now),
    )
  }

  /** A one-off meeting takes the host's time: created here, checked against live meetings and holds (SPEC §4). */
  async createOneTime(input: CreateOneTimeInput, now: number = Date.now()): Promise<CreateOneTimeOutcome> {
    return this.ctx.blockConcurrencyWhile(async () =>
      createOneTimeEvent(getDb(this.env.DB), parseEnv(this.env), input, await this.activeHolds(now), now),
    )
  }

  /**
   * A guest takes a seat of a one-off meeting: one at a time, so the last seat goes to one guest only. Seats other
   * guests hold are taken; the guest's own hold (`holdId`, even just expired) is consumed.
   */
  async bookOneTime(input: BookOneTimeInput, now: number = Date.now()): Promise<ClientOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const [held] = input.holdId ? await this.getHolds([input.holdId], now) : []
      const own = held && held.companyEventId === input.id ? held : null
      const others = (await this.activeHolds(now)).filter((h) => h.companyEventId === input.id && h.id !== own?.id)
      const result = await bookOneTimeSeat(getDb(this.env.DB), parseEnv(this.env), input, now, others.length)
      if (result.ok && own) {
        await this.remove([own.id])
        await this.rearm(now)
      }
      return result
    })
  }

  /**
   * SPEC §7 `POST /ghostBooking/companyEvent/{id}`: hold a seat of a one-off meeting while the guest fills in
   * `/booking` (HOLD_TTL_MS, like a slot's ghost booking); asking again renews the client's hold.
   */
  async holdSeat(input: SeatHoldInput, now: number = Date.now()): Promise<SeatHoldOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const check = await seatHoldCheck(getDb(this.env.DB), input, await this.activeHolds(now), now)
      if (!check.ok) return check
      const hold: Hold = {
        id: check.mine?.id ?? `${input.ownerId}.${newId(now)}`,
        eventTypeId: '',
        companyEventId: input.companyEventId,
        clientId: input.clientId,
        start: check.start,
        end: check.end,
        expiresAt: now + HOLD_TTL_MS,
      }
      await this.save(hold)
      await this.rearm(now)
      return { ok: true, hold }
    })
  }

  async alarm() {
    const now = Date.now()
    const stale = [...(await this.loaded()).values()].filter((h) => h.expiresAt + TOMBSTONE_MS <= now).map((h) => h.id)
    await this.remove(stale)
    await this.rearm(now)
  }
}
