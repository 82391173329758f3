/**
 * "Add to Google Calendar / Outlook" links of a booked meeting (issue 18, docs/decisions/0103): each service's
 * template URL, filled with the meeting's title, UTC times, details and place, every value URL-encoded. Yandex
 * Calendar documents no such template URL, so the page offers it the booking's ICS file instead (its import reads
 * .ics). The place is the meeting's link or address: these pages are shown only to the meeting's participants.
 */
import { meetingLink } from '#app/domain/meetings/rules.ts'

export type CalendarLinkEvent = {
  title: string
  start: number
  end: number
  details: string
  location: string | null
}

/** `20261127T060000Z`: the basic ISO 8601 UTC form Google's `dates` takes. */
function basicUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** `2026-11-27T06:00:00Z`: the extended UTC form Outlook's `startdt`/`enddt` take. */
function extendedUtc(instant: number): string {
  return new Date(instant).toISOString().replace(/\.\d{3}/, '')
}

/** A query string with every name and value percent-encoded (spaces as %20, not the form encoding's `+`). */
function query(params: [string, string | null][]): string {
  return params
    .filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
}

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${basicUtc(event.start)}/${basicUtc(event.end)}`],
    ['details', event.details],
    ['location', event.location],
  ])}`
}

export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  return `https://outlook.live.com/calendar/0/action/compose?${query([
    ['subject', event.title],
    ['startdt', extendedUtc(event.start)],
    ['enddt', extendedUtc(event.end)],
    ['body', event.details],
    ['location', event.location],
  ])}`
}

/** The event's details: its description, then the self-service link (cancel or move), when there is one. */
export function calendarDetails(description: string, manage: { label: string; url: string } | null): string {
  return [description.trim(), manage ? `${manage.label}: ${manage.url}` : ''].filter(Boolean).join('\n\n')
}

/** A meeting as the links carry it: an online point as a link (as the ICS has it), the manage link in the details. */
export function calendarEventOf(
  meeting: {
    name: string
    description: string | null
    startAt: number
    endAt: number
    placeType: 'Meet' | 'Online' | 'Phone'
    meetingPoint: string | null
  },
  manage: { label: string; url: string } | null,
): CalendarLinkEvent {
  const point = meeting.meetingPoint?.trim() || null
  return {
    title: meeting.name,
    start: meeting.startAt,
    end: meeting.endAt,
    details: calendarDetails(meeting.description ?? '', manage),
    location: point && meeting.placeType === 'Online' ? meetingLink(point) : point,
  }
}

export function calendarLinks(event: CalendarLinkEvent) {
  return { google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event) }
}
