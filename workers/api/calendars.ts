import { type Context, Hono } from 'hono'
import {
  APPLE_LABEL,
  AppleConnectSchema,
  BusySourceSchema,
  CalDavConnectSchema,
  IntegrationStatusSchema,
  OldVersionSchema,
  WriteTargetSchema,
  YANDEX_LABEL,
  YandexConnectSchema,
  caldavLabel,
  typeOfSegment,
  yandexEmail,
} from '#app/domain/calendars/rules.ts'
import type { Outcome } from '#app/domain/refusal.ts'
import {
  type ConnectInput,
  canAddIntegration,
  connectIntegration,
  listIntegrations,
  previewCalendars,
  refreshAll,
  refreshIntegration,
  removeIntegration,
  setCalendarBusySource,
  setIntegrationActive,
  setWriteTarget,
  versionChanged,
  writableCalendars,
} from '#app/server/calendars/integrations.server.ts'
import { calendarConsentUrl, consentProblemText } from '#app/server/calendars/oauth-calendar.server.ts'
import type { CalendarDeps } from '#app/server/calendars/sync.server.ts'
import { Refused } from '#app/server/refusal.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

type C = Context<ApiEnv>

const deps = (c: C): CalendarDeps => ({ db: c.get('db'), env: c.get('config'), now: Date.now() })

/** An outcome's value, or its refusal answered as every refusal is (the router's `onError`: status and texts). */
function granted<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Refused(outcome.refusal)
  return outcome.value
}

const connect = async (c: C, input: ConnectInput) =>
  ok(c, granted(await connectIntegration(deps(c), c.get('user').id, input)), 201)

/**
 * SPEC §7 Calendars, API-CONTRACT.md "Calendars": the specialist's calendar integrations. Owner-scoped (another
 * specialist's integration is 404); passwords and tokens are never answered (integrations.server.ts keeps them sealed).
 */
export const calendarsApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => ok(c, await listIntegrations(c.get('db'), c.get('user').id)))
  .get('/availableToWriteIn', async (c) => ok(c, await writableCalendars(c.get('db'), c.get('user').id)))
  .put('/defaultCalendar', async (c) => {
    const target = await readJson(c, WriteTargetSchema)
    return ok(c, granted(await setWriteTarget(c.get('db'), c.get('user').id, target)))
  })
  .put('/refresh', async (c) => ok(c, granted(await refreshAll(deps(c), c.get('user').id))))
  // The consent page of Google or Microsoft (API-CONTRACT.md: `{ url }`); it returns to /GoogleOAuth/Code or
  // /OutlookOAuth/Code. Without the OAuth client in this deployment: a translated 503 naming what is missing.
  .get('/:provider/link', async (c) => {
    const segment = c.req.param('provider')
    const provider =
      segment === 'googleCalendarIntegration' ? 'google' : segment === 'outlookCalendarIntegration' ? 'outlook' : null
    if (!provider) throw new ApiError(404, [c.get('t')('api:notFound')])
    const consent = await calendarConsentUrl(deps(c), c.get('user').id, provider)
    if (!consent.ok) throw new ApiError(consent.status, [consentProblemText(consent.problem, provider, c.get('t'))])
    return ok(c, { url: consent.url })
  })
  .get('/:provider/isOkAdd', async (c) => {
    const type = typeOfSegment(c.req.param('provider'))
    if (!type) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, await canAddIntegration(c.get('db'), c.get('user').id, type))
  })
  .post('/yandexCalendarIntegration/availableCalendars', async (c) => {
    const { login, password } = await readJson(c, YandexConnectSchema)
    const calendars = granted(
      await previewCalendars(deps(c), {
        type: 'Yandex',
        url: c.get('config').YANDEX_CALDAV_URL,
        credentials: { kind: 'password', login, password },
      }),
    )
    return ok(
      c,
      calendars.map((calendar) => ({ id: calendar.remoteId, name: calendar.name, color: calendar.color })),
    )
  })
  .post('/yandexCalendarIntegration/add', async (c) => {
    const { login, password } = await readJson(c, YandexConnectSchema)
    return connect(c, {
      type: 'Yandex',
      label: YANDEX_LABEL,
      name: login,
      login,
      email: yandexEmail(login),
      url: c.get('config').YANDEX_CALDAV_URL,
      credentials: { kind: 'password', login, password },
    })
  })
  .post('/appleCalendarIntegration/add', async (c) => {
    const { url, credentials } = await readJson(c, AppleConnectSchema)
    const { login, password } = credentials
    return connect(c, {
      type: 'Apple',
      label: APPLE_LABEL,
      name: login,
      login,
      // An Apple ID is an email address (or a phone number, which is no address).
      email: login.includes('@') ? login : '',
      url: url ?? c.get('config').APPLE_CALDAV_URL,
      credentials: { kind: 'password', login, password },
    })
  })
  .post('/caldavCalendarIntegration/add', async (c) => {
    const { url, credentials } = await readJson(c, CalDavConnectSchema)
    const { login, password } = credentials
    return connect(c, {
      type: 'CalDav',
      label: caldavLabel(url),
      name: login,
      login,
      email: login.includes('@') ? login : '',
      url,
      credentials: { kind: 'password', login, password },
    })
  })
  .put('/:id/status', async (c) => {
    const { isActive } = await readJson(c, IntegrationStatusSchema)
    return ok(c, granted(await setIntegrationActive(c.get('db'), c.get('user').id, c.req.param('id'), isActive)))
  })
  .put('/:id/refresh', async (c) => {
    // API-CONTRACT.md: `null` once the sync has finished; its outcome shows in the list's syncStatus.
    granted(await refreshIntegration(deps(c), c.get('user').id, c.req.param('id')))
    return ok(c, null)
  })
  .get('/:id/onVersionChanged', async (c) => {
    const { oldVersion } = parseWith(c, OldVersionSchema, { oldVersion: c.req.query('oldVersion') })
    return ok(c, granted(await versionChanged(c.get('db'), c.get('user').id, c.req.param('id'), oldVersion)))
  })
  // Beyond the contract (README "Calendar integrations"): whether one calendar's events block the specialist's time.
  .put('/:id/calendars/:calendarId', async (c) => {
    const { isBusySource } = await readJson(c, BusySourceSchema)
    const { id, calendarId } = c.req.param()
    return ok(c, granted(await setCalendarBusySource(deps(c), c.get('user').id, id, calendarId, isBusySource)))
  })
  .delete('/:id', async (c) => ok(c, granted(await removeIntegration(deps(c), c.get('user').id, c.req.param('id')))))
