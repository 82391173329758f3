/**
 * How the Worker and the pages talk to the host's Durable Object (workers/durable/host-lock.ts): its one command
 * RPC `run(command)` with one outcome type, and the stub. Kept apart from the object's class, which imports
 * `cloudflare:workers` and so cannot be in the Remix build.
 */
import type { BookingContact } from '#app/domain/booking/contact-form.ts'
import type { Hold, HoldCommand } from '#app/domain/commands/booking.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import type { Language } from '#app/i18n/config.ts'
import type { HostLock } from '#workers/durable/host-lock.ts'
import type { Bindings } from '../env.server.ts'
import type { MeetingCommand } from '../meetings/commands.server.ts'
import type { CreateOneTimeInput, OneTimeCreated } from '../one-time/create.server.ts'
import type { BookOneTimeInput, SeatBooked, SeatHoldInput } from '../one-time/public.server.ts'
import type { Joined, Swept, WaitlistCommand } from '../waitlist/host.server.ts'
import type { Booked } from './book.server.ts'
import type { PublicBookingRequest } from './booking-body.server.ts'

export { HOLD_TTL_MS, MAX_SLOTS_PER_REQUEST } from '#app/domain/commands/booking.ts'
export type { Hold }

export type BookInput = {
  ownerId: string
  eventTypeId: string
  /** Ghost bookings to confirm, or (for API clients that skip holding) the slots themselves. */
  holdIds: string[]
  slots: { start: number; end: number }[]
  /** The client, their companions (`emails`) and `tempCustomField` (ADR 0105). */
  contact: BookingContact
  language: Language
  timeZone: string
  idempotencyKey: string | null
}

/**
 * A public booking as the API received it (ADR 0134): the event type by the ids this isolate found at its address
 * before, the address itself (normalized) and the body unparsed. The host's object reads the body's slots against the
 * event type in its memory, so the rest of a race is refused without a D1 read, and otherwise parses the body
 * against the event type read fresh (app/server/booking/booking-body.server.ts); `readEventType` asks the API to read
 * the event type and answer itself (the address moved, or the body does not parse: its 400 is the API's).
 */
export type PublicBookInput = {
  ownerId: string
  eventTypeId: string
  address: { login: string; link: string }
  body: unknown
  /** The client's address the booking limit counts (never stored). */
  limitKey: string
} & PublicBookingRequest

/**
 * What `bookPublic` answers when it is not refused: the booking, or that the API is to read the event type and answer
 * itself (the request was counted against the booking limit already).
 */
export type PublicBooking = { booked: Booked } | { readEventType: true }

/**
 * Every write of a host's calendar, one plain-data command (it crosses the RPC boundary): hold and release slots,
 * book, hold and book a seat of a one-time meeting (or confirm an invitation), create a one-time meeting, and every
 * change of a booked meeting (app/server/meetings/commands.server.ts).
 */
export type HostCommand =
  | ({ kind: 'hold' } & HoldCommand)
  | { kind: 'release'; ownerId: string; holdId: string }
  | ({ kind: 'book' } & BookInput)
  | ({ kind: 'bookPublic' } & PublicBookInput)
  | ({ kind: 'holdSeat' } & SeatHoldInput)
  | ({ kind: 'bookSeat' } & BookOneTimeInput)
  | ({ kind: 'createOneTime' } & CreateOneTimeInput)
  | MeetingCommand
  | WaitlistCommand

/** What each command answers when it is not refused. */
export type HostResults = {
  hold: Hold[]
  /** Whether the hold was there. */
  release: boolean
  book: Booked
  bookPublic: PublicBooking
  holdSeat: Hold
  bookSeat: SeatBooked
  createOneTime: OneTimeCreated
} & { [K in MeetingCommand['kind']]: unknown } & WaitlistResults

/** The waitlist's commands (docs/decisions/0108-waitlist.md). */
type WaitlistResults = { joinWaitlist: Joined; leaveWaitlist: Swept; acceptWaitlistOffer: Booked; sweepWaitlist: Swept }

export type HostOutcome<C extends HostCommand> = Outcome<HostResults[C['kind']]>

/** The most hosts' object ids one isolate keeps (an id is a value, derived from the host's id by a hash). */
const HOST_IDS_KEPT = 1000
const hostIds = new WeakMap<DurableObjectNamespace<HostLock>, Map<string, DurableObjectId>>()

/** The host's object; its id is derived once per isolate (the stub is made per request: it belongs to one). */
export function hostLock(bindings: Bindings, ownerId: string): DurableObjectStub<HostLock> {
  const namespace = bindings.HOST_LOCK
  let ids = hostIds.get(namespace)
  if (!ids || ids.size >= HOST_IDS_KEPT) {
    ids = new Map()
    hostIds.set(namespace, ids)
  }
  let id = ids.get(ownerId)
  if (!id) {
    id = namespace.idFromName(ownerId)
    ids.set(ownerId, id)
  }
  return namespace.get(id)
}

/** Runs one command in its host's object: the result, or the one `Refusal` (app/domain/refusal.ts). */
export async function runCommand<C extends HostCommand>(
  bindings: Bindings,
  command: C,
  /** The cron's scheduled time (a job runs "as of" it); the object's clock otherwise. */
  now?: number,
): Promise<HostOutcome<C>> {
  const answer = await hostLock(bindings, command.ownerId).run(command, now)
  if ('crashed' in answer) throw new Error(`HostLock ${command.kind} failed: ${answer.crashed}`)
  return answer as unknown as HostOutcome<C>
}
