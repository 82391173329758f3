import type { OutboxChannel } from '#app/domain/enums.ts'
/**
 * The reminders cron job (ARCHITECTURE.md "Cron"): due `reminders` rows become outbox messages exactly once,
 * the outbox delivers them with retries and backoff, and each reminder's status follows its messages.
 *
 * Exactly once: a reminder is claimed by a conditional UPDATE that sets its `outboxId` to a deterministic
 * message id (reminder, due instant, channel); in the same D1 batch (one transaction) the messages are inserted
 * only if that claim holds, with `ON CONFLICT DO NOTHING`. Two overlapping runs write the same ids, so at most
 * one message exists per reminder and channel; a run that dies before its batch leaves the reminder unclaimed,
 * one that dies after leaves the messages for the drain.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { SQLiteSelectQueryBuilder } from 'drizzle-orm/sqlite-core'
import { manageLink } from '#app/domain/reminders/links.ts'
import { reminderMessageId, reminderMessageIds } from '#app/domain/reminders/plan.ts'
import { type ReminderProblem, encodeProblems, parseDeliveryError } from '#app/domain/reminders/problems.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import {
  meetingParticipants,
  meetings,
  notifications,
  outbox,
  participantTelegram,
  reminders,
  telegramBindings,
  users,
} from '#db/schema.ts'
import { type Db, readInParts } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import { bookedPeopleOf } from '../meetings/people.server.ts'
import type { MessageSender } from '../outbox/delivery.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'
import { meetingUrl, participantManageToken } from './links.server.ts'
import {
  type MessageClient,
  type MessageContent,
  clientReminder,
  organizerReminder,
  reminderFailedNotice,
} from './texts.server.ts'

const BATCH = 100
/** A reminder's channels (the outbox also carries calendar writes, never a reminder's). */
type Channel = OutboxChannel

type PlannedMessage = { id: string; channel: Channel; recipient: string; content: MessageContent }

export type RemindersResult = { queued: number; canceled: number; late: number; settled: number }

type ReminderRow = typeof reminders.$inferSelect
type MeetingRow = typeof meetings.$inferSelect

/**
 * The organizer's notice that a reminder finally failed (SPEC §3 action `navigate`, to the meeting page's reminder
 * list). Its id is derived from the reminder and due instant, so a settling repeated by overlapping runs adds one.
 */
async function failureNotice(
  db: Db,
  input: { reminder: ReminderRow; meeting: MeetingRow; recipient: string | null; problems: ReminderProblem[] },
  now: number,
) {
  const [owner] = await db
    .select({ culture: users.culture, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, input.meeting.ownerId))
    .limit(1)
  if (!owner) return []
  const t = getT(owner.culture)
  const notice = reminderFailedNotice(t, {
    meeting: input.meeting,
    recipient: input.recipient,
    timeZone: owner.timeZone,
    problems: input.problems,
  })
  return [
    db
      .insert(notifications)
      .values({
        id: `reminder-failed-${input.reminder.id}-${input.reminder.dueAt}`,
        userId: input.meeting.ownerId,
        title: notice.text.title,
        body: notice.text.body,
        content: { title: notice.title, body: notice.body },
        actionName: 'navigate',
        actionValue: `/meetings/${input.meeting.id}#reminders-title`,
        createdAt: now,
      })
      .onConflictDoNothing(),
  ]
}

/** What a reminder is about: its meeting and, for a client's reminder, the participant (null for the organizer's). */
const SUBJECTS = { reminder: reminders, meeting: meetings, participant: meetingParticipants }

/** Joins a select of reminders to their `SUBJECTS`. */
function withSubjects<T extends SQLiteSelectQueryBuilder>(query: T) {
  return query
    .innerJoin(meetings, eq(meetings.id, reminders.meetingId))
    .leftJoin(meetingParticipants, eq(meetingParticipants.id, reminders.participantId))
}

/** Who a failed reminder was for, as the organizer's notice names them (none for the organizer's own reminder). */
const recipientName = (participant: { firstName: string; lastName: string } | null) =>
  participant ? `${participant.firstName} ${participant.lastName}`.trim() : null

