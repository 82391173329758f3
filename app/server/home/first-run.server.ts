/**
 * The first-run guide of the home page (app/domain/home/first-run.ts): the facts read from the account, the steps
 * marked done in the `guide` cookie, and once all are done the next meetings and the public link to copy.
 */
import { and, asc, count, eq, gte } from 'drizzle-orm'
import { type GuideStep, guideSteps, parseMarked } from '#app/domain/home/first-run.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { meetings, scheduleAdjustments, schedules, type users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { HomeStatistics } from '../meetings/statistics.server.ts'
import { preferenceCookie } from '../preference-cookie.server.ts'
import { DEFAULT_WEEKLY } from '../schedules/schedules.server.ts'

export const guideCookie = preferenceCookie('guide')

export async function markedSteps(request: Request): Promise<Set<GuideStep>> {
  const value = await guideCookie.parse(request.headers.get('Cookie'))
  return parseMarked(typeof value === 'string' ? value : null)
}

type Owner = Pick<typeof users.$inferSelect, 'id' | 'login' | 'description' | 'imageKey' | 'timeZone'>

const NEXT_MEETINGS = 5

export async function firstRunGuide(
  db: Db,
  input: {
    owner: Owner
    statistics: HomeStatistics
    request: Request
    appUrl: string
    language: Language
    now: number
  },
) {
  const { owner, statistics, now } = input
  const [ownSchedules, [adjusted], [booked]] = await Promise.all([
    db.select({ weekly: schedules.weekly }).from(schedules).where(eq(schedules.ownerId, owner.id)),
    db
      .select({ value: count() })
      .from(scheduleAdjustments)
      .innerJoin(schedules, eq(schedules.id, scheduleAdjustments.scheduleId))
      .where(eq(schedules.ownerId, owner.id)),
    db.select({ value: count() }).from(meetings).where(eq(meetings.ownerId, owner.id)),
  ])
  const defaultWeekly = JSON.stringify(DEFAULT_WEEKLY)
  const connected = (id: string) => statistics.integrations.some((item) => item.id === id && item.isConnect)
  const guide = guideSteps(
    {
      hasPhotoOrDescription: owner.imageKey !== null || owner.description.trim() !== '',
      scheduleChanged:
        ownSchedules.length > 1 ||
        ownSchedules.some((schedule) => JSON.stringify(schedule.weekly) !== defaultWeekly) ||
        (adjusted?.value ?? 0) > 0,
      eventTypes: statistics.total.find((item) => item.statisticItem === 'eventTypes')?.value ?? 0,
      bookings: booked?.value ?? 0,
      calendarConnected: statistics.integrations.some((item) => item.id !== 'Telegram' && item.isConnect),
      telegramConnected: connected('Telegram'),
    },
    await markedSteps(input.request),
  )
  const link = new URL(`/user/${encodeURIComponent(owner.login)}`, input.appUrl).toString()
  if (!guide.complete) return { ...guide, next: [], link }
  // Done: today's meetings still running and the next ones, in the profile's zone.
  const next = await db
    .select({ id: meetings.id, name: meetings.name, startAt: meetings.startAt, endAt: meetings.endAt })
    .from(meetings)
    .where(and(eq(meetings.ownerId, owner.id), eq(meetings.status, 'upcoming'), gte(meetings.endAt, now)))
    .orderBy(asc(meetings.startAt))
    .limit(NEXT_MEETINGS)
  return {
    ...guide,
    next: next.map((meeting) => ({
      id: meeting.id,
      name: meeting.name,
      when: formatWhen({ start: meeting.startAt, end: meeting.endAt }, owner.timeZone, input.language),
    })),
    link,
  }
}

export type FirstRunGuide = Awaited<ReturnType<typeof firstRunGuide>>
