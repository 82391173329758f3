// Finds a zone's UTC-offset transitions inside a span of instants by sampling
// the offset every SAMPLE_STEP_MS and bisecting wherever two samples differ.
// Cost: one Intl lookup per 5 days of span plus ~10 per transition,
// independent of how many slots are later converted with the result.
import { MS_PER_DAY, MS_PER_MINUTE, MS_PER_SECOND } from './civil.ts'
import { offsetAt } from './zone-offset.ts'

// A pair of transitions that cancel out (A -> B -> A) between two samples
// would go unseen, so the step must stay below the shortest such pair. In the
// IANA data shipped with Node 20 (2025c) the closest transitions since 1990 are
// 7 days apart (America/Boa_Vista, October 2000; Asia/Gaza's predicted rules),
// so 5 days keeps a margin. Changes that do not cancel (A -> B -> C) are
// found even inside one step, because bisection restarts from each transition.
const SAMPLE_STEP_MS = 5 * MS_PER_DAY
const QUARTER_HOUR_MS = 15 * MS_PER_MINUTE

export interface OffsetTable {
  readonly timeZone: string
  // The span that was searched, in epoch ms.
  readonly from: number
  readonly to: number
  // Instants at which a new offset starts, ascending, inside (from, to].
  readonly transitions: readonly number[]
  // offsets[i] holds before transitions[i] (and after transitions[i - 1]);
  // one more entry than transitions. Milliseconds, wall clock minus UTC.
  readonly offsets: readonly number[]
}

export function buildOffsetTable(timeZone: string, fromMs: number, toMs: number): OffsetTable {
  const from = Math.floor(fromMs / MS_PER_SECOND) * MS_PER_SECOND
  const to = Math.max(from, Math.ceil(toMs / MS_PER_SECOND) * MS_PER_SECOND)
  const transitions: number[] = []
  let current = offsetAt(timeZone, from)
  const offsets: number[] = [current]
  let at = from
  while (at < to) {
    const next = Math.min(at + SAMPLE_STEP_MS, to)
    const nextOffset = offsetAt(timeZone, next)
    while (current !== nextOffset) {
      const found = firstChange(timeZone, at, current, next, nextOffset)
      transitions.push(found.at)
      offsets.push(found.offset)
      at = found.at
      current = found.offset
    }
    at = next
  }
  return { timeZone, from, to, transitions, offsets }
}

// First whole second in (lo, hi] whose offset differs from `loOffset`.
// Transitions in the IANA data fall on whole seconds and nearly all on whole
// quarter hours of UTC, so bisect on quarter hours first, then test the second
// before the bracket's end, and bisect seconds only when that fails (changes
// from local mean time, such as Liberia's -00:44:30 in 1972).
function firstChange(
  timeZone: string,
  lo: number,
  loOffset: number,
  hi: number,
  hiOffset: number,
): { at: number; offset: number } {
  let low = lo
  let high = hi
  let highOffset = hiOffset
  const narrow = (middle: number) => {
    const middleOffset = offsetAt(timeZone, middle)
    if (middleOffset === loOffset) {
      low = middle
    } else {
      high = middle
      highOffset = middleOffset
    }
  }
  while (high - low > QUARTER_HOUR_MS) {
    const middle = Math.floor((low + (high - low) / 2) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
    narrow(middle > low ? middle : Math.floor(low / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS)
  }
  if (high - low > MS_PER_SECOND) narrow(high - MS_PER_SECOND)
  while (high - low > MS_PER_SECOND) {
    narrow(low + Math.floor((high - low) / (2 * MS_PER_SECOND)) * MS_PER_SECOND)
  }
  return { at: high, offset: highOffset }
}
