import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { formatUtcInstant, instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import {
  type PublicEventContext,
  findPublicEventType,
  findPublicHost,
  normalizeLogin,
} from '#app/server/booking/availability.server.ts'
import {
  type PublicBookingRequest,
  bookInputOf,
  bookingBodySchema,
  slotsFromStarts,
  startSchema,
} from '#app/server/booking/booking-body.server.ts'
import type { Booked } from '#app/server/booking/book.server.ts'
import { pausedOf, publicEventTypeView, publicHostView } from '#app/server/booking/views.server.ts'
import { sendOrganizerMessage } from '#app/server/booking/message.server.ts'
import { holdHost, isValidMonth, isoDateFromParts, viewerDay, viewerMonth } from '#app/server/booking/public.server.ts'
import { BOOKING_LIMITS, addressKey, clientKey } from '#app/server/booking/limits.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import { coalesced } from '#app/server/coalesce.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { MAX_SLOTS_PER_REQUEST, hostLock, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { refusal } from '#app/domain/refusal.ts'
import { Refused } from '#app/server/refusal.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson, refusalResponse } from './envelope.ts'

type C = Context<ApiEnv>

async function limit(c: C, rule: (typeof BOOKING_LIMITS)[keyof typeof BOOKING_LIMITS]) {
  const decision = await getRateLimits(c.env).hit(rule, clientKey(c.req.raw))
  if (!decision.allowed) {
    throw new ApiError(429, [c.get('t')('api:tooManyRequests')], { 'Retry-After': String(decision.retryAfterSeconds) })
  }
}

/** The public event type's context; requests in flight together share one D1 read (app/server/coalesce.server.ts). */
const sharedEventType = coalesced((db: Db, key: string) => {
  const [login, link] = JSON.parse(key) as [string, string]
  return findPublicEventType(db, login, link)
})

async function eventContext(c: C): Promise<PublicEventContext> {
  const key = JSON.stringify([c.req.param('login') ?? '', c.req.param('eventLink') ?? ''])
  const context = await sharedEventType(c.get('db'), key)
  if (!context) throw new ApiError(404, [c.get('t')('booking:errors.eventNotFound')])
  return context
}

/** The event type's context for its free days and slots: none while the host's plan pauses its booking (ADR 0097). */
async function bookableContext(c: C): Promise<PublicEventContext> {
  const context = await eventContext(c)
  const paused = pausedOf(context)
  if (paused) throw new Refused(refusal('bookingPaused', undefined, { capability: paused }))
  return context
}

/**
 * The viewer's zone (`timezone` header or query, API-CONTRACT.md): an IANA id or a number of hours from UTC. A value
 * that is neither answers a translated 400 instead of silently showing the host's zone (as the calendar resource).
 */
const checkViewerZone: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const raw = c.req.header('timezone') ?? c.req.query('timezone')
  if (raw?.trim() && !c.get('viewerTimeZone')) {
    throw new ApiError(400, [`timezone: ${c.get('t')('validation:invalidTimeZone')}`])
  }
  await next()
}

function viewerZone(c: C, context: { host: { timeZone: string } }) {
  return c.get('viewerTimeZone') ?? context.host.timeZone
}

function numberParam(c: C, name: string) {
  const value = c.req.param(name) ?? ''
  return /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN
}

export const clientIdSchema = z.string().trim().min(1).max(100).nullish()

/** `POST /public/{login}/eventTypes/message`: the contact-organizer form, from the event page or the host page. */
export const PublicMessageSchema = organizerMessageSchema.extend({ eventLink: z.string().max(200).nullish() })

/** `POST /ghostBooking/{login}/eventTypes/{eventLink}`: holds on the chosen slots while the guest fills the form. */
export const HoldSchema = z.object({
  clientId: z.string({ error: 'validation:required' }).trim().min(1).max(100),
  slots: z
    .array(startSchema)
    .min(1, 'booking:errors.selectSlot')
    .max(MAX_SLOTS_PER_REQUEST, 'booking:errors.tooManySlots'),
})

