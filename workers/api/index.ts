import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { TrieRouter } from 'hono/router/trie-router'
import { languageFromHeader } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { parseViewerTimeZone } from '#app/domain/time-zones/time-zones.ts'
import type { ApiEnv } from './context.ts'
import { accounts } from './accounts.ts'
import { billingApi } from './billing.ts'
import { calendarsApi } from './calendars.ts'
import { calendarPushApi } from './calendar-push.ts'
import { contactsApi } from './contacts.ts'
import { definitions } from './definitions.ts'
import { eventTypesApi, eventTypeUniquenessApi, widgetApi } from './event-types.ts'
import { schedulesApi } from './schedules.ts'
import { ghostBooking, publicBooking } from './public-booking.ts'
import { notify } from './notify.ts'
import { meetingsApi } from './meetings.ts'
import { oneTimeApi, oneTimeGhostApi, oneTimeMessageApi } from './one-time.ts'
import { personalAccessTokensApi, webhooksApi } from './webhooks.ts'
import { telemostApi } from './telemost.ts'
import { ApiError, errorResponse, refusalResponse } from './envelope.ts'
import { Refused } from '#app/server/refusal.server.ts'
import { advertisingApi } from './advertising.ts'
import { apiReference, openApiJson } from './openapi/serve.ts'

/** Routers of the JSON API (SPEC §7), answered under every version prefix (API-CONTRACT.md). */
const routes = new Hono<ApiEnv>()
  .route('/definitions', definitions)
  .route('/', accounts)
  .route('/schedule', schedulesApi)
  .route('/eventTypes', eventTypesApi)
  .route('/unique/eventType', eventTypeUniquenessApi)
  .route('/widget', widgetApi)
  .route('/public', publicBooking)
  .route('/ghostBooking', oneTimeGhostApi)
  .route('/ghostBooking', ghostBooking)
  .route('/user', oneTimeMessageApi)
  .route('/', notify)
  .route('/contacts', contactsApi)
  .route('/', meetingsApi)
  .route('/companyEvent', oneTimeApi)
  // Before calendarsApi, whose sign-in check covers every path under it: providers' notifications carry none.
  .route('/calendarsIntegrations/push', calendarPushApi)
  .route('/calendarsIntegrations', calendarsApi)
  .route('/', billingApi)
  .route('/eventAdvertising', advertisingApi)
  .route('/webhooks', webhooksApi)
  .route('/personalAccessTokens', personalAccessTokensApi)
  .route('/telemost', telemostApi)

export const api = new Hono<ApiEnv>()

api.use('*', async (c, next) => {
  const language = languageFromHeader(c.req.header('locale') ?? c.req.header('Accept-Language'))
  c.set('language', language)
  c.set('t', getT(language))
  c.set('config', parseEnv(c.env))
  c.set('db', getDb(c.env.DB))
  c.set('viewerTimeZone', parseViewerTimeZone(c.req.header('timezone') ?? c.req.query('timezone')))
  await next()
})

// One static prefix per version, not one `:version{v2|v3|v4}` pattern: hono's trie router tries a pattern's regular
// expression against every request's rest of path, which made matching 30x slower (0.3 ms a request; ADR 0110).
for (const version of ['v2', 'v3', 'v4']) api.route(`/api/${version}`, routes)

// The OpenAPI document and its reference page (ADR 0104): outside the version prefixes, which they all describe.
api.get('/api/openapi.json', openApiJson)
api.get('/api/docs', apiReference)

/** Every path the API answers, each with its method: built on first use, once the routers are all mounted. */
let knownPaths: TrieRouter<string> | null = null

/** The methods a known path answers (none for an unknown path); HEAD comes with GET, as hono answers it. */
function allowedMethods(path: string): string[] {
  if (!knownPaths) {
    knownPaths = new TrieRouter<string>()
    // Middleware is registered for every method ('ALL'); handlers name theirs.
    for (const route of api.routes) if (route.method !== 'ALL') knownPaths.add('ALL', route.path, route.method)
  }
  const methods = new Set(knownPaths.match('GET', path)[0].map(([method]) => method))
  if (methods.has('GET')) methods.add('HEAD')
  return [...methods]
}

api.notFound((c) => {
  const t = c.get('t')
  const allowed = allowedMethods(c.req.path)
  // A known path asked with another method: 405 with the methods it answers (RFC 9110 §15.5.6), not 404.
  if (allowed.length > 0 && !allowed.includes(c.req.method))
    return errorResponse(c, new ApiError(405, [t('api:methodNotAllowed')], { Allow: allowed.join(', ') }))
  return errorResponse(c, new ApiError(404, [t('api:notFound')]))
})

api.onError((error, c) => {
  const t = c.get('t') ?? getT('ru')
  if (error instanceof ApiError) return errorResponse(c, error)
  if (error instanceof Refused) return refusalResponse(c, error.refusal)
  if (error instanceof HTTPException) {
    const key =
      error.status === 404 ? 'api:notFound' : error.status === 405 ? 'api:methodNotAllowed' : 'api:serverError'
    return errorResponse(c, new ApiError(error.status, [t(key)]))
  }
  // Never a stack trace to the client; the log keeps it.
  console.error('API error', error)
  return errorResponse(c, new ApiError(500, [t('api:serverError')]))
})
