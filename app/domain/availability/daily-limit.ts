// maxPerDay (SPEC §3 maximumRecordsPerDayValue, 0 = no limit). Scenario
// README: a date that already holds that many same-event-type bookings,
// counting each distinct start once, offers no slot, joining an existing group
// included; a booking counts on the schedule-zone date of its start, whether
// or not it is before now.
import { MS_PER_DAY, type ZoneClock, epochDayOfLocalMs } from '../time/index.ts'
import type { ExistingBooking } from './types.ts'

// Distinct same-event-type booking starts per schedule date, for the epoch
// days firstDay..lastDay (index 0 = firstDay). The clock must cover them.
export function bookedStartsPerDay(
  bookings: readonly ExistingBooking[],
  clock: ZoneClock,
  firstDay: number,
  lastDay: number,
): Int32Array {
  const counts = new Int32Array(Math.max(0, lastDay - firstDay + 1))
  // A zone offset is under 1 day, so a start outside this span cannot fall
  // on one of the dates; skipping it keeps every lookup inside the clock's span.
  const spanStart = (firstDay - 1) * MS_PER_DAY
  const spanEnd = (lastDay + 2) * MS_PER_DAY
  const starts = new Set<number>()
  for (const booking of bookings) {
    if (booking.sameEventType && booking.start >= spanStart && booking.start < spanEnd) starts.add(booking.start)
  }
  for (const start of starts) {
    const day = epochDayOfLocalMs(clock.toLocal(start))
    if (day >= firstDay && day <= lastDay) counts[day - firstDay]++
  }
  return counts
}
