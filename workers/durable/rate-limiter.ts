import { DurableObject } from 'cloudflare:workers'

/** Ended windows are forgotten at most this often (an ended window already counts as none, forgotten or not). */
const FORGET_EVERY_MS = 10_000

/**
 * Counts are mirrored to storage together, at most this long after the first unwritten one (a burst of hits, such
 * as a booking race, is one write instead of one per hit; ADR 0122).
 */
export const MIRROR_AFTER_MS = 50

/** The most keys one `storage.put` takes. */
const PUT_MAX_KEYS = 128

/** One key's fixed window: hits counted from `start` until `end`. */
type Window = { start: number; end: number; count: number }

type Answer = { allowed: boolean; resetAt: number; used: number }

/**
 * Fixed-window counters of one rule's shard (app/server/rate-limit.server.ts picks the object by the rule's name and a
 * hash of the key, for example `signin-ip#3`), kept in memory and mirrored to the object's storage, so an evicted
 * object counts on where it stopped. Used where Upstash is not configured (locally, in tests); production may use
 * @upstash/ratelimit behind the same interface. A few objects per rule, not one per key: a burst of 100 new
 * addresses (a booking race) reaches a few warm objects instead of waking 100 new ones (ADR 0110).
 */
export class RateLimiter extends DurableObject {
  private windows: Map<string, Window> | null = null
  private alarmAt: number | null = null
  /** Keys whose window changed since the last mirror to storage. */
  private unwritten = new Set<string>()
  private mirroring: ReturnType<typeof setTimeout> | null = null

  private async loaded(): Promise<Map<string, Window>> {
    if (!this.windows) {
      const stored = await this.ctx.storage.list<Window>({ prefix: 'w:' })
      this.windows = new Map([...stored].map(([name, window]) => [name.slice(2), window]))
      this.alarmAt = await this.ctx.storage.getAlarm()
    }
    return this.windows
  }

  private async current(key: string, now: number): Promise<Window | null> {
    const window = (await this.loaded()).get(key)
    return window && now < window.end ? window : null
  }

  async hit(key: string, limit: number, windowMs: number, now: number = Date.now()): Promise<Answer> {
    const window = (await this.current(key, now)) ?? { start: now, end: now + windowMs, count: 0 }
    const allowed = window.count < limit
    if (allowed) window.count++
    this.windows?.set(key, window)
    // The answer does not wait for the write: a count lost in a crash (at most MIRROR_AFTER_MS of hits) only lets
    // its window through early.
    if (allowed) {
      this.unwritten.add(key)
      this.mirroring ??= setTimeout(() => this.mirror(), MIRROR_AFTER_MS)
    }
    // Forget keys once their window has passed, so idle keys cost nothing.
    if (this.alarmAt === null || window.end < this.alarmAt) {
      this.alarmAt = window.end
      await this.ctx.storage.setAlarm(window.end, { allowUnconfirmed: true })
    }
    return { allowed, resetAt: window.end, used: window.count }
  }

  /** Writes the changed windows, `PUT_MAX_KEYS` at a time. */
  private async mirror() {
    this.mirroring = null
    const keys = [...this.unwritten]
    this.unwritten.clear()
    for (let from = 0; from < keys.length; from += PUT_MAX_KEYS) {
      const entries: Record<string, Window> = {}
      for (const key of keys.slice(from, from + PUT_MAX_KEYS)) {
        const window = this.windows?.get(key)
        if (window) entries[`w:${key}`] = window
      }
      await this.ctx.storage.put(entries)
    }
  }

  /** Whether one more hit would be allowed, without counting it. */
  async peek(key: string, limit: number, windowMs: number, now: number = Date.now()): Promise<Answer> {
    const window = await this.current(key, now)
    if (!window) return { allowed: true, resetAt: now + windowMs, used: 0 }
    return { allowed: window.count < limit, resetAt: window.end, used: window.count }
  }

  async alarm() {
    const now = Date.now()
    const windows = await this.loaded()
    const ended = [...windows].filter(([, window]) => window.end <= now).map(([key]) => key)
    for (const key of ended) windows.delete(key)
    if (ended.length > 0) await this.ctx.storage.delete(ended.map((key) => `w:${key}`))
    let next = Number.POSITIVE_INFINITY
    for (const window of windows.values()) next = Math.min(next, window.end)
    // Keys ending one after another (a burst of new addresses) are forgotten together, not one alarm each.
    this.alarmAt = Number.isFinite(next) ? Math.max(next, now + FORGET_EVERY_MS) : null
    if (this.alarmAt !== null) await this.ctx.storage.setAlarm(this.alarmAt)
  }
}