function holdView(hold: { id: string; start: number; end: number; expiresAt: number }, timeZone: string) {
  const start = instantToZoned(timeZone, hold.start)
  const end = instantToZoned(timeZone, hold.end)
  return {
    id: hold.id,
    date: isoToDmy(start.date),
    slot: `${start.time} - ${end.time}`,
    start: formatUtcInstant(hold.start),
    end: formatUtcInstant(hold.end),
    expiresAt: formatUtcInstant(hold.expiresAt),
  }
}

/** A booking body before its event type is known: an object (its fields are checked once the form is). */
const bookingEnvelope = z.object({ contactInfo: z.unknown() }).passthrough()

/** The event type's address in the path, as stored (the login normalized, the link trimmed and lowercased). */
function publicAddress(c: C) {
  const login = normalizeLogin(c.req.param('login') ?? '')
  const link = (c.req.param('eventLink') ?? '').trim().toLowerCase()
  return { login, link, key: `${login}/${link}` }
}

/**
 * The event types this isolate found at their public address: which host's object to ask and about which event type
 * (ids, nothing else: the object checks the address against the event type it holds or reads, ADR 0134).
 */
const knownEventTypes = new Map<string, { ownerId: string; eventTypeId: string }>()
/** The most addresses one isolate keeps. */
const KNOWN_EVENT_TYPES_KEPT = 1000

/** A booking decided by the API on the event type it read itself: its 404 and 400 are answered here. */
async function bookFromEventType(
  c: C,
  raw: unknown,
  request: PublicBookingRequest,
  address: { key: string },
  countLimit: boolean,
) {
  // The limit and the event type are independent reads: both at once, the limit's answer first.
  const [allowed, found] = await Promise.allSettled([
    countLimit ? limit(c, BOOKING_LIMITS.booking) : null,
    eventContext(c),
  ])
  if (allowed.status === 'rejected') throw allowed.reason
  if (found.status === 'rejected') throw found.reason
  const context = found.value
  const body = parseWith(c, bookingBodySchema(context.eventType), raw)
  if (knownEventTypes.size >= KNOWN_EVENT_TYPES_KEPT) knownEventTypes.clear()
  knownEventTypes.set(address.key, { ownerId: context.host.id, eventTypeId: context.eventType.id })
  const result = await runCommand(c.env, { kind: 'book', ...bookInputOf(context, body, request) })
  if (!result.ok) return refusalResponse(c, result.refusal)
  return bookedAnswer(c, result.value)
}

function bookedAnswer(c: C, booked: Booked) {
  if (booked.outboxIds.length > 0) {
    c.executionCtx.waitUntil(
      drainOutbox(c.get('db'), c.get('config'), Date.now(), { ids: booked.outboxIds }).catch(() => {}),
    )
  }
  return ok(
    c,
    { bookingId: booked.bookingId, meetingIds: booked.meetingIds, ics: booked.ics },
    booked.replayed ? 200 : 201,
  )
}

