/**
 * A specialist's calendar integrations (issue 14; API-CONTRACT.md "Calendars"): connect (or reconnect) an account,
 * list them as the API and the page show them, switch one off, remove one, choose which calendars block time and
 * which one receives bookings. Every read and write filters by the owner: another specialist's integration is
 * "not found". Passwords and tokens never leave this module unsealed.
 */
import { and, asc, count, eq } from 'drizzle-orm'
import { can, cheapestPlanWith } from '#app/domain/plans.ts'
import { type Outcome, type Refusal, refusal } from '#app/domain/refusal.ts'
import type { CalendarType } from '#app/domain/enums.ts'
import { newId } from '#app/domain/ids.ts'
import {
  calendarBusy,
  calendarIntegrations,
  calendarObjects,
  calendarWriteTargets,
  integrationCalendars,
  users,
} from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { sessionKeys } from '../env.server.ts'
import { findOwned, findOwnedWhere } from '../rows.server.ts'
import { sealCredentials } from './credentials.server.ts'
import {
  CalendarAuthError,
  type CalendarCredentials,
  CalendarUrlError,
  type RemoteCalendar,
} from './provider.server.ts'
import { providerFor } from './providers.server.ts'
import { stopPushChannels } from './push.server.ts'
import { type CalendarDeps, storeCalendarList, syncIntegration } from './sync.server.ts'

export type ConnectInput = {
  type: CalendarType
  label: string
  name: string
  login: string
  email: string
  url: string | null
  credentials: CalendarCredentials
}

function refusalOfProviderError(error: unknown): Refusal {
  if (error instanceof CalendarAuthError) return refusal('calendarCredentialsRefused')
  if (error instanceof CalendarUrlError) return refusal('calendarUrlRefused', 'url')
  return refusal('calendarUnavailable')
}

/** The account's calendars, read with the given credentials, nothing stored (Yandex's `availableCalendars`). */
export async function previewCalendars(
  deps: CalendarDeps,
  input: Pick<ConnectInput, 'type' | 'url' | 'credentials'>,
): Promise<Outcome<RemoteCalendar[]>> {
  try {
    const calendars = await providerFor(input, deps.env, deps.fetcher).listCalendars()
    return { ok: true, value: calendars }
  } catch (error) {
    return { ok: false, refusal: refusalOfProviderError(error) }
  }
}

/** `isOkAdd`: the first integration of a type is free; another of the same type needs Standard (SPEC §6). */
export async function canAddIntegration(db: Db, ownerId: string, type: CalendarType): Promise<boolean> {
  const [[owner], [held]] = await db.batch([
    db.select({ plan: users.plan }).from(users).where(eq(users.id, ownerId)).limit(1),
    db
      .select({ n: count() })
      .from(calendarIntegrations)
      .where(and(eq(calendarIntegrations.ownerId, ownerId), eq(calendarIntegrations.type, type))),
  ])
  return !!owner && (held.n === 0 || can(owner.plan, 'extraCalendarOfSameType'))
}

/**
 * Connects an account, or reconnects it when the same account (type, server, login) is already there: its
 * credentials are replaced and the error border goes. The calendars are listed first (a refused password is
 * refused here, nothing stored), then stored, then synced once; the first writable calendar receives bookings
 * when the specialist has none chosen yet.
 */
export async function connectIntegration(
  deps: CalendarDeps,
  ownerId: string,
  input: ConnectInput,
): Promise<Outcome<{ id: string }>> {
  const { db, now } = deps
  const sameAccount = and(
    eq(calendarIntegrations.type, input.type),
    eq(calendarIntegrations.login, input.login),
    input.url === null ? undefined : eq(calendarIntegrations.url, input.url),
  )
  const existing = await findOwnedWhere(db, calendarIntegrations, ownerId, sameAccount)
  if (!existing && !(await canAddIntegration(db, ownerId, input.type))) {
    return {
      ok: false,
      refusal: refusal('planLimit', undefined, { plan: cheapestPlanWith('extraCalendarOfSameType') }),
    }
  }
  const listed = await previewCalendars(deps, input)
  if (!listed.ok) return listed
  if (listed.value.length === 0) return { ok: false, refusal: refusal('calendarNoCalendars') }
  const credentialsEnc = await sealCredentials(sessionKeys(deps.env), input.credentials)
  const id = existing?.id ?? newId(now)
  if (existing) {
    await db
      .update(calendarIntegrations)
      .set({ credentialsEnc, name: input.name, email: input.email, isDepressed: false, problem: null, isActive: true })
      .where(eq(calendarIntegrations.id, id))
  } else {
    await db.insert(calendarIntegrations).values({
      id,
      ownerId,
      type: input.type,
      label: input.label,
      name: input.name,
      login: input.login,
      email: input.email,
      url: input.url,
      credentialsEnc,
    })
  }
  await storeCalendarList(db, { id, ownerId }, listed.value, now)
  await chooseWriteTargetIfNone(db, ownerId, id)
  await syncIntegration(deps, id)
  return { ok: true, value: { id } }
}

