/**
 * How the Worker and the pages talk to the host's Durable Object (workers/durable/host-lock.ts): its RPC shapes and
 * the stub. Kept apart from the object's class, which imports `cloudflare:workers` and so cannot be in the Remix build.
 */
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import type { Language } from '#app/i18n/config.ts'
import type { HostLock } from '#workers/durable/host-lock.ts'
import type { Bindings } from '../env.server.ts'
import type { BookingResult } from './book.server.ts'

/** How long a ghost booking holds its slot while the client fills in the form. */
export const HOLD_TTL_MS = 10 * 60_000
export const MAX_SLOTS_PER_REQUEST = 10

export type Hold = {
  id: string
  eventTypeId: string
  clientId: string
  start: number
  end: number
  expiresAt: number
  /** A held seat of a one-off meeting (`POST /ghostBooking/companyEvent/{id}`; eventTypeId is then ''). */
  companyEventId?: string
}

export type HoldResult = { ok: true; holds: Hold[] } | { ok: false; reason: 'notFound' | 'slotTaken' | 'tooManyHolds' }

export type BookInput = {
  ownerId: string
  eventTypeId: string
  /** Ghost bookings to confirm, or (for API clients that skip holding) the slots themselves. */
  holdIds: string[]
  slots: { start: number; end: number }[]
  contact: ContactInfo
  language: Language
  timeZone: string
  idempotencyKey: string | null
  appUrl: string
}

export type BookOutcome = BookingResult | { ok: false; reason: 'notFound' | 'holdNotFound' }

export function hostLock(bindings: Bindings, ownerId: string): DurableObjectStub<HostLock> {
  const namespace = bindings.HOST_LOCK
  return namespace.get(namespace.idFromName(ownerId))
}
