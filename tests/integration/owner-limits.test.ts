/**
 * The limits on an organizer's tokens and webhook endpoints (ADR 0131), schedules and event types (ADR 0133) hold
 * under concurrent requests: the count and the insert are one statement, so requests fired together at the limit
 * cannot all pass it.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { MAX_PATS, MAX_WEBHOOK_ENDPOINTS, type WebhookCreate } from '#app/domain/webhooks/rules.ts'
import { createPat } from '#app/server/auth/pat.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { countOwned, listOwned } from '#app/server/rows.server.ts'
import { PLANS } from '#app/domain/plans.ts'
import { eq } from 'drizzle-orm'
import { createEndpoint } from '#app/server/webhooks/webhooks.server.ts'
import { eventTypes, personalAccessTokens, scheduleAdjustments, schedules, webhookEndpoints } from '#db/schema.ts'
import { type ApiAnswer, apiSpecialist } from './helpers/api.ts'
import { createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)
/** Requests beyond the limit fired together with those that fit. */
const EXTRA = 5

describe('an organizer limit under concurrent creates', () => {
  it('never lets the tokens pass MAX_PATS', async () => {
    const user = await createTestUser()
    const made = await Promise.all(
      Array.from({ length: MAX_PATS + EXTRA }, (_, i) =>
        createPat(db(), user.id, { name: `token ${i}`, scope: 'read' }, Date.now()),
      ),
    )
    expect(made.filter((pat) => pat !== null)).toHaveLength(MAX_PATS)
    expect(await listOwned(db(), personalAccessTokens, user.id, 'oldest')).toHaveLength(MAX_PATS)
    expect(await createPat(db(), user.id, { name: 'one more', scope: 'read' }, Date.now())).toBeNull()
  })

  it('never lets the webhook endpoints pass MAX_WEBHOOK_ENDPOINTS', async () => {
    const user = await createTestUser()
    const config = parseEnv(env)
    const input: WebhookCreate = { url: 'http://127.0.0.1:9/hooks', events: ['booking.created'] }
    const made = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + EXTRA }, () =>
        createEndpoint(db(), config, user.id, input, Date.now()),
      ),
    )
    expect(made.filter((endpoint) => endpoint !== null)).toHaveLength(MAX_WEBHOOK_ENDPOINTS)
    expect(await listOwned(db(), webhookEndpoints, user.id, 'oldest')).toHaveLength(MAX_WEBHOOK_ENDPOINTS)
    // Another organizer's endpoints do not count against this one's limit.
    const other = await createTestUser()
    expect(await createEndpoint(db(), config, other.id, input, Date.now())).not.toBeNull()
  })

  /** `limit + EXTRA` creates fired at once: as many answered 201 as fit, the rest the plan's refusal, none more. */
  function expectLimit(answers: ApiAnswer[], fit: number) {
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(fit)
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(403)
      expect(refused.body.apiErrors.map((error) => error.text)).toEqual(['Недоступно на вашем тарифе'])
    }
  }

  it('never lets the schedules pass the plan limit, and a refused one writes no adjustments', async () => {
    const { user, call } = await apiSpecialist('Standard', 'v3')
    await call('GET', '/schedule')
    const limit = PLANS.Standard.limits.schedules ?? 0
    const answers = await Promise.all(
      Array.from({ length: limit + EXTRA }, (_, i) =>
        call('POST', '/schedule', {
          name: `График ${i}`,
          timeZone: 'Europe/Moscow',
          isDefault: i === 0,
          weekly: [{ weekday: 1, intervals: [{ start: '09:00', end: '18:00' }] }],
          adjustments: [{ date: '31.12.2098', isDayOff: true, intervals: [] }],
        }),
      ),
    )
    // The default schedule made on first use is one of the limit.
    expectLimit(answers, limit - 1)
    expect(await countOwned(db(), schedules, user.id)).toBe(limit)
    const ids = (await listOwned(db(), schedules, user.id, 'oldest')).map((schedule) => schedule.id)
    const days = await Promise.all(
      ids.map((id) => db().select().from(scheduleAdjustments).where(eq(scheduleAdjustments.scheduleId, id))),
    )
    expect(days.flat()).toHaveLength(limit - 1)
    // Still one default.
    const defaults = (await listOwned(db(), schedules, user.id, 'oldest')).filter((schedule) => schedule.isDefault)
    expect(defaults).toHaveLength(1)
  })

  it('never lets the event types pass the plan limit', async () => {
    const { user, call } = await apiSpecialist('Basic', 'v2')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const limit = PLANS.Basic.limits.eventTypes ?? 0
    const answers = await Promise.all(
      Array.from({ length: limit + EXTRA }, (_, i) =>
        call('POST', '/eventTypes', {
          name: `Консультация ${i}`,
          link: `consult-${i}`,
          color: '#2f80ed',
          eventTypePlaceType: 'Online',
          meetingPoint: 'https://telemost.yandex.ru/j/1',
          durationInMinutes: 30,
          stepValue: 30,
          scheduleId: schedule.id,
        }),
      ),
    )
    expectLimit(answers, limit)
    expect(await countOwned(db(), eventTypes, user.id)).toBe(limit)
  })
})
