// Event-type fields as the API stores them (SPEC §3, §5, §9) -> engine rules.
import { MINUTES_PER_DAY, dmyToIso } from '../time/index.ts'
import type { BookingWindow, EventTypeRules } from './types.ts'

// SPEC §3: time units Minutes, Hours, Days.
export type SpecTimeUnit = 'Minutes' | 'Hours' | 'Days'

const MINUTES_PER_UNIT: Record<SpecTimeUnit, number> = { Minutes: 1, Hours: 60, Days: MINUTES_PER_DAY }

export function toMinutes(value: number, unit: SpecTimeUnit): number {
  return value * MINUTES_PER_UNIT[unit]
}

// whenClosesValue/whenClosesType: booking closes this long before a slot
// starts, i.e. the minimum notice. SPEC §9: the default is 0 minutes.
export function minimumNoticeFromSpec(
  whenClosesValue: number | null | undefined,
  whenClosesType: SpecTimeUnit | null | undefined,
): number {
  return toMinutes(whenClosesValue ?? 0, whenClosesType ?? 'Minutes')
}

export interface SpecBookingWindow {
  recordIsOpenType: 'Period' | 'NoRestrictions'
  // DD.MM.YYYY (SPEC §3); required for Period.
  recordIsOpenPeriodStart?: string | null
  recordIsOpenPeriodEnd?: string | null
}

export function bookingWindowFromSpec(fields: SpecBookingWindow): BookingWindow {
  if (fields.recordIsOpenType === 'NoRestrictions') return { type: 'NoRestrictions' }
  const { recordIsOpenPeriodStart: start, recordIsOpenPeriodEnd: end } = fields
  if (!start || !end) throw new RangeError('A Period booking window needs recordIsOpenPeriodStart and End')
  return { type: 'Period', start: dmyToIso(start), end: dmyToIso(end) }
}

export interface SpecEventTypeFields extends SpecBookingWindow {
  // SPEC §5: above 0, at most 1380.
  durationInMinutes: number
  // Slot step; a missing step means one slot after another (step = duration).
  stepValue?: number | null
  stepValueType?: SpecTimeUnit | null
  // Buffers, nullable: null is "no buffer".
  getTimeBeforeValue?: number | null
  getTimeAfterValue?: number | null
  whenClosesValue?: number | null
  whenClosesType?: SpecTimeUnit | null
  // 0 = no limit.
  maximumRecordsPerDayValue?: number | null
  // SPEC §5 defaults: individual 1, collective 0 (one invitee, several
  // hosts), group 2; anything below 1 offers a single seat.
  totalSeats?: number | null
}

export function eventTypeRulesFromSpec(fields: SpecEventTypeFields): EventTypeRules {
  const durationMinutes = fields.durationInMinutes
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1 || durationMinutes > 1380) {
    throw new RangeError(`durationInMinutes must be an integer from 1 to 1380, got ${durationMinutes}`)
  }
  return {
    durationMinutes,
    stepMinutes: fields.stepValue ? toMinutes(fields.stepValue, fields.stepValueType ?? 'Minutes') : durationMinutes,
    beforeMinutes: fields.getTimeBeforeValue ?? 0,
    afterMinutes: fields.getTimeAfterValue ?? 0,
    minimumNoticeMinutes: minimumNoticeFromSpec(fields.whenClosesValue, fields.whenClosesType),
    window: bookingWindowFromSpec(fields),
    maxPerDay: fields.maximumRecordsPerDayValue ?? 0,
    seats: Math.max(1, fields.totalSeats ?? 1),
  }
}