/** SPEC §7 "Public" and API-CONTRACT.md "Public booking". */
export const publicBooking = new Hono<ApiEnv>()
  .use('*', checkViewerZone)
  .post('/:login/eventTypes/message', async (c) => {
    await limit(c, BOOKING_LIMITS.message)
    const body = await readJson(c, PublicMessageSchema)
    const sent = await sendOrganizerMessage(c.get('db'), c.req.param('login'), body, Date.now())
    if (!sent) throw new ApiError(404, [c.get('t')('booking:errors.userNotFound')])
    c.executionCtx.waitUntil(drainOutbox(c.get('db'), c.get('config'), Date.now(), { ids: [sent] }).catch(() => {}))
    return ok(c, null)
  })
  .get('/:login/eventTypes', async (c) => {
    const found = await findPublicHost(c.get('db'), c.req.param('login'))
    if (!found) throw new ApiError(404, [c.get('t')('booking:errors.userNotFound')])
    return ok(c, publicHostView(found.host, found.eventTypes))
  })
  .get('/:login/eventTypes/:eventLink', async (c) => {
    const context = await eventContext(c)
    return ok(c, publicEventTypeView(context))
  })
  .get('/:login/eventTypes/:eventLink/days/:year/:month', async (c) => {
    const year = numberParam(c, 'year')
    const month = numberParam(c, 'month')
    if (!isValidMonth(year, month)) throw new ApiError(400, [c.get('t')('booking:errors.invalidDate')])
    const context = await bookableContext(c)
    const clientId = parseWith(c, clientIdSchema, c.req.query('clientId'))
    const view = await viewerMonth(c.get('db'), c.env, context, viewerZone(c, context), year, month, { clientId })
    return ok(c, view.days.map(isoToDmy))
  })
  .get('/:login/eventTypes/:eventLink/slots/:year/:month/:day', async (c) => {
    const date = isoDateFromParts(numberParam(c, 'year'), numberParam(c, 'month'), numberParam(c, 'day'))
    if (!date) throw new ApiError(400, [c.get('t')('booking:errors.invalidDate')])
    const context = await bookableContext(c)
    const clientId = parseWith(c, clientIdSchema, c.req.query('clientId'))
    const slots = await viewerDay(c.get('db'), c.env, context, viewerZone(c, context), date, { clientId })
    return ok(
      c,
      slots.map((s) => ({
        day: isoToDmy(date),
        from: s.from,
        to: s.to,
        start: formatUtcInstant(s.start),
        end: formatUtcInstant(s.end),
        seatsLeft: s.seatsLeft,
      })),
    )
  })
  .post('/:login/eventTypes/:eventLink/events', async (c) => {
    const t = c.get('t')
    const idempotencyKey = c.req.header('Idempotency-Key')?.trim() || null
    if (idempotencyKey && idempotencyKey.length > 200) throw new ApiError(400, [t('booking:errors.idempotencyKey')])
    const raw = await readJson(c, bookingEnvelope)
    const request = { language: c.get('language'), viewerTimeZone: c.get('viewerTimeZone'), idempotencyKey }
    const address = publicAddress(c)
    const known = knownEventTypes.get(address.key)
    if (known) {
      // The event type this isolate found at the address before: the host's object refuses slots its memory says
      // were just taken (the rest of a race: no D1 read, no count), else counts the booking limit and decides on the
      // event type read fresh (ADR 0134).
      const limitKey = clientKey(c.req.raw)
      const result = await runCommand(c.env, { kind: 'bookPublic', ...known, address, body: raw, limitKey, ...request })
      if (!result.ok) return refusalResponse(c, result.refusal)
      if ('booked' in result.value) return bookedAnswer(c, result.value.booked)
      // The address moved or the body does not parse: read the event type and answer as below.
      knownEventTypes.delete(address.key)
      return bookFromEventType(c, raw, request, address, false)
    }
    return bookFromEventType(c, raw, request, address, true)
  })

export const ghostBooking = new Hono<ApiEnv>()
  .use('*', checkViewerZone)
  .post('/:login/eventTypes/:eventLink', async (c) => {
    const raw = await readJson(c, z.unknown())
    await limit(c, BOOKING_LIMITS.hold)
    const context = await eventContext(c)
    const body = parseWith(c, HoldSchema, raw)
    const result = await runCommand(c.env, {
      kind: 'hold',
      ownerId: context.host.id,
      eventTypeId: context.eventType.id,
      clientId: body.clientId,
      address: await addressKey(c.req.raw),
      slots: slotsFromStarts(context, body.slots),
    })
    if (!result.ok) return refusalResponse(c, result.refusal)
    return ok(
      c,
      result.value.map((h) => holdView(h, viewerZone(c, context))),
      201,
    )
  })
  .get('/', async (c) => {
    const ids = c.req.queries('ids') ?? []
    if (ids.length > 50) throw new ApiError(400, [c.get('t')('validation:invalid')])
    const byHost = new Map<string, string[]>()
    for (const id of ids) {
      const host = holdHost(id)
      if (host) byHost.set(host, [...(byHost.get(host) ?? []), id])
    }
    const zone = c.get('viewerTimeZone') ?? 'Europe/Moscow'
    const found = await Promise.all([...byHost].map(([host, hostIds]) => hostLock(c.env, host).getHolds(hostIds)))
    return ok(
      c,
      found
        .flat()
        .filter((h) => h.active)
        .map((h) => holdView(h, zone)),
    )
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id')
    const host = holdHost(id)
    const released = host ? await runCommand(c.env, { kind: 'release', ownerId: host, holdId: id }) : null
    if (!released?.ok || !released.value) throw new ApiError(404, [c.get('t')('booking:errors.holdNotFound')])
    return ok(c, null)
  })
