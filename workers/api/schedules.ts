import { Hono } from 'hono'
import { scheduleSchema } from '#app/domain/schedules/schema.ts'
import {
  copySchedule,
  createSchedule,
  deleteSchedule,
  ensureDefaultSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
} from '#app/server/schedules/schedules.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ok, readJson } from './envelope.ts'

/** SPEC §7 `/schedule` (v3), API-CONTRACT.md "Schedules"; owner-scoped. */
export const schedulesApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  .get('/', async (c) => {
    const user = c.get('user')
    await ensureDefaultSchedule(c.get('db'), user, c.get('t')('schedules:defaultName'))
    return ok(c, await listSchedules(c.get('db'), user.id))
  })
  .post('/', async (c) => {
    const input = await readJson(c, scheduleSchema({ now: Date.now() }))
    return ok(c, await createSchedule(c.get('db'), c.get('user'), input), 201)
  })
  .get('/:id', async (c) => ok(c, await getSchedule(c.get('db'), c.get('user').id, c.req.param('id'))))
  .put('/:id', async (c) => {
    const saved = await getSchedule(c.get('db'), c.get('user').id, c.req.param('id'))
    const input = await readJson(c, scheduleSchema({ now: Date.now(), saved: saved.adjustments }))
    await updateSchedule(c.get('db'), c.get('user'), c.req.param('id'), input)
    return ok(c, await getSchedule(c.get('db'), c.get('user').id, c.req.param('id')))
  })
  .post('/:id/copy', async (c) => ok(c, await copySchedule(c.get('db'), c.get('user'), c.req.param('id')), 201))
  .delete('/:id', async (c) => {
    await deleteSchedule(c.get('db'), c.get('user'), c.req.param('id'))
    return ok(c, null)
  })
