/**
 * Push from Google and Outlook (issue 14, docs/decisions/0093-calendars.md): where the app has a public https URL,
 * each busy-source calendar of a Google or Outlook integration gets a Google watch channel or a Graph subscription
 * whose notifications (workers/api/calendar-push.ts) trigger a sync within a minute, instead of at the next cron.
 * https://developers.google.com/calendar/api/guides/push, https://learn.microsoft.com/graph/change-notifications-delivery-webhooks
 *
 * Channels are made or renewed after every successful sync of such an integration and by the hourly cron; each has
 * a random token (Google's channel token, Graph's clientState) that every notification carries back, stored only as
 * its SHA-256. Polling stays the guarantee: a channel that cannot be made only costs freshness.
 */
import { and, eq, exists, gt, inArray, isNull, lte, ne, not, or, sql } from 'drizzle-orm'
import { calendarIntegrations, calendarPushChannels, integrationCalendars } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import { findById } from '../rows.server.ts'
import { readInParts } from '../db.server.ts'
import { withCalendarOf } from './calendar-of.server.ts'
import { openCredentials, sealCredentials } from './credentials.server.ts'
import { type OAuthApi, oauthApi, platformFetch, unavailable } from './oauth-api.server.ts'
import { CalendarAuthError } from './provider.server.ts'
import type { CalendarDeps, IntegrationRow } from './sync.server.ts'
import { assertCallableUrl } from './url-guard.server.ts'

/** Where the notifications arrive (mounted in workers/api/index.ts). */
export const PUSH_PATHS = {
  Google: '/api/v2/calendarsIntegrations/push/google',
  Outlook: '/api/v2/calendarsIntegrations/push/outlook',
} as const

type PushType = keyof typeof PUSH_PATHS
const PUSH_TYPES: PushType[] = ['Google', 'Outlook']

const HOUR = 3_600_000
/** Google keeps a channel up to the expiration asked (it may answer an earlier one); a week, renewed daily. */
const GOOGLE_CHANNEL_MS = 7 * 24 * HOUR
/** Graph's limit for event subscriptions is under three days (4230 minutes); 70 hours stays inside it. */
const GRAPH_SUBSCRIPTION_MS = 70 * HOUR
/** A channel expiring sooner than this is renewed (the hourly cron runs well within it). */
export const RENEW_BEFORE_MS = 24 * HOUR
/** Push-triggered syncs of one integration are at least this far apart (a burst of edits is one sync). */
export const PUSH_MIN_INTERVAL_MS = 30_000

/**
 * Whether Google and Microsoft can reach the app: APP_URL is https on a public host. The production rules of
 * assertCallableUrl decide, whatever the environment (a development APP_URL on localhost gets no channels).
 */
export function canReceivePush(env: AppEnv): boolean {
  try {
    return assertCallableUrl(env.APP_URL, { ...env, ENVIRONMENT: 'production' }).protocol === 'https:'
  } catch {
    return false
  }
}

const notificationUrl = (env: AppEnv, type: PushType) => new URL(PUSH_PATHS[type], env.APP_URL).toString()

/** The integration's authorized API; refreshed tokens are sealed back into the row, as the sync does. */
async function apiOf(deps: CalendarDeps, integration: IntegrationRow): Promise<OAuthApi> {
  const keys = sessionKeys(deps.env)
  const credentials = await openCredentials(keys, integration.credentialsEnc)
  if (!credentials) throw new CalendarAuthError('The stored credentials no longer open (the secret changed)')
  return oauthApi({
    provider: integration.type === 'Google' ? 'google' : 'outlook',
    credentials,
    env: deps.env,
    fetcher: deps.fetcher ?? platformFetch,
    onCredentials: async (fresh) => {
      await deps.db
        .update(calendarIntegrations)
        .set({ credentialsEnc: await sealCredentials(keys, fresh) })
        .where(eq(calendarIntegrations.id, integration.id))
    },
  })
}

type Channel = typeof calendarPushChannels.$inferSelect

const base = (url: string) => url.replace(/\/+$/, '')

