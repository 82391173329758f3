import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { OutboxRowChannel } from '#app/domain/enums.ts'
import { outbox, pushTokens } from '#db/schema.ts'
import { type Db, IN_LIST_MAX, chunked } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { type MessageSender, type OutgoingMessage, SEND_TIMEOUT_MS, deliveryErrorText } from './delivery.server.ts'
import { senderFor } from './senders.server.ts'

/** After this many failed attempts a message is marked failed, with its last error kept. */
export const MAX_ATTEMPTS = 8
/** How long a delivery claims a message; a run that dies frees its claims when this passes. */
export const CLAIM_MS = 2 * 60_000
/** Messages one drain delivers at most. */
const BATCH = 50

/** 1, 2, 4, 8 ... minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}

export { type NewMessage, enqueueMessage } from './enqueue.server.ts'

/**
 * Claims the next due message with one UPDATE ... RETURNING, which SQLite runs atomically: two overlapping drains
 * never claim the same row. One message at a time, right before its delivery, so every delivery starts with a
 * whole claim ahead of it (CLAIM_MS) and ends, by its timeout (SEND_TIMEOUT_MS), well inside it.
 */
async function claimNext(db: Db, at: number, ids?: string[]) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, at),
        lte(outbox.lockedUntil, at),
        ids ? inArray(outbox.id, ids) : undefined,
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(1)
  const [row] = await db
    .update(outbox)
    .set({ lockedUntil: at + CLAIM_MS, attempts: sql`${outbox.attempts} + 1` })
    .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending'), lte(outbox.lockedUntil, at)))
    .returning()
  return row
}

export type DrainResult = { sent: number; retried: number; failed: number }
type Channel = OutgoingMessage['channel']

/**
 * Delivers due messages (all, or only `ids` for the immediate background delivery after a change), at most BATCH.
 * Each delivery is aborted after SEND_TIMEOUT_MS; a timeout is a failed attempt like any other (retried with
 * backoff), a permanent failure (a push token FCM no longer knows) is given up at once and the token forgotten.
 */
export async function drainOutbox(
  db: Db,
  env: AppEnv,
  now: number,
  options: { ids?: string[]; senders?: Partial<Record<Channel, MessageSender>> } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 }
  const started = Date.now()
  // `now` is the run's minute (or a test's timeline); claims follow the real time this drain has spent since.
  const clock = () => now + (Date.now() - started)
  // One sender per channel for the whole drain, so a provider's access token is fetched once.
  const built = new Map<Channel, MessageSender>()
  const senderOf = (channel: Channel): MessageSender => {
    const given = options.senders?.[channel]
    if (given) return given
    let sender = built.get(channel)
    if (!sender) {
      sender = senderFor(channel, env, db)
      built.set(channel, sender)
    }
    return sender
  }
  // The given ids in parts (a one-time meeting's invitations can be more than D1 binds); all due ones else.
  const parts = options.ids ? chunked(options.ids, IN_LIST_MAX) : [undefined]
  let part = 0
  for (let i = 0; i < BATCH; i++) {
    let row = await claimNext(db, clock(), parts[part])
    while (!row && part < parts.length - 1) row = await claimNext(db, clock(), parts[++part])
    if (!row) break
    // Only this claim may record the outcome: a drain that somehow outlived its claim changes nothing.
    const ours = and(eq(outbox.id, row.id), eq(outbox.lockedUntil, row.lockedUntil))
    try {
      await senderOf(row.channel).send(row, AbortSignal.timeout(SEND_TIMEOUT_MS))
      await db.update(outbox).set({ status: 'sent', sentAt: clock(), lastError: null, lockedUntil: 0 }).where(ours)
      result.sent++
    } catch (error) {
      const failure = deliveryErrorText(error)
      const giveUp = failure.permanent || row.attempts >= MAX_ATTEMPTS
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: failure.text,
          lockedUntil: 0,
          nextAttemptAt: now + backoffMs(row.attempts),
        })
        .where(ours)
      if (failure.code === 'unregistered' && row.channel === 'push') {
        await db.delete(pushTokens).where(eq(pushTokens.token, row.recipient))
      }
      if (giveUp) result.failed++
      else result.retried++
    }
  }
  return result
}

/** The development mailbox: emails newest first (API-CONTRACT.md "Development mail"). */
function attachmentsOf(row: typeof outbox.$inferSelect) {
  return (row.payload?.attachments as { filename: string; content?: string }[] | undefined) ?? []
}

/** The newest messages of the channels, for the development views. */
function newestOf(db: Db, channels: OutboxRowChannel[], limit: number) {
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.channel, channels))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
}

export async function listSentEmails(db: Db, limit = 200) {
  const rows = await newestOf(db, ['email'], limit)
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    sentAt: new Date(row.sentAt ?? row.createdAt).toISOString(),
    attachments: attachmentsOf(row).map((a) => a.filename),
    // The calendar invitation's text, so a development check can read its METHOD and SEQUENCE.
    ics: attachmentsOf(row).find((a) => a.filename.endsWith('.ics'))?.content ?? null,
  }))
}

/** The development message list (/dev/messages): Telegram and push messages, newest first. */
export async function listSentMessages(db: Db, limit = 200) {
  const rows = await newestOf(db, ['telegram', 'push'], limit)
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    title: row.subject,
    text: row.text,
    status: row.status,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
  }))
}
