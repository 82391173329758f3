// Conversions between instants and wall-clock time in one zone, served from a
// transition table built once for a span (transitions.ts). Inside the span a
// conversion is a scan of a few array entries; nothing asks Intl again.
//
// Wall clock -> instant follows Temporal's disambiguation 'compatible', as
// the scenario README requires: a wall time skipped when clocks go forward
// moves forward by the length of the gap; a wall time that happens twice takes
// the earlier instant.
import { MS_PER_DAY } from './civil.ts'
import { type OffsetTable, buildOffsetTable } from './transitions.ts'
import { offsetAt } from './zone-offset.ts'

// The table is searched this much beyond the requested span: two instants
// for one wall time are at most one offset change (<= 1 day, Pacific/Apia
// 2011) apart, so answers inside the requested span never depend on a part of
// the timeline that was not searched.
const PAD_MS = 2 * MS_PER_DAY

export interface ZoneClock {
  readonly timeZone: string
  // UTC offset at the instant, ms (wall clock minus UTC).
  offsetAt(epochMs: number): number
  // Instant -> wall clock as "local ms" (Date.UTC of the wall fields).
  toLocal(epochMs: number): number
  // Wall clock ("local ms") -> instant, disambiguation 'compatible'.
  toInstant(localMs: number): number
}

// A clock answering exactly for instants in [fromMs, toMs] (and wall times
// that map there); other queries stay correct but fall back to Intl.
export function createZoneClock(timeZone: string, fromMs: number, toMs: number): ZoneClock {
  return new TableClock(buildOffsetTable(timeZone, fromMs - PAD_MS, toMs + PAD_MS))
}

class TableClock implements ZoneClock {
  readonly timeZone: string
  private readonly transitions: readonly number[]
  private readonly offsets: readonly number[]
  private readonly trustedFrom: number
  private readonly trustedTo: number
  private readonly tableFrom: number
  private readonly tableTo: number

  constructor(table: OffsetTable) {
    this.timeZone = table.timeZone
    this.transitions = table.transitions
    this.offsets = table.offsets
    this.tableFrom = table.from
    this.tableTo = table.to
    this.trustedFrom = table.from + MS_PER_DAY
    this.trustedTo = table.to - MS_PER_DAY
  }

  offsetAt(epochMs: number): number {
    if (epochMs < this.tableFrom || epochMs > this.tableTo) return offsetAt(this.timeZone, epochMs)
    const transitions = this.transitions
    let index = 0
    while (index < transitions.length && epochMs >= transitions[index]) index++
    return this.offsets[index]
  }

  toLocal(epochMs: number): number {
    return epochMs + this.offsetAt(epochMs)
  }

  toInstant(localMs: number): number {
    const instant = this.fromTable(localMs)
    if (instant >= this.trustedFrom && instant <= this.trustedTo) return instant
    // Outside the searched span: answer from a small table around it.
    return new TableClock(buildOffsetTable(this.timeZone, localMs - PAD_MS, localMs + PAD_MS)).fromTable(localMs)
  }

  // Segment i runs from transitions[i - 1] to transitions[i] with offsets[i].
  // Skip the segments that end before localMs read with their own offset;
  // the first remaining one holds it (in an overlap that is the earlier
  // instant), unless localMs read with its offset falls before the segment
  // starts: then localMs is in a gap, and the offset from before the
  // transition lands it the gap's length later, as 'compatible' does.
  private fromTable(localMs: number): number {
    const transitions = this.transitions
    const offsets = this.offsets
    let index = 0
    while (index < transitions.length && localMs - offsets[index] >= transitions[index]) index++
    const candidate = localMs - offsets[index]
    if (index > 0 && candidate < transitions[index - 1]) return localMs - offsets[index - 1]
    return candidate
  }
}