/** One run: settle finished reminders, queue the due ones, deliver what was queued, settle again. */
export async function runReminders(
  db: Db,
  env: AppEnv,
  now: number,
  options: { senders?: Partial<Record<Channel, MessageSender>> } = {},
): Promise<RemindersResult> {
  const result: RemindersResult = { queued: 0, canceled: 0, late: 0, settled: await settleReminders(db, now) }
  const selected = db
    .select({ ...SUBJECTS, owner: users, ownerChat: telegramBindings.chatId, clientChat: participantTelegram.chatId })
    .from(reminders)
    .$dynamic()
  const due = await withSubjects(selected)
    .innerJoin(users, eq(users.id, reminders.ownerId))
    .leftJoin(telegramBindings, eq(telegramBindings.userId, reminders.ownerId))
    .leftJoin(participantTelegram, eq(participantTelegram.participantId, reminders.participantId))
    .where(and(eq(reminders.status, 'scheduled'), isNull(reminders.outboxId), lte(reminders.dueAt, now)))
    .orderBy(asc(reminders.dueAt))
    .limit(BATCH)

  const queuedIds: string[] = []
  const clientsOf = await clientsByMeeting(db, [
    ...new Set(due.filter((d) => d.reminder.recipientKind === 'organizer').map((d) => d.meeting.id)),
  ])
  for (const row of due) {
    const { reminder, meeting, participant } = row
    const stillDue = and(
      eq(reminders.id, reminder.id),
      eq(reminders.status, 'scheduled'),
      isNull(reminders.outboxId),
      eq(reminders.dueAt, reminder.dueAt),
    )
    const clients = clientsOf.get(meeting.id) ?? []
    const silent =
      meeting.status === 'canceled' ||
      participant?.status === 'canceled' ||
      participant?.role === 'adjutant' ||
      (reminder.recipientKind === 'organizer' && clients.length === 0)
    if (silent) {
      await db.update(reminders).set({ status: 'canceled' }).where(stillDue)
      result.canceled++
      continue
    }
    // The participant now belongs to another meeting whose re-planning has not re-homed this row: its time is stale.
    if (participant && participant.meetingId !== reminder.meetingId) {
      await db
        .update(reminders)
        .set({ status: 'canceled', lastError: encodeProblems([{ code: 'participantMoved' }]) })
        .where(stillDue)
      result.canceled++
      continue
    }
    const recipient = recipientName(participant)
    const fail = async (problems: ReminderProblem[]) => {
      await db.batch([
        db
          .update(reminders)
          .set({ status: 'failed', lastError: encodeProblems(problems) })
          .where(stillDue),
        ...(await failureNotice(db, { reminder, meeting, recipient, problems }, now)),
      ])
      result.late++
    }
    if (now >= meeting.startAt) {
      await fail([{ code: 'meetingStarted' }])
      continue
    }
    const messages = await planMessages(db, env, row, clients)
    if (messages.length === 0) {
      await fail([{ code: 'noRecipient', channel: reminder.channel }])
      continue
    }
    const primary = messages[0].id
    await db.batch([
      db.update(reminders).set({ outboxId: primary }).where(stillDue),
      ...messages.map((message) =>
        db
          .insert(outbox)
          .select(
            db
              .select({
                id: sql<string>`${message.id}`.as('id'),
                channel: sql<Channel>`${message.channel}`.as('channel'),
                recipient: sql<string>`${message.recipient}`.as('recipient'),
                subject: sql<string>`${message.content.subject}`.as('subject'),
                text: sql<string>`${message.content.text}`.as('text'),
                html: sql<string | null>`${message.channel === 'email' ? message.content.html : null}`.as('html'),
                payload: sql<null>`NULL`.as('payload'),
                status: sql<'pending'>`'pending'`.as('status'),
                attempts: sql<number>`0`.as('attempts'),
                nextAttemptAt: sql<number>`${now}`.as('next_attempt_at'),
                lockedUntil: sql<number>`0`.as('locked_until'),
                lastError: sql<null>`NULL`.as('last_error'),
                sentAt: sql<null>`NULL`.as('sent_at'),
                createdAt: sql<number>`${now}`.as('created_at'),
              })
              .from(reminders)
              .where(
                and(eq(reminders.id, reminder.id), eq(reminders.outboxId, primary), eq(reminders.status, 'scheduled')),
              ),
          )
          .onConflictDoNothing(),
      ),
    ])
    queuedIds.push(...messages.map((m) => m.id))
    result.queued++
  }
  if (queuedIds.length > 0) {
    await drainOutbox(db, env, now, { ids: queuedIds, senders: options.senders })
    result.settled += await settleReminders(db, now)
  }
  return result
}

