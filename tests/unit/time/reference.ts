// Slow, obviously-correct conversions straight from Intl, independent of the
// transition table, to hold app/domain/time to in tests.
import { MS_PER_DAY, offsetAt } from '#app/domain/time/index.ts'

// Wall clock ("local ms") -> instant with Temporal's 'compatible'
// disambiguation, following the proposal's GetPossibleEpochNanoseconds and
// DisambiguatePossibleEpochNanoseconds: try the offsets in force a day
// around; in a gap, read the wall time with the offset from before it.
export function referenceToInstant(timeZone: string, localMs: number): number {
  const offsets = new Set([offsetAt(timeZone, localMs - MS_PER_DAY), offsetAt(timeZone, localMs + MS_PER_DAY)])
  const possible = [...offsets]
    .map((offset) => localMs - offset)
    .filter((instant) => instant + offsetAt(timeZone, instant) === localMs)
    .sort((a, b) => a - b)
  if (possible.length > 0) return possible[0]
  return localMs - offsetAt(timeZone, localMs - MS_PER_DAY)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

// Wall date of an instant, read from Intl's formatted fields.
export function referenceDate(timeZone: string, epochMs: number): string {
  let format = dateFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dateFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(epochMs)
  const field = (type: string) => parts.find((part) => part.type === type)?.value
  return `${field('year')}-${field('month')}-${field('day')}`
}
