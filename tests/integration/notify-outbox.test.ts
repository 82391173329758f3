import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { SEND_TIMEOUT_MS } from '#app/server/outbox/delivery.server.ts'
import { CLAIM_MS, drainOutbox, enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import { outbox } from '#db/schema.ts'
import { MIN, installFakeProviders, prodEnv } from './helpers/notify.ts'

const db = getDb(env.DB)
const config = parseEnv(prodEnv)
let fakes: ReturnType<typeof installFakeProviders>
const realTimeout = AbortSignal.timeout.bind(AbortSignal)

beforeEach(() => {
  fakes = installFakeProviders()
  // A delivery's timeout, shortened for the test: the drain asks for SEND_TIMEOUT_MS.
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => realTimeout(ms === SEND_TIMEOUT_MS ? 50 : ms))
})
afterEach(() => vi.restoreAllMocks())

async function queueEmail(to: string, now: number) {
  const { id, query } = enqueueMessage(db, { channel: 'email', recipient: to, subject: 'Hi', text: 'Hello' }, now)
  await query
  return id
}

const message = async (id: string) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]

describe('outbox delivery under a slow provider', () => {
  it('gives every delivery a timeout well inside its claim', () => {
    expect(SEND_TIMEOUT_MS).toBeLessThanOrEqual(CLAIM_MS / 4)
  })

  it('a provider that hangs is aborted, counted as a failed attempt and retried; never sent twice', async () => {
    const now = Date.UTC(2035, 0, 1, 9, 0)
    const to = 'slow@example.com'
    const id = await queueEmail(to, now)
    fakes.hanging.add(to)

    // Two overlapping drains: one claims and calls the provider, the other finds nothing to claim.
    const results = await Promise.all([drainOutbox(db, config, now), drainOutbox(db, config, now)])
    expect(results.map((r) => r.retried).sort()).toEqual([0, 1])
    expect(fakes.calls.get(id)).toBe(1)
    const retrying = await message(id)
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: 0, nextAttemptAt: now + MIN })
    expect(retrying.lastError).toBe('timeout: Unisender Go did not answer in time')

    // Before its next attempt nothing happens; then the provider is back and it is sent once.
    await drainOutbox(db, config, now + 30_000)
    expect(fakes.calls.get(id)).toBe(1)
    fakes.hanging.delete(to)
    await Promise.all([drainOutbox(db, config, now + MIN), drainOutbox(db, config, now + MIN)])
    await drainOutbox(db, config, now + 10 * MIN)
    expect(fakes.emails.filter((e) => e.id === id)).toHaveLength(1)
    expect(fakes.calls.get(id)).toBe(2)
    expect(fakes.maxInFlight).toBe(1)
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
  })

  it('a message hanging at the provider does not hold up the rest of the drain', async () => {
    const now = Date.UTC(2035, 0, 2, 9, 0)
    fakes.hanging.add('slow-1@example.com')
    const first = await queueEmail('slow-1@example.com', now)
    const second = await queueEmail('fast-1@example.com', now)
    await drainOutbox(db, config, now)
    expect(await message(first)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(await message(second)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('times out Telegram and FCM calls too', async () => {
    vi.mocked(globalThis.fetch).mockImplementation(
      (_input, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    const keys = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair
    const pkcs8 = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey))))
    const withPush = parseEnv({
      ...prodEnv,
      FCM_SERVICE_ACCOUNT: JSON.stringify({
        project_id: 'p',
        client_email: 'timeout@p.iam.gserviceaccount.com',
        private_key: pkcs8,
      }),
    })
    const now = Date.UTC(2035, 0, 3, 9, 0)
    const telegram = enqueueMessage(db, { channel: 'telegram', recipient: '901', text: 'Hi' }, now)
    const push = enqueueMessage(db, { channel: 'push', recipient: 'token-1', subject: 'Hi', text: 'Hi' }, now)
    await db.batch([telegram.query, push.query])
    await drainOutbox(db, withPush, now, { ids: [telegram.id, push.id] })
    expect(await message(telegram.id)).toMatchObject({
      status: 'pending',
      lastError: 'timeout: Telegram did not answer in time',
    })
    expect(await message(push.id)).toMatchObject({
      status: 'pending',
      lastError: 'timeout: FCM OAuth did not answer in time',
    })
  })
})
