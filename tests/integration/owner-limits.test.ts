/**
 * The limits on an organizer's tokens and webhook endpoints (ADR 0131) hold under concurrent requests: the count and
 * the insert are one statement, so requests fired together at the limit cannot all pass it.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { MAX_PATS, MAX_WEBHOOK_ENDPOINTS, type WebhookCreate } from '#app/domain/webhooks/rules.ts'
import { createPat } from '#app/server/auth/pat.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { listOwned } from '#app/server/rows.server.ts'
import { createEndpoint } from '#app/server/webhooks/webhooks.server.ts'
import { personalAccessTokens, webhookEndpoints } from '#db/schema.ts'
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
})
