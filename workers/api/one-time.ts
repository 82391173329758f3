import { Hono } from 'hono'
import { z } from 'zod'
import type { Context } from 'hono'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { BOOKING_LIMITS, addressKey, clientKey } from '#app/server/booking/limits.server.ts'
import { refusalTexts } from '#app/server/refusal.server.ts'
import {
  FreeTimeConflict,
  answerOneTime,
  createOneTime,
  holdOneTimeSeat,
  inviteeIsFree,
  isOkCreate,
  seatsHeldByOthers,
} from '#app/server/one-time/one-time.server.ts'
import { organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { formatUtcInstant } from '#app/domain/time/index.ts'
import { messageOneTimeOrganizer } from '#app/server/one-time/message.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { findOneTime, publicView, shareInfo } from '#app/server/one-time/public.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

export const InstantSchema = z
  .string({ error: 'validation:required' })
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation:invalidDate')
  .transform((value) => Date.parse(value))

/** `GET /companyEvent/organizer/isFree`: whether an invitee is free between two instants. */
export const IsFreeQuerySchema = z
  .object({
    email: z.string({ error: 'validation:required' }).trim().toLowerCase().pipe(z.email('validation:invalidEmail')),
    from: InstantSchema,
    to: InstantSchema,
  })
  .refine((v) => v.to > v.from, { path: ['to'], message: 'validation:endAfterStart' })

/** `POST /companyEvent/client`: the guest's answer; `contactInfo` is then read with the meeting's own fields. */
export const OneTimeClientSchema = z.object({
  companyEventId: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64),
  inviteToken: z.string().max(128).nullish(),
  contactInfo: z.unknown(),
  /** The guest's seat hold from `POST /ghostBooking/companyEvent/{id}` (SPEC's booking form name). */
  gostBookingsIds: z
    .array(z.object({ id: z.string().min(1).max(200) }))
    .max(1)
    .default([]),
})

const flag = (value: string | undefined) => value === 'true' || value === '1'

/**
 * SPEC §7 companyEvent: one-time meetings. The organizer's calls need a token and see only their own meetings (404
 * otherwise); `info` and `client` are the public `/booking` page's, reached by the meeting's opaque id.
 */
export const oneTimeApi = new Hono<ApiEnv>()
  .use('/organizer', requireAuth)
  .use('/organizer/*', requireAuth)
  .use('/:id/share', requireAuth)
  .get('/organizer/isOkCreate', (c) => ok(c, isOkCreate(c.get('user'))))
  .get('/organizer/isFree', async (c) => {
    const query = parseWith(c, IsFreeQuerySchema, c.req.query())
    return ok(c, { isFree: await inviteeIsFree(c.get('db'), c.get('user').id, query.email, query.from, query.to) })
  })
  .post('/organizer', async (c) => {
    const event = await readJson(c, OneTimeEventSchema)
    const user = c.get('user')
    try {
      const created = await createOneTime(c.env, user, event, {
        ignoreFreeTimeCheck: flag(c.req.query('ignoreFreeTimeCheck')),
        language: c.get('language'),
        fallbackTimeZone: c.get('viewerTimeZone'),
      })
      return ok(c, created, 201)
    } catch (error) {
      // SPEC §4 "Book anyway?" / "Add anyway?": the client shows what is in the way and may repeat with the flag.
      if (error instanceof FreeTimeConflict) {
        return c.json(
          {
            isOk: false,
            data: { overlaps: error.overlaps, busyEmails: error.busyEmails },
            apiErrors: refusalTexts(error.refusal, c.get('t')).map((text) => ({ text })),
          },
          409,
        )
      }
      throw error
    }
  })
  .get('/:id/share', async (c) => {
    const info = await shareInfo(c.get('db'), c.get('user').id, c.req.param('id'), c.get('config').APP_URL)
    if (!info) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, info)
  })
  .get('/:id/info', async (c) => {
    const row = await findOneTime(c.get('db'), c.req.param('id'))
    if (!row) throw new ApiError(404, [c.get('t')('oneTime:errors.notFound')])
    const zone = c.get('viewerTimeZone') ?? row.meeting.timeZone
    const view = await publicView(row, zone, Date.now(), c.req.query('invite') ?? null)
    // Seats other guests hold while filling in the form are not free for this one (`clientId`: the viewer's own).
    const clientId = parseWith(c, ClientIdSchema.optional(), c.req.query('clientId'))
    const held = await seatsHeldByOthers(c.env, row, clientId ?? null)
    return ok(c, { ...view, seatsLeft: Math.max(0, view.seatsLeft - held) })
  })
  .post('/client', async (c) => {
    const raw = await readJson(c, OneTimeClientSchema)
    await limit(c, BOOKING_LIMITS.booking)
    const db = c.get('db')
    const row = await findOneTime(db, raw.companyEventId)
    if (!row) throw new ApiError(404, [c.get('t')('oneTime:errors.notFound')])
    const contact = parseWith(c, z.object({ contactInfo: contactInfoSchema(row.settings) }), raw).contactInfo
    const result = await answerOneTime(c.env, db, {
      id: row.meeting.id,
      token: raw.inviteToken ?? null,
      contact,
      language: c.get('language'),
      timeZone: c.get('viewerTimeZone') ?? row.meeting.timeZone,
      holdId: raw.gostBookingsIds[0]?.id ?? null,
    })
    return ok(c, result, result.confirmed ? 200 : 201)
  })

