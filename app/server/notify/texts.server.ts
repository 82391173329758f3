/**
 * Texts of reminders and organizer notices, in the recipient's language and time zone (ARCHITECTURE.md
 * "Languages and time"), with the meeting's place and the self-service links.
 */
import type { TFunction } from 'i18next'
import { type NoticeContent, clientList, renderNotice } from '#app/domain/notices.ts'
import type { ReminderProblem } from '#app/domain/reminders/problems.ts'
import { meetingPlace, type PlaceKind } from '#app/domain/reminders/text.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import { languageOf } from '#app/i18n/translate.server.ts'
import { emailHtml } from './email-html.server.ts'

export type WhoCalls = 'MemberCallToOrganizer' | 'OrganizerCallToMember'

export type MessageMeeting = {
  id: string
  name: string
  startAt: number
  endAt: number
  placeType: PlaceKind
  meetingPoint: string | null
  /** Phone meetings: who dials (SPEC §3 whoCallType); null reads as the client calling, the event type's default. */
  whoCallType?: WhoCalls | null
}

/** A client as an organizer's text names them (and, for a phone meeting the organizer places, their number). */
export type MessageClient = { name: string; phone: string | null }

export type MessageContent = { subject: string; text: string; html: string }

function html(lines: string[], link?: { label: string; url: string }): string {
  return emailHtml([...lines.map((p) => ({ p })), ...(link ? [{ button: link }] : [])])
}

/** The one readable form of a time (readable.ts), in the recipient's language and zone. */
function whenText(t: TFunction, meeting: MessageMeeting, timeZone: string): string {
  return formatWhen({ start: meeting.startAt, end: meeting.endAt }, timeZone, languageOf(t))
}

/** Where: the link or address, or for a phone meeting the recipient's line about who calls whom. */
function placeText(t: TFunction, meeting: MessageMeeting, phoneLine: () => string): string | null {
  if (meeting.placeType === 'Phone') return phoneLine()
  const place = meetingPlace(meeting.placeType, meeting.meetingPoint)
  return place ? t(`notify:place.${meeting.placeType}`, { place }) : null
}

const organizerCalls = (meeting: MessageMeeting) => meeting.whoCallType === 'OrganizerCallToMember'

/**
 * The client's line about a phone meeting (SPEC §3 whoCallType): when the specialist calls, the client's own number
 * they will be called at; when the client calls, the specialist's number if the meeting has one (a one-time meeting's
 * point; an event type of the phone kind keeps none).
 */
function clientPhoneText(t: TFunction, meeting: MessageMeeting, clientPhone: string | null): string {
  if (organizerCalls(meeting)) {
    const phone = clientPhone?.trim()
    return phone ? t('notify:phone.client.organizerCalls', { phone }) : t('notify:phone.client.organizerCallsNoNumber')
  }
  const phone = meeting.meetingPoint?.trim()
  return phone ? t('notify:phone.client.youCall', { phone }) : t('notify:phone.client.youCallNoNumber')
}

/** The organizer's line about a phone meeting: whom to call at which number, or that the client calls. */
function organizerPhoneText(t: TFunction, meeting: MessageMeeting, clients: MessageClient[]): string {
  if (!organizerCalls(meeting)) return t('notify:phone.organizer.clientCalls')
  const callees = clients
    .map((client) =>
      client.phone?.trim()
        ? `${client.name}, ${client.phone.trim()}`
        : `${client.name} (${t('notify:phone.noNumber')})`,
    )
    .join('; ')
  return t('notify:phone.organizer.youCall', { callees: callees || t('notify:noClients') })
}

/**
 * The reminder to a client (a member or a visitor): when, where, and the cancel/move link. `manageUrl` null with
 * `canManage` says "use the link in your confirmation email" (the stored link is unreadable); a visitor, who cannot
 * cancel or move the booking, gets no such line.
 */
