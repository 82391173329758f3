/**
 * What a host's calendar decision needs to know, as plain data (the snapshot the server loads from D1 and the host's
 * Durable Object keeps): the event type's engine rules and schedule, the host's live meetings around the asked
 * times, and the ghost holds of other clients. Pure: `decide` functions ask it whether a slot is free.
 */
import { computeSlots } from '../availability/index.ts'
import type { EventTypeRules, ExistingBooking, Interval, Schedule, Slot } from '../availability/index.ts'
import { instantToZoned } from '../time/index.ts'
import type { BookingConfirmed } from './events.ts'

/** A live (upcoming) meeting of the host, with the member seats it has taken. */
export type LiveMeeting = {
  id: string
  eventTypeId: string | null
  startAt: number
  endAt: number
  seatsTaken: number
}

/** A ghost hold as the engine sees it (a seat of a one-time meeting has `companyEventId` and no event type). */
export type HoldInterval = { id: string; eventTypeId: string; start: number; end: number; companyEventId?: string }

export type EventCalendar = {
  eventTypeId: string
  schedule: Schedule
  rules: EventTypeRules
  /** The host's live meetings around the asked slots. */
  live: LiveMeeting[]
  /** Busy times synced from the host's calendars around the asked slots (issue 14): they block like a booking. */
  busy: Interval[]
}

/**
 * Engine bookings: every live meeting of the host (a meeting of this event type takes its booked seats, any other
 * blocks its time) and every ghost hold given (a hold of this event type takes one seat).
 */
export function engineBookings(
  eventTypeId: string,
  live: readonly LiveMeeting[],
  holds: readonly HoldInterval[],
): ExistingBooking[] {
  const result: ExistingBooking[] = []
  for (const meeting of live) {
    const sameEventType = meeting.eventTypeId === eventTypeId
    if (sameEventType && meeting.seatsTaken === 0) continue
    result.push({
      start: meeting.startAt,
      end: meeting.endAt,
      sameEventType,
      seatsTaken: sameEventType ? meeting.seatsTaken : 1,
    })
  }
  for (const hold of holds) {
    result.push({ start: hold.start, end: hold.end, sameEventType: hold.eventTypeId === eventTypeId, seatsTaken: 1 })
  }
  return result
}

/** Is the exact slot free for one more seat, given the bookings (and the engine's rules: notice, window, per day)? */
export function slotIsFree(
  calendar: Pick<EventCalendar, 'schedule' | 'rules' | 'busy'>,
  bookings: ExistingBooking[],
  slot: { start: number; end: number },
  now: number,
): Slot | null {
  const date = instantToZoned(calendar.schedule.timeZone, slot.start).date
  const free = computeSlots({
    now,
    range: { from: date, to: date },
    schedule: calendar.schedule,
    eventType: calendar.rules,
    bookings,
    busy: calendar.busy,
  })
  return free.find((s) => s.start === slot.start && s.end === slot.end) ?? null
}

/**
 * The fewest seats left over the slots, taken one after another by `party` seats each (counting the ones taken
 * before in the same request); 0 when a slot is not offered at all. A party of one fits when it is above 0.
 */
export function seatsLeftFor(
  calendar: EventCalendar,
  holds: readonly HoldInterval[],
  slots: readonly { start: number; end: number }[],
  party: number,
  now: number,
): number {
  const bookings = engineBookings(calendar.eventTypeId, calendar.live, holds)
  let fewest = Number.POSITIVE_INFINITY
  for (const slot of slots) {
    const free = slotIsFree(calendar, bookings, slot, now)
    if (!free) return 0
    fewest = Math.min(fewest, free.seatsLeft)
    bookings.push({ ...slot, sameEventType: true, seatsTaken: party })
  }
  return fewest
}

/** Takes the slots one after another, one seat each: each must be free. False when one is not. */
export function allFree(
  calendar: EventCalendar,
  holds: readonly HoldInterval[],
  slots: readonly { start: number; end: number }[],
  now: number,
): boolean {
  return seatsLeftFor(calendar, holds, slots, 1, now) > 0
}

/**
 * The calendar after these bookings were written in it (the host's object keeps it in memory, ADR 0129): each takes
 * its member seats (the client, and a group's companions) in its slot's meeting, the one it joined or a new one.
 */
export function withBookings(calendar: EventCalendar, booked: readonly BookingConfirmed[]): EventCalendar {
  const seats = (event: BookingConfirmed) => 1 + (event.companions ?? []).filter((c) => c.role === 'member').length
  const live = calendar.live.map((meeting) => {
    const joined = booked.filter((event) => event.meetingId === meeting.id)
    return joined.length === 0
      ? meeting
      : { ...meeting, seatsTaken: joined.reduce((taken, event) => taken + seats(event), meeting.seatsTaken) }
  })
  for (const event of booked) {
    if (calendar.live.some((meeting) => meeting.id === event.meetingId)) continue
    const meeting = live.find((m) => m.id === event.meetingId)
    if (meeting) meeting.seatsTaken += seats(event)
    else {
      live.push({
        id: event.meetingId,
        eventTypeId: calendar.eventTypeId,
        startAt: event.start,
        endAt: event.end,
        seatsTaken: seats(event),
      })
    }
  }
  return { ...calendar, live }
}
