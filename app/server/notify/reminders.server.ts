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
import { and, asc, eq, inArray, isNotNull, isNull, like, lte, ne, or, sql } from 'drizzle-orm'
import { manageLink } from '#app/domain/reminders/links.ts'
import { reminderMessageId } from '#app/domain/reminders/plan.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import {
  meetingParticipants,
  meetings,
  outbox,
  participantTelegram,
  reminders,
  telegramBindings,
  users,
} from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, sessionSecret } from '../env.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'
import type { MessageSender, OutgoingMessage } from '../outbox/senders.server.ts'
import { participantManageToken } from './links.server.ts'
import { clientReminder, type MessageContent, organizerReminder } from './texts.server.ts'

const BATCH = 100
type Channel = OutgoingMessage['channel']

export const meetingUrl = (appUrl: string, meetingId: string) => new URL(`/meetings/${meetingId}`, appUrl).toString()

type PlannedMessage = { id: string; channel: Channel; recipient: string; content: MessageContent }

export type RemindersResult = { queued: number; canceled: number; late: number; settled: number }

/** One run: settle finished reminders, queue the due ones, deliver what was queued, settle again. */
export async function runReminders(
  db: Db,
  env: AppEnv,
  now: number,
  options: { senders?: Partial<Record<Channel, MessageSender>> } = {},
): Promise<RemindersResult> {
  const result: RemindersResult = { queued: 0, canceled: 0, late: 0, settled: await settleReminders(db) }
  const due = await db
    .select({
      reminder: reminders,
      meeting: meetings,
      participant: meetingParticipants,
      owner: users,
      ownerChat: telegramBindings.chatId,
      clientChat: participantTelegram.chatId,
    })
    .from(reminders)
    .innerJoin(meetings, eq(meetings.id, reminders.meetingId))
    .innerJoin(users, eq(users.id, reminders.ownerId))
    .leftJoin(meetingParticipants, eq(meetingParticipants.id, reminders.participantId))
    .leftJoin(telegramBindings, eq(telegramBindings.userId, reminders.ownerId))
    .leftJoin(participantTelegram, eq(participantTelegram.participantId, reminders.participantId))
    .where(and(eq(reminders.status, 'scheduled'), isNull(reminders.outboxId), lte(reminders.dueAt, now)))
    .orderBy(asc(reminders.dueAt))
    .limit(BATCH)

  const queuedIds: string[] = []
  const clientsOf = await clientNames(db, [
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
      (reminder.recipientKind === 'organizer' && clients.length === 0)
    if (silent) {
      await db.update(reminders).set({ status: 'canceled' }).where(stillDue)
      result.canceled++
      continue
    }
    if (now >= meeting.startAt) {
      await db
        .update(reminders)
        .set({ status: 'failed', lastError: 'not sent: the meeting had already started' })
        .where(stillDue)
      result.late++
      continue
    }
    const messages = await planMessages(db, env, row, clients)
    if (messages.length === 0) {
      await db
        .update(reminders)
        .set({ status: 'failed', lastError: `no ${reminder.channel} recipient` })
        .where(stillDue)
      result.late++
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
    result.settled += await settleReminders(db)
  }
  return result
}

type DueRow = {
  reminder: typeof reminders.$inferSelect
  meeting: typeof meetings.$inferSelect
  participant: typeof meetingParticipants.$inferSelect | null
  owner: typeof users.$inferSelect
  ownerChat: string | null
  clientChat: string | null
}

async function planMessages(db: Db, env: AppEnv, row: DueRow, clients: string[]): Promise<PlannedMessage[]> {
  const { reminder, meeting, participant, owner } = row
  const id = (channel: Channel) => reminderMessageId(reminder.id, reminder.dueAt, channel)
  let content: MessageContent
  let email: string
  let chat: string | null
  if (participant) {
    const token = await participantManageToken(db, sessionSecret(env), participant.id)
    content = clientReminder(getT(participant.language as Language), {
      meeting,
      firstName: participant.firstName,
      organizerName: `${owner.firstName} ${owner.lastName}`.trim(),
      timeZone: participant.timeZone,
      phone: meeting.placeType === 'Phone' ? participant.phone : null,
      manageUrl: token ? manageLink(env.APP_URL, token) : null,
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

async function clientNames(db: Db, meetingIds: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>()
  if (meetingIds.length === 0) return names
  const rows = await db
    .select({
      meetingId: meetingParticipants.meetingId,
      firstName: meetingParticipants.firstName,
      lastName: meetingParticipants.lastName,
    })
    .from(meetingParticipants)
    .where(and(inArray(meetingParticipants.meetingId, meetingIds), eq(meetingParticipants.status, 'booked')))
  for (const row of rows) {
    names.set(row.meetingId, [...(names.get(row.meetingId) ?? []), `${row.firstName} ${row.lastName}`.trim()])
  }
  return names
}

/** Every message id a reminder may have: its primary `outboxId` and the other channels of the same due instant. */
function messageIdsOf(reminder: { id: string; dueAt: number }): string[] {
  return (['email', 'telegram', 'push'] as const).map((channel) =>
    reminderMessageId(reminder.id, reminder.dueAt, channel),
  )
}

/**
 * A claimed reminder settles when all its messages are delivered or given up: its status follows the primary
 * message (sent or failed), attempts and the last error (any channel's) are copied from the outbox rows.
 */
export async function settleReminders(db: Db): Promise<number> {
  const claimed = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.status, 'scheduled'), isNotNull(reminders.outboxId)))
    .limit(500)
  if (claimed.length === 0) return 0
  const messages = await db
    .select()
    .from(outbox)
    .where(inArray(outbox.id, claimed.flatMap(messageIdsOf)))
  const byId = new Map(messages.map((m) => [m.id, m]))
  let settled = 0
  for (const reminder of claimed) {
    const mine = messageIdsOf(reminder).flatMap((id) => byId.get(id) ?? [])
    const primary = byId.get(reminder.outboxId ?? '')
    if (!primary || mine.some((m) => m.status === 'pending')) continue
    const errors = mine.filter((m) => m.status === 'failed').map((m) => `${m.channel}: ${m.lastError ?? 'failed'}`)
    const updated = await db
      .update(reminders)
      .set({
        status: primary.status === 'sent' ? 'sent' : 'failed',
        attempts: Math.max(...mine.map((m) => m.attempts)),
        lastError: errors.length > 0 ? errors.join('; ') : null,
        sentAt: primary.sentAt,
      })
      .where(and(eq(reminders.id, reminder.id), eq(reminders.status, 'scheduled'), eq(reminders.outboxId, primary.id)))
      .returning({ id: reminders.id })
    settled += updated.length
  }
  return settled
}

/** Gives up the undelivered messages of a meeting's (or one participant's) claimed reminders. */
function abandonMessages(db: Db, meetingId: string, reason: string, participantId?: string) {
  const owned = db
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(eq(reminders.meetingId, meetingId), participantId ? eq(reminders.participantId, participantId) : undefined),
    )
  return db
    .update(outbox)
    .set({ status: 'failed', lastError: reason })
    .where(
      and(
        eq(outbox.status, 'pending'),
        like(outbox.id, 'reminder-%'),
        inArray(sql`substr(${outbox.id}, 10, 36)`, owned),
      ),
    )
}

/**
 * Statements for the batch that moves a meeting (after the UPDATE of `meetings.start_at` in the same batch):
 * its live reminders are re-planned from the new start; those whose moment has already passed are skipped
 * (canceled, with the reason), and any undelivered message with the old time is given up.
 */
export function replanReminders(db: Db, meetingId: string, now: number = Date.now()) {
  const live = and(
    eq(reminders.meetingId, meetingId),
    or(
      isNull(reminders.participantId),
      inArray(
        reminders.participantId,
        db
          .select({ id: meetingParticipants.id })
          .from(meetingParticipants)
          .where(and(eq(meetingParticipants.meetingId, meetingId), eq(meetingParticipants.status, 'booked'))),
      ),
    ),
  )
  return [
    abandonMessages(db, meetingId, 'superseded: the meeting was moved'),
    db
      .update(reminders)
      .set({
        dueAt: sql`(SELECT start_at FROM meetings WHERE id = ${meetingId}) - ${reminders.offsetMinutes} * 60000`,
        status: 'scheduled',
        outboxId: null,
        attempts: 0,
        lastError: null,
        sentAt: null,
      })
      .where(live),
    db
      .update(reminders)
      .set({ status: 'canceled', lastError: 'skipped: the meeting was moved to less than this reminder ahead' })
      .where(and(live, eq(reminders.status, 'scheduled'), lte(reminders.dueAt, now))),
  ] as const
}

/**
 * Statements for the batch that cancels a meeting (or one participant): its scheduled reminders are canceled
 * and undelivered reminder messages given up, so a canceled meeting stays silent.
 */
export function cancelReminders(db: Db, meetingId: string, participantId?: string) {
  return [
    abandonMessages(db, meetingId, 'canceled: the meeting was canceled', participantId),
    db
      .update(reminders)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(reminders.meetingId, meetingId),
          participantId ? eq(reminders.participantId, participantId) : undefined,
          ne(reminders.status, 'sent'),
          ne(reminders.status, 'failed'),
        ),
      ),
  ] as const
}
