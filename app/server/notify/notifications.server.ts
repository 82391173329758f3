/**
 * The notification center (SPEC §3 "Notification": title, body, action name and value) and its notices: the
 * organizer's about new bookings, cancellations and moves (openEventOrganizer), a client's with an account about their
 * meeting canceled or moved by the specialist (openEventClient), "password changed" (changePassword) and a reminder
 * that could not be sent (navigate, reminder-job.server.ts). Meeting notices also go to Telegram (when bound) and
 * push (when registered) through the one outbox.
 */
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { noticeForReader } from '#app/domain/notices.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { meetingParticipants, type meetings, notifications, pushTokens, telegramBindings, users } from '#db/schema.ts'
import type { NotificationAction } from '#app/domain/enums.ts'
import { type Db, readInParts } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { meetingUrl } from './links.server.ts'
import { type ClientEvent, type Notice, type OrganizerEvent, clientNotice, organizerNotice } from './texts.server.ts'

export const NOTIFICATIONS_PAGE = 50

export type NotificationView = {
  id: string
  title: string
  body: string
  action: { onClickActionName: NotificationAction; onClickActionValue: string }
  isRead: boolean
  createdAt: string
}

/**
 * A page of the user's notifications, each in the reader's language and zone (the stored content rendered at
 * display; rows from before content existed keep their stored text).
 */
export async function listNotifications(
  db: Db,
  reader: { id: string; language: Language; timeZone: string },
  limit = NOTIFICATIONS_PAGE,
  offset = 0,
) {
  const userId = reader.id
  const t = getT(reader.language)
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
        ...noticeForReader(t, row, reader),
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

/** Marks one of the user's notifications read and gives its action; null when it is not theirs. */
export async function openNotification(db: Db, userId: string, id: string, now: number) {
  await markRead(db, userId, now, [id])
  const [row] = await db
    .select({ actionName: notifications.actionName, actionValue: notifications.actionValue })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1)
  return row ?? null
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

type NoticeMeeting = Pick<
  typeof meetings.$inferSelect,
  'id' | 'ownerId' | 'name' | 'startAt' | 'endAt' | 'placeType' | 'meetingPoint'
>

/**
 * One notice to one user: the notification-center row, a Telegram message (if the user connected the bot) and a
 * push to each browser they registered, all through the outbox, as statements for the caller's batch.
 */
export async function noticeStatements(
  db: Db,
  env: AppEnv,
  input: {
    userId: string
    chatId: string | null
    notice: Notice
    /** The Telegram message (the notice's title, body and a link). */
    message: string
    action: NotificationAction
    value: string
  },
  now: number,
) {
  const tokens = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(eq(pushTokens.userId, input.userId))
  const link = new URL(actionHref(input.action, input.value), env.APP_URL).toString()
  return [
    db.insert(notifications).values({
      id: newId(now),
      userId: input.userId,
      title: input.notice.text.title,
      body: input.notice.text.body,
      content: { title: input.notice.title, body: input.notice.body },
      actionName: input.action,
      actionValue: input.value,
      createdAt: now,
    }),
    ...(input.chatId
      ? [enqueueMessage(db, { channel: 'telegram', recipient: input.chatId, text: input.message }, now).query]
      : []),
    ...tokens.map(
      ({ token }) =>
        enqueueMessage(
          db,
          {
            channel: 'push',
            recipient: token,
            subject: input.notice.text.title,
            text: input.notice.text.body,
            payload: { link, onClickActionName: input.action, onClickActionValue: input.value },
          },
          now,
        ).query,
    ),
  ]
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
    meeting: NoticeMeeting
    clients?: string[]
    previousStartAt?: number
    /** A participant's reason for cancelling their own booking. */
    reason?: string | null
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
  const notice = organizerNotice(getT(owner.culture), input.event, {
    meeting,
    clients,
    timeZone: owner.timeZone,
    previousStartAt: input.previousStartAt,
    reason: input.reason ?? null,
    meetingUrl: meetingUrl(env.APP_URL, meeting.id),
  })
  return noticeStatements(
    db,
    env,
    {
      userId: meeting.ownerId,
      chatId: owner.chatId,
      notice,
      message: notice.message,
      action: 'openEventOrganizer',
      value: meeting.id,
    },
    now,
  )
}

/**
 * Statements for the batch in which the specialist cancels or moves a meeting (or cancels some participants): a
 * notice to each of `participants` who has an account (the participant's email is the account's, as "I am booked"
 * finds their meetings), in their language and zone, opening their view of the meeting (SPEC §3 `openEventClient`,
 * the participant id). A participant acting on their own booking is not told about it: leave them out.
 */
export async function participantNotices(
  db: Db,
  env: AppEnv,
  input: {
    event: ClientEvent
    meeting: NoticeMeeting
    participants: readonly { id: string; email: string }[]
    previousStartAt?: number
    now: number
  },
) {
  const { meeting, now } = input
  const emails = [...new Set(input.participants.map((p) => p.email.toLowerCase()))]
  const accounts = await readInParts(emails, (part) =>
    db
      .select({
        id: users.id,
        email: users.email,
        culture: users.culture,
        timeZone: users.timeZone,
        chatId: telegramBindings.chatId,
      })
      .from(users)
      .leftJoin(telegramBindings, eq(telegramBindings.userId, users.id))
      .where(and(inArray(users.email, part), ne(users.id, meeting.ownerId))),
  )
  if (accounts.length === 0) return []
  const [organizer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, meeting.ownerId))
    .limit(1)
  const organizerName = organizer ? `${organizer.firstName} ${organizer.lastName}`.trim() : ''
  const statements = []
  for (const participant of input.participants) {
    const account = accounts.find((a) => a.email === participant.email.toLowerCase())
    if (!account) continue
    const t = getT(account.culture)
    const notice = clientNotice(t, input.event, {
      meeting,
      organizerName,
      timeZone: account.timeZone,
      previousStartAt: input.previousStartAt,
    })
    const link = new URL(actionHref('openEventClient', participant.id), env.APP_URL).toString()
    statements.push(
      ...(await noticeStatements(
        db,
        env,
        {
          userId: account.id,
          chatId: account.chatId,
          notice,
          message: [notice.text.title, notice.text.body, t('notify:meetingLink', { link })].join('\n\n'),
          action: 'openEventClient',
          value: participant.id,
        },
        now,
      )),
    )
  }
  return statements
}

/**
 * The statement for the batch that changes a user's password: a notice "your password was changed" (SPEC §3
 * `changePassword`: opening it offers to change the password again, should it not have been them).
 */
export function passwordChangedNotice(db: Db, user: { id: string; culture: Language }, now: number) {
  const t = getT(user.culture)
  return db.insert(notifications).values({
    id: newId(now),
    userId: user.id,
    title: t('notify:passwordChanged.title'),
    body: t('notify:passwordChanged.body'),
    content: { title: { key: 'notify:passwordChanged.title' }, body: { key: 'notify:passwordChanged.body' } },
    actionName: 'changePassword',
    actionValue: '',
    createdAt: now,
  })
}
