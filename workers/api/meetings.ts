import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  AdjutantsSchema,
  InviteeEmailsSchema,
  NewVisitorsSchema,
  meetingListApiQuerySchema,
} from '#app/domain/meetings/rules.ts'
import { visitorsOfParticipant } from '#app/server/meetings/actions.server.ts'
import {
  type HostCommand,
  type MeetingCommand,
  meetingCommand,
  ownerOfParticipation,
} from '#app/server/meetings/commands.server.ts'
import {
  findOwnedMeeting,
  listOrganizerMeetings,
  listParticipantMeetings,
  ownedMeetingView,
  participantMeetingView,
  shortActualList,
} from '#app/server/meetings/meetings.server.ts'
import { FilterDateSchema } from '#app/domain/contacts/rules.ts'
import { crossCheck } from '#app/server/meetings/cross.server.ts'
import { RescheduleOverlap, pickerSlots } from '#app/server/meetings/reschedule.server.ts'
import { homeStatistics } from '#app/server/meetings/statistics.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'
import { refusalTexts } from '#app/server/refusal.server.ts'

/** An instant as ISO 8601 (API-CONTRACT.md), read to epoch ms. */
const InstantSchema = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation:invalidDate')
  .transform((value) => Date.parse(value))

const Ids = z.array(z.string().min(1).max(64)).min(1, 'validation:required').max(100)

