import { Hono } from 'hono'
import { PatCreateSchema, webhookCreateSchema } from '#app/domain/webhooks/rules.ts'
import { createPat, listPats, revokePat } from '#app/server/auth/pat.server.ts'
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
} from '#app/server/webhooks/webhooks.server.ts'
import { refusePat, requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, readJson } from './envelope.ts'

const notFound = (t: (key: string) => string) => new ApiError(404, [t('api:notFound')])

/**
 * Webhook endpoints (API-CONTRACT.md "Webhooks", issue 17): the owner's only; another owner's endpoint or delivery
 * is 404. The secret is answered once, at creation.
 */
export const webhooksApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => ok(c, await listEndpoints(c.get('db'), c.get('user').id)))
  .post('/', async (c) => {
    const config = c.get('config')
    const input = await readJson(c, webhookCreateSchema(config.ENVIRONMENT !== 'development'))
    const created = await createEndpoint(c.get('db'), config, c.get('user').id, input, Date.now())
    if (!created) throw new ApiError(400, [c.get('t')('api:webhookLimit')])
    return ok(c, created, 201)
  })
  .delete('/:id', async (c) => {
    if (!(await deleteEndpoint(c.get('db'), c.get('user').id, c.req.param('id')))) throw notFound(c.get('t'))
    return ok(c, null)
  })
  .get('/:id/deliveries', async (c) => {
    const log = await listDeliveries(c.get('db'), c.get('user').id, c.req.param('id'))
    if (!log) throw notFound(c.get('t'))
    return ok(c, log)
  })
  .post('/:id/deliveries/:deliveryId/resend', async (c) => {
    const { id, deliveryId } = c.req.param()
    const resent = await resendDelivery(c.get('db'), c.get('user').id, id, deliveryId, Date.now())
    if (!resent) throw notFound(c.get('t'))
    return ok(c, resent, 201)
  })

/** Personal access tokens: managed with the person's own sign-in only (refusePat). The token is answered once. */
export const personalAccessTokensApi = new Hono<ApiEnv>()
  .use('*', requireAuth, refusePat)
  .get('/', async (c) => ok(c, await listPats(c.get('db'), c.get('user').id)))
  .post('/', async (c) => {
    const input = await readJson(c, PatCreateSchema)
    const created = await createPat(c.get('db'), c.get('user').id, input, Date.now())
    if (!created) throw new ApiError(400, [c.get('t')('api:patLimit')])
    return ok(c, created, 201)
  })
  .delete('/:id', async (c) => {
    if (!(await revokePat(c.get('db'), c.get('user').id, c.req.param('id')))) throw notFound(c.get('t'))
    return ok(c, null)
  })
