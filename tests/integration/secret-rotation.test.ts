import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { openCredentials } from '#app/server/calendars/credentials.server.ts'
import { type Keyring, singleKey } from '#app/server/crypto/keyring.server.ts'
import { resealStaleSecrets } from '#app/server/crypto/reseal.server.ts'
import { SEALED_PURPOSES, seal, unseal } from '#app/server/crypto/sealed.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv, sessionKeys } from '#app/server/env.server.ts'
import { participantManageToken } from '#app/server/notify/links.server.ts'
import { calendarIntegrations, participantLinks, videoGrants, webhookEndpoints } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { insertIntegration, SECRET_PASSWORD } from './helpers/calendars.ts'
import { createTestMeeting, DAY } from './helpers/meetings.ts'
import { createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)
/** What the test Worker seals with: the secret being rotated out. */
const OLD = sessionKeys(parseEnv(env)).current
const NEW = 'the-new-session-secret-after-rotation-0123456789'
const rotating: Keyring = { current: NEW, previous: [OLD] }

/** One stored secret of every kind, sealed with the old secret, and a past meeting's link. */
async function storedBeforeRotation(now: number) {
  const owner = await createTestUser()
  const integration = await insertIntegration(owner.id)
  const endpointId = newId()
  await db()
    .insert(webhookEndpoints)
    .values({
      id: endpointId,
      ownerId: owner.id,
      url: 'https://hooks.example.com/in',
      events: ['booking_created'],
      secretEnc: await seal(singleKey(OLD), SEALED_PURPOSES.webhookSecret, 'whsec_c2VjcmV0'),
    })
  await db()
    .insert(videoGrants)
    .values({
      ownerId: owner.id,
      credentialsEnc: await seal(singleKey(OLD), SEALED_PURPOSES.videoCredentials, '{"kind":"oauth"}'),
    })
  const client = (manageToken: string) => ({
    firstName: 'Анна',
    email: `${newId()}@example.com`,
    timeZone: 'Europe/Moscow',
    language: 'ru' as const,
    manageToken,
  })
  const upcoming = await createTestMeeting({
    ownerId: owner.id,
    startAt: now + DAY,
    clients: [client('upcoming-token')],
    bookedAt: now - DAY,
    secret: OLD,
  })
  const past = await createTestMeeting({
    ownerId: owner.id,
    startAt: now - 2 * DAY,
    clients: [client('past-token')],
    bookedAt: now - 3 * DAY,
    secret: OLD,
  })
  return {
    ownerId: owner.id,
    integrationId: integration.id,
    endpointId,
    upcoming: upcoming.participants[0].id,
    past: past.participants[0].id,
  }
}

async function sealedValues(stored: Awaited<ReturnType<typeof storedBeforeRotation>>) {
  const [integration] = await db()
    .select()
    .from(calendarIntegrations)
    .where(eq(calendarIntegrations.id, stored.integrationId))
  const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, stored.endpointId))
  const [grant] = await db().select().from(videoGrants).where(eq(videoGrants.ownerId, stored.ownerId))
  const [past] = await db().select().from(participantLinks).where(eq(participantLinks.participantId, stored.past))
  return { integration: integration.credentialsEnc, endpoint: endpoint.secretEnc, grant: grant.credentialsEnc, past }
}

describe('rotating SESSION_SECRET', () => {
  it('opens what the previous secret sealed while it is configured, and not after', async () => {
    const now = Date.UTC(2027, 2, 1, 9, 0)
    const stored = await storedBeforeRotation(now)
    const { integration } = await sealedValues(stored)
    expect((await openCredentials(rotating, integration))?.kind).toBe('password')
    expect(await openCredentials(singleKey(NEW), integration)).toBeNull()
    expect(await participantManageToken(db(), rotating, stored.upcoming)).toBe('upcoming-token')
  })

  it('seals every stored secret again with the new one, so the old secret can be dropped', async () => {
    const now = Date.UTC(2027, 2, 1, 9, 0)
    const stored = await storedBeforeRotation(now)
    const before = await sealedValues(stored)

    const counts = await resealStaleSecrets(db(), rotating, now)
    for (const purpose of Object.values(SEALED_PURPOSES)) expect(counts[purpose]).toBeGreaterThanOrEqual(1)

    // The new secret alone now opens every one of them, with the same plain text.
    const after = await sealedValues(stored)
    const alone = singleKey(NEW)
    const credentials = await openCredentials(alone, after.integration)
    expect(credentials?.kind === 'password' && credentials.password).toBe(SECRET_PASSWORD)
    expect(await unseal(alone, SEALED_PURPOSES.webhookSecret, after.endpoint)).toBe('whsec_c2VjcmV0')
    expect(await unseal(alone, SEALED_PURPOSES.videoCredentials, after.grant)).toBe('{"kind":"oauth"}')
    expect(await participantManageToken(db(), alone, stored.upcoming)).toBe('upcoming-token')
    // A past meeting's link is never read again: left as it was.
    expect(after.past.manageTokenEnc).toBe(before.past.manageTokenEnc)

    // A second run finds nothing left to do among these rows.
    const again = await resealStaleSecrets(db(), rotating, now)
    expect(Object.values(again).every((count) => count === 0)).toBe(true)
    expect(await sealedValues(stored)).toEqual(after)
  })

  it('reads nothing without a previous secret, and leaves a value no secret opens as it is', async () => {
    const now = Date.UTC(2027, 2, 1, 9, 0)
    const stored = await storedBeforeRotation(now)
    expect(await resealStaleSecrets(db(), singleKey(OLD), now)).toEqual({})

    const foreign = await seal(
      singleKey('some-other-secret-nobody-holds-0123456789'),
      SEALED_PURPOSES.webhookSecret,
      'x',
    )
    await db().update(webhookEndpoints).set({ secretEnc: foreign }).where(eq(webhookEndpoints.id, stored.endpointId))
    await resealStaleSecrets(db(), rotating, now)
    expect((await sealedValues(stored)).endpoint).toBe(foreign)
  })

  it('runs hourly from the cron with SESSION_SECRET_PREVIOUS set', async () => {
    const now = Date.UTC(2027, 2, 1, 10, 0)
    const stored = await storedBeforeRotation(now)
    const bindings = { ...env, SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }
    const controller = createScheduledController({ scheduledTime: now, cron: '0 * * * *' })
    await worker.scheduled(controller, bindings, createExecutionContext())
    const { endpoint } = await sealedValues(stored)
    expect(await unseal(singleKey(NEW), SEALED_PURPOSES.webhookSecret, endpoint)).toBe('whsec_c2VjcmV0')
  })
})