/** PATCH /userEvents/{id}: one action per call (SPEC §7 "Booking actions"). */
export const OrganizerPatchSchema = z
  .object({
    cancel: z.literal(true).optional(),
    eventContactIdsForCancel: Ids.optional(),
    adjutantEmails: InviteeEmailsSchema.optional(),
    isFailed: z.boolean().optional(),
    /** `end` only for a one-time meeting (any length); a meeting of an event type keeps its duration. */
    newTimeSlotForm: z
      .object({ start: InstantSchema, end: InstantSchema.nullish() })
      .refine((slot) => !slot.end || slot.end > slot.start, { path: ['end'], message: 'validation:endAfterStart' })
      .optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, {
    message: 'meetings:errors.oneAction',
  })

export const ParticipantPatchSchema = z
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

const flag = (value: string | undefined) => value === 'true' || value === '1'

/** The signed-in host's command, run in their Durable Object. */
const asHost = <T = unknown>(c: Context<ApiEnv>, command: HostCommand) =>
  meetingCommand<T>(c.env, { ...command, ownerId: c.get('user').id } as MeetingCommand)

/** A proposed time: `from`/`to` instants, optional buffers (minutes), the meeting being moved, invitees to check. */
export const CrossQuerySchema = z
  .object({
    from: InstantSchema,
    to: InstantSchema,
    id: z.string().min(1).max(64).optional(),
    getTimeBeforeValue: z.coerce.number().int().min(0).max(1440).optional(),
    getTimeAfterValue: z.coerce.number().int().min(0).max(1440).optional(),
  })
  .refine((v) => v.to > v.from, { path: ['to'], message: 'validation:endAfterStart' })

export const PickerQuerySchema = z.object({ date: FilterDateSchema })
export { AdjutantsSchema, NewVisitorsSchema }
export const VisitorsSchema = z.object({ emails: InviteeEmailsSchema })
export const MoveSchema = z.object({ eventContactIds: Ids, companyEventId: z.string().min(1).max(64) })

function crossQuery(c: Context<ApiEnv>) {
  const query = parseWith(c, CrossQuerySchema, c.req.query())
  const emails = parseWith(c, InviteeEmailsSchema, c.req.queries('emails') ?? [])
  return { ...query, emails }
}

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
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    const query = {
      ...parseWith(c, meetingListApiQuerySchema(viewer.timeZone), c.req.query()),
      side: 'organizer' as const,
    }
    return ok(c, await listOrganizerMeetings(c.get('db'), viewer, query, Date.now()))
  })
  // Before `/userEvents/:id`, whose pattern would take these names as ids.
  .get('/userEvents/shortActualList', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await shortActualList(c.get('db'), viewer, Date.now()))
  })
  .get('/userEvents/cross', async (c) => {
    const query = crossQuery(c)
    return ok(c, await crossCheck(c.env, c.get('db'), c.get('user').id, query))
  })
  .get('/userEvents/isCross', async (c) => {
    const query = crossQuery(c)
    const found = await crossCheck(c.env, c.get('db'), c.get('user').id, query)
    return ok(c, { isCross: found.isCross })
  })
  .get('/userEvents/:id', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, (await ownedMeetingView(c.get('db'), viewer, c.req.param('id'), Date.now())).view)
  })
  .patch('/userEvents/:id', async (c) => {
    const body = await readJson(c, OrganizerPatchSchema)
    const meetingId = c.req.param('id')
    if (body.cancel) return ok(c, await asHost(c, { kind: 'cancel', meetingId, participantIds: null }))
    if (body.eventContactIdsForCancel)
      return ok(c, await asHost(c, { kind: 'cancel', meetingId, participantIds: body.eventContactIdsForCancel }))
    if (body.adjutantEmails)
      return ok(c, await asHost(c, { kind: 'adjutants', meetingId, emails: body.adjutantEmails }))
    if (body.isFailed !== undefined) return ok(c, await asHost(c, { kind: 'held', meetingId, isFailed: body.isFailed }))
    if (body.newTimeSlotForm) {
      const { start, end } = body.newTimeSlotForm
      const ignoreOverlap = flag(c.req.query('ignoreFreeTimeCheck'))
      try {
        return ok(c, await asHost(c, { kind: 'reschedule', meetingId, start, end: end ?? null, ignoreOverlap }))
      } catch (error) {
        // A one-time meeting's new time overlaps: what is in the way, like creation's 409 ("Book anyway?").
        if (error instanceof RescheduleOverlap) {
          return c.json(
            {
              isOk: false,
              data: error.conflict,
              apiErrors: refusalTexts(error.refusal, c.get('t')).map((text) => ({ text })),
            },
            409,
          )
        }
        throw error
      }
    }
    throw new ApiError(400, [c.get('t')('meetings:errors.oneAction')])
  })
  .get('/userEvents/:id/slots', async (c) => {
    const { date } = parseWith(c, PickerQuerySchema, c.req.query())
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
  .get('/userEvents/:id/adjutant/:adjutantId', async (c) => {
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    const email = decodeURIComponent(c.req.param('adjutantId')).toLowerCase()
    if (!meeting.adjutantEmails.includes(email)) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, { id: email, email })
  })
  .post('/userEvents/:id/adjutant', async (c) => {
    const { adjutantEmails } = await readJson(c, AdjutantsSchema)
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    const merged = [...meeting.adjutantEmails, ...adjutantEmails.filter((e) => !meeting.adjutantEmails.includes(e))]
    return ok(c, await asHost(c, { kind: 'adjutants', meetingId: meeting.id, emails: merged }))
  })
  .put('/userEvents/:id/adjutant', async (c) => {
    const { adjutantEmails } = await readJson(c, AdjutantsSchema)
    return ok(c, await asHost(c, { kind: 'adjutants', meetingId: c.req.param('id'), emails: adjutantEmails }))
  })
  .delete('/userEvents/:id/adjutant', async (c) =>
    ok(c, await asHost(c, { kind: 'adjutants', meetingId: c.req.param('id'), emails: [] })),
  )
  .delete('/userEvents/:id/adjutant/:adjutantId', async (c) => {
    const { meeting } = await findOwnedMeeting(c.get('db'), c.get('user').id, c.req.param('id'))
    const email = decodeURIComponent(c.req.param('adjutantId')).toLowerCase()
    if (!meeting.adjutantEmails.includes(email)) throw new ApiError(404, [c.get('t')('api:notFound')])
    const rest = meeting.adjutantEmails.filter((e) => e !== email)
    return ok(c, await asHost(c, { kind: 'adjutants', meetingId: meeting.id, emails: rest }))
  })
  .get('/meetings', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    const query = {
      ...parseWith(c, meetingListApiQuerySchema(viewer.timeZone), c.req.query()),
      side: 'participant' as const,
    }
    return ok(c, await listParticipantMeetings(c.get('db'), viewer, query, Date.now()))
  })
  .get('/meetings/:id', async (c) => {
    const viewer = viewerOf(c.get('user'), c.get('viewerTimeZone'))
    return ok(c, await participantMeetingView(c.get('db'), viewer, c.req.param('id'), Date.now()))
  })
  .patch('/meetings/:id', async (c) => {
    const body = await readJson(c, ParticipantPatchSchema)
    const user = c.get('user')
    const viewer = { id: user.id, email: user.email, timeZone: user.timeZone }
    const participantId = c.req.param('id')
    // The booking's host runs the change; 404 for a row that is not the viewer's.
    const ownerId = await ownerOfParticipation(c.get('db'), viewer, participantId)
    const run = (command: MeetingCommand) => meetingCommand(c.env, command)
    if (body.visitorsCreateModel) {
      const emails = body.visitorsCreateModel.emails
      return ok(c, await run({ kind: 'addOwnVisitors', ownerId, viewer, participantId, emails }))
    }
    const info = body.patchMeetingInfo
    if (info && 'setNewTimeSlotForm' in info) {
      const start = info.setNewTimeSlotForm.start
      return ok(c, await run({ kind: 'rescheduleOwn', ownerId, viewer, participantId, start }))
    }
    return ok(c, await run({ kind: 'cancelOwn', ownerId, viewer, participantId, reason: null }))
  })
  .get('/eventContact/:id/visitor', async (c) =>
    ok(c, await visitorsOfParticipant(c.get('db'), c.get('user').id, c.req.param('id'))),
  )
  .get('/eventContact/:id/visitor/:visitorId', async (c) => {
    const visitors = await visitorsOfParticipant(c.get('db'), c.get('user').id, c.req.param('id'))
    const visitor = visitors.find((v) => v.id === c.req.param('visitorId'))
    if (!visitor) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, visitor)
  })
  .post('/eventContact/:id/visitor', async (c) => {
    const { emails } = await readJson(c, NewVisitorsSchema)
    return ok(c, await asHost(c, { kind: 'addVisitors', participantId: c.req.param('id'), emails }), 201)
  })
  .put('/eventContact/:id/visitor', async (c) => {
    const { emails } = await readJson(c, VisitorsSchema)
    return ok(c, await asHost(c, { kind: 'replaceVisitors', participantId: c.req.param('id'), emails }))
  })
  .delete('/eventContact/:id/visitor', async (c) =>
    ok(c, await asHost(c, { kind: 'replaceVisitors', participantId: c.req.param('id'), emails: [] })),
  )
  .delete('/eventContact/:id/visitor/:visitorId', async (c) =>
    ok(
      c,
      await asHost(c, {
        kind: 'removeVisitor',
        participantId: c.req.param('id'),
        visitorId: c.req.param('visitorId'),
      }),
    ),
  )
  .put('/eventContact/companyEventId', async (c) => {
    const body = await readJson(c, MoveSchema)
    return ok(
      c,
      await asHost(c, { kind: 'move', participantIds: body.eventContactIds, targetMeetingId: body.companyEventId }),
    )
  })
