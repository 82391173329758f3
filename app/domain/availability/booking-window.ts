// Booking window (SPEC §3 recordIsOpenType): NoRestrictions, or a Period of
// schedule-zone dates, both included; a slot whose date is outside is not
// offered (scenario README, `window`).
import { epochDayOfIsoDate } from '../time/index.ts'
import type { BookingWindow } from './types.ts'

// The epoch days a window allows, both included.
export function windowEpochDays(window: BookingWindow): { first: number; last: number } {
  if (window.type === 'NoRestrictions') return { first: Number.NEGATIVE_INFINITY, last: Number.POSITIVE_INFINITY }
  return { first: epochDayOfIsoDate(window.start), last: epochDayOfIsoDate(window.end) }
}
