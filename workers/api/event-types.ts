import { Hono } from 'hono'
import { z } from 'zod'
import { EVENT_TYPES_PAGE_SIZE } from '#app/domain/constants.ts'
import { EventLinkSchema, EventNameSchema, eventTypeSchema } from '#app/domain/event-types/schema.ts'
import { shareInfo } from '#app/domain/event-types/share.ts'
import { can, planOptions } from '#app/domain/plans.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import {
  activityCheck,
  canAddEventType,
  copyEventType,
  createEventType,
  deleteEventType,
  getEventType,
  isLinkFree,
  isNameFree,
  listEventTypes,
  setActive,
  setShownOnSpecialistPage,
  shortEventTypes,
  templateData,
  updateEventType,
} from '#app/server/event-types/event-types.server.ts'
import { organizerDays, organizerSlots } from '#app/server/event-types/preview.server.ts'
import { findOwnedMeeting } from '#app/server/meetings/meetings.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ok, parseWith, readJson } from './envelope.ts'
import type { Context } from 'hono'

/** Today in the specialist's own time zone: the earliest start a booking period may have (SPEC §5). */
function rulesContext(c: Context<ApiEnv>, savedPeriodStart?: string | null) {
  return { today: instantToZoned(c.get('user').timeZone, Date.now()).date, savedPeriodStart }
}

export const PagingSchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(EVENT_TYPES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
})

export const IsActiveQuery = z.enum(['true', 'false']).optional()
export const StatusSchema = z.object({ isActive: z.boolean({ error: 'validation:required' }) })
export const ShowSchema = z.object({ isShowOnSpecialistPage: z.boolean({ error: 'validation:required' }) })
export const YearMonth = z.object({
  year: z.coerce.number().int().min(1900).max(2099),
  month: z.coerce.number().int().min(1).max(12),
})
/** A day that exists: 30 February is refused, not read as 2 March. */
export const YearMonthDay = YearMonth.extend({ day: z.coerce.number().int().min(1).max(31) }).refine(
  ({ year, month, day }) => day <= new Date(Date.UTC(year, month, 0)).getUTCDate(),
  { path: ['day'], message: 'validation:invalidDate' },
)
/** `companyEventId`: a meeting being moved, whose own time does not count (preview.server.ts `excludeMeetingId`). */
export const SlotsQuery = z.object({ companyEventId: z.string().min(1).max(64).optional() })