/** A new Google watch channel on a calendar's events. */
async function watchGoogle(deps: CalendarDeps, api: OAuthApi, calendar: { id: string; remoteId: string }) {
  const channelId = crypto.randomUUID()
  const token = randomToken()
  const asked = deps.now + GOOGLE_CHANNEL_MS
  const response = await api.call(
    `${base(deps.env.GOOGLE_CALENDAR_API_BASE)}/calendars/${encodeURIComponent(calendar.remoteId)}/events/watch`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: channelId,
        type: 'web_hook',
        address: notificationUrl(deps.env, 'Google'),
        token,
        expiration: asked,
      }),
    },
  )
  if (!response.ok) throw await unavailable(response, 'Google events.watch')
  const answer = (await response.json()) as { resourceId?: string; expiration?: string | number }
  // Google may shorten the expiration; it answers it in milliseconds, as a string.
  const expiration = Number(answer.expiration)
  await deps.db.insert(calendarPushChannels).values({
    channelId,
    calendarId: calendar.id,
    provider: 'Google',
    resourceId: answer.resourceId ?? null,
    tokenHash: await sha256(token),
    expiresAt: Number.isFinite(expiration) && expiration > 0 ? expiration : asked,
  })
}

/** A new Graph subscription to a calendar's events. */
async function subscribeGraph(deps: CalendarDeps, api: OAuthApi, calendar: { id: string; remoteId: string }) {
  const token = randomToken()
  const expiresAt = deps.now + GRAPH_SUBSCRIPTION_MS
  // Graph validates notificationUrl before answering (the `validationToken` handshake the webhook echoes).
  const response = await api.call(`${base(deps.env.GRAPH_API_BASE)}/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      changeType: 'created,updated,deleted',
      notificationUrl: notificationUrl(deps.env, 'Outlook'),
      resource: `me/calendars/${encodeURIComponent(calendar.remoteId)}/events`,
      expirationDateTime: new Date(expiresAt).toISOString(),
      clientState: token,
    }),
  })
  if (!response.ok) throw await unavailable(response, 'Graph subscriptions create')
  const answer = (await response.json()) as { id?: string; expirationDateTime?: string }
  if (!answer.id) throw new Error('Graph subscriptions create: no id answered')
  const answered = Date.parse(answer.expirationDateTime ?? '')
  await deps.db.insert(calendarPushChannels).values({
    channelId: answer.id,
    calendarId: calendar.id,
    provider: 'Outlook',
    resourceId: null,
    tokenHash: await sha256(token),
    expiresAt: Number.isNaN(answered) ? expiresAt : answered,
  })
}

/** Graph: a subscription renewed in place; false when Graph no longer knows it (a new one is needed). */
async function renewGraph(deps: CalendarDeps, api: OAuthApi, channel: Channel): Promise<boolean> {
  const expiresAt = deps.now + GRAPH_SUBSCRIPTION_MS
  const response = await api.call(
    `${base(deps.env.GRAPH_API_BASE)}/subscriptions/${encodeURIComponent(channel.channelId)}`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expirationDateTime: new Date(expiresAt).toISOString() }),
    },
  )
  if (response.status === 404) {
    await response.body?.cancel()
    return false
  }
  if (!response.ok) throw await unavailable(response, 'Graph subscriptions renew')
  const answered = Date.parse(((await response.json()) as { expirationDateTime?: string }).expirationDateTime ?? '')
  await deps.db
    .update(calendarPushChannels)
    .set({ expiresAt: Number.isNaN(answered) ? expiresAt : answered })
    .where(eq(calendarPushChannels.channelId, channel.channelId))
  return true
}

/** Stops a channel at the provider (one already gone is fine) and forgets it. */
async function stopChannel(deps: CalendarDeps, api: OAuthApi, channel: Channel) {
  const response =
    channel.provider === 'Google'
      ? await api.call(`${base(deps.env.GOOGLE_CALENDAR_API_BASE)}/channels/stop`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: channel.channelId, resourceId: channel.resourceId }),
        })
      : await api.call(`${base(deps.env.GRAPH_API_BASE)}/subscriptions/${encodeURIComponent(channel.channelId)}`, {
          method: 'DELETE',
        })
  await response.body?.cancel()
  if (!response.ok && response.status !== 404) throw await unavailable(response, `${channel.provider} channel stop`)
  await deps.db.delete(calendarPushChannels).where(eq(calendarPushChannels.channelId, channel.channelId))
}

export type PushOutcome = { created: number; renewed: number; stopped: number; failed: number }

/**
 * Makes sure every busy-source calendar of a Google or Outlook integration has a live channel: one is made where
 * none is, or where it expires within RENEW_BEFORE_MS (Graph: renewed in place; Google, which cannot extend a
 * channel: a new one, then the old one stopped); channels of calendars no longer blocking time are stopped. A
 * calendar that fails is logged and left to the next run; nothing here throws for a provider's answer.
 */
export async function ensurePushChannels(deps: CalendarDeps, integrationId: string): Promise<PushOutcome> {
  const outcome: PushOutcome = { created: 0, renewed: 0, stopped: 0, failed: 0 }
  if (!canReceivePush(deps.env)) return outcome
  const { db, now } = deps
  const integration = await findById(db, calendarIntegrations, integrationId)
  if (!integration?.isActive || !PUSH_TYPES.includes(integration.type as PushType)) return outcome
  const type = integration.type as PushType
  const [calendars, channels] = await db.batch([
    db
      .select({
        id: integrationCalendars.id,
        remoteId: integrationCalendars.remoteId,
        busy: integrationCalendars.isBusySource,
      })
      .from(integrationCalendars)
      .where(eq(integrationCalendars.integrationId, integrationId)),
    channelsOf(db, integrationId),
  ])
  const api = await apiOf(deps, integration)
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work()
    } catch (error) {
      outcome.failed++
      console.warn(`calendar push: ${what} failed`, integrationId, String(error))
    }
  }
  for (const calendar of calendars) {
    const own = channels.map((row) => row.channel).filter((channel) => channel.calendarId === calendar.id)
    if (!calendar.busy) {
      for (const channel of own) {
        await attempt('stop', async () => {
          await stopChannel(deps, api, channel)
          outcome.stopped++
        })
      }
      continue
    }
    if (own.some((channel) => channel.expiresAt > now + RENEW_BEFORE_MS)) continue
    await attempt(type === 'Google' ? 'watch' : 'subscribe', async () => {
      const current = own.find((channel) => channel.expiresAt > now)
      if (type === 'Outlook' && current) {
        if (await renewGraph(deps, api, current)) {
          outcome.renewed++
          return
        }
        // Graph no longer knows it (deleted, or lapsed on its side): a new subscription replaces the row.
        await db.delete(calendarPushChannels).where(eq(calendarPushChannels.channelId, current.channelId))
      }
      if (type === 'Google') await watchGoogle(deps, api, calendar)
      else await subscribeGraph(deps, api, calendar)
      if (current) outcome.renewed++
      else outcome.created++
      // The replaced channels: Google's old one keeps notifying until stopped (it cannot be extended); an expired
      // one is only forgotten.
      for (const old of own) {
        if (type === 'Google' && old.expiresAt > now) await attempt('stop', () => stopChannel(deps, api, old))
        else await db.delete(calendarPushChannels).where(eq(calendarPushChannels.channelId, old.channelId))
      }
    })
  }
  return outcome
}

/** The push channels of an integration's calendars. */
const channelsOf = (db: CalendarDeps['db'], integrationId: string) =>
  db
    .select({ channel: calendarPushChannels })
    .from(calendarPushChannels)
    .innerJoin(integrationCalendars, eq(integrationCalendars.id, calendarPushChannels.calendarId))
    .where(eq(integrationCalendars.integrationId, integrationId))

/**
 * Stops an integration's channels at the provider, best effort (call it before the integration is deleted: the
 * cascade takes the rows, and with them the means to stop the channels; those left lapse at their expiration).
 */
export async function stopPushChannels(deps: CalendarDeps, integrationId: string): Promise<number> {
  const integration = await findById(deps.db, calendarIntegrations, integrationId)
  if (!integration) return 0
  const channels = await channelsOf(deps.db, integrationId)
  if (channels.length === 0) return 0
  let stopped = 0
  try {
    const api = await apiOf(deps, integration)
    for (const { channel } of channels) {
      try {
        await stopChannel(deps, api, channel)
        stopped++
      } catch (error) {
        console.warn('calendar push: stop failed', integrationId, String(error))
      }
    }
  } catch (error) {
    console.warn('calendar push: stop failed', integrationId, String(error))
  }
  return stopped
}

/** Integrations the hourly renewal visits at most per run (the rest are next hour's, or renewed by their sync). */
const RENEW_BATCH = 25

/**
 * The hourly cron: Google and Outlook integrations with a busy-source calendar whose channel is missing or expires
 * within RENEW_BEFORE_MS get their channels made or renewed (the sync does the same, but a channel must not lapse
 * between syncs that keep failing for other reasons).
 */
export async function renewPushChannels(deps: CalendarDeps): Promise<PushOutcome> {
  const total: PushOutcome = { created: 0, renewed: 0, stopped: 0, failed: 0 }
  if (!canReceivePush(deps.env)) return total
  const { db, now } = deps
  const live = db
    .select({ one: sql`1` })
    .from(calendarPushChannels)
    .where(
      and(
        eq(calendarPushChannels.calendarId, integrationCalendars.id),
        gt(calendarPushChannels.expiresAt, now + RENEW_BEFORE_MS),
      ),
    )
  const due = await db
    .selectDistinct({ id: calendarIntegrations.id })
    .from(calendarIntegrations)
    .innerJoin(integrationCalendars, eq(integrationCalendars.integrationId, calendarIntegrations.id))
    .where(
      and(
        eq(calendarIntegrations.isActive, true),
        eq(calendarIntegrations.isDepressed, false),
        inArray(calendarIntegrations.type, PUSH_TYPES),
        eq(integrationCalendars.isBusySource, true),
        not(exists(live)),
      ),
    )
    .limit(RENEW_BATCH)
  for (const { id } of due) {
    try {
      const outcome = await ensurePushChannels(deps, id)
      for (const key of Object.keys(total) as (keyof PushOutcome)[]) total[key] += outcome[key]
    } catch (error) {
      total.failed++
      console.warn('calendar push: renewal failed', id, String(error))
    }
  }
  return total
}

/**
 * The active integrations of the channels whose token matches, each once. A wrong token and an unknown channel look
 * the same: neither counts.
 */
export async function pushTargets(
  db: CalendarDeps['db'],
  provider: PushType,
  claims: { channelId: string; token: string }[],
): Promise<string[]> {
  // A notification batch is small (Graph sends at most a few hundred); more than this is not a real one.
  const ids = [...new Set(claims.map((claim) => claim.channelId))].slice(0, 100)
  if (ids.length === 0) return []
  const selected = db
    .select({
      channelId: calendarPushChannels.channelId,
      tokenHash: calendarPushChannels.tokenHash,
      integrationId: integrationCalendars.integrationId,
    })
    .from(calendarPushChannels)
    .$dynamic()
  const rows = await readInParts(ids, (part) =>
    withCalendarOf(selected, calendarPushChannels.calendarId).where(
      and(
        eq(calendarPushChannels.provider, provider),
        inArray(calendarPushChannels.channelId, part),
        eq(calendarIntegrations.isActive, true),
      ),
    ),
  )
  const targets = new Set<string>()
  for (const claim of claims) {
    const row = rows.find((candidate) => candidate.channelId === claim.channelId)
    // Comparing SHA-256 digests: the stored value is not the secret, and the timing tells nothing about it.
    if (row && row.tokenHash === (await sha256(claim.token))) targets.add(row.integrationId)
  }
  return [...targets]
}

/**
 * Claims a push-triggered sync: true when the integration is not syncing now and was not synced within
 * PUSH_MIN_INTERVAL_MS, and it is marked fetching in the same statement, so a burst of notifications (Google sends
 * one per change, Graph several per edit) is one sync.
 */
export async function claimPushSync(db: CalendarDeps['db'], integrationId: string, now: number): Promise<boolean> {
  const claimed = await db
    .update(calendarIntegrations)
    .set({ syncStatus: 'fetching' })
    .where(
      and(
        eq(calendarIntegrations.id, integrationId),
        ne(calendarIntegrations.syncStatus, 'fetching'),
        or(isNull(calendarIntegrations.lastUpdate), lte(calendarIntegrations.lastUpdate, now - PUSH_MIN_INTERVAL_MS)),
      ),
    )
    .returning({ id: calendarIntegrations.id })
  return claimed.length > 0
}
