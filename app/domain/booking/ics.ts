// ICS (RFC 5545) for a booked meeting, built with ical-generator: it escapes TEXT values (\ ; , newline),
// folds lines at 75 octets and ends them with CRLF (the file ends with one too). DTSTART/DTEND are the meeting
// zone's wall clock with TZID, and the file carries a VTIMEZONE for each zone, generated from app/domain/time for the
// span of its events (ics-time.ts); DTSTAMP is UTC. The zone also travels as X-WR-TIMEZONE
// (docs/decisions/0030-booking-holds-and-ics.md).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { meetingLink } from '#app/domain/meetings/rules.ts'
import { vtimezone, zonedDateTime } from './ics-time.ts'

export type IcsPerson = { name: string; email: string }

export type IcsMeeting = {
  /** The meeting id; the UID is `<id>@fastslot`. */
  id: string
  sequence: number
  start: number
  end: number
  /** IANA zone the meeting was booked in. */
  timeZone: string
  summary: string
  description?: string
  /** A place (offline, phone) or an online meeting link. */
  location?: string | null
  url?: string | null
  organizer: IcsPerson
  attendees: IcsPerson[]
  canceled?: boolean
  /** The participant's own signed cancel/move link, appended to DESCRIPTION (never on the organizer's copy). */
  manageLink?: { label: string; url: string }
}

export const ICS_PRODUCT_ID = { company: 'FastSlot', product: 'Booking', language: 'RU' }

/** A parameter value (CN) may not hold DQUOTE or control characters (RFC 5545 §3.1 param-value). */
export function safeParam(value: string): string {
  return Array.from(value, (ch) => (ch === '"' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

export function meetingUid(meetingId: string): string {
  return `${meetingId}@fastslot`
}

/** The ORGANIZER of an event: a name is a parameter (no quotes or controls), an empty one falls back to the email. */
export function icsOrganizer(person: IcsPerson) {
  return { name: safeParam(person.name) || person.email, email: person.email }
}

/** An ATTENDEE of one of our events: a required participant who has accepted (they booked it). */
export function icsAttendee(person: IcsPerson) {
  return { ...icsOrganizer(person), role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }
}

function isUrl(value: string | null | undefined): value is string {
  return !!value && /^https?:\/\/\S+$/i.test(value)
}

/** One VCALENDAR holding one VEVENT per meeting (several slots booked at once give several events). */
export function buildIcs(meetings: IcsMeeting[], now: number, method: 'REQUEST' | 'CANCEL' | 'PUBLISH' = 'REQUEST') {
  // Each zone's VTIMEZONE covers the span of that zone's events.
  const spans = new Map<string, { from: number; to: number }>()
  for (const m of meetings) {
    const span = spans.get(m.timeZone)
    spans.set(m.timeZone, { from: Math.min(span?.from ?? m.start, m.start), to: Math.max(span?.to ?? m.end, m.end) })
  }
  const calendar = ical({
    prodId: ICS_PRODUCT_ID,
    method: ICalCalendarMethod[method],
    // No calendar-wide zone name: DTSTAMP stays in UTC; the generator only answers the events' zones.
    timezone: {
      name: null,
      generator: (zone) => {
        const span = spans.get(zone)
        return span ? vtimezone(zone, span.from, span.to) : null
      },
    },
    x: meetings[0] ? [['X-WR-TIMEZONE', meetings[0].timeZone]] : [],
  })
  for (const meeting of meetings) {
    const url = meeting.url ?? (isUrl(meeting.location) ? meeting.location : null)
    const event = calendar.createEvent({
      id: meetingUid(meeting.id),
      sequence: meeting.sequence,
      stamp: new Date(now),
      start: zonedDateTime(meeting.timeZone, meeting.start),
      end: zonedDateTime(meeting.timeZone, meeting.end),
      timezone: meeting.timeZone,
      summary: meeting.summary,
      description: [meeting.description, meeting.manageLink && `${meeting.manageLink.label}: ${meeting.manageLink.url}`]
        .filter(Boolean)
        .join('\n\n'),
      location: meeting.location ?? null,
      url: url ?? null,
      status: meeting.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: icsOrganizer(meeting.organizer),
    })
    for (const attendee of meeting.attendees) event.createAttendee(icsAttendee(attendee))
  }
  // RFC 5545 §3.1: every content line, the last one too, ends with CRLF.
  return `${calendar.toString()}\r\n`
}

/** A person's full name as calendars show it. */
export function fullName(person: { firstName: string; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ')
}

/** The stored fields of a meeting that its calendar entry shows. */
export type IcsMeetingSource = {
  id: string
  sequence: number
  startAt: number
  endAt: number
  timeZone: string
  name: string
  description?: string | null
  meetingPoint: string | null
  placeType: 'Meet' | 'Online' | 'Phone'
}

/**
 * The calendar entry of a stored meeting, the one shape every ICS of the product is built from (booking,
 * self-service, meeting changes, one-time invitations): an online point becomes a link, names are full names.
 */
export function icsMeetingOf(
  meeting: IcsMeetingSource,
  organizer: { firstName: string; lastName?: string | null; email: string },
  attendees: readonly IcsPerson[],
  canceled?: boolean,
): IcsMeeting {
  const point = meeting.meetingPoint
  return {
    id: meeting.id,
    sequence: meeting.sequence,
    start: meeting.startAt,
    end: meeting.endAt,
    timeZone: meeting.timeZone,
    summary: meeting.name,
    description: meeting.description ?? undefined,
    location: point ? (meeting.placeType === 'Online' ? meetingLink(point) : point) : null,
    organizer: { name: fullName(organizer), email: organizer.email },
    attendees: [...attendees],
    ...(canceled ? { canceled } : {}),
  }
}
