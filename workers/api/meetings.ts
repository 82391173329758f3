import { Hono } from 'hono'
import { z } from 'zod'
import { InviteeEmailsSchema, MeetingListQuerySchema } from '#app/domain/meetings/rules.ts'
import {
  addOwnVisitors,
  addVisitorsAsOrganizer,
  cancelMeeting,
  cancelOwnParticipation,
  moveParticipants,
  removeVisitor,
  setAdjutants,
  setHeld,
  visitorsOfParticipant,
} from '#app/server/meetings/actions.server.ts'
import {
  findOwnedMeeting,
  listOrganizerMeetings,
  listParticipantMeetings,
  organizerView,
  participantMeetingView,
} from '#app/server/meetings/meetings.server.ts'
import { FilterDateSchema } from '#app/domain/contacts/rules.ts'
import { pickerSlots, rescheduleOwnBooking, rescheduleThroughHost } from '#app/server/meetings/reschedule.server.ts'
import { homeStatistics } from '#app/server/meetings/statistics.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

/** An instant as ISO 8601 (API-CONTRACT.md), read to epoch ms. */
const InstantSchema = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation:invalidDate')
  .transform((value) => Date.parse(value))

const Ids = z.array(z.string().min(1).max(64)).min(1, 'validation:required').max(100)

/** PATCH /userEvents/{id}: one action per call (SPEC §7 "Booking actions"). */
const OrganizerPatchSchema = z
  .object({
    cancel: z.literal(true).optional(),
    eventContactIdsForCancel: Ids.optional(),
    adjutantEmails: InviteeEmailsSchema.optional(),
    isFailed: z.boolean().optional(),
    newTimeSlotForm: z.object({ start: InstantSchema }).optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, {
    message: 'meetings:errors.oneAction',
  })

const ParticipantPatchSchema = z
  .object({
    patchMeetingInfo: z
      .union([
        z.object({ cancelMeeting: z.literal(true) }),
        z.object({ setNewTimeSlotForm: z.object({ start: InstantSchema }) }),
      ])
      .optional(),
    visitorsCreateModel: z
      .object({ emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1, 'validation:required')) })
      .optional(),
  })
  .refine((body) => (body.patchMeetingInfo ? 1 : 0) + (body.visitorsCreateModel ? 1 : 0) === 1, {
    message: 'meetings:errors.oneAction',
  })

const viewerOf = (user: ApiEnv['Variables']['user'], timeZone: string | null) => ({
  ...user,
  timeZone: timeZone ?? user.timeZone,
})

