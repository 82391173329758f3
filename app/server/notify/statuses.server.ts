/**
 * The meeting page's reminder statuses (issue 8: "no reminder fails silently"): each reminder with its recipient,
 * due instant, status (scheduled, sent, failed, canceled), attempts and problems, and each channel's delivery, with
 * its attempts, last problem and next attempt while the outbox is still retrying it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { reminderMessageIds } from '#app/domain/reminders/plan.ts'
import { type ReminderProblem, decodeProblems, parseDeliveryError } from '#app/domain/reminders/problems.ts'
import { meetingParticipants, meetings, outbox, reminders } from '#db/schema.ts'
import type { ReminderStatus } from '#app/domain/enums.ts'
import { type Db, readInParts } from '../db.server.ts'
import { findOwned } from '../rows.server.ts'

export type DeliveryView = {
  channel: 'email' | 'telegram' | 'push'
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  /** The last failure of this delivery (also while it is retried). */
  problem: ReminderProblem | null
  /** While pending after a failure: when the outbox tries again. */
  nextAttemptAt: string | null
}

export type ReminderStatusView = {
  id: string
  recipientKind: 'client' | 'organizer'
  recipientName: string | null
  offsetMinutes: number
  dueAt: string
  status: ReminderStatus
  attempts: number
  /**
   * Why it failed or was skipped: codes the reader translates (`notify:problems.<code>`, app/domain/reminders/
   * problems.ts), each with its channel and the provider's own words as detail.
   */
  problems: ReminderProblem[]
  sentAt: string | null
  deliveries: DeliveryView[]
}

/** Null when the meeting is not the owner's (the caller answers 404). */
export async function reminderStatusesFor(
  db: Db,
  ownerId: string,
  meetingId: string,
): Promise<ReminderStatusView[] | null> {
  if (!(await findOwned(db, meetings, ownerId, meetingId))) return null
  const rows = await db
    .select({ reminder: reminders, firstName: meetingParticipants.firstName, lastName: meetingParticipants.lastName })
    .from(reminders)
    .leftJoin(meetingParticipants, eq(meetingParticipants.id, reminders.participantId))
    .where(and(eq(reminders.meetingId, meetingId), eq(reminders.ownerId, ownerId)))
    .orderBy(asc(reminders.dueAt), asc(reminders.recipientKind))
  const ids = rows.flatMap(({ reminder }) => reminderMessageIds(reminder).map((m) => m.id))
  const messages = await readInParts(ids, (part) => db.select().from(outbox).where(inArray(outbox.id, part)))
  const byId = new Map(messages.map((m) => [m.id, m]))
  return rows.map(({ reminder, firstName, lastName }) => ({
    id: reminder.id,
    recipientKind: reminder.recipientKind,
    recipientName: firstName ? `${firstName} ${lastName ?? ''}`.trim() : null,
    offsetMinutes: reminder.offsetMinutes,
    dueAt: new Date(reminder.dueAt).toISOString(),
    status: reminder.status,
    attempts: reminder.attempts,
    problems: decodeProblems(reminder.lastError),
    sentAt: reminder.sentAt ? new Date(reminder.sentAt).toISOString() : null,
    deliveries: reminderMessageIds(reminder).flatMap(({ channel, id }) => {
      const message = byId.get(id)
      if (!message) return []
      const error = message.status === 'sent' ? null : parseDeliveryError(message.lastError)
      return [
        {
          channel,
          status: message.status,
          attempts: message.attempts,
          problem: error ? { channel, ...error } : null,
          nextAttemptAt:
            message.status === 'pending' && message.lastError ? new Date(message.nextAttemptAt).toISOString() : null,
        },
      ]
    }),
  }))
}
