/**
 * The confirmation emails of a booking: one to the client (their language and zone), one to the organizer (their
 * profile's language and zone), each with a plain-text and an HTML part naming every booked slot.
 */
import type { BookingContact, ContactInfo } from '#app/domain/booking/contact-form.ts'
import { buildIcs, fullName, type IcsMeetingSource, icsMeetingOf } from '#app/domain/booking/ics.ts'
import type { VideoLinkService } from '#app/domain/enums.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type EmailBlock, emailHtml } from '../notify/email-html.server.ts'
import type { NewMessage } from '../outbox/outbox.server.ts'
import type { PublicEventContext } from './availability.server.ts'

export const ICS_FILENAME = 'meeting.ics'

/** A slot as a person reads it: "чт, 26.11.2026, 15:00–15:45 (Токио)" (app/domain/time/readable.ts). */
export function slotText(slot: { start: number; end: number }, timeZone: string, language: Language): string {
  return formatWhen(slot, timeZone, language)
}

/** A booked meeting as its confirmation shows it: its time and its place (its own link once it has one). */
export type ConfirmedMeeting = IcsMeetingSource & { videoLinkService: VideoLinkService | null }

/**
 * What a booking's confirmation says of a meeting's place: the address or link, or, while the meeting's own video link
 * is being created, that it follows in a separate email (issue 15).
 */
export function placeText(
  meeting: Pick<ConfirmedMeeting, 'meetingPoint' | 'videoLinkService'>,
  language: Language,
): string | null {
  if (meeting.meetingPoint) return meeting.meetingPoint
  if (!meeting.videoLinkService) return null
  const t = getT(language)
  return t('booking:email.linkToFollow', { service: t(`common:videoService.${meeting.videoLinkService}`) }) as string
}

/**
 * The whole confirmation of a booking: the ICS the client gets back, and both emails. Built when the booking is
 * written, and again from the stored rows when a meeting's own video link arrives before the emails went out
 * (app/server/video/conferences.server.ts), so both are the same message.
 */
/** The client as their confirmation names them, with what only the organizer reads (ADR 0105). */
type ConfirmedContact = ContactInfo & Partial<Pick<BookingContact, 'tempCustomField'>>

export function confirmationMessages(input: {
  context: PublicEventContext
  contact: ConfirmedContact
  /** The companions' emails: attendees of the ICS, named to the organizer (ADR 0105). */
  companions?: readonly string[]
  /** This copy is a companion's: the name of the client who brought them (the organizer's copy is not made). */
  bookedBy?: string
  language: Language
  timeZone: string
  meetings: readonly ConfirmedMeeting[]
  manageUrls: readonly string[]
  now: number
}): { ics: string; emails: NewMessage[] } {
  const { context, contact, language, now } = input
  const party = [contact.email, ...(input.companions ?? [])]
  const attendees = party.map((email) =>
    email === contact.email ? { name: fullName(contact), email } : { name: email, email },
  )
  const entries = input.meetings.map((meeting) => icsMeetingOf(meeting, context.host, attendees))
  const ics = buildIcs(entries, now)
  // The client's copy carries their own cancel/move links (in their language); the organizer's copy none.
  const manageLabel = getT(language)('meetings:mail.manage') as string
  const clientIcs = buildIcs(
    entries.map((entry, i) => ({ ...entry, manageLink: { label: manageLabel, url: input.manageUrls[i] } })),
    now,
  )
  const emails = bookingEmails({
    context,
    contact,
    clientLanguage: language,
    clientTimeZone: input.timeZone,
    slots: input.meetings.map((m) => ({ start: m.startAt, end: m.endAt })),
    places: input.meetings.map((m) => placeText(m, language)),
    manageUrls: [...input.manageUrls],
    ics,
    clientIcs,
    companions: input.companions ?? [],
    bookedBy: input.bookedBy,
  })
  return { ics, emails: input.bookedBy === undefined ? emails : emails.slice(0, 1) }
}