/** SPEC §7 "Event types"; owner-scoped, another specialist's id answers 404. */
export const eventTypesApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => {
    const query = parseWith(c, PagingSchema, c.req.query())
    return ok(c, await listEventTypes(c.get('db'), c.get('user').id, query))
  })
  .post('/', async (c) => {
    const input = await readJson(c, eventTypeSchema(rulesContext(c)))
    return ok(c, await createEventType(c.get('db'), c.get('user'), input), 201)
  })
  .get('/isOkAdd', async (c) => ok(c, { isOk: await canAddEventType(c.get('db'), c.get('user')) }))
  .get('/getEventTypeTariffOptions', (c) => ok(c, planOptions(c.get('user').plan)))
  .get('/short', async (c) => {
    const isActive = parseWith(c, IsActiveQuery, c.req.query('isActive'))
    return ok(
      c,
      await shortEventTypes(c.get('db'), c.get('user').id, isActive === undefined ? undefined : isActive === 'true'),
    )
  })
  .get('/:id', async (c) => ok(c, await getEventType(c.get('db'), c.get('user').id, c.req.param('id'))))
  .put('/:id', async (c) => {
    const saved = await getEventType(c.get('db'), c.get('user').id, c.req.param('id'))
    const input = await readJson(c, eventTypeSchema(rulesContext(c, saved.recordIsOpenPeriodStart)))
    await updateEventType(c.get('db'), c.get('user'), c.req.param('id'), input)
    return ok(c, await getEventType(c.get('db'), c.get('user').id, c.req.param('id')))
  })
  .delete('/:id', async (c) => {
    await deleteEventType(c.get('db'), c.get('user').id, c.req.param('id'))
    return ok(c, null)
  })
  .post('/:id/copy', async (c) => ok(c, await copyEventType(c.get('db'), c.get('user'), c.req.param('id')), 201))
  .get('/:id/isOkChangeActivity', async (c) => {
    const check = await activityCheck(c.get('db'), c.get('user'), c.req.param('id'))
    return ok(c, { isOk: check.isOk, comments: check.comments.map((key) => c.get('t')(key)) })
  })
  .put('/:id/status', async (c) => {
    const { isActive } = await readJson(c, StatusSchema)
    await setActive(c.get('db'), c.get('user'), c.req.param('id'), isActive)
    return ok(c, { isActive })
  })
  .put('/:id/isShowOnSpecialistPage', async (c) => {
    const { isShowOnSpecialistPage } = await readJson(c, ShowSchema)
    await setShownOnSpecialistPage(c.get('db'), c.get('user').id, c.req.param('id'), isShowOnSpecialistPage)
    return ok(c, { isShowOnSpecialistPage })
  })
  .get('/:id/share', async (c) => {
    const user = c.get('user')
    const eventType = await getEventType(c.get('db'), user.id, c.req.param('id'))
    const share = shareInfo(c.get('config').APP_URL, user.login, eventType)
    // SPEC §6: the site widget needs Standard or Pro.
    const isWidgetAllowed = can(user.plan, 'widgets')
    return ok(c, { ...share, widget: isWidgetAllowed ? share.widget : null, isWidgetAllowed })
  })
  .get('/:id/templateData', async (c) =>
    ok(c, templateData(await getEventType(c.get('db'), c.get('user').id, c.req.param('id')))),
  )
  .get('/:id/days/:year/:month', async (c) => {
    const { year, month } = parseWith(c, YearMonth, c.req.param())
    const days = await organizerDays(c.get('db'), c.get('user').id, c.req.param('id'), year, month, {
      now: Date.now(),
      viewerTimeZone: c.get('viewerTimeZone'),
    })
    return ok(c, days)
  })
  .get('/:id/slots/:year/:month/:day', async (c) => {
    const date = parseWith(c, YearMonthDay, c.req.param())
    const { companyEventId } = parseWith(c, SlotsQuery, c.req.query())
    // Another specialist's meeting, or none: 404, as every owned object.
    if (companyEventId) await findOwnedMeeting(c.get('db'), c.get('user').id, companyEventId)
    const slots = await organizerSlots(c.get('db'), c.get('user').id, c.req.param('id'), date, {
      now: Date.now(),
      viewerTimeZone: c.get('viewerTimeZone'),
      excludeMeetingId: companyEventId,
    })
    return ok(c, slots)
  })

/** SPEC §7 "Uniqueness": `{ isOk, comments }`, isOk true when the name or link is free for this specialist. */
export const eventTypeUniquenessApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/name/:name', (c) => uniqueCheck(c, 'name', c.req.param('name')))
  .get('/:id/name/:name/notcurrent', (c) => uniqueCheck(c, 'name', c.req.param('name'), c.req.param('id')))
  .get('/link/:link', (c) => uniqueCheck(c, 'link', c.req.param('link')))
  .get('/:id/link/:link/notcurrent', (c) => uniqueCheck(c, 'link', c.req.param('link'), c.req.param('id')))

async function uniqueCheck(c: Context<ApiEnv>, field: 'name' | 'link', raw: string, exceptId?: string) {
  const t = c.get('t')
  const db = c.get('db')
  const ownerId = c.get('user').id
  // `notcurrent` with another specialist's id answers 404, like every call that takes an id.
  if (exceptId) await getEventType(db, ownerId, exceptId)
  const parsed = (field === 'name' ? EventNameSchema : EventLinkSchema).safeParse(raw)
  if (!parsed.success) return ok(c, { isOk: false, comments: parsed.error.issues.map((issue) => issueText(issue, t)) })
  const free =
    field === 'name'
      ? await isNameFree(db, ownerId, parsed.data, exceptId)
      : await isLinkFree(db, ownerId, parsed.data, exceptId)
  return ok(c, {
    isOk: free,
    comments: free ? [] : [t(field === 'name' ? 'eventTypes:errors.nameTaken' : 'eventTypes:errors.linkTaken')],
  })
}

/** SPEC §7 `GET /widget/isOkUse`, `GET /widget/eventType/{id}/isOkUse` (v4): the plan allows widgets. */
export const widgetApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/isOkUse', (c) => ok(c, { isOk: can(c.get('user').plan, 'widgets') }))
  .get('/eventType/:id/isOkUse', async (c) => {
    await getEventType(c.get('db'), c.get('user').id, c.req.param('id'))
    return ok(c, { isOk: can(c.get('user').plan, 'widgets') })
  })
