import { z } from 'zod'
import { METRIKA_COUNTER_PATTERN } from '#app/domain/analytics.ts'
import type { Keyring } from './crypto/keyring.server.ts'
import type { HostLock } from '#workers/durable/host-lock.ts'
import type { RateLimiter } from '#workers/durable/rate-limiter.ts'

/**
 * The Worker's configuration, parsed once per request from `env` (never from `process.env` at module
 * load). A wrong value fails loudly with its name. Production secrets are checked where they are used
 * (each adapter), so a missing one is a clear error at first use rather than a failed deploy.
 */
export const EnvSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'production']),
  APP_URL: z.url(),
  /**
   * Seals secrets at rest (calendar and video grants, webhook secrets, participants' links) and signs API access
   * tokens and waitlist links. Required outside development and tests.
   */
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * The secret SESSION_SECRET replaced, while a rotation is under way (docs/decisions/0125): what it sealed or signed
   * still opens, and the hourly job seals every stored secret again with the new one.
   */
  SESSION_SECRET_PREVIOUS: z.string().min(32).optional(),
  /** Unisender Go API key: emails go through it in production. */
  UNISENDER_GO_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.email().default('noreply@booking.example.com'),
  MAIL_FROM_NAME: z.string().default('Booking'),
  /** Telegram bot (issue 8): token from @BotFather, the webhook's secret-token header value, the bot's username. */
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/)
    .optional(),
  TELEGRAM_BOT_USERNAME: z.string().min(1).optional(),
  /** The Bot API's base URL; a local fake in browser tests. */
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  /** Firebase Cloud Messaging (HTTP v1): the service account JSON of the Firebase project. */
  FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  /** Calendar integrations (issue 14): the CalDAV servers of Yandex and Apple (a local Radicale in development). */
  YANDEX_CALDAV_URL: z.url().default('https://caldav.yandex.ru'),
  APPLE_CALDAV_URL: z.url().default('https://caldav.icloud.com'),
  /** Google Calendar's and Microsoft Graph's API bases (fakes at the fetch boundary in tests). */
  GOOGLE_CALENDAR_API_BASE: z.url().default('https://www.googleapis.com/calendar/v3'),
  GRAPH_API_BASE: z.url().default('https://graph.microsoft.com/v1.0'),
  /**
   * The OAuth clients sign-in uses (app/server/accounts/oauth.server.ts `providerConfig`), here too because a calendar
   * provider refreshes its tokens with them long after the request that connected it.
   */
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_MICROSOFT_CLIENT_ID: z.string().optional(),
  OAUTH_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /**
   * Payments (issue 16, docs/decisions/0095): the YooKassa shop and its secret key (Basic auth of API v3), the API's base
   * (a fake in tests) and the receipts' VAT code (54-FZ; 1 = no VAT). Without a key, development uses its own
   * checkout page (/dev/checkout) and production refuses the first payment with a clear error.
   */
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_BASE: z.url().default('https://api.yookassa.ru/v3'),
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** The business-plan request form the plans page links to (SPEC §6); unset: an email to MAIL_FROM. */
  BUSINESS_PLAN_FORM_URL: z.url().optional(),
  /** Yandex's client: sign-in, and Telemost's conferences (issue 15) with the `telemost-api:conferences.create` scope. */
  OAUTH_YANDEX_CLIENT_ID: z.string().optional(),
  OAUTH_YANDEX_CLIENT_SECRET: z.string().optional(),
  /** Yandex Telemost's API base (a fake in tests and for `npm start`, docs/decisions/0098-video-meetings.md). */
  TELEMOST_API_BASE: z.url().default('https://cloud-api.yandex.net/v1/telemost-api'),
  /** Development only: every provider goes to this local OpenID provider. */
  OAUTH_MOCK_ISSUER: z.string().optional(),
  /** Yandex Metrika's counter (SPEC §1 analytics goals): the tag loads, and the CSP allows it, only when set. */
  METRIKA_COUNTER_ID: z.string().regex(METRIKA_COUNTER_PATTERN).optional(),
})

export type AppEnv = z.infer<typeof EnvSchema>

export type Bindings = {
  DB: D1Database
  AVATARS: R2Bucket
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  HOST_LOCK: DurableObjectNamespace<HostLock>
  ASSETS: Fetcher
} & Record<string, unknown>

/** The parsed configuration of each bindings object: a Worker's bindings do not change while it runs. */
const parsedEnvs = new WeakMap<Record<string, unknown>, AppEnv>()

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  let parsed = parsedEnvs.get(raw)
  if (!parsed) {
    parsed = parseEnvOnce(raw)
    parsedEnvs.set(raw, parsed)
  }
  return parsed
}

function parseEnvOnce(raw: Record<string, unknown>): AppEnv {
  const result = EnvSchema.safeParse(raw)
  if (!result.success) {
    const names = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid Worker configuration: ${names}`)
  }
  return result.data
}

export const isDevelopment = (env: AppEnv) => env.ENVIRONMENT === 'development'

/** The development and test secret; production refuses to run without its own. */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-not-for-production'

/**
 * The secrets to seal and sign with (crypto/keyring.server.ts): SESSION_SECRET, and SESSION_SECRET_PREVIOUS while a
 * rotation is under way; development and tests fall back to a fixed local value.
 */
export function sessionKeys(env: AppEnv): Keyring {
  const previous = env.SESSION_SECRET_PREVIOUS ? [env.SESSION_SECRET_PREVIOUS] : []
  if (env.SESSION_SECRET) return { current: env.SESSION_SECRET, previous }
  if (env.ENVIRONMENT === 'production')
    throw new Error('SESSION_SECRET is not set: run `wrangler secret put SESSION_SECRET`')
  return { current: DEVELOPMENT_SESSION_SECRET, previous }
}

/** The Metrika counter's id when one is configured (and well-formed; parseEnv reports a malformed one loudly). */
export function metrikaCounterId(raw: Record<string, unknown>): string | null {
  const id = raw.METRIKA_COUNTER_ID
  return typeof id === 'string' && METRIKA_COUNTER_PATTERN.test(id) ? id : null
}

/** The business-plan request form (SPEC §6 "a business plan has a separate form link"); an email to MAIL_FROM by default. */
export function businessPlanUrl(env: AppEnv): string {
  return env.BUSINESS_PLAN_FORM_URL ?? `mailto:${env.MAIL_FROM}?subject=${encodeURIComponent('Business plan')}`
}
