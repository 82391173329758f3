import { type Context, Hono } from 'hono'
import { claimPushSync, pushTargets } from '#app/server/calendars/push.server.ts'
import { syncIntegration } from '#app/server/calendars/sync.server.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './envelope.ts'

type C = Context<ApiEnv>

/** Syncs each integration whose claim succeeds, after the answer (providers want one within seconds). */
async function syncLater(c: C, integrationIds: string[]) {
  const db = c.get('db')
  const env = c.get('config')
  for (const id of integrationIds) {
    const now = Date.now()
    if (!(await claimPushSync(db, id, now))) continue
    c.executionCtx.waitUntil(
      syncIntegration({ db, env, now }, id).catch((error) => console.error('calendar push sync failed', id, error)),
    )
  }
}

const notFound = (c: C) => new ApiError(404, [c.get('t')('api:notFound')])

/**
 * Notifications from Google watch channels and Graph subscriptions (app/server/calendars/push.server.ts makes
 * them). No sign-in: each channel's own random token authenticates it. A notification says only "something
 * changed", so the answer is a sync of the integration, never anything read from the notification itself.
 */
export const calendarPushApi = new Hono<ApiEnv>()
  // https://developers.google.com/calendar/api/guides/push#receiving-notifications
  .post('/google', async (c) => {
    // 'sync' is the handshake Google sends as a channel starts: nothing changed yet, and it can arrive before the
    // watch call's answer has let us store the channel, so it is acknowledged without a look-up.
    if (c.req.header('X-Goog-Resource-State') === 'sync') return c.body(null, 200)
    const channelId = c.req.header('X-Goog-Channel-ID') ?? ''
    const token = c.req.header('X-Goog-Channel-Token') ?? ''
    const integrationIds = await pushTargets(c.get('db'), 'Google', [{ channelId, token }])
    if (integrationIds.length === 0) throw notFound(c)
    await syncLater(c, integrationIds)
    return c.body(null, 200)
  })
  // https://learn.microsoft.com/graph/change-notifications-delivery-webhooks
  .post('/outlook', async (c) => {
    const validationToken = c.req.query('validationToken')
    if (validationToken !== undefined) {
      // The subscription handshake: the token echoed as plain text (never as HTML: it is the caller's text).
      return c.text(validationToken, 200, { 'X-Content-Type-Options': 'nosniff' })
    }
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw new ApiError(400, [c.get('t')('api:malformedJson')])
    }
    const value = (body as { value?: unknown }).value
    const claims = (Array.isArray(value) ? value : []).flatMap((item) => {
      const { subscriptionId, clientState } = (item ?? {}) as { subscriptionId?: unknown; clientState?: unknown }
      return typeof subscriptionId === 'string' && typeof clientState === 'string'
        ? [{ channelId: subscriptionId, token: clientState }]
        : []
    })
    await syncLater(c, await pushTargets(c.get('db'), 'Outlook', claims))
    // Accepted whatever matched: Graph retries anything else for hours, and the answer tells a stranger nothing.
    return c.body(null, 202)
  })