/** SPEC §7 Meetings and bookings: the organizer's bookings (`userEvents`), the participant's meetings, visitors. */
export const meetingsApi = new Hono<ApiEnv>()
  .use('/userEvents/*', requireAuth)
  .use('/userEvents', requireAuth)
  .use('/meetings/*', requireAuth)
  .use('/meetings', requireAuth)
  .use('/eventContact/*', requireAuth)
  .use('/statistic', requireAuth)
  .use('/statistic/*', requireAuth)
  .get('/statistic', async (c) => {
    const t = c.get('t')
    return ok(
      c,
      await homeStatistics(c.get('db'), c.get('user'), Date.now(), (item) => t(`meetings:home.items.${item}`)),
    )
  })
  .get('/statistic/integration', async (c) => {
    const stats = await homeStatistics(c.get('db'), c.get('user'), Date.now(), (item) => item)
    return ok(c, stats.integrations)
  })
  .get('/userEvents', async (c) => {
    const query = parseWith(c, MeetingListQuerySchema, { ...c.req.query(), side: 'organizer' })
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await listOrganizerMeetings(c.get('db'), viewer, query, Date.now()))
  })
  .get('/userEvents/:id', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    const { meeting, participants } = await findOwnedMeeting(c.get('db'), viewer.id, c.req.param('id'))
    return ok(c, organizerView(meeting, participants, viewer.timeZone, Date.now()))
  })
  .patch('/userEvents/:id', async (c) => {
    const body = await readJson(c, OrganizerPatchSchema)
    const db = c.get('db')
    const user = c.get('user')
    const id = c.req.param('id')
    const now = Date.now()
    if (body.cancel) return ok(c, await cancelMeeting(db, user, id, null, now))
    if (body.eventContactIdsForCancel)
      return ok(c, await cancelMeeting(db, user, id, body.eventContactIdsForCancel, now))
    if (body.adjutantEmails) return ok(c, await setAdjutants(db, user, id, body.adjutantEmails, now))
    if (body.isFailed !== undefined) return ok(c, await setHeld(db, user.id, id, body.isFailed, now))
    if (body.newTimeSlotForm) return ok(c, await rescheduleThroughHost(c.env, user, id, body.newTimeSlotForm.start))
    throw new ApiError(400, [c.get('t')('meetings:errors.oneAction')])
  })
  .get('/userEvents/:id/slots', async (c) => {
    const { date } = parseWith(c, z.object({ date: FilterDateSchema }), c.req.query())
    if (!date) throw new ApiError(400, [`date: ${c.get('t')('validation:required')}`])
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await pickerSlots(c.env, c.get('db'), viewer.id, c.req.param('id'), date, viewer.timeZone, Date.now()))
  })
  .get('/userEvents/:id/adjutant', async (c) => {
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    return ok(
      c,
      meeting.adjutantEmails.map((email) => ({ id: email, email })),
    )
  })
  .post('/userEvents/:id/adjutant', async (c) => {
    const { adjutantEmails } = await readJson(c, z.object({ adjutantEmails: InviteeEmailsSchema }))
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    const merged = [...meeting.adjutantEmails, ...adjutantEmails.filter((e) => !meeting.adjutantEmails.includes(e))]
    return ok(c, await setAdjutants(c.get('db'), c.get('user'), meeting.id, merged, Date.now()))
  })
  .put('/userEvents/:id/adjutant', async (c) => {
    const { adjutantEmails } = await readJson(c, z.object({ adjutantEmails: InviteeEmailsSchema }))
    return ok(c, await setAdjutants(c.get('db'), c.get('user'), c.req.param('id'), adjutantEmails, Date.now()))
  })
  .delete('/userEvents/:id/adjutant', async (c) =>
    ok(c, await setAdjutants(c.get('db'), c.get('user'), c.req.param('id'), [], Date.now())),
  )
  .delete('/userEvents/:id/adjutant/:adjutantId', async (c) => {
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    const email = decodeURIComponent(c.req.param('adjutantId')).toLowerCase()
    if (!meeting.adjutantEmails.includes(email)) throw new ApiError(404, [c.get('t')('api:notFound')])
    const rest = meeting.adjutantEmails.filter((e) => e !== email)
    return ok(c, await setAdjutants(c.get('db'), c.get('user'), meeting.id, rest, Date.now()))
  })
  .get('/meetings', async (c) => {
    const query = parseWith(c, MeetingListQuerySchema, { ...c.req.query(), side: 'participant' })
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await listParticipantMeetings(c.get('db'), viewer, query, Date.now()))
  })
  .get('/meetings/:id', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await participantMeetingView(c.get('db'), viewer, c.req.param('id'), Date.now()))
  })
  .patch('/meetings/:id', async (c) => {
    const body = await readJson(c, ParticipantPatchSchema)
    const now = Date.now()
    if (body.visitorsCreateModel) {
      return ok(
        c,
        await addOwnVisitors(c.get('db'), c.get('user'), c.req.param('id'), body.visitorsCreateModel.emails, now),
      )
    }
    const info = body.patchMeetingInfo
    if (info && 'setNewTimeSlotForm' in info) {
      return ok(
        c,
        await rescheduleOwnBooking(c.env, c.get('db'), c.get('user'), c.req.param('id'), info.setNewTimeSlotForm.start),
      )
    }
    return ok(c, await cancelOwnParticipation(c.get('db'), c.get('user'), c.req.param('id'), now, c.get('config')))
  })
  .get('/eventContact/:id/visitor', async (c) =>
    ok(c, await visitorsOfParticipant(c.get('db'), c.get('user').id, c.req.param('id'))),
  )
  .post('/eventContact/:id/visitor', async (c) => {
    const { emails } = await readJson(
      c,
      z.object({ emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1, 'validation:required')) }),
    )
    return ok(c, await addVisitorsAsOrganizer(c.get('db'), c.get('user'), c.req.param('id'), emails, Date.now()), 201)
  })
  .delete('/eventContact/:id/visitor/:visitorId', async (c) =>
    ok(c, await removeVisitor(c.get('db'), c.get('user'), c.req.param('id'), c.req.param('visitorId'), Date.now())),
  )
  .put('/eventContact/companyEventId', async (c) => {
    const body = await readJson(c, z.object({ eventContactIds: Ids, companyEventId: z.string().min(1).max(64) }))
    return ok(
      c,
      await moveParticipants(c.get('db'), c.get('user'), body.eventContactIds, body.companyEventId, Date.now()),
    )
  })
