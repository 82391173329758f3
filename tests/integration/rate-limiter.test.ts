import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { durableObjectRateLimits, limiterName } from '#app/server/rate-limit.server.ts'
import { MIRROR_AFTER_MS } from '#workers/durable/rate-limiter.ts'

const rule = { name: 'test-limit', limit: 3, windowMs: 60_000 }

describe('the local rate limiter (a few objects per rule, counts in memory and storage)', () => {
  it('counts each key on its own, refuses past the limit and counts again after the window', async () => {
    const limits = durableObjectRateLimits(env.RATE_LIMITER)
    const now = Date.now()
    const hits = []
    for (let index = 0; index < 4; index++) hits.push(await limits.hit(rule, '10.0.0.1', now + index))
    expect(hits.map((hit) => [hit.allowed, hit.used])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 3],
    ])
    expect(hits[3].retryAfterSeconds).toBe(60)
    // Many other keys (some share the first key's object) are not slowed by it, nor do they move its count.
    for (let index = 2; index < 40; index++) expect((await limits.hit(rule, `10.0.0.${index}`, now)).used).toBe(1)
    expect(await limits.peek(rule, '10.0.0.1', now + 10)).toMatchObject({ allowed: false, used: 3 })
    expect(await limits.peek(rule, '10.0.0.1', now + 60_000)).toMatchObject({ allowed: true, used: 0 })
    expect(await limits.hit(rule, '10.0.0.1', now + 60_000)).toMatchObject({ allowed: true, used: 1 })
  })

  it('keeps a rule apart from another with the same key', async () => {
    const limits = durableObjectRateLimits(env.RATE_LIMITER)
    const now = Date.now()
    for (let index = 0; index < 3; index++) await limits.hit(rule, 'shared-key', now)
    expect((await limits.hit(rule, 'shared-key', now)).allowed).toBe(false)
    expect(await limits.hit({ ...rule, name: 'another-limit' }, 'shared-key', now)).toMatchObject({
      allowed: true,
      used: 1,
    })
  })

  it('mirrors a burst of counts to storage together, and an object that lost its memory counts on from there', async () => {
    const limits = durableObjectRateLimits(env.RATE_LIMITER)
    const now = Date.now()
    const keys = Array.from({ length: 20 }, (_, index) => `10.1.0.${index}`)
    await Promise.all(keys.map((key) => limits.hit(rule, key, now)))
    await limits.hit(rule, keys[0], now)
    await new Promise((resolve) => setTimeout(resolve, MIRROR_AFTER_MS * 4))
    for (const key of keys) {
      const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterName(rule, key)))
      const stored = await runInDurableObject(stub, async (instance, state) => {
        // As after an eviction: the next hit reads the windows back from storage.
        ;(instance as unknown as { windows: null }).windows = null
        return state.storage.get(`w:${key}`)
      })
      expect(stored).toMatchObject({ count: key === keys[0] ? 2 : 1 })
    }
    expect(await limits.hit(rule, keys[0], now + 1)).toMatchObject({ allowed: true, used: 3 })
    expect(await limits.hit(rule, keys[0], now + 2)).toMatchObject({ allowed: false, used: 3 })
    expect(await limits.hit(rule, keys[1], now + 2)).toMatchObject({ allowed: true, used: 2 })
  })
})
