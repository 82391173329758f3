/**
 * Planning a meeting's reminder rows (ADR 0040): statements for the batch that moves a meeting, moves participants
 * between meetings, adds visitors or cancels. Each is plain SQL over the rows as the batch leaves them, so it sees
 * the new start and the participants' new meeting written by the statements before it, in the same transaction.
 *
 * The desired set of a meeting: one row per offset for every live member and visitor (SPEC §6: visitors appear as
 * invitees and get the booking emails, so they get reminders too; adjutants have no participant row and get none) and
 * one per offset for the organizer, due `offset` minutes before the start. Offsets come from the meeting's event type
 * (its current `remindersInMinutes`), else the one-off meeting's settings, else the offsets the meeting's rows
 * already have (an event type deleted since). The cron job (reminder-job.server.ts) sends them.
 */
import { and, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm'
import { encodeProblems } from '#app/domain/reminders/problems.ts'
import { outbox, reminders } from '#db/schema.ts'
import type { Db } from '../db.server.ts'

/** A random RFC 9562 version-4 id in SQL (36 characters, like the app's ids), one per inserted row. */
const NEW_ID = sql`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`

/** The meeting's reminder offsets (minutes), one row each, as `minutes`. */
function offsetsOf(meetingId: string): SQL {
  return sql`SELECT DISTINCT CAST(j.value AS INTEGER) AS minutes FROM json_each((
    SELECT COALESCE(
      (SELECT e.reminders_in_minutes FROM event_types e WHERE e.id = mm.event_type_id),
      (SELECT o.reminders_in_minutes FROM one_time_events o WHERE o.id = mm.id),
      (SELECT json_group_array(DISTINCT r2.offset_minutes) FROM reminders r2 WHERE r2.meeting_id = mm.id)
    ) FROM meetings mm WHERE mm.id = ${meetingId}
  )) AS j WHERE j.type = 'integer' AND j.value > 0`
}

/** Conditions over a `reminders` row, for one meeting's re-planning. */
function rowRules(meetingId: string) {
  const start = sql`(SELECT start_at FROM meetings WHERE id = ${meetingId})`
  /** The organizer's rows of the meeting and the rows of everyone now in it (moved in from another meeting too). */
  const inScope = sql`((${reminders.participantId} IS NULL AND ${reminders.meetingId} = ${meetingId})
    OR ${reminders.participantId} IN (SELECT id FROM meeting_participants WHERE meeting_id = ${meetingId}))`
  const applicable = sql`(EXISTS (SELECT 1 FROM meetings WHERE id = ${meetingId} AND status = 'upcoming')
    AND ${reminders.offsetMinutes} IN (${offsetsOf(meetingId)})
    AND (${reminders.participantId} IS NULL OR EXISTS (
      SELECT 1 FROM meeting_participants p WHERE p.id = ${reminders.participantId}
        AND p.status = 'booked' AND p.role IN ('member', 'visitor'))))`
  const desired = sql`(${start} - ${reminders.offsetMinutes} * 60000)`
  const changed = sql`(${reminders.meetingId} <> ${meetingId} OR ${reminders.dueAt} <> ${desired})`
  return { inScope, applicable, desired, changed }
}

/** Gives up the undelivered messages of the reminders matching `which`. */
function abandonMessages(db: Db, which: SQL | undefined, reason: string) {
  const owned = db.select({ id: reminders.id }).from(reminders).where(which)
  return db
    .update(outbox)
    .set({ status: 'failed', lastError: reason })
    .where(
      and(
        eq(outbox.status, 'pending'),
        like(outbox.id, 'reminder-%'),
        // Message ids are `reminder-<reminder id, 36 characters>-...` (app/domain/reminders/plan.ts).
        inArray(sql`substr(${outbox.id}, 10, 36)`, owned),
      ),
    )
}

/**
 * Inserts the rows the meeting lacks: each live member's and visitor's (only `participantIds`, when given) and, unless
 * only participants are asked for, the organizer's, for every offset whose moment is still ahead of `now`.
 */
function insertMissing(db: Db, meetingId: string, now: number, participantIds?: readonly string[]) {
  const only =
    participantIds === undefined
      ? sql``
      : sql`AND p.id IN (${sql.join(
          participantIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
  const clients = db
    .insert(reminders)
    .select(
      sql`SELECT ${NEW_ID}, m.owner_id, m.id, p.id, 'client', 'email', o.minutes, m.start_at - o.minutes * 60000,
        'scheduled', 0, NULL, NULL, NULL, ${now}
      FROM meetings m
      JOIN meeting_participants p ON p.meeting_id = m.id AND p.status = 'booked' AND p.role IN ('member', 'visitor')
      JOIN (${offsetsOf(meetingId)}) AS o
      WHERE m.id = ${meetingId} AND m.status = 'upcoming' AND m.start_at - o.minutes * 60000 > ${now} ${only}
        AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.participant_id = p.id AND r.recipient_kind = 'client'
          AND r.channel = 'email' AND r.offset_minutes = o.minutes)`,
    )
    .onConflictDoNothing()
  if (participantIds !== undefined) return [clients]
  const organizer = db.insert(reminders).select(
    sql`SELECT ${NEW_ID}, m.owner_id, m.id, NULL, 'organizer', 'email', o.minutes, m.start_at - o.minutes * 60000,
        'scheduled', 0, NULL, NULL, NULL, ${now}
      FROM meetings m
      JOIN (${offsetsOf(meetingId)}) AS o
      WHERE m.id = ${meetingId} AND m.status = 'upcoming' AND m.start_at - o.minutes * 60000 > ${now}
        AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.meeting_id = m.id AND r.participant_id IS NULL
          AND r.recipient_kind = 'organizer' AND r.channel = 'email' AND r.offset_minutes = o.minutes)`,
  )
  return [clients, organizer]
}

/**
 * Statements for the batch that moves a meeting or moves participants between meetings (after the statements that
 * write the new start or the participants' new meeting): the meeting's rows become exactly its desired set.
 *
 * - A row whose due instant (or meeting) changes is re-timed: scheduled again for the new moment, or canceled
 *   (`movedTooLate`) if that moment has passed. A row already claimed by a run loses its undelivered messages and
 *   its claim, so it is sent once, at the new time; one already sent is sent again before the new time.
 * - A row that no longer applies (participant canceled, offset taken off the event type) is canceled; a sent or
 *   failed row stays as history. Rows that already fit are left alone (a sent reminder is not sent twice).
 * - Missing rows are inserted: a meeting booked 30 minutes ahead and moved two days later gets its 60- and
 *   1440-minute reminders.
 * - A participant moved from meeting A to B: their rows follow them when B is re-planned (re-timed to B's start);
 *   re-planning A leaves them alone. Call it for both meetings.
 */
export function replanReminders(db: Db, meetingId: string, now: number = Date.now()) {
  const { inScope, applicable, desired, changed } = rowRules(meetingId)
  const keeps = sql`(${applicable} AND NOT ${changed})`
  return [
    abandonMessages(db, and(inScope, sql`NOT ${keeps}`), 'superseded: the meeting was moved'),
    db
      .update(reminders)
      .set({
        status: 'canceled',
        // Offsets taken off the event type say so; a canceled meeting or participant needs no reason.
        lastError: sql`CASE WHEN ${reminders.offsetMinutes} IN (${offsetsOf(meetingId)}) THEN NULL ELSE ${encodeProblems([{ code: 'notApplicable' }])} END`,
      })
      .where(and(inScope, eq(reminders.status, 'scheduled'), sql`NOT ${applicable}`)),
    db
      .update(reminders)
      .set({
        meetingId,
        dueAt: desired,
        status: sql`CASE WHEN ${desired} > ${now} THEN 'scheduled' ELSE 'canceled' END`,
        lastError: sql`CASE WHEN ${desired} > ${now} THEN NULL ELSE ${encodeProblems([{ code: 'movedTooLate' }])} END`,
        outboxId: null,
        attempts: 0,
        sentAt: null,
      })
      .where(and(inScope, applicable, changed)),
    // A row canceled earlier that applies again (an offset put back on the event type) and is still ahead.
    db
      .update(reminders)
      .set({ status: 'scheduled', lastError: null, outboxId: null, attempts: 0, sentAt: null })
      .where(and(inScope, keeps, eq(reminders.status, 'canceled'), sql`${desired} > ${now}`)),
    ...insertMissing(db, meetingId, now),
  ] as const
}

/**
 * Statements for the batch that adds participants to a meeting (visitors added to a booking), after their rows are
 * inserted: their reminders, for every offset still ahead of `now`.
 */
export function planRemindersForParticipants(
  db: Db,
  meetingId: string,
  participantIds: readonly string[],
  now: number,
) {
  return participantIds.length === 0 ? [] : insertMissing(db, meetingId, now, participantIds)
}

/**
 * Statements for the batch that cancels a meeting (or one participant): its scheduled reminders are canceled
 * and undelivered reminder messages given up, so a canceled meeting stays silent.
 */
export function cancelReminders(db: Db, meetingId: string, participantId?: string) {
  const mine = and(
    eq(reminders.meetingId, meetingId),
    participantId ? eq(reminders.participantId, participantId) : undefined,
  )
  return [
    abandonMessages(db, mine, 'canceled: the meeting was canceled'),
    db
      .update(reminders)
      .set({ status: 'canceled' })
      .where(and(mine, ne(reminders.status, 'sent'), ne(reminders.status, 'failed'))),
  ] as const
}
