import { Hono } from 'hono'
import { EVENT_TYPE_COLORS } from '#app/domain/event-type-colors.ts'
import { listTimeZones } from '#app/domain/time-zones/time-zones.ts'
import { planDefinitions } from '#app/server/billing/views.server.ts'
import type { ApiEnv } from './context.ts'
import { ok } from './envelope.ts'

/** SPEC §7 "Definitions". */
export const definitions = new Hono<ApiEnv>()
  .get('/timeZones', (c) => {
    const preferred = c.req.query('preferredIanaId') ?? c.get('viewerTimeZone')
    return ok(c, listTimeZones(c.get('language'), Date.now(), preferred))
  })
  .get('/eventTypeColors', (c) => ok(c, [...EVENT_TYPE_COLORS]))
  .get('/tariffs', (c) => ok(c, planDefinitions()))
