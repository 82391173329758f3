/**
 * Reminder jobs of a meeting (SPEC §3 event type `remindersInMinutes`, §9 defaults 60 and 1440): one row per offset
 * for every booked client participant and one per offset for the organizer, each due `offset` minutes before the
 * start. Offsets whose moment has already passed when the meeting is booked are skipped. Pure: the caller inserts
 * the rows in the booking batch (`insertRows(db, reminders, rows)`, split under D1's bound parameters).
 */
import { OUTBOX_CHANNELS, type OutboxChannel, type REMINDER_RECIPIENTS } from '#app/domain/enums.ts'
import { newId } from '../ids.ts'

/** A row of the `reminders` table as this planner makes it (db/schema-booking.ts; the other columns have defaults). */
export type ReminderRow = {
  id: string
  ownerId: string
  meetingId: string
  participantId: string | null
  recipientKind: (typeof REMINDER_RECIPIENTS)[number]
  channel: OutboxChannel
  offsetMinutes: number
  dueAt: number
}

export type ReminderDue = { offsetMinutes: number; dueAt: number }

/** Distinct positive whole offsets, largest first, whose due instant is still ahead of `now`. */
export function reminderDueTimes(startAt: number, offsetsMinutes: readonly number[], now: number): ReminderDue[] {
  const unique = [...new Set(offsetsMinutes.filter((m) => Number.isInteger(m) && m > 0))].sort((a, b) => b - a)
  return unique
    .map((offsetMinutes) => ({ offsetMinutes, dueAt: startAt - offsetMinutes * 60_000 }))
    .filter((r) => r.dueAt > now)
}

export function reminderRowsFor(
  meeting: { id: string; ownerId: string; startAt: number },
  participants: readonly { id: string; status?: string; role?: string }[],
  eventType: { remindersInMinutes: readonly number[] },
  now: number,
): ReminderRow[] {
  const dues = reminderDueTimes(meeting.startAt, eventType.remindersInMinutes, now)
  const clients = participants.filter((p) => p.status !== 'canceled' && p.role !== 'adjutant')
  const row = (due: ReminderDue, participantId: string | null): ReminderRow => ({
    id: newId(now),
    ownerId: meeting.ownerId,
    meetingId: meeting.id,
    participantId,
    recipientKind: participantId ? 'client' : 'organizer',
    channel: 'email',
    offsetMinutes: due.offsetMinutes,
    dueAt: due.dueAt,
  })
  return dues.flatMap((due) => [...clients.map((p) => row(due, p.id)), row(due, null)])
}

/**
 * The deterministic outbox id of a reminder's message on one channel. Overlapping runs write the same ids (and the
 * claim lets only one of them write at all). The due instant is part of it, so a meeting's re-planned reminder gets
 * fresh messages: a row is claimed only once its due instant has come, and re-planning never schedules a row again
 * for an instant already past, so a new claim always has a new due instant.
 */
export function reminderMessageId(reminderId: string, dueAt: number, channel: OutboxChannel): string {
  return `reminder-${reminderId}-${dueAt}-${channel}`
}

/** Every message id a claimed reminder may have, one per channel. */
export function reminderMessageIds(reminder: { id: string; dueAt: number }) {
  return OUTBOX_CHANNELS.map((channel) => ({
    channel,
    id: reminderMessageId(reminder.id, reminder.dueAt, channel),
  }))
}
