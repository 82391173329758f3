/**
 * Texts of reminders and organizer notices, in the recipient's language and time zone (ARCHITECTURE.md
 * "Languages and time"), with the meeting's place and the self-service links.
 */
import type { TFunction } from 'i18next'
import { meetingPlace, meetingWhen, type PlaceKind } from '#app/domain/reminders/text.ts'

export type MessageMeeting = {
  id: string
  name: string
  startAt: number
  endAt: number
  placeType: PlaceKind
  meetingPoint: string | null
}

export type MessageContent = { subject: string; text: string; html: string }

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

function html(lines: string[], link?: { label: string; url: string }): string {
  const body = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('')
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3b5bdb;color:#fff;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : ''
  return `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#1c2130;line-height:1.5">${body}${button}</body></html>`
}

function whenText(t: TFunction, meeting: MessageMeeting, timeZone: string): string {
  return t('notify:when', meetingWhen(meeting.startAt, meeting.endAt, timeZone))
}

function placeText(t: TFunction, meeting: MessageMeeting, phone: string | null): string | null {
  const place = meetingPlace(meeting.placeType, meeting.meetingPoint, phone)
  return place ? t(`notify:place.${meeting.placeType}`, { place }) : null
}

/** The reminder to a client: when, where, and the cancel/move link. */
export function clientReminder(
  t: TFunction,
  input: {
    meeting: MessageMeeting
    firstName: string
    organizerName: string
    timeZone: string
    phone: string | null
    manageUrl: string | null
  },
): MessageContent {
  const when = whenText(t, input.meeting, input.timeZone)
  const lines = [
    t('notify:hello', { name: input.firstName }),
    t('notify:reminder.client', { name: input.meeting.name, organizer: input.organizerName, when }),
    placeText(t, input.meeting, input.phone),
    input.manageUrl ? t('notify:reminder.manage', { link: input.manageUrl }) : t('notify:reminder.manageInEmail'),
  ].filter((line): line is string => line !== null)
  return {
    subject: t('notify:reminder.subject', { name: input.meeting.name, when }),
    text: lines.join('\n\n'),
    html: html(
      lines.filter((line) => !input.manageUrl || !line.includes(input.manageUrl)),
      input.manageUrl ? { label: t('notify:reminder.manageButton'), url: input.manageUrl } : undefined,
    ),
  }
}

/** The reminder to the organizer: when, where, with whom, and the meeting's page. */
export function organizerReminder(
  t: TFunction,
  input: { meeting: MessageMeeting; firstName: string; clients: string[]; timeZone: string; meetingUrl: string },
): MessageContent {
  const when = whenText(t, input.meeting, input.timeZone)
  const lines = [
    t('notify:hello', { name: input.firstName }),
    t('notify:reminder.organizer', { name: input.meeting.name, clients: clientList(t, input.clients), when }),
    placeText(t, input.meeting, null),
    t('notify:meetingLink', { link: input.meetingUrl }),
  ].filter((line): line is string => line !== null)
  return {
    subject: t('notify:reminder.subject', { name: input.meeting.name, when }),
    text: lines.join('\n\n'),
    html: html(lines.slice(0, -1), { label: t('notify:openMeeting'), url: input.meetingUrl }),
  }
}

export function clientList(t: TFunction, names: string[]): string {
  if (names.length === 0) return t('notify:noClients')
  if (names.length <= 3) return names.join(', ')
  return t('notify:clientsMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 })
}

export const ORGANIZER_EVENTS = ['booked', 'canceled', 'moved'] as const
export type OrganizerEvent = (typeof ORGANIZER_EVENTS)[number]

/** A notice to the organizer about a new booking, a cancellation or a move (Telegram, push, notification center). */
export function organizerNotice(
  t: TFunction,
  event: OrganizerEvent,
  input: { meeting: MessageMeeting; clients: string[]; timeZone: string; previousStartAt?: number; meetingUrl: string },
): { title: string; body: string; text: string } {
  const when = whenText(t, input.meeting, input.timeZone)
  const previous =
    input.previousStartAt === undefined
      ? ''
      : whenText(
          t,
          {
            ...input.meeting,
            startAt: input.previousStartAt,
            endAt: input.previousStartAt + (input.meeting.endAt - input.meeting.startAt),
          },
          input.timeZone,
        )
  const title = t(`notify:organizer.${event}.title`, { name: input.meeting.name })
  const body = t(`notify:organizer.${event}.body`, {
    name: input.meeting.name,
    clients: clientList(t, input.clients),
    when,
    previous,
  })
  return { title, body, text: [title, body, t('notify:meetingLink', { link: input.meetingUrl })].join('\n\n') }
}
