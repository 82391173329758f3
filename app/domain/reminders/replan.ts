/**
 * The one reminder planner's second half (ADR 0040, 0118): after a meeting is moved, canceled, or gains or loses
 * participants, its stored reminder rows become exactly what `plannedReminders` (the same rule as `reminderRowsFor`)
 * wants for it. Pure: the host's object reads the rows in its snapshot (one command at a time per host, so what it read
 * is still true when it writes; the cron only claims and settles rows, which the guards below respect), the planner
 * answers changes, and the command's one batch writes them (app/server/notify/reminders.server.ts).
 *
 * The rules of `replan` (one meeting, as the command leaves it):
 * - In scope: the organizer's rows of the meeting and the rows of everyone now in it (moved in from another meeting
 *   too, whatever their status).
 * - A row applies when the meeting is upcoming, its offset is one of the meeting's, and it is the organizer's or a
 *   booked member's or visitor's. Its due instant is the meeting's start minus the offset.
 * - An applicable row whose due instant (or meeting) changes is re-timed: scheduled again for the new moment, or
 *   canceled (`movedTooLate`) if that moment has passed; a claimed row loses its undelivered messages and its claim
 *   (sent once, at the new time); one already sent is sent again before the new time.
 * - A scheduled row that no longer applies is canceled (`notApplicable` when its offset was taken off; a canceled
 *   meeting or participant needs no reason); sent and failed rows stay as history. Rows that fit are left alone.
 * - A canceled row that applies again, unchanged and still ahead, is scheduled again.
 * - Missing rows are inserted for every offset still ahead (a meeting booked 30 minutes ahead and moved two days
 *   later gets its 60- and 1440-minute reminders).
 * - A participant moved from meeting A to B: their rows follow them when B is re-planned; re-planning A leaves them.
 */
import type { ReminderStatus } from '#app/domain/enums.ts'
import { type ReminderRow, reminderRowsFor } from './plan.ts'
import { encodeProblems } from './problems.ts'

/** A stored `reminders` row, as far as planning reads and writes it. */
export type StoredReminder = ReminderRow & {
  status: ReminderStatus
  outboxId: string | null
  attempts: number
  lastError: string | null
  sentAt: number | null
}

/** A meeting as the command leaves it: its start, status, everyone in it, and its offsets (null: unknown). */
export type MeetingToPlan = {
  id: string
  ownerId: string
  startAt: number
  status: string
  participants: readonly { id: string; status: string; role: string }[]
  /** The event type's `remindersInMinutes`, else the one-time meeting's; null when neither exists (any more). */
  offsets: readonly number[] | null
}

type Column = Partial<Omit<StoredReminder, 'id'>>

/** One change of the stored rows, in batch order. `onlyIf`: the statuses the row must still have when written. */
export type ReminderChange =
  | { kind: 'insert'; row: ReminderRow }
  | { kind: 'update'; id: string; set: Column; onlyIf: readonly ReminderStatus[] | null }
  /** The undelivered messages of these reminders are given up, with the reason. */
  | { kind: 'abandon'; reminderIds: string[]; reason: string }

export const SUPERSEDED = 'superseded: the meeting was moved'
export const CANCELED = 'canceled: the meeting was canceled'

/** The meeting's offsets: its own, else those its rows already have (an event type deleted since). */
function offsetsOf(meeting: MeetingToPlan, rows: readonly StoredReminder[]): number[] {
  const offsets = meeting.offsets ?? rows.filter((r) => r.meetingId === meeting.id).map((r) => r.offsetMinutes)
  return [...new Set(offsets.filter((m) => Number.isInteger(m) && m > 0))]
}

/** Whom the meeting's reminders are for: booked members and visitors (adjutants get none), and the organizer. */
function recipientsOf(meeting: MeetingToPlan): (string | null)[] {
  const clients = meeting.participants.filter(
    (p) => p.status === 'booked' && (p.role === 'member' || p.role === 'visitor'),
  )
  return [...clients.map((p) => p.id), null]
}

const keyOf = (participantId: string | null, offsetMinutes: number) => `${participantId ?? ''}|${offsetMinutes}`

