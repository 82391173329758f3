import { inArray } from 'drizzle-orm'
import { ReminderPlan } from '#app/domain/reminders/replan.ts'
import type { Db } from '#app/server/db.server.ts'
import { loadReminders, meetingToPlan, reminderStatements } from '#app/server/notify/reminders.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'

/**
 * Runs the one planner over meetings as D1 holds them now (their start, status and people), the way a command runs
 * it over the meetings as it leaves them: `steps` re-plans or cancels, in order; the changes are written in one batch.
 */
export async function planReminders(
  db: Db,
  meetingIds: string[],
  steps: (plan: ReminderPlan, meeting: (id: string) => Parameters<ReminderPlan['replan']>[0]) => void,
) {
  const rows = await db.select().from(meetings).where(inArray(meetings.id, meetingIds))
  const people = await db.select().from(meetingParticipants).where(inArray(meetingParticipants.meetingId, meetingIds))
  const snapshot = await loadReminders(
    db,
    meetingIds,
    people.map((p) => p.id),
  )
  const plan = new ReminderPlan(snapshot.rows)
  steps(plan, (id) => {
    const meeting = rows.find((m) => m.id === id)
    if (!meeting) throw new Error(`No meeting ${id}`)
    return meetingToPlan(
      snapshot,
      meeting,
      people.filter((p) => p.meetingId === id),
    )
  })
  const statements = reminderStatements(db, plan.changes, Date.now())
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[0], ...typeof statements])
  return plan.changes
}

/** Re-plans one meeting as D1 holds it now. */
export function replanReminders(db: Db, meetingId: string, now: number) {
  return planReminders(db, [meetingId], (plan, meeting) => plan.replan(meeting(meetingId), now))
}
