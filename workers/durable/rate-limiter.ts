import { DurableObject } from 'cloudflare:workers'

type Window = { start: number; count: number }

/**
 * A fixed-window counter, one object per limited key (for example `signin:ip:1.2.3.4`). Used where
 * Upstash is not configured (locally, in tests); production may use @upstash/ratelimit behind the
 * same interface (app/server/rate-limit.server.ts).
 */
export class RateLimiter extends DurableObject {
  async hit(
    limit: number,
    windowMs: number,
    now: number = Date.now(),
  ): Promise<{ allowed: boolean; resetAt: number; used: number }> {
    const stored = await this.ctx.storage.get<Window>('window')
    const window = stored && now < stored.start + windowMs ? stored : { start: now, count: 0 }
    const allowed = window.count < limit
    if (allowed) window.count++
    await this.ctx.storage.put('window', window)
    // Forget the key once its window has passed, so idle keys cost nothing.
    await this.ctx.storage.setAlarm(window.start + windowMs)
    return { allowed, resetAt: window.start + windowMs, used: window.count }
  }

  /** Whether one more hit would be allowed, without counting it. */
  async peek(
    limit: number,
    windowMs: number,
    now: number = Date.now(),
  ): Promise<{ allowed: boolean; resetAt: number; used: number }> {
    const stored = await this.ctx.storage.get<Window>('window')
    if (!stored || now >= stored.start + windowMs) return { allowed: true, resetAt: now + windowMs, used: 0 }
    return { allowed: stored.count < limit, resetAt: stored.start + windowMs, used: stored.count }
  }

  async alarm() {
    await this.ctx.storage.deleteAll()
  }
}