async function chooseWriteTargetIfNone(db: Db, ownerId: string, integrationId: string) {
  const [first] = await db
    .select({ id: integrationCalendars.id })
    .from(integrationCalendars)
    .where(and(eq(integrationCalendars.integrationId, integrationId), eq(integrationCalendars.canWrite, true)))
    .orderBy(asc(integrationCalendars.createdAt), asc(integrationCalendars.id))
    .limit(1)
  if (first) await db.insert(calendarWriteTargets).values({ ownerId, calendarId: first.id }).onConflictDoNothing()
}

export type IntegrationView = {
  id: string
  type: CalendarType
  label: string
  name: string
  login: string
  email: string
  isActive: boolean
  isDepressed: boolean
  lastUpdate: string | null
  dbLineVersion: number
  syncStatus: 'fetching' | 'success' | 'fail'
  problem: string | null
  calendars: { id: string; name: string; color: string | null; isBusySource: boolean; canWrite: boolean }[]
}

export type WriteTarget = { integrationId: string; calendarId: string }

/** `GET /calendarsIntegrations`: the owner's integrations with their calendars, and the calendar bookings go to. */
export async function listIntegrations(
  db: Db,
  ownerId: string,
): Promise<{ calendars: IntegrationView[]; calendarForCreateEvent: WriteTarget | null }> {
  const [integrations, calendars, targets] = await db.batch([
    db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.ownerId, ownerId))
      .orderBy(asc(calendarIntegrations.createdAt), asc(calendarIntegrations.id)),
    db
      .select()
      .from(integrationCalendars)
      .where(eq(integrationCalendars.ownerId, ownerId))
      .orderBy(asc(integrationCalendars.name), asc(integrationCalendars.id)),
    db
      .select({ calendarId: calendarWriteTargets.calendarId, integrationId: integrationCalendars.integrationId })
      .from(calendarWriteTargets)
      .innerJoin(integrationCalendars, eq(integrationCalendars.id, calendarWriteTargets.calendarId))
      .where(eq(calendarWriteTargets.ownerId, ownerId)),
  ])
  return {
    calendars: integrations.map((row) => ({
      id: row.id,
      type: row.type,
      label: row.label,
      name: row.name,
      login: row.login,
      email: row.email,
      isActive: row.isActive,
      isDepressed: row.isDepressed,
      lastUpdate: row.lastUpdate === null ? null : new Date(row.lastUpdate).toISOString(),
      dbLineVersion: row.version,
      syncStatus: row.syncStatus,
      problem: row.problem,
      calendars: calendars
        .filter((c) => c.integrationId === row.id)
        .map((c) => ({ id: c.id, name: c.name, color: c.color, isBusySource: c.isBusySource, canWrite: c.canWrite })),
    })),
    calendarForCreateEvent: targets[0] ?? null,
  }
}

const ownedIntegration = (db: Db, ownerId: string, id: string) => findOwned(db, calendarIntegrations, ownerId, id)

/** The owner's calendar of this integration, or null (another owner's, or one of another integration, is none). */
async function ownedCalendar(db: Db, ownerId: string, { integrationId, calendarId }: WriteTarget) {
  const calendar = await findOwned(db, integrationCalendars, ownerId, calendarId)
  return calendar?.integrationId === integrationId ? calendar : null
}

const notFound = { ok: false, refusal: refusal('calendarNotFound') } as const

/** `PUT /calendarsIntegrations/{id}/status`: an inactive integration's busy times stop counting and it is not synced. */
export async function setIntegrationActive(
  db: Db,
  ownerId: string,
  id: string,
  isActive: boolean,
): Promise<Outcome<null>> {
  const row = await ownedIntegration(db, ownerId, id)
  if (!row) return notFound
  await db
    .update(calendarIntegrations)
    .set({ isActive, version: row.version + 1 })
    .where(eq(calendarIntegrations.id, id))
  return { ok: true, value: null }
}

/**
 * `DELETE /calendarsIntegrations/{id}`: the integration, its calendars and busy times go at once (cascade); its push
 * channels at Google or Microsoft are stopped first, best effort (unstopped ones lapse on their own).
 */
