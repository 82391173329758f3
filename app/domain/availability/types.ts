// Engine input and output. Instants are epoch milliseconds; dates are
// 'YYYY-MM-DD' in the schedule's zone; times of day are minutes from 00:00.
// The meaning of every field is the scenario contract,
// tests/fixtures/scenarios/README.md ("Meaning" and "Fine points").
import type { IsoDate } from '../time/index.ts'

// [start, end) minutes of the day, 0..1439, end later than start.
export type MinuteInterval = readonly [start: number, end: number]

export interface Schedule {
  // IANA zone of the weekly hours and adjustments.
  timeZone: string
  // ISO weekday (1 = Monday ... 7 = Sunday) -> working intervals; a missing
  // weekday means no work that day.
  weekly: Partial<Record<number, readonly MinuteInterval[]>>
  // A date's own intervals (replacing its weekday's) or 'dayOff'; [] also
  // means no work.
  adjustments: Readonly<Record<IsoDate, readonly MinuteInterval[] | 'dayOff'>>
}

// Which dates may be booked: any, or a Period of dates (both included).
export type BookingWindow = { type: 'NoRestrictions' } | { type: 'Period'; start: IsoDate; end: IsoDate }

export interface EventTypeRules {
  durationMinutes: number
  // Real elapsed time between two starts of one working interval.
  stepMinutes: number
  // Buffers widen the slot being offered, never existing bookings.
  beforeMinutes: number
  afterMinutes: number
  // A start earlier than now + notice is not offered (SPEC whenCloses).
  minimumNoticeMinutes: number
  window: BookingWindow
  // 0 = no limit; counts distinct starts of same-event-type bookings per date.
  maxPerDay: number
  // 1 for individual meetings, more for groups.
  seats: number
}

export interface Interval {
  start: number
  end: number
}

// Something already on the host's calendar from this service. Ghost holds of
// other clients (SPEC §4: slots being booked right now) are passed in as
// bookings by the caller, with sameEventType set as for a real booking, so a
// held slot stays unavailable (or loses a seat) until the hold is released.
export interface ExistingBooking extends Interval {
  // Same event type: with the same start and end as a slot it takes seats of
  // that slot instead of blocking it, and it counts toward maxPerDay.
  sameEventType: boolean
  // Seats it takes; missing counts as 1.
  seatsTaken?: number
}

export interface AvailabilityInput {
  now: number
  // Schedule-zone dates, both included; a slot belongs to the date it starts on.
  range: { from: IsoDate; to: IsoDate }
  schedule: Schedule
  eventType: EventTypeRules
  bookings: readonly ExistingBooking[]
  // Busy time from connected calendars; blocks any overlapping slot.
  busy: readonly Interval[]
}

export interface Slot {
  start: number
  end: number
  seatsLeft: number
}