/** The replanning of stored rows: every step sees the rows as the steps before it left them (the batch's order). */
export class ReminderPlan {
  private rows: StoredReminder[]
  readonly changes: ReminderChange[] = []

  constructor(rows: readonly StoredReminder[]) {
    this.rows = rows.map((row) => ({ ...row }))
  }

  /** The rows as the changes so far leave them. */
  get state(): readonly StoredReminder[] {
    return this.rows
  }

  private update(row: StoredReminder, set: Column, onlyIf: readonly ReminderStatus[] | null) {
    Object.assign(row, set)
    this.changes.push({ kind: 'update', id: row.id, set, onlyIf })
  }

  private abandon(rows: readonly StoredReminder[], reason: string) {
    if (rows.length > 0) this.changes.push({ kind: 'abandon', reminderIds: rows.map((r) => r.id), reason })
  }

  /** The meeting's (or one participant's) rows fall silent: scheduled ones are canceled, history stays. */
  cancel(meetingId: string, participantId?: string): this {
    const mine = this.rows.filter(
      (r) =>
        r.meetingId === meetingId &&
        (participantId === undefined || r.participantId === participantId) &&
        r.status === 'scheduled',
    )
    this.abandon(mine, CANCELED)
    for (const row of mine) this.update(row, { status: 'canceled' }, ['scheduled', 'canceled'])
    return this
  }

  /** The meeting's rows become exactly its planned set (the rules above). */
  replan(meeting: MeetingToPlan, now: number): this {
    const offsets = offsetsOf(meeting, this.rows)
    const inMeeting = new Set(meeting.participants.map((p) => p.id))
    const inScope = this.rows.filter((r) =>
      r.participantId === null ? r.meetingId === meeting.id : inMeeting.has(r.participantId),
    )
    const upcoming = meeting.status === 'upcoming'
    const recipients = new Set(recipientsOf(meeting))
    const applies = (r: StoredReminder) =>
      upcoming && offsets.includes(r.offsetMinutes) && recipients.has(r.participantId)
    const dueOf = (offsetMinutes: number) => meeting.startAt - offsetMinutes * 60_000
    const changed = (r: StoredReminder) => r.meetingId !== meeting.id || r.dueAt !== dueOf(r.offsetMinutes)
    const dropped = inScope.filter((r) => !applies(r) && r.status === 'scheduled')
    const retimed = inScope.filter((r) => applies(r) && changed(r))
    const back = inScope.filter(
      (r) => applies(r) && !changed(r) && r.status === 'canceled' && dueOf(r.offsetMinutes) > now,
    )
    this.abandon([...dropped, ...retimed], SUPERSEDED)
    for (const row of dropped) {
      const lastError = offsets.includes(row.offsetMinutes) ? null : encodeProblems([{ code: 'notApplicable' }])
      this.update(row, { status: 'canceled', lastError }, ['scheduled'])
    }
    const fresh = { outboxId: null, attempts: 0, sentAt: null }
    for (const row of retimed) {
      const dueAt = dueOf(row.offsetMinutes)
      const ahead = dueAt > now
      const lastError = ahead ? null : encodeProblems([{ code: 'movedTooLate' }])
      this.update(
        row,
        { meetingId: meeting.id, dueAt, status: ahead ? 'scheduled' : 'canceled', lastError, ...fresh },
        null,
      )
    }
    for (const row of back) this.update(row, { status: 'scheduled', lastError: null, ...fresh }, ['canceled'])
    this.insertMissing(meeting, offsets, now)
    return this
  }

  private insertMissing(meeting: MeetingToPlan, offsets: number[], now: number) {
    if (meeting.status !== 'upcoming') return
    const have = new Set(
      this.rows
        .filter((r) => r.participantId !== null || r.meetingId === meeting.id)
        .map((r) => keyOf(r.participantId, r.offsetMinutes)),
    )
    const planned = reminderRowsFor(meeting, meeting.participants, { remindersInMinutes: offsets }, now)
    for (const row of planned.filter((r) => !have.has(keyOf(r.participantId, r.offsetMinutes)))) {
      this.rows.push({ ...row, status: 'scheduled', outboxId: null, attempts: 0, lastError: null, sentAt: null })
      this.changes.push({ kind: 'insert', row })
    }
  }
}
