// Overlap check for a time the organizer picks by hand (a one-time meeting, SPEC §4 "Overlap warning asks 'Book
// anyway?'"): the same conflict rule as slots, the time widened by its buffers, [start - before, end + after),
// must share no positive length with anything already on the calendar (conflicts.ts).
import { ConflictSweep, buildConflictIndex } from './conflicts.ts'
import type { Interval } from './types.ts'

const MS_PER_MINUTE = 60_000

function blocked(time: Interval, beforeMinutes: number, afterMinutes: number, others: readonly Interval[]): boolean {
  const duration = time.end - time.start
  const before = beforeMinutes * MS_PER_MINUTE
  const after = afterMinutes * MS_PER_MINUTE
  const reach = { start: time.start - before, end: time.end + after }
  const index = buildConflictIndex(
    others.map((other) => ({ ...other, sameEventType: false })),
    [],
    duration,
    reach,
  )
  return new ConflictSweep(index, duration, before, after).seatsTaken(time.start) < 0
}

/** The items (meetings, holds) that the time, widened by its buffers, overlaps. */
export function overlapping<T extends Interval>(
  time: Interval,
  buffers: { beforeMinutes: number; afterMinutes: number },
  items: readonly T[],
): T[] {
  if (!blocked(time, buffers.beforeMinutes, buffers.afterMinutes, items)) return []
  return items.filter((item) => blocked(time, buffers.beforeMinutes, buffers.afterMinutes, [item]))
}