export function bookingEmails(input: {
  context: PublicEventContext
  contact: ConfirmedContact
  companions?: readonly string[]
  bookedBy?: string
  clientLanguage: Language
  clientTimeZone: string
  slots: { start: number; end: number }[]
  /** Each slot's place: one line when they are all the same, else each slot names its own (own video links). */
  places: (string | null)[]
  manageUrls: string[]
  ics: string
  /** The client's copy of the ICS, with their own cancel/move links; `ics` otherwise. */
  clientIcs?: string
}): NewMessage[] {
  const { context, contact } = input
  const { host, eventType } = context
  const icsFile = (content: string) => [
    { filename: ICS_FILENAME, contentType: 'text/calendar; charset=utf-8; method=REQUEST', content },
  ]
  const attachments = icsFile(input.ics)
  const hostName = `${host.firstName} ${host.lastName}`.trim()
  const clientName = `${contact.firstName} ${contact.lastName}`.trim()

  const tc = getT(input.clientLanguage)
  const clientWhen = input.slots.map((slot) => slotText(slot, input.clientTimeZone, input.clientLanguage))
  const greeting = tc('booking:email.clientGreeting', { name: contact.firstName })
  const booked =
    input.bookedBy === undefined
      ? tc('booking:email.clientBooked', { event: eventType.name, host: hostName })
      : tc('booking:email.companionBooked', { event: eventType.name, host: hostName, name: input.bookedBy })
  const onePlace = input.places.every((p) => p === input.places[0])
  const placeOf = (p: string | null) => (p ? `${tc('booking:email.place')}: ${p}` : '')
  const place = onePlace ? placeOf(input.places[0] ?? null) : ''
  const slotPlace = (i: number) => (onePlace || !input.places[i] ? '' : ` — ${placeOf(input.places[i])}`)
  const clientLines = [
    greeting,
    '',
    booked,
    ...clientWhen.map((when, i) => `• ${when}${slotPlace(i)} — ${tc('booking:email.manage')}: ${input.manageUrls[i]}`),
    '',
    place,
    tc('booking:email.icsAttached'),
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '')
  const clientHtml: EmailBlock[] = [
    { p: greeting },
    { p: booked },
    ...clientWhen.flatMap((when, i): EmailBlock[] => [
      { strong: when },
      ...(slotPlace(i) ? [{ p: placeOf(input.places[i]) }] : []),
      ...(input.manageUrls[i]
        ? [{ button: { label: tc('booking:email.manageButton'), url: input.manageUrls[i] } }]
        : []),
    ]),
    ...(place ? [{ p: place }] : []),
    { p: tc('booking:email.icsAttached') },
  ]

  // The organizer reads every time in their profile's zone (not the schedule's), like moves, cancels and pages.
  const organizerLanguage = host.culture
  const to = getT(organizerLanguage)
  const organizerWhen = input.slots.map((slot) => slotText(slot, host.timeZone, organizerLanguage))
  const details = [
    `${to('booking:email.email')}: ${contact.email}`,
    contact.phone ? `${to('booking:email.phone')}: ${contact.phone}` : '',
    contact.messengerValue ? `${contact.messengerType}: ${contact.messengerValue}` : '',
    contact.comment ? `${to('booking:email.comment')}: ${contact.comment}` : '',
    contact.tempCustomField ? `${to('booking:email.tempCustomField')}: ${contact.tempCustomField}` : '',
    input.companions?.length ? `${to('booking:email.companions')}: ${input.companions.join(', ')}` : '',
  ].filter((line) => line !== '')
  const organizerBooked = to('booking:email.organizerBooked', { event: eventType.name, name: clientName })
  const organizerLines = [
    organizerBooked,
    ...organizerWhen.map((when) => `• ${when}`),
    '',
    ...details,
    '',
    to('booking:email.icsAttached'),
  ]
  const organizerHtml: EmailBlock[] = [
    { p: organizerBooked },
    { list: organizerWhen },
    { p: details.join('\n') },
    { p: to('booking:email.icsAttached') },
  ]

  return [
    {
      channel: 'email',
      recipient: contact.email,
      subject: tc('booking:email.clientSubject', {
        event: eventType.name,
        when: clientWhen[0],
      }),
      text: clientLines.join('\n'),
      html: emailHtml(clientHtml),
      payload: { attachments: icsFile(input.clientIcs ?? input.ics), kind: 'booking.client' },
    },
    {
      channel: 'email',
      recipient: host.email,
      subject: to('booking:email.organizerSubject', { event: eventType.name, name: clientName }),
      text: organizerLines.join('\n'),
      html: emailHtml(organizerHtml),
      payload: { attachments, kind: 'booking.organizer' },
    },
  ]
}
