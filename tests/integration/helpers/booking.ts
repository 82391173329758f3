import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { getDb } from '#app/server/db.server.ts'
import { newId } from '#app/domain/ids.ts'
import { eventNameKey } from '#app/domain/event-types/link.ts'
import { eventTypes, schedules } from '#db/schema.ts'
import { createTestUser } from './users.ts'

/** A host working every day 09:00-18:00 UTC with one event type (overrides apply to the event type). */
export async function createBookableHost(
  eventType: Partial<typeof eventTypes.$inferInsert> = {},
  user: Parameters<typeof createTestUser>[0] = {},
) {
  const host = await createTestUser({ timeZone: 'Etc/UTC', ...user })
  const scheduleId = newId()
  const db = getDb(env.DB)
  await db.insert(schedules).values({
    id: scheduleId,
    ownerId: host.id,
    name: 'Work',
    timeZone: 'Etc/UTC',
    isDefault: true,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, intervals: [{ start: '09:00', end: '18:00' }] })),
  })
  const row = await addEventType(host.id, scheduleId, eventType)
  return { host, eventType: row, scheduleId }
}

/** An event type of an existing host, on the given schedule (a 30-minute consultation unless told otherwise). */
export async function addEventType(
  ownerId: string,
  scheduleId: string,
  eventType: Partial<typeof eventTypes.$inferInsert> = {},
) {
  const row = {
    id: newId(),
    ownerId,
    name: 'Consultation',
    link: 'consult',
    durationInMinutes: 30,
    stepMinutes: 30,
    remindersInMinutes: [60, 1440],
    scheduleId,
    ...eventType,
  }
  await getDb(env.DB)
    .insert(eventTypes)
    .values({ ...row, nameKey: eventNameKey(row.name) })
  return row
}

export function api(path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers)
  if (!headers.has('CF-Connecting-IP'))
    headers.set(
      'CF-Connecting-IP',
      init.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    )
  if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return SELF.fetch(`http://localhost/api/v2${path}`, { ...init, headers })
}

/** The first free slot of next month in UTC, through the public API. */
export async function firstFreeSlot(login: string, link: string, headers: Record<string, string> = {}) {
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const y = next.getUTCFullYear()
  const m = next.getUTCMonth() + 1
  const days = (await (
    await api(`/public/${login}/eventTypes/${link}/days/${y}/${m}`, { headers: { timezone: 'Etc/UTC', ...headers } })
  ).json()) as {
    data: string[]
  }
  const [d] = days.data[0].split('.').map(Number)
  const slots = (await (
    await api(`/public/${login}/eventTypes/${link}/slots/${y}/${m}/${d}`, {
      headers: { timezone: 'Etc/UTC', ...headers },
    })
  ).json()) as { data: { start: string; end: string; seatsLeft: number; from: string }[] }
  return { day: days.data[0], slots: slots.data, year: y, month: m, date: d }
}

export const contactInfo = (n: number | string = 1) => ({
  firstName: 'Иван',
  lastName: 'Петров',
  email: `client${n}@example.com`,
  phone: '+7 900 000-00-00',
  comment: 'Hello; a "quoted", comment\nwith a newline',
  messengerType: 'Telegram',
  messengerValue: '@ivan',
})
