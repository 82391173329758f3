/**
 * The meeting page's reminder statuses (issue 8: "no reminder fails silently"): each reminder with its recipient,
 * due instant, status (scheduled, sent, failed, canceled), attempts and last error, and each channel's delivery.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { reminderMessageId } from '#app/domain/reminders/plan.ts'
import { meetingParticipants, meetings, outbox, reminders } from '#db/schema.ts'
import type { ReminderStatus } from '#db/schema.ts'
import type { Db } from '../db.server.ts'

export type ReminderStatusView = {
  id: string
  recipientKind: 'client' | 'organizer'
  recipientName: string | null
  offsetMinutes: number
  dueAt: string
  status: ReminderStatus
  attempts: number
  lastError: string | null
  sentAt: string | null
  deliveries: { channel: 'email' | 'telegram' | 'push'; status: 'pending' | 'sent' | 'failed'; attempts: number }[]
}

/** Null when the meeting is not the owner's (the caller answers 404). */
export async function reminderStatusesFor(
  db: Db,
  ownerId: string,
  meetingId: string,
): Promise<ReminderStatusView[] | null> {
  const [meeting] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.ownerId, ownerId)))
    .limit(1)
  if (!meeting) return null
  const rows = await db
    .select({ reminder: reminders, firstName: meetingParticipants.firstName, lastName: meetingParticipants.lastName })
    .from(reminders)
    .leftJoin(meetingParticipants, eq(meetingParticipants.id, reminders.participantId))
    .where(and(eq(reminders.meetingId, meetingId), eq(reminders.ownerId, ownerId)))
    .orderBy(asc(reminders.dueAt), asc(reminders.recipientKind))
  const ids = rows.flatMap(({ reminder }) =>
    (['email', 'telegram', 'push'] as const).map((channel) => reminderMessageId(reminder.id, reminder.dueAt, channel)),
  )
  const messages = ids.length > 0 ? await db.select().from(outbox).where(inArray(outbox.id, ids)) : []
  const byId = new Map(messages.map((m) => [m.id, m]))
  return rows.map(({ reminder, firstName, lastName }) => ({
    id: reminder.id,
    recipientKind: reminder.recipientKind,
    recipientName: firstName ? `${firstName} ${lastName ?? ''}`.trim() : null,
    offsetMinutes: reminder.offsetMinutes,
    dueAt: new Date(reminder.dueAt).toISOString(),
    status: reminder.status,
    attempts: reminder.attempts,
    lastError: reminder.lastError,
    sentAt: reminder.sentAt ? new Date(reminder.sentAt).toISOString() : null,
    deliveries: (['email', 'telegram', 'push'] as const).flatMap((channel) => {
      const message = byId.get(reminderMessageId(reminder.id, reminder.dueAt, channel))
      return message ? [{ channel, status: message.status, attempts: message.attempts }] : []
    }),
  }))
}
