/** Our event as an iCalendar object for a CalDAV collection (caldav.server.ts writes it). */
import ical, { type ICalAttendeeScheduleAgent, ICalEventStatus } from 'ical-generator'
import { ICS_PRODUCT_ID, icsAttendee, icsOrganizer } from '#app/domain/booking/ics.ts'
import { vtimezone, zonedDateTime } from '#app/domain/booking/ics-time.ts'
import type { OurEvent } from './provider.server.ts'

/** Etc/UTC, GMT, Zulu and the like: what the platform's Intl calls UTC. */
function isUtcZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone === 'UTC'
  } catch {
    return false
  }
}

/**
 * Our event as an iCalendar object for a CalDAV collection (no METHOD: RFC 4791 §4.1): the organizer's wall clock
 * with TZID and its VTIMEZONE, or plain UTC times for a UTC zone (Radicale rewrites a UTC TZID into an invalid
 * `TZID=Etc/UTC:...Z`).
 */
export function ourEventIcs(event: OurEvent, now: number): string {
  const utc = isUtcZone(event.timeZone)
  const calendar = ical({
    prodId: ICS_PRODUCT_ID,
    timezone: {
      name: null,
      generator: (zone) => (zone === event.timeZone ? vtimezone(zone, event.start, event.end) : null),
    },
  })
  const vevent = calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: new Date(now),
    start: utc ? new Date(event.start) : zonedDateTime(event.timeZone, event.start),
    end: utc ? new Date(event.end) : zonedDateTime(event.timeZone, event.end),
    timezone: utc ? null : event.timeZone,
    summary: event.summary,
    description: event.description || null,
    location: event.location || null,
    status: ICalEventStatus.CONFIRMED,
    organizer: icsOrganizer(event.organizer),
  })
  for (const attendee of event.attendees) {
    // The product sends its own invitations: a scheduling server (RFC 6638) must not send another.
    vevent.createAttendee({ ...icsAttendee(attendee), scheduleAgent: 'CLIENT' as ICalAttendeeScheduleAgent })
  }
  return `${calendar.toString()}\r\n`
}
