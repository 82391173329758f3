import { env } from 'cloudflare:workers'
import type { CalendarType } from '#app/domain/enums.ts'
import { newId } from '#app/domain/ids.ts'
import { sealCredentials } from '#app/server/calendars/credentials.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv, sessionKeys } from '#app/server/env.server.ts'
import { calendarIntegrations, integrationCalendars } from '#db/schema.ts'

/** A password no answer or page may ever contain. */
export const SECRET_PASSWORD = 'app-password-Zx9-never-answered'

/**
 * Nothing listens there: a sync or a connect through it fails at once as "unavailable" (development allows loopback
 * URLs; tests inside workerd reach no CalDAV server).
 */
export const UNREACHABLE_URL = 'http://127.0.0.1:9/'

/**
 * An integration row as connecting one leaves it, with its calendars, written directly (the tests reach no CalDAV
 * server). Its credentials are sealed for real, with `SECRET_PASSWORD`.
 */
export async function insertIntegration(
  ownerId: string,
  options: {
    type?: CalendarType
    label?: string
    login?: string
    email?: string
    url?: string | null
    isActive?: boolean
    isDepressed?: boolean
    syncStatus?: 'fetching' | 'success' | 'fail'
    problem?: string | null
    lastUpdate?: number | null
    calendars?: { name: string; color?: string | null; isBusySource?: boolean; canWrite?: boolean }[]
  } = {},
) {
  const db = getDb(env.DB)
  const id = newId()
  const login = options.login ?? 'specialist@example.com'
  await db.insert(calendarIntegrations).values({
    id,
    ownerId,
    type: options.type ?? 'CalDav',
    label: options.label ?? '127.0.0.1:9',
    name: login,
    login,
    email: options.email ?? login,
    url: options.url === undefined ? UNREACHABLE_URL : options.url,
    credentialsEnc: await sealCredentials(sessionKeys(parseEnv(env)), {
      kind: 'password',
      login,
      password: SECRET_PASSWORD,
    }),
    isActive: options.isActive ?? true,
    isDepressed: options.isDepressed ?? false,
    syncStatus: options.syncStatus ?? 'success',
    problem: options.problem ?? null,
    lastUpdate: options.lastUpdate === undefined ? Date.now() : options.lastUpdate,
  })
  const calendars = []
  for (const [index, calendar] of (options.calendars ?? [{ name: 'Work', color: '#ff0000' }]).entries()) {
    const calendarId = newId()
    await db.insert(integrationCalendars).values({
      id: calendarId,
      integrationId: id,
      ownerId,
      remoteId: `${UNREACHABLE_URL}calendars/${index}/`,
      name: calendar.name,
      color: calendar.color ?? null,
      isBusySource: calendar.isBusySource ?? true,
      canWrite: calendar.canWrite ?? true,
    })
    calendars.push({ id: calendarId, name: calendar.name })
  }
  return { id, calendars }
}
