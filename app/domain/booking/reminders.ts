// Reminder jobs of a meeting (SPEC §3 event type remindersInMinutes): one due instant per offset, skipping
// offsets whose moment has already passed at booking time.
export type ReminderDue = { offsetMinutes: number; dueAt: number }

export function reminderDueTimes(startAt: number, offsetsMinutes: readonly number[], now: number): ReminderDue[] {
  const unique = [...new Set(offsetsMinutes.filter((m) => Number.isInteger(m) && m > 0))].sort((a, b) => b - a)
  return unique
    .map((offsetMinutes) => ({ offsetMinutes, dueAt: startAt - offsetMinutes * 60_000 }))
    .filter((r) => r.dueAt > now)
}
