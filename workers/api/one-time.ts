import { Hono } from 'hono'
import { z } from 'zod'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { BOOKING_LIMITS, clientKey } from '#app/server/booking/limits.server.ts'
import { actionErrorTexts } from '#app/server/meetings/errors.server.ts'
import {
  FreeTimeConflict,
  answerOneTime,
  createOneTime,
  inviteeIsFree,
  isOkCreate,
} from '#app/server/one-time/one-time.server.ts'
import { findOneTime, publicView, shareInfo } from '#app/server/one-time/public.server.ts'
import { getRateLimits } from '#app/server/rate-limit.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

const InstantSchema = z
  .string({ error: 'validation:required' })
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation:invalidDate')
  .transform((value) => Date.parse(value))

const flag = (value: string | undefined) => value === 'true' || value === '1'

/**
 * SPEC §7 companyEvent: one-off meetings. The organizer's calls need a token and see only their own meetings (404
 * otherwise); `info` and `client` are the public `/booking` page's, reached by the meeting's opaque id.
 */
export const oneTimeApi = new Hono<ApiEnv>()
  .use('/organizer', requireAuth)
  .use('/organizer/*', requireAuth)
  .use('/:id/share', requireAuth)
  .get('/organizer/isOkCreate', (c) => ok(c, isOkCreate(c.get('user'))))
  .get('/organizer/isFree', async (c) => {
    const query = parseWith(
      c,
      z
        .object({
          email: z
            .string({ error: 'validation:required' })
            .trim()
            .toLowerCase()
            .pipe(z.email('validation:invalidEmail')),
          from: InstantSchema,
          to: InstantSchema,
        })
        .refine((v) => v.to > v.from, { path: ['to'], message: 'validation:endAfterStart' }),
      c.req.query(),
    )
    return ok(c, { isFree: await inviteeIsFree(c.get('db'), c.get('user').id, query.email, query.from, query.to) })
  })
  .post('/organizer', async (c) => {
    const event = await readJson(c, OneTimeEventSchema)
    const user = c.get('user')
    try {
      const created = await createOneTime(c.env, c.get('config'), user, event, {
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
            apiErrors: actionErrorTexts(error, c.get('t')).map((text) => ({ text })),
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
    if (!row) throw new ApiError(404, [c.get('t')('oneoff:errors.notFound')])
    const zone = c.get('viewerTimeZone') ?? row.meeting.timeZone
    return ok(c, await publicView(row, zone, Date.now(), c.req.query('invite') ?? null))
  })
  .post('/client', async (c) => {
    const raw = await readJson(
      c,
      z.object({
        companyEventId: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64),
        inviteToken: z.string().max(128).nullish(),
        contactInfo: z.unknown(),
      }),
    )
    const decision = await getRateLimits(c.env).hit(BOOKING_LIMITS.booking, clientKey(c.req.raw))
    if (!decision.allowed) {
      throw new ApiError(429, [c.get('t')('api:tooManyRequests')], {
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    const db = c.get('db')
    const row = await findOneTime(db, raw.companyEventId)
    if (!row) throw new ApiError(404, [c.get('t')('oneoff:errors.notFound')])
    const contact = parseWith(c, z.object({ contactInfo: contactInfoSchema(row.settings) }), raw).contactInfo
    const result = await answerOneTime(
      c.env,
      db,
      c.get('config'),
      {
        id: row.meeting.id,
        token: raw.inviteToken ?? null,
        contact,
        language: c.get('language'),
        timeZone: c.get('viewerTimeZone') ?? row.meeting.timeZone,
      },
      Date.now(),
    )
    return ok(c, result, result.confirmed ? 200 : 201)
  })
