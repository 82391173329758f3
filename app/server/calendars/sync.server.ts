/**
 * Keeps the stored busy times of a specialist's calendars fresh (issue 14, docs/decisions/0093-calendars.md): the
 * cron every 10 minutes and `PUT .../refresh` sync each busy-source calendar of an active integration through its
 * provider, incrementally (an unchanged CalDAV calendar costs one request), and store the result
 * (busy-store.server.ts). A refused password or grant marks the integration depressed (the card's error border, a
 * notice and an email, once); an unreachable server marks the sync failed. Either way the last good busy times stay,
 * so slots keep coming from the last successful sync.
 */
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm'
import { BUSY_HORIZON_DAYS, BUSY_REEXPAND_DAYS, type BusyWindow } from '#app/domain/calendars/types.ts'
import { MS_PER_DAY } from '#app/domain/time/index.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { readableLabel } from '#app/domain/calendars/rules.ts'
import type { CalendarType } from '#app/domain/enums.ts'
import { calendarIntegrations, integrationCalendars, notifications, users } from '#db/schema.ts'
import { newId } from '#app/domain/ids.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import { findById } from '../rows.server.ts'
import { emailHtml } from '../notify/email-html.server.ts'
import { enqueueMessage } from '../outbox/enqueue.server.ts'
import { storeSyncResult, storedEtags } from './busy-store.server.ts'
import { openCredentials, sealCredentials } from './credentials.server.ts'
import {
  CalendarAuthError,
  type CalendarProvider,
  CalendarUnavailableError,
  CalendarUrlError,
  type RemoteCalendar,
} from './provider.server.ts'
import { providerFor } from './providers.server.ts'
import { ensurePushChannels } from './push.server.ts'

export type CalendarDeps = { db: Db; env: AppEnv; now: number; fetcher?: typeof fetch }

export type IntegrationRow = typeof calendarIntegrations.$inferSelect

/** Why the last sync failed, as the `calendars:problem.*` key the card shows. */
export type SyncProblem = 'authRefused' | 'unavailable' | 'urlRefused'

export function problemOf(error: unknown): SyncProblem {
  if (error instanceof CalendarAuthError) return 'authRefused'
  if (error instanceof CalendarUrlError) return 'urlRefused'
  return 'unavailable'
}

/** The integration's provider, its credentials opened; tokens a provider refreshes are sealed back into the row. */
export async function providerOf(deps: CalendarDeps, integration: IntegrationRow): Promise<CalendarProvider> {
  const keys = sessionKeys(deps.env)
  const credentials = await openCredentials(keys, integration.credentialsEnc)
  if (!credentials) throw new CalendarAuthError('The stored credentials no longer open (the secret changed)')
  return providerFor(
    {
      type: integration.type,
      url: integration.url,
      credentials,
      onCredentials: async (fresh) => {
        await deps.db
          .update(calendarIntegrations)
          .set({ credentialsEnc: await sealCredentials(keys, fresh) })
          .where(eq(calendarIntegrations.id, integration.id))
      },
    },
    deps.env,
    deps.fetcher,
  )
}

/** Brings the stored calendar list in line with the account's: new calendars added (blocking time), gone ones removed. */
export async function storeCalendarList(
  db: Db,
  integration: Pick<IntegrationRow, 'id' | 'ownerId'>,
  remote: readonly RemoteCalendar[],
  now: number,
) {
  const stored = await db
    .select({ id: integrationCalendars.id, remoteId: integrationCalendars.remoteId })
    .from(integrationCalendars)
    .where(eq(integrationCalendars.integrationId, integration.id))
  const byRemote = new Map(stored.map((row) => [row.remoteId, row.id]))
  const seen = new Set(remote.map((c) => c.remoteId))
  const statements = [
    ...remote.map((calendar) => {
      const id = byRemote.get(calendar.remoteId)
      const values = { name: calendar.name, color: calendar.color, canWrite: calendar.canWrite }
      return id
        ? db.update(integrationCalendars).set(values).where(eq(integrationCalendars.id, id))
        : db.insert(integrationCalendars).values({
            id: newId(now),
            integrationId: integration.id,
            ownerId: integration.ownerId,
            remoteId: calendar.remoteId,
            ...values,
          })
    }),
    ...stored
      .filter((row) => !seen.has(row.remoteId))
      .map((row) => db.delete(integrationCalendars).where(eq(integrationCalendars.id, row.id))),
  ]
  const [first, ...rest] = statements
  if (first) await db.batch([first, ...rest])
}

async function ownerOf(db: Db, ownerId: string) {
  const [owner] = await db
    .select({ timeZone: users.timeZone, email: users.email, culture: users.culture })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1)
  return owner ?? null
}

/** The notice and email telling the owner a calendar needs reconnecting (sent when it turns depressed). */
export async function depressedNotice(
  db: Db,
  env: AppEnv,
  owner: { id: string; email: string; culture: 'ru' | 'en' },
  integration: { type: CalendarType; label: string },
  now: number,
) {
  const t = getT(owner.culture)
  const label = readableLabel(integration, t)
  const body = t('calendars:notice.depressedBody', { label })
  const link = new URL('/integrations', env.APP_URL).toString()
  return [
    db.insert(notifications).values({
      id: newId(now),
      userId: owner.id,
      title: t('calendars:notice.depressedTitle'),
      body,
      content: {
        title: { key: 'calendars:notice.depressedTitle' },
        body: {
          key: 'calendars:notice.depressedBody',
          values: { label: { integration: { type: integration.type, label: integration.label } } },
        },
      },
      actionName: 'navigate',
      actionValue: '/integrations',
      createdAt: now,
    }),
    enqueueMessage(
      db,
      {
        channel: 'email',
        recipient: owner.email,
        subject: t('calendars:notice.depressedSubject', { label }),
        text: `${body}\n\n${link}`,
        html: emailHtml([{ p: body }, { button: { label: t('calendars:notice.depressedTitle'), url: link } }]),
      },
      now,
    ).query,
  ]
}

