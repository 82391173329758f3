// Conflict checks for a stream of slot starts, O(1) amortised per start after
// sorting the bookings and busy intervals once (docs/decisions/0004).
//
// Scenario README, "Conflicts" and "Seats": the slot widened by the buffers,
// [start - before, end + after), must not share any positive length with a
// busy interval or a booking, except same-event-type bookings with exactly the
// slot's start and end, which take seats of it instead.
import { sortInstants } from './sort-instants.ts'
import type { ExistingBooking, Interval } from './types.ts'

// Returned by ConflictSweep.seatsTaken for a start that cannot be offered.
const BLOCKED = -1

export interface ConflictIndex {
  // Everything that blocks whatever it overlaps: busy intervals and bookings
  // that cannot be joined (other event types, or another length). Starts and
  // ends are sorted separately: every blocker ending by a point starts before
  // any later point, so "some blocker overlaps [a, b)" is simply
  // #(starts < b) > #(ends <= a), and two arrays of numbers sort in linear
  // time (sort-instants.ts) where objects would need a comparator sort.
  blockerStarts: Float64Array
  blockerEnds: Float64Array
  // Joinable groups: same-event-type bookings as long as the slot, one entry
  // per distinct start (ascending), with the seats they take together.
  groupStarts: Float64Array
  groupSeats: Float64Array
}

// `reach` is the span any widened slot can touch; intervals outside it, such
// as a host's bookings of other months, are left out before sorting.
export function buildConflictIndex(
  bookings: readonly ExistingBooking[],
  busy: readonly Interval[],
  durationMs: number,
  reach: Interval,
): ConflictIndex {
  const capacity = busy.length + bookings.length
  const starts = new Float64Array(capacity)
  const ends = new Float64Array(capacity)
  let blockers = 0
  const seatsByStart = new Map<number, number>()
  // Zero-length intervals share no positive length with anything.
  const matters = (interval: Interval) =>
    interval.end > interval.start && interval.start < reach.end && interval.end > reach.start
  for (const interval of busy) {
    if (!matters(interval)) continue
    starts[blockers] = interval.start
    ends[blockers++] = interval.end
  }
  for (const booking of bookings) {
    if (!matters(booking)) continue
    if (booking.sameEventType && booking.end - booking.start === durationMs) {
      seatsByStart.set(booking.start, (seatsByStart.get(booking.start) ?? 0) + (booking.seatsTaken ?? 1))
    } else {
      starts[blockers] = booking.start
      ends[blockers++] = booking.end
    }
  }
  const groupStarts = sortInstants(Float64Array.from(seatsByStart.keys()))
  const groupSeats = groupStarts.map((start) => seatsByStart.get(start) ?? 0)
  return {
    blockerStarts: sortInstants(starts.subarray(0, blockers)),
    blockerEnds: sortInstants(ends.subarray(0, blockers)),
    groupStarts,
    groupSeats,
  }
}

// Answers, for slot starts given in ascending order, how many seats of the
// slot are taken, or -1 when the slot is blocked. The pointers into the index
// only move forward, so a month of starts costs one pass over it. A start
// earlier than the previous one (possible only where a DST gap straddles
// midnight) rewinds them.
export class ConflictSweep {
  private startedBefore = 0
  private endedBy = 0
  private group = 0
  private lastStart = Number.NEGATIVE_INFINITY
  // True once starts arrived out of order; the caller then sorts its output.
  rewound = false

  constructor(
    private readonly index: ConflictIndex,
    private readonly durationMs: number,
    private readonly beforeMs: number,
    private readonly afterMs: number,
  ) {}

  seatsTaken(start: number): number {
    if (start < this.lastStart) {
      this.startedBefore = 0
      this.endedBy = 0
      this.group = 0
      this.rewound = true
    }
    this.lastStart = start
    const { blockerStarts, blockerEnds, groupStarts, groupSeats } = this.index
    const widenedStart = start - this.beforeMs
    const widenedEnd = start + this.durationMs + this.afterMs

    // A blocker overlaps iff it starts before the widened end and does not
    // end by the widened start; the second set is inside the first.
    while (this.startedBefore < blockerStarts.length && blockerStarts[this.startedBefore] < widenedEnd) {
      this.startedBefore++
    }
    while (this.endedBy < blockerEnds.length && blockerEnds[this.endedBy] <= widenedStart) this.endedBy++
    if (this.startedBefore > this.endedBy) return BLOCKED

    // Groups all have the slot's length, so those ending by the widened start
    // stay behind for every later start. Among the rest, any one starting
    // before the widened end overlaps; only one with exactly this start may.
    while (this.group < groupStarts.length && groupStarts[this.group] + this.durationMs <= widenedStart) this.group++
    let group = this.group
    let taken = 0
    if (group < groupStarts.length && groupStarts[group] === start) {
      taken = groupSeats[group]
      group++
    }
    if (group < groupStarts.length && groupStarts[group] < widenedEnd) return BLOCKED
    return taken
  }
}
