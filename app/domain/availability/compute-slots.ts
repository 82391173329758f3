// The availability engine: bookable slots of one event type over a range of
// schedule dates. Rules: tests/fixtures/scenarios/README.md; algorithm:
// docs/decisions/0004-availability-engine.md.
//
// Cost: one transition table for the range (a few dozen Intl lookups), a
// linear-time sort of the bookings and busy intervals, then O(1) per
// candidate start. No Date objects and no per-minute loops.
import { MS_PER_DAY, MS_PER_MINUTE, createZoneClock, epochDayOfIsoDate } from '../time/index.ts'
import { windowEpochDays } from './booking-window.ts'
import { ConflictSweep, buildConflictIndex } from './conflicts.ts'
import { bookedStartsPerDay } from './daily-limit.ts'
import { intervalInstants, workingMinutesOf } from './day-plan.ts'
import { assertRules } from './rules.ts'
import type { AvailabilityInput, Slot } from './types.ts'

export function computeSlots(input: AvailabilityInput): Slot[] {
  const { schedule, eventType: rules } = input
  assertRules(rules)
  const window = windowEpochDays(rules.window)
  const firstDay = Math.max(epochDayOfIsoDate(input.range.from), window.first)
  const lastDay = Math.min(epochDayOfIsoDate(input.range.to), window.last)
  if (firstDay > lastDay) return []

  const durationMs = rules.durationMinutes * MS_PER_MINUTE
  const stepMs = rules.stepMinutes * MS_PER_MINUTE
  const earliestStart = input.now + rules.minimumNoticeMinutes * MS_PER_MINUTE
  const beforeMs = rules.beforeMinutes * MS_PER_MINUTE
  const afterMs = rules.afterMinutes * MS_PER_MINUTE
  // Wall times of the dates map to instants within a day of their local ms
  // (offsets stay under 24 h), so slots start and end inside this span.
  const span = { start: (firstDay - 1) * MS_PER_DAY, end: (lastDay + 2) * MS_PER_DAY }
  const clock = createZoneClock(schedule.timeZone, span.start, span.end)
  const reach = { start: span.start - beforeMs, end: span.end + afterMs }
  const sweep = new ConflictSweep(
    buildConflictIndex(input.bookings, input.busy, durationMs, reach),
    durationMs,
    beforeMs,
    afterMs,
  )
  const bookedStarts = rules.maxPerDay > 0 ? bookedStartsPerDay(input.bookings, clock, firstDay, lastDay) : null

  const slots: Slot[] = []
  for (let day = firstDay; day <= lastDay; day++) {
    if (bookedStarts && bookedStarts[day - firstDay] >= rules.maxPerDay) continue
    for (const minutes of workingMinutesOf(schedule, day).intervals) {
      const interval = intervalInstants(clock, day, minutes)
      // Starts run every step of real time from the interval's start; the
      // first one not earlier than now + notice is found by arithmetic.
      let start = interval.start
      if (start < earliestStart) start += Math.ceil((earliestStart - start) / stepMs) * stepMs
      for (; start + durationMs <= interval.end; start += stepMs) {
        const taken = sweep.seatsTaken(start)
        // Negative: blocked; seats all taken: nothing to offer.
        if (taken < 0 || taken >= rules.seats) continue
        slots.push({ start, end: start + durationMs, seatsLeft: rules.seats - taken })
      }
    }
  }
  return sweep.rewound ? sortedUnique(slots) : slots
}

// Only for zones whose DST gap straddles midnight (a date's late wall times
// then land after the next date's first starts): restore order and drop the
// starts two dates produced alike.
function sortedUnique(slots: Slot[]): Slot[] {
  slots.sort((a, b) => a.start - b.start)
  return slots.filter((slot, index) => index === 0 || slot.start !== slots[index - 1].start)
}
