import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { outbox } from '#db/schema.ts'
import { newId } from '#app/domain/ids.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { headerSafe } from './header.ts'
import { type MessageSender, type OutgoingMessage, senderFor } from './senders.server.ts'

/** After this many failed attempts a message is marked failed, with its last error kept. */
export const MAX_ATTEMPTS = 8
/** How long a delivery claims a message; a run that dies frees its claims when this passes. */
export const CLAIM_MS = 2 * 60_000
const BATCH = 50

/** 1, 2, 4, 8 ... minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}

export type NewMessage = Omit<OutgoingMessage, 'id' | 'html' | 'payload' | 'subject'> & {
  subject?: string
  html?: string | null
  payload?: Record<string, unknown> | null
}

/**
 * The insert of one outgoing message, to be run in the same `db.batch` as the change that causes it,
 * so the message exists exactly when the change does.
 */
export function enqueueMessage(db: Db, message: NewMessage, now: number) {
  const id = newId(now)
  const query = db.insert(outbox).values({
    id,
    channel: message.channel,
    recipient: message.recipient,
    subject: headerSafe(message.subject ?? ''),
    text: message.text,
    html: message.html ?? null,
    payload: message.payload ?? null,
    nextAttemptAt: now,
  })
  return { id, query }
}

/**
 * Claims due messages with one UPDATE ... RETURNING, which SQLite runs atomically: two overlapping
 * drains never claim the same row.
 */
async function claim(db: Db, now: number, ids?: string[]) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
        lte(outbox.lockedUntil, now),
        ids ? inArray(outbox.id, ids) : undefined,
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(BATCH)
  return db
    .update(outbox)
    .set({ lockedUntil: now + CLAIM_MS, attempts: sql`${outbox.attempts} + 1` })
    .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending'), lte(outbox.lockedUntil, now)))
    .returning()
}

export type DrainResult = { sent: number; retried: number; failed: number }

/** Delivers due messages (all, or only `ids` for the immediate background delivery after a change). */
export async function drainOutbox(
  db: Db,
  env: AppEnv,
  now: number,
  options: { ids?: string[]; senders?: Partial<Record<OutgoingMessage['channel'], MessageSender>> } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 }
  const rows = await claim(db, now, options.ids)
  for (const row of rows) {
    const sender = options.senders?.[row.channel] ?? senderFor(row.channel, env)
    try {
      await sender.send(row)
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: Date.now(), lastError: null, lockedUntil: 0 })
        .where(eq(outbox.id, row.id))
      result.sent++
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error)
      const giveUp = row.attempts >= MAX_ATTEMPTS
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError,
          lockedUntil: 0,
          nextAttemptAt: now + backoffMs(row.attempts),
        })
        .where(eq(outbox.id, row.id))
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

export async function listSentEmails(db: Db, limit = 200) {
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.channel, 'email'))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
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
