/**
 * The notification center (SPEC §3 "Notification": title, body, action name and value) and the organizer's notices
 * about new bookings, cancellations and moves, delivered to the center, Telegram (when bound) and push (when
 * registered) through the one outbox.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { meetingParticipants, type meetings, notifications, pushTokens, telegramBindings, users } from '#db/schema.ts'
import type { NotificationAction } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { meetingUrl } from './reminders.server.ts'
import { type OrganizerEvent, organizerNotice } from './texts.server.ts'

export const NOTIFICATIONS_PAGE = 50

export type NotificationView = {
  id: string
  title: string
  body: string
  action: { onClickActionName: NotificationAction; onClickActionValue: string }
  isRead: boolean
  createdAt: string
}

export async function listNotifications(db: Db, userId: string, limit = NOTIFICATIONS_PAGE, offset = 0) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ])
  return {
    items: rows.map(
      (row): NotificationView => ({
        id: row.id,
        title: row.title,
        body: row.body,
        action: { onClickActionName: row.actionName, onClickActionValue: row.actionValue },
        isRead: row.readAt !== null,
        createdAt: new Date(row.createdAt).toISOString(),
      }),
    ),
    pagination: { totalCount: total, currentOffset: offset },
  }
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return total
}

/** Marks the user's notifications read (all, or the given ids); another user's ids change nothing. */
export async function markRead(db: Db, userId: string, now: number, ids?: string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/** Where a notification's action leads in the web app (SPEC §3 onClickActionName). */
export function actionHref(action: NotificationAction, value: string): string {
  switch (action) {
    case 'openEventOrganizer':
      return `/meetings/${encodeURIComponent(value)}`
    case 'openEventClient':
      return `/meetings/myMeetings/${encodeURIComponent(value)}`
    case 'changePassword':
      return '/profile?changePassword=1'
    default:
      return value.startsWith('/') && !value.startsWith('//') ? value : '/'
  }
}

export async function registerPushToken(db: Db, userId: string, token: string) {
  await db
    .insert(pushTokens)
    .values({ id: newId(), userId, token })
    .onConflictDoUpdate({ target: pushTokens.token, set: { userId } })
}

/**
 * Statements for the batch that books, cancels or moves a meeting: the organizer's notice in the notification
 * center, on Telegram (if bound) and by push (each registered browser). Read after the meeting rows exist (for a new
 * booking, pass the meeting and clients explicitly when they are written in the same batch).
 */
export async function organizerNotices(
  db: Db,
  env: AppEnv,
  input: {
    event: OrganizerEvent
    meeting: Pick<
      typeof meetings.$inferSelect,
      'id' | 'ownerId' | 'name' | 'startAt' | 'endAt' | 'placeType' | 'meetingPoint'
    >
    clients?: string[]
    previousStartAt?: number
    now: number
  },
) {
  const { meeting, now } = input
  const [owner] = await db
    .select({ culture: users.culture, timeZone: users.timeZone, chatId: telegramBindings.chatId })
    .from(users)
    .leftJoin(telegramBindings, eq(telegramBindings.userId, users.id))
    .where(eq(users.id, meeting.ownerId))
    .limit(1)
  if (!owner) return []
  const clients =
    input.clients ??
    (
      await db
        .select({ firstName: meetingParticipants.firstName, lastName: meetingParticipants.lastName })
        .from(meetingParticipants)
        .where(eq(meetingParticipants.meetingId, meeting.id))
    ).map((p) => `${p.firstName} ${p.lastName}`.trim())
  const url = meetingUrl(env.APP_URL, meeting.id)
  const notice = organizerNotice(getT(owner.culture), input.event, {
    meeting,
    clients,
    timeZone: owner.timeZone,
    previousStartAt: input.previousStartAt,
    meetingUrl: url,
  })
  const tokens = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(eq(pushTokens.userId, meeting.ownerId))
  return [
    db.insert(notifications).values({
      id: newId(now),
      userId: meeting.ownerId,
      title: notice.title,
      body: notice.body,
      actionName: 'openEventOrganizer',
      actionValue: meeting.id,
      createdAt: now,
    }),
    ...(owner.chatId
      ? [enqueueMessage(db, { channel: 'telegram', recipient: owner.chatId, text: notice.text }, now).query]
      : []),
    ...tokens.map(
      ({ token }) =>
        enqueueMessage(
          db,
          {
            channel: 'push',
            recipient: token,
            subject: notice.title,
            text: notice.body,
            payload: { link: url, onClickActionName: 'openEventOrganizer', onClickActionValue: meeting.id },
          },
          now,
        ).query,
    ),
  ]
}