type DueRow = {
  reminder: ReminderRow
  meeting: MeetingRow
  participant: typeof meetingParticipants.$inferSelect | null
  owner: typeof users.$inferSelect
  ownerChat: string | null
  clientChat: string | null
}

async function planMessages(db: Db, env: AppEnv, row: DueRow, clients: MessageClient[]): Promise<PlannedMessage[]> {
  const { reminder, meeting, participant, owner } = row
  const id = (channel: Channel) => reminderMessageId(reminder.id, reminder.dueAt, channel)
  let content: MessageContent
  let email: string
  let chat: string | null
  if (participant) {
    // Only a member may cancel or move the booking; a visitor's reminder has no such line.
    const canManage = participant.role === 'member'
    const token = canManage ? await participantManageToken(db, sessionKeys(env), participant.id) : null
    content = clientReminder(getT(participant.language as Language), {
      meeting,
      firstName: participant.firstName,
      organizerName: `${owner.firstName} ${owner.lastName}`.trim(),
      timeZone: participant.timeZone,
      phone: participant.phone,
      manageUrl: token ? manageLink(env.APP_URL, token) : null,
      canManage,
    })
    email = participant.email
    chat = row.clientChat
  } else {
    content = organizerReminder(getT(owner.culture), {
      meeting,
      firstName: owner.firstName,
      clients,
      timeZone: owner.timeZone,
      meetingUrl: meetingUrl(env.APP_URL, meeting.id),
    })
    email = owner.email
    chat = row.ownerChat
  }
  const messages: PlannedMessage[] = []
  if (reminder.channel === 'email') messages.push({ id: id('email'), channel: 'email', recipient: email, content })
  if ((reminder.channel === 'email' || reminder.channel === 'telegram') && chat) {
    messages.push({ id: id('telegram'), channel: 'telegram', recipient: chat, content })
  }
  return messages
}

/** The booked clients (members and visitors) of each meeting, with their phones, for the organizer's reminders. */
async function clientsByMeeting(db: Db, meetingIds: string[]): Promise<Map<string, MessageClient[]>> {
  const clients = new Map<string, MessageClient[]>()
  for (const row of await bookedPeopleOf(db, meetingIds)) {
    const client = { name: `${row.firstName} ${row.lastName}`.trim(), phone: row.phone }
    clients.set(row.meetingId, [...(clients.get(row.meetingId) ?? []), client])
  }
  return clients
}

/**
 * A claimed reminder settles when all its messages are delivered or given up: its status follows the primary
 * message (sent or failed), attempts are the highest of its messages, and each failed channel's problem (a code and
 * the provider's words) is kept. A failed reminder tells the organizer in the notification center.
 */
export async function settleReminders(db: Db, now: number): Promise<number> {
  const claimed = await withSubjects(db.select(SUBJECTS).from(reminders).$dynamic())
    .where(and(eq(reminders.status, 'scheduled'), isNotNull(reminders.outboxId)))
    .limit(500)
  if (claimed.length === 0) return 0
  const messages = await readInParts(
    claimed.flatMap(({ reminder }) => reminderMessageIds(reminder).map((m) => m.id)),
    (part) => db.select().from(outbox).where(inArray(outbox.id, part)),
  )
  const byId = new Map(messages.map((m) => [m.id, m]))
  let settled = 0
  for (const { reminder, meeting, participant } of claimed) {
    const mine = reminderMessageIds(reminder).flatMap(({ id }) => byId.get(id) ?? [])
    const primary = byId.get(reminder.outboxId ?? '')
    if (!primary || mine.some((m) => m.status === 'pending')) continue
    const problems: ReminderProblem[] = mine
      .filter((m) => m.status === 'failed')

      .map((m) => ({
        channel: m.channel as Channel,
        ...(parseDeliveryError(m.lastError) ?? { code: 'failed' as const }),
      }))
    const status = primary.status === 'sent' ? 'sent' : 'failed'
    const recipient = recipientName(participant)
    const [updated] = await db.batch([
      db
        .update(reminders)
        .set({
          status,
          attempts: Math.max(...mine.map((m) => m.attempts)),
          lastError: encodeProblems(problems),
          sentAt: primary.sentAt,
        })
        .where(
          and(eq(reminders.id, reminder.id), eq(reminders.status, 'scheduled'), eq(reminders.outboxId, primary.id)),
        )
        .returning({ id: reminders.id }),
      ...(status === 'failed' ? await failureNotice(db, { reminder, meeting, recipient, problems }, now) : []),
    ])
    settled += updated.length
  }
  return settled
}
