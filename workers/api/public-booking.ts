import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { bookingContactSchema, organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { formatUtcInstant, instantToZoned, isoToDmy, parseUtcInstant } from '#app/domain/time/index.ts'
import {
  type PublicEventContext,
  findPublicEventType,
  findPublicHost,
} from '#app/server/booking/availability.server.ts'
import { pausedOf, publicEventTypeView, publicHostView } from '#app/server/booking/views.server.ts'
import { sendOrganizerMessage } from '#app/server/booking/message.server.ts'
import { holdHost, isValidMonth, isoDateFromParts, viewerDay, viewerMonth } from '#app/server/booking/public.server.ts'
import { BOOKING_LIMITS, addressKey, clientKey } from '#app/server/booking/limits.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import { coalesced } from '#app/server/coalesce.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { MAX_SLOTS_PER_REQUEST, hostLock, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { type Refusal, refusal, refusalStatus } from '#app/domain/refusal.ts'
import { refusalTexts } from '#app/server/refusal.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, errorResponse, ok, parseWith, readJson } from './envelope.ts'

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
  if (paused) refused(c, refusal('bookingPaused', undefined, { capability: paused }))
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

export const startSchema = z.object({
  start: z
    .string({ error: 'validation:required' })
    .refine((v) => !Number.isNaN(parseInstant(v)), 'validation:invalidDate'),
})

/** `POST /public/{login}/eventTypes/message`: the contact-organizer form, from the event page or the host page. */
export const PublicMessageSchema = organizerMessageSchema.extend({ eventLink: z.string().max(200).nullish() })

/** `POST /public/{login}/eventTypes/{eventLink}/events`: the contact fields the event type asks for, and its slots. */
export function bookingBodySchema(eventType: Parameters<typeof bookingContactSchema>[0]) {
  return bookingBody(bookingContactSchema(eventType))
}

/** `POST /ghostBooking/{login}/eventTypes/{eventLink}`: holds on the chosen slots while the guest fills the form. */
export const HoldSchema = z.object({
  clientId: z.string({ error: 'validation:required' }).trim().min(1).max(100),
  slots: z
    .array(startSchema)
    .min(1, 'booking:errors.selectSlot')
    .max(MAX_SLOTS_PER_REQUEST, 'booking:errors.tooManySlots'),
})

function parseInstant(value: string): number {
  try {
    return parseUtcInstant(value)
  } catch {
    return Number.NaN
  }
}

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

function slotsFromStarts(context: PublicEventContext, starts: { start: string }[]) {
  const duration = context.eventType.durationInMinutes * 60_000
  return starts.map(({ start }) => {
    const at = parseInstant(start)
    return { start: at, end: at + duration }
  })
}

/** The one refusal of a hold or booking: its status and text from the one table (app/domain/refusal.ts). */
function refusalAnswer(c: C, refusal: Refusal) {
  return errorResponse(c, { status: refusalStatus(refusal), texts: refusalTexts(refusal, c.get('t')), headers: {} })
}

/**
 * The same refusal thrown, from a helper deep in a handler. A handler's own refusal is answered by `refusalAnswer`:
 * an error's construction (its stack) and its way through hono's `onError` cost each refused request of a race (ADR
 * 0129), for the same answer.
 */
function refused(c: C, refusal: Refusal): never {
  throw new ApiError(refusalStatus(refusal), refusalTexts(refusal, c.get('t')))
}

/** A booking body before its event type is known: an object (its fields are checked once the form is). */
const bookingEnvelope = z.object({ contactInfo: z.unknown() }).passthrough()

type ContactSchema = ReturnType<typeof bookingContactSchema>

/** The booking request's body for one contact form; made once per form (bookingContactSchema shares its schemas). */
const bookingBodies = new WeakMap<ContactSchema, ReturnType<typeof buildBookingBody>>()

function bookingBody(contactInfo: ContactSchema) {
  let schema = bookingBodies.get(contactInfo)
  if (!schema) {
    schema = buildBookingBody(contactInfo)
    bookingBodies.set(contactInfo, schema)
  }
  return schema
}

function buildBookingBody(contactInfo: ContactSchema) {
  return z
    .object({
      contactInfo,
      gostBookingsIds: z
        .array(z.object({ id: z.string().min(1).max(200) }))
        .max(MAX_SLOTS_PER_REQUEST)
        .default([]),
      slots: z.array(startSchema).max(MAX_SLOTS_PER_REQUEST).default([]),
    })
    .refine((v) => v.gostBookingsIds.length + v.slots.length > 0, {
      message: 'booking:errors.selectSlot',
      path: ['gostBookingsIds'],
    })
    .refine((v) => v.gostBookingsIds.length + v.slots.length <= MAX_SLOTS_PER_REQUEST, {
      message: 'booking:errors.tooManySlots',
      path: ['gostBookingsIds'],
    })
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
    // The limit and the event type are independent reads: both at once, the limit's answer first.
    const [allowed, found] = await Promise.allSettled([limit(c, BOOKING_LIMITS.booking), eventContext(c)])
    if (allowed.status === 'rejected') throw allowed.reason
    if (found.status === 'rejected') throw found.reason
    const context = found.value
    const body = parseWith(c, bookingBodySchema(context.eventType), raw)
    const result = await runCommand(c.env, {
      kind: 'book',
      ownerId: context.host.id,
      eventTypeId: context.eventType.id,
      holdIds: body.gostBookingsIds.map((g) => g.id),
      slots: slotsFromStarts(context, body.slots),
      contact: body.contactInfo,
      language: c.get('language'),
      timeZone: viewerZone(c, context),
      idempotencyKey,
    })
    if (!result.ok) return refusalAnswer(c, result.refusal)
    const booked = result.value
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
    if (!result.ok) return refusalAnswer(c, result.refusal)
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
