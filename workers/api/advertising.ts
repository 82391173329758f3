import { Hono } from 'hono'
import { z } from 'zod'
import { advertisingView, listAdvertising, setAdvertisingClosed } from '#app/server/advertising.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ok, readJson } from './envelope.ts'

export const ClosedSchema = z.object({ isClosed: z.boolean(), isConsentMailing: z.boolean().default(false) })

/** SPEC §7 "Definitions, advertising": the home page's cards of the signed-in specialist, and closing one. */
export const advertisingApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => {
    const cards = await listAdvertising(c.get('db'), c.get('user'))
    return ok(
      c,
      cards.map((id) => advertisingView(id, c.get('t'))),
    )
  })
  .put('/:id/isClosed', async (c) => {
    const input = await readJson(c, ClosedSchema)
    await setAdvertisingClosed(c.get('db'), c.get('user').id, c.req.param('id'), input)
    return ok(c, null)
  })