export async function removeIntegration(deps: CalendarDeps, ownerId: string, id: string): Promise<Outcome<null>> {
  const { db } = deps
  const row = await ownedIntegration(db, ownerId, id)
  if (!row) return notFound
  await stopPushChannels(deps, id).catch(() => 0)
  await db.delete(calendarIntegrations).where(eq(calendarIntegrations.id, id))
  return { ok: true, value: null }
}

/**
 * Whether a calendar's events block time. Switched off, its stored busy times go at once; switched on, it is synced
 * in full now (the caller passes the deps to sync with).
 */
export async function setCalendarBusySource(
  deps: CalendarDeps,
  ownerId: string,
  integrationId: string,
  calendarId: string,
  isBusySource: boolean,
): Promise<Outcome<null>> {
  const { db } = deps
  if (!(await ownedCalendar(db, ownerId, { integrationId, calendarId }))) return notFound
  await db.batch([
    db
      .update(integrationCalendars)
      .set({ isBusySource, syncToken: null, ctag: null, horizon: null })
      .where(eq(integrationCalendars.id, calendarId)),
    db.delete(calendarBusy).where(eq(calendarBusy.calendarId, calendarId)),
    db.delete(calendarObjects).where(eq(calendarObjects.calendarId, calendarId)),
  ])
  if (isBusySource) await syncIntegration(deps, integrationId)
  return { ok: true, value: null }
}

/** `GET /calendarsIntegrations/availableToWriteIn`: every writable calendar of the owner's active integrations. */
export async function writableCalendars(db: Db, ownerId: string) {
  return db
    .select({
      integrationId: integrationCalendars.integrationId,
      calendarId: integrationCalendars.id,
      name: integrationCalendars.name,
      type: calendarIntegrations.type,
    })
    .from(integrationCalendars)
    .innerJoin(calendarIntegrations, eq(calendarIntegrations.id, integrationCalendars.integrationId))
    .where(
      and(
        eq(integrationCalendars.ownerId, ownerId),
        eq(integrationCalendars.canWrite, true),
        eq(calendarIntegrations.isActive, true),
      ),
    )
    .orderBy(
      asc(calendarIntegrations.createdAt),
      asc(calendarIntegrations.id),
      asc(integrationCalendars.name),
      asc(integrationCalendars.id),
    )
}

/** `PUT /calendarsIntegrations/defaultCalendar`: the calendar bookings are written to, or none (`null`). */
export async function setWriteTarget(db: Db, ownerId: string, target: WriteTarget | null): Promise<Outcome<null>> {
  if (target === null) {
    await db.delete(calendarWriteTargets).where(eq(calendarWriteTargets.ownerId, ownerId))
    return { ok: true, value: null }
  }
  const calendar = await ownedCalendar(db, ownerId, target)
  if (!calendar) return notFound
  if (!calendar.canWrite) return { ok: false, refusal: refusal('calendarNotWritable') }
  await db
    .insert(calendarWriteTargets)
    .values({ ownerId, calendarId: calendar.id })
    .onConflictDoUpdate({ target: calendarWriteTargets.ownerId, set: { calendarId: calendar.id } })
  return { ok: true, value: null }
}

/**
 * `PUT /calendarsIntegrations/{id}/refresh`: the calendar list and busy times synced now; answers when done, with
 * the status the sync ended with.
 */
export async function refreshIntegration(
  deps: CalendarDeps,
  ownerId: string,
  id: string,
): Promise<Outcome<'success' | 'fail'>> {
  if (!(await ownedIntegration(deps.db, ownerId, id))) return notFound
  return { ok: true, value: await syncIntegration(deps, id, { discover: true }) }
}

/** `PUT /calendarsIntegrations/refresh`: every active integration of the owner. */
export async function refreshAll(deps: CalendarDeps, ownerId: string): Promise<Outcome<null>> {
  const rows = await deps.db
    .select({ id: calendarIntegrations.id })
    .from(calendarIntegrations)
    .where(and(eq(calendarIntegrations.ownerId, ownerId), eq(calendarIntegrations.isActive, true)))
  for (const row of rows) await syncIntegration(deps, row.id, { discover: true })
  return { ok: true, value: null }
}

/** `GET /calendarsIntegrations/{id}/onVersionChanged?oldVersion=N`. */
export async function versionChanged(
  db: Db,
  ownerId: string,
  id: string,
  oldVersion: number,
): Promise<Outcome<{ changed: boolean; version: number }>> {
  const row = await ownedIntegration(db, ownerId, id)
  if (!row) return notFound
  return { ok: true, value: { changed: row.version !== oldVersion, version: row.version } }
}
