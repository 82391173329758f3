/**
 * The confirmation emails of a booking: one to the client (their language and zone), one to the organizer (their
 * profile's language and zone), each with a plain-text and an HTML part naming every booked slot.
 */
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
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

export function bookingEmails(input: {
  context: PublicEventContext
  contact: ContactInfo
  clientLanguage: Language
  clientTimeZone: string
  slots: { start: number; end: number }[]
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
  const booked = tc('booking:email.clientBooked', { event: eventType.name, host: hostName })
  const place = eventType.meetingPoint ? `${tc('booking:email.place')}: ${eventType.meetingPoint}` : ''
  const clientLines = [
    greeting,
    '',
    booked,
    ...clientWhen.map((when, i) => `• ${when} — ${tc('booking:email.manage')}: ${input.manageUrls[i]}`),
    '',
    place,
    tc('booking:email.icsAttached'),
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '')
  const clientHtml: EmailBlock[] = [
    { p: greeting },
    { p: booked },
    ...clientWhen.flatMap((when, i): EmailBlock[] => [
      { strong: when },
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
