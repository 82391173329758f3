import { Ratelimit } from '@upstash/ratelimit'
import { Redis } from '@upstash/redis/cloudflare'
import type { RateLimiter as RateLimiterObject } from '#workers/durable/rate-limiter.ts'
import type { Bindings } from './env.server.ts'

/** A named limit: at most `limit` hits per `windowMs` for one key. */
export type RateLimitRule = { name: string; limit: number; windowMs: number }

/** `used`: hits counted in the current window (0 when the key is clean). */
export type RateLimitDecision = { allowed: boolean; retryAfterSeconds: number; used: number }

export interface RateLimits {
  /** Counts one hit and says whether it was within the limit. */
  hit(rule: RateLimitRule, key: string, now?: number): Promise<RateLimitDecision>
  /** Says whether one more hit would be within the limit, without counting it. */
  peek(rule: RateLimitRule, key: string, now?: number): Promise<RateLimitDecision>
}

function decision(allowed: boolean, resetAt: number, now: number, used: number): RateLimitDecision {
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000)), used }
}

/** How many objects share one rule's keys in the local limiter. */
const LIMITER_SHARDS = 8

/** The local limiter's object of a rule and key: the rule's name and a small hash of the key. */
export function limiterName(rule: RateLimitRule, key: string): string {
  let hash = 0
  for (let index = 0; index < key.length; index++) hash = (hash * 31 + key.charCodeAt(index)) >>> 0
  return `${rule.name}#${hash % LIMITER_SHARDS}`
}

/** Local and test limiter: a few Durable Objects per rule, each counting its keys in memory (ADR 0110). */
export function durableObjectRateLimits(namespace: DurableObjectNamespace<RateLimiterObject>): RateLimits {
  // The ids of the few objects, derived once per isolate (an id is a value; the stub is made per request).
  const ids = new Map<string, DurableObjectId>()
  const stub = (rule: RateLimitRule, key: string) => {
    const name = limiterName(rule, key)
    let id = ids.get(name)
    if (!id) {
      id = namespace.idFromName(name)
      ids.set(name, id)
    }
    return namespace.get(id)
  }
  return {
    async hit(rule, key, now = Date.now()) {
      const { allowed, resetAt, used } = await stub(rule, key).hit(key, rule.limit, rule.windowMs, now)
      return decision(allowed, resetAt, now, used)
    },
    async peek(rule, key, now = Date.now()) {
      const { allowed, resetAt, used } = await stub(rule, key).peek(key, rule.limit, rule.windowMs, now)
      return decision(allowed, resetAt, now, used)
    },
  }
}

/** Production limiter through Upstash Redis, when its URL and token are configured. */
export function upstashRateLimits(url: string, token: string): RateLimits {
  const redis = new Redis({ url, token })
  const limiters = new Map<string, Ratelimit>()
  function limiterFor(rule: RateLimitRule): Ratelimit {
    let limiter = limiters.get(rule.name)
    if (!limiter) {
      limiter = new Ratelimit({
        redis,
        prefix: `rl:${rule.name}`,
        limiter: Ratelimit.fixedWindow(rule.limit, `${rule.windowMs} ms`),
      })
      limiters.set(rule.name, limiter)
    }
    return limiter
  }
  return {
    async hit(rule, key, now = Date.now()) {
      const result = await limiterFor(rule).limit(key)
      return decision(result.success, result.reset, now, rule.limit - result.remaining)
    },
    async peek(rule, key, now = Date.now()) {
      const { remaining, reset } = await limiterFor(rule).getRemaining(key)
      return decision(remaining > 0, reset, now, rule.limit - remaining)
    },
  }
}

export function getRateLimits(bindings: Bindings): RateLimits {
  const url = bindings.UPSTASH_REDIS_REST_URL
  const token = bindings.UPSTASH_REDIS_REST_TOKEN
  if (typeof url === 'string' && url && typeof token === 'string' && token) return upstashRateLimits(url, token)
  let limits = localLimits.get(bindings.RATE_LIMITER)
  if (!limits) {
    limits = durableObjectRateLimits(bindings.RATE_LIMITER)
    localLimits.set(bindings.RATE_LIMITER, limits)
  }
  return limits
}

/** The local limiter of each binding, made once with its ids (a Worker's bindings do not change while it runs). */
const localLimits = new WeakMap<DurableObjectNamespace<RateLimiterObject>, RateLimits>()