export const ClientIdSchema = z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100)

async function limit(c: Context<ApiEnv>, rule: (typeof BOOKING_LIMITS)[keyof typeof BOOKING_LIMITS]) {
  const decision = await getRateLimits(c.env).hit(rule, clientKey(c.req.raw))
  if (!decision.allowed) {
    throw new ApiError(429, [c.get('t')('api:tooManyRequests')], { 'Retry-After': String(decision.retryAfterSeconds) })
  }
}

/**
 * SPEC §7 `POST /ghostBooking/companyEvent/{id}` (mounted under `/ghostBooking`): a guest holds a seat of a one-time
 * meeting while filling in `/booking`; `GET /ghostBooking?ids=` and `DELETE /ghostBooking/{id}` see and release it
 * like a slot's hold. The hold is given back as `gostBookingsIds: [{ id }]` to `POST /companyEvent/client`.
 */
export const OneTimeHoldSchema = z.object({ clientId: ClientIdSchema })

export const OneTimeMessageSchema = organizerMessageSchema.extend({
  companyEventId: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64),
})

export const oneTimeGhostApi = new Hono<ApiEnv>().post('/companyEvent/:id', async (c) => {
  const body = await readJson(c, OneTimeHoldSchema)
  await limit(c, BOOKING_LIMITS.hold)
  const hold = await holdOneTimeSeat(c.env, c.get('db'), c.req.param('id'), {
    clientId: body.clientId,
    address: await addressKey(c.req.raw),
  })
  return ok(
    c,
    {
      id: hold.id,
      companyEventId: hold.companyEventId,
      start: formatUtcInstant(hold.start),
      end: formatUtcInstant(hold.end),
      expiresAt: formatUtcInstant(hold.expiresAt),
    },
    201,
  )
})

/**
 * SPEC §7 `POST /user/message` with `companyEventId` (mounted under `/user`): a visitor writes to the organizer of a
 * one-time meeting; public, rate-limited like the event page's message.
 */
export const oneTimeMessageApi = new Hono<ApiEnv>().post('/message', async (c) => {
  await limit(c, BOOKING_LIMITS.message)
  const body = await readJson(c, OneTimeMessageSchema)
  const sent = await messageOneTimeOrganizer(c.get('db'), body.companyEventId, body, Date.now())
  if (!sent) throw new ApiError(404, [c.get('t')('oneTime:errors.notFound')])
  c.executionCtx.waitUntil(drainOutbox(c.get('db'), c.get('config'), Date.now(), { ids: [sent] }).catch(() => {}))
  return ok(c, null)
})