/**
 * Syncs one integration now: with `discover`, the account's calendar list first (on connect and on refresh), then
 * every busy-source calendar. Answers the sync status it ended with.
 */
export async function syncIntegration(
  deps: CalendarDeps,
  integrationId: string,
  options: { discover?: boolean } = {},
): Promise<'success' | 'fail'> {
  const { db, now } = deps
  const integration = await findById(db, calendarIntegrations, integrationId)
  if (!integration) return 'fail'
  const owner = await ownerOf(db, integration.ownerId)
  if (!owner) return 'fail'
  await db
    .update(calendarIntegrations)
    .set({ syncStatus: 'fetching', version: sql`${calendarIntegrations.version} + 1` })
    .where(eq(calendarIntegrations.id, integrationId))
  try {
    const provider = await providerOf(deps, integration)
    if (options.discover) await storeCalendarList(db, integration, await provider.listCalendars(), now)
    const calendars = await db
      .select()
      .from(integrationCalendars)
      .where(and(eq(integrationCalendars.integrationId, integrationId), eq(integrationCalendars.isBusySource, true)))
    const window: BusyWindow = {
      from: now - MS_PER_DAY,
      to: now + BUSY_HORIZON_DAYS * MS_PER_DAY,
      timeZone: owner.timeZone,
      ownEmails: [integration.email, integration.login, owner.email].filter((e) => e.includes('@')),
    }
    let listed = !!options.discover
    for (const calendar of calendars) {
      const full = calendar.horizon === null || calendar.horizon < now + BUSY_REEXPAND_DAYS * MS_PER_DAY
      const cursor = { syncToken: calendar.syncToken, ctag: calendar.ctag, etags: await storedEtags(db, calendar.id) }
      let result: Awaited<ReturnType<typeof provider.sync>>
      try {
        result = await provider.sync({ remoteId: calendar.remoteId }, cursor, window, full)
      } catch (error) {
        // A calendar deleted at the provider fails its sync on every run: the account's list tells, once per sync,
        // and a calendar no longer in it is dropped with its busy times instead of failing the integration.
        if (listed || error instanceof CalendarAuthError) throw error
        listed = true
        const remote = await provider.listCalendars()
        await storeCalendarList(db, integration, remote, now)
        if (remote.some((c) => c.remoteId === calendar.remoteId)) throw error
        continue
      }
      if (result.kind === 'unchanged') {
        await db.update(integrationCalendars).set({ lastSyncAt: now }).where(eq(integrationCalendars.id, calendar.id))
      } else {
        await storeSyncResult(db, calendar, result, { horizon: result.full ? window.to : null, now })
      }
    }
    await db
      .update(calendarIntegrations)
      .set({
        syncStatus: 'success',
        isDepressed: false,
        problem: null,
        lastUpdate: now,
        version: sql`${calendarIntegrations.version} + 1`,
      })
      .where(eq(calendarIntegrations.id, integrationId))
    if (integration.type === 'Google' || integration.type === 'Outlook') {
      // Push channels (push.server.ts) only shorten the wait for the next sync: their failure never fails this one.
      await ensurePushChannels(deps, integrationId).catch((error) =>
        console.warn('calendar push: channels not made', integrationId, String(error)),
      )
    }
    return 'success'
  } catch (error) {
    const problem = problemOf(error)
    const turnsDepressed = problem === 'authRefused' && !integration.isDepressed
    const update = db
      .update(calendarIntegrations)
      .set({
        syncStatus: 'fail',
        problem,
        ...(problem === 'authRefused' ? { isDepressed: true } : {}),
        version: sql`${calendarIntegrations.version} + 1`,
      })
      .where(eq(calendarIntegrations.id, integrationId))
    if (turnsDepressed) {
      const notice = await depressedNotice(db, deps.env, { id: integration.ownerId, ...owner }, integration, now)
      await db.batch([update, ...notice])
    } else {
      await update
    }
    const providerSaid =
      error instanceof CalendarAuthError ||
      error instanceof CalendarUnavailableError ||
      error instanceof CalendarUrlError
    if (!providerSaid) {
      // An unexpected failure (a bug, not the provider): keep it visible in the logs.
      console.error('calendar sync failed', integrationId, error)
    }
    return 'fail'
  }
}

/** How often the cron syncs each active integration (ARCHITECTURE.md "Cron": every 10 minutes; SPEC §9 promises 15). */
export const SYNC_INTERVAL_MS = 10 * 60_000
/** Integrations one cron run syncs at most; the rest wait for the next run (their lastUpdate is oldest first). */
const SYNC_BATCH = 25

/** The cron job: every active integration not synced in the last interval, the longest-waiting first. */
export async function syncDueIntegrations(deps: CalendarDeps) {
  const due = await deps.db
    .select({ id: calendarIntegrations.id })
    .from(calendarIntegrations)
    .where(
      and(
        eq(calendarIntegrations.isActive, true),
        or(
          isNull(calendarIntegrations.lastUpdate),
          lt(calendarIntegrations.lastUpdate, deps.now - SYNC_INTERVAL_MS + 60_000),
        ),
      ),
    )
    .orderBy(calendarIntegrations.lastUpdate)
    .limit(SYNC_BATCH)
  const results = { success: 0, fail: 0 }
  for (const { id } of due) results[await syncIntegration(deps, id)]++
  return results
}