export function clientReminder(
  t: TFunction,
  input: {
    meeting: MessageMeeting
    firstName: string
    organizerName: string
    timeZone: string
    /** The client's own phone (for a phone meeting the specialist places). */
    phone: string | null
    manageUrl: string | null
    canManage?: boolean
  },
): MessageContent {
  const when = whenText(t, input.meeting, input.timeZone)
  const manageLine = input.manageUrl
    ? t('notify:reminder.manage', { link: input.manageUrl })
    : input.canManage === false
      ? null
      : t('notify:reminder.manageInEmail')
  const lines = [
    t('notify:hello', { name: input.firstName }),
    t('notify:reminder.client', { name: input.meeting.name, organizer: input.organizerName, when }),
    placeText(t, input.meeting, () => clientPhoneText(t, input.meeting, input.phone)),
    manageLine,
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

/** The reminder to the organizer: when, where (for a phone meeting: who calls whom), with whom, the meeting's page. */
export function organizerReminder(
  t: TFunction,
  input: { meeting: MessageMeeting; firstName: string; clients: MessageClient[]; timeZone: string; meetingUrl: string },
): MessageContent {
  const when = whenText(t, input.meeting, input.timeZone)
  const names = input.clients.map((client) => client.name)
  const lines = [
    t('notify:hello', { name: input.firstName }),
    t('notify:reminder.organizer', { name: input.meeting.name, clients: clientList(t, names), when }),
    placeText(t, input.meeting, () => organizerPhoneText(t, input.meeting, input.clients)),
    t('notify:meetingLink', { link: input.meetingUrl }),
  ].filter((line): line is string => line !== null)
  return {
    subject: t('notify:reminder.subject', { name: input.meeting.name, when }),
    text: lines.join('\n\n'),
    html: html(lines.slice(0, -1), { label: t('notify:openMeeting'), url: input.meetingUrl }),
  }
}

export const ORGANIZER_EVENTS = ['booked', 'canceled', 'moved'] as const
export type OrganizerEvent = (typeof ORGANIZER_EVENTS)[number]

/** A notice as stored (keys and values) and as its recipient reads it now (Telegram, push, the stored text). */
export type Notice = NoticeContent & { text: { title: string; body: string } }

const range = (meeting: MessageMeeting) => ({ when: { start: meeting.startAt, end: meeting.endAt } })

/** The range a moved meeting had before (same duration), or an empty text. */
function previousRange(meeting: MessageMeeting, previousStartAt?: number) {
  if (previousStartAt === undefined) return ''
  return { when: { start: previousStartAt, end: previousStartAt + (meeting.endAt - meeting.startAt) } }
}

function notice(t: TFunction, content: NoticeContent, timeZone: string): Notice {
  return { ...content, text: renderNotice(t, content, { language: languageOf(t), timeZone }) }
}

/** A notice to the organizer about a new booking, a cancellation or a move (Telegram, push, notification center). */
export function organizerNotice(
  t: TFunction,
  event: OrganizerEvent,
  input: {
    meeting: MessageMeeting
    clients: string[]
    timeZone: string
    previousStartAt?: number
    /** A client's reason for cancelling (a cancellation only): the body quotes it. */
    reason?: string | null
    meetingUrl: string
  },
): Notice & { message: string } {
  const withReason = event === 'canceled' && Boolean(input.reason)
  const made = notice(
    t,
    {
      title: { key: `notify:organizer.${event}.title`, values: { name: input.meeting.name } },
      body: {
        key: withReason ? 'notify:organizer.canceled.bodyReason' : `notify:organizer.${event}.body`,
        values: {
          name: input.meeting.name,
          clients: { clients: input.clients },
          when: range(input.meeting),
          previous: previousRange(input.meeting, input.previousStartAt),
          ...(withReason ? { reason: input.reason ?? '' } : {}),
        },
      },
    },
    input.timeZone,
  )
  const message = [made.text.title, made.text.body, t('notify:meetingLink', { link: input.meetingUrl })].join('\n\n')
  return { ...made, message }
}

export type ClientEvent = 'canceled' | 'moved'

/** A notice to a client with an account about their meeting, canceled or moved by the specialist (SPEC §3). */
export function clientNotice(
  t: TFunction,
  event: ClientEvent,
  input: { meeting: MessageMeeting; organizerName: string; timeZone: string; previousStartAt?: number },
): Notice {
  return notice(
    t,
    {
      title: { key: `notify:client.${event}.title`, values: { name: input.meeting.name } },
      body: {
        key: `notify:client.${event}.body`,
        values: {
          organizer: input.organizerName,
          when: range(input.meeting),
          previous: previousRange(input.meeting, input.previousStartAt),
        },
      },
    },
    input.timeZone,
  )
}

/** The notice to the organizer that a reminder finally failed, with its reasons (translated at display). */
export function reminderFailedNotice(
  t: TFunction,
  input: { meeting: MessageMeeting; recipient: string | null; timeZone: string; problems: ReminderProblem[] },
): Notice {
  return notice(
    t,
    {
      title: { key: 'notify:reminderFailed.title', values: { name: input.meeting.name } },
      body: {
        key: input.recipient ? 'notify:reminderFailed.bodyClient' : 'notify:reminderFailed.bodyOrganizer',
        values: {
          name: input.meeting.name,
          recipient: input.recipient ?? '',
          when: range(input.meeting),
          reasons: { problems: input.problems },
        },
      },
    },
    input.timeZone,
  )
}
