import type { Language } from '#app/i18n/config.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, type Bindings, parseEnv } from '../env.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'
import { getRateLimits, type RateLimits } from '../rate-limit.server.ts'
import { getDb } from '../db.server.ts'
import { parseViewerTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { cookieZone } from '../booking/viewer-zone.server.ts'

/** What the account use cases need; pages and the API build it from their request. */
export type AccountDeps = {
  db: Db
  env: AppEnv
  limits: RateLimits
  avatars: R2Bucket
  /** The client's address, for per-IP limits. */
  ip: string
  /** The interface language of the request: new accounts take it as their culture. */
  language: Language
  /**
   * The client's time zone when it is known (the API's `timezone` header, else the `tz` cookie the pages keep):
   * new accounts, and their default schedule, take it instead of Moscow.
   */
  timeZone: string | null
  now: number
  /** Delivers freshly queued emails in the background; the cron drain retries what fails. */
  deliver: (ids: string[]) => void
}

export function clientIp(request: Request): string {
  return request.headers.get('CF-Connecting-IP') ?? request.headers.get('X-Forwarded-For')?.split(',')[0] ?? 'local'
}

export function accountDeps(
  bindings: Bindings,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  request: Request,
  language: Language,
): AccountDeps {
  const db = getDb(bindings.DB)
  const env = parseEnv(bindings)
  const now = Date.now()
  return {
    db,
    env,
    limits: getRateLimits(bindings),
    avatars: bindings.AVATARS,
    ip: clientIp(request),
    language,
    timeZone: parseViewerTimeZone(request.headers.get('timezone')) ?? cookieZone(request),
    now,
    deliver: (ids) => {
      if (ids.length > 0)
        ctx.waitUntil(
          drainOutbox(db, env, Date.now(), { ids }).catch((error) => console.warn('Immediate delivery failed', error)),
        )
    },
  }
}
