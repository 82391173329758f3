/**
 * The home page's statistics (SPEC §3 "Statistics"): the user card and seven counters, each navigating where it
 * points, and the integrations list. Everything counted for the signed-in specialist only.
 */
import { and, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import { PLANS } from '#app/domain/plans.ts'
import { addDays, instantToZoned, isoToDmy, startOfZonedDay } from '#app/domain/time/index.ts'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import type { Db } from '#app/server/db.server.ts'
import {
  calendarIntegrations,
  contacts,
  eventTypes,
  meetings,
  schedules,
  telegramBindings,
  type users,
} from '#db/schema.ts'

type Owner = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'imageKey' | 'createdAt' | 'plan' | 'planValidUntil' | 'timeZone'
>

export const STATISTIC_ITEMS = [
  'eventTypes',
  'schedule',
  'meetingsSuccess',
  'contact',
  'meetingsUpcoming',
  'meetingsCompleted',
  'meetingsCanceled',
] as const
export type StatisticItem = (typeof STATISTIC_ITEMS)[number]

const TARGETS: Record<StatisticItem, string> = {
  eventTypes: '/eventTypes',
  schedule: '/schedules',
  meetingsSuccess: '/meetings?filter=completed&held=true',
  contact: '/contacts',
  meetingsUpcoming: '/meetings?filter=upcoming',
  meetingsCompleted: '/meetings?filter=completed',
  meetingsCanceled: '/meetings?filter=canceled',
}

const COLORS: Partial<Record<StatisticItem, string>> = {
  meetingsSuccess: 'success',
  meetingsCanceled: 'error',
}

/** The home page's integration chips (SPEC §2 Integrations): the calendar providers, then Telegram. */
const INTEGRATIONS = ['Google', 'Yandex', 'Apple', 'Outlook', 'CalDav', 'Telegram'] as const
const LABELS: Partial<Record<(typeof INTEGRATIONS)[number], string>> = { CalDav: 'CalDAV' }

async function countOf(query: Promise<{ value: number }[]>) {
  const [row] = await query
  return row?.value ?? 0
}

export async function homeStatistics(db: Db, owner: Owner, now: number, label: (item: string) => string) {
  const mine = eq(meetings.ownerId, owner.id)
  const live = and(mine, eq(meetings.status, 'upcoming'))
  const today = instantToZoned(owner.timeZone, now).date
  const todayFrom = startOfZonedDay(owner.timeZone, today)
  const todayTo = startOfZonedDay(owner.timeZone, addDays(today, 1))
  const [
    eventTypeCount,
    scheduleCount,
    held,
    contactCount,
    upcoming,
    completed,
    canceled,
    todayCount,
    telegram,
    calendars,
  ] = await Promise.all([
    countOf(db.select({ value: count() }).from(eventTypes).where(eq(eventTypes.ownerId, owner.id))),
    countOf(db.select({ value: count() }).from(schedules).where(eq(schedules.ownerId, owner.id))),
    countOf(
      db
        .select({ value: count() })
        .from(meetings)
        .where(and(live, lt(meetings.endAt, now + 1), or(isNull(meetings.isFailed), eq(meetings.isFailed, false)))),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(contacts)
        .where(and(eq(contacts.ownerId, owner.id), eq(contacts.isArchived, false))),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(meetings)
        .where(and(live, gte(meetings.endAt, now + 1))),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(meetings)
        .where(and(live, lt(meetings.endAt, now + 1))),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(meetings)
        .where(and(mine, eq(meetings.status, 'canceled'))),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(meetings)
        .where(and(live, gte(meetings.startAt, todayFrom), lt(meetings.startAt, todayTo))),
    ),
    db
      .select({ chatId: telegramBindings.chatId })
      .from(telegramBindings)
      .where(and(eq(telegramBindings.userId, owner.id), sql`${telegramBindings.chatId} is not null`))
      .limit(1),
    // A calendar type is connected while one of its integrations is switched on (a switched-off one blocks nothing).
    db
      .selectDistinct({ type: calendarIntegrations.type })
      .from(calendarIntegrations)
      .where(and(eq(calendarIntegrations.ownerId, owner.id), eq(calendarIntegrations.isActive, true))),
  ])
  const connected = new Set<string>(calendars.map((c) => c.type))
  if (telegram.length > 0) connected.add('Telegram')
  const values: Record<StatisticItem, number> = {
    eventTypes: eventTypeCount,
    schedule: scheduleCount,
    meetingsSuccess: held,
    contact: contactCount,
    meetingsUpcoming: upcoming,
    meetingsCompleted: completed,
    meetingsCanceled: canceled,
  }
  const limits = PLANS[owner.plan].limits
  const maxValues: Partial<Record<StatisticItem, number | null>> = {
    eventTypes: limits.eventTypes,
    schedule: limits.schedules,
  }
  return {
    user: {
      imageUrl: avatarUrl(owner.imageKey),
      firstName: owner.firstName,
      registrationDate: isoToDmy(instantToZoned(owner.timeZone, owner.createdAt).date),
      tariffName: owner.plan,
      dateStop: owner.planValidUntil ? isoToDmy(instantToZoned(owner.timeZone, owner.planValidUntil).date) : null,
      meetingsForTodayCount: todayCount,
    },
    total: STATISTIC_ITEMS.map((item) => ({
      statisticItem: item,
      label: label(item),
      value: values[item],
      valueColor: COLORS[item] ?? 'primary',
      valueMeasure: null,
      maxValue: maxValues[item] ?? null,
      onClickActionName: 'navigate' as const,
      onClickActionValue: TARGETS[item],
    })),
    integrations: INTEGRATIONS.map((id) => ({ id, label: LABELS[id] ?? id, isConnect: connected.has(id) })),
  }
}
export type HomeStatistics = Awaited<ReturnType<typeof homeStatistics>>
