/** The confirmation emails of a booking: one to the client (their language and zone), one to the organizer. */
import { isoToDmy, instantToZoned } from '#app/domain/time/index.ts'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { NewMessage } from '../outbox/outbox.server.ts'
import type { PublicEventContext } from './availability.server.ts'

export const ICS_FILENAME = 'meeting.ics'

/** `DD.MM.YYYY HH:mm-HH:mm (Zone)` of a slot in a zone. */
export function slotText(slot: { start: number; end: number }, timeZone: string): string {
  const start = instantToZoned(timeZone, slot.start)
  const end = instantToZoned(timeZone, slot.end)
  return `${isoToDmy(start.date)} ${start.time}–${end.time} (${timeZone})`
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
  const clientLines = [
    tc('booking:email.clientGreeting', { name: contact.firstName }),
    '',
    tc('booking:email.clientBooked', { event: eventType.name, host: hostName }),
    ...input.slots.map(
      (slot, i) => `• ${slotText(slot, input.clientTimeZone)} — ${tc('booking:email.manage')}: ${input.manageUrls[i]}`,
    ),
    '',
    eventType.meetingPoint ? `${tc('booking:email.place')}: ${eventType.meetingPoint}` : '',
    tc('booking:email.icsAttached'),
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '')

  const to = getT(host.culture)
  const organizerLines = [
    to('booking:email.organizerBooked', { event: eventType.name, name: clientName }),
    ...input.slots.map((slot) => `• ${slotText(slot, context.schedule.timeZone)}`),
    '',
    `${to('booking:email.email')}: ${contact.email}`,
    contact.phone ? `${to('booking:email.phone')}: ${contact.phone}` : '',
    contact.messengerValue ? `${contact.messengerType}: ${contact.messengerValue}` : '',
    contact.comment ? `${to('booking:email.comment')}: ${contact.comment}` : '',
    '',
    to('booking:email.icsAttached'),
  ].filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))

  return [
    {
      channel: 'email',
      recipient: contact.email,
      subject: tc('booking:email.clientSubject', {
        event: eventType.name,
        when: slotText(input.slots[0], input.clientTimeZone),
      }),
      text: clientLines.join('\n'),
      payload: { attachments: icsFile(input.clientIcs ?? input.ics), kind: 'booking.client' },
    },
    {
      channel: 'email',
      recipient: host.email,
      subject: to('booking:email.organizerSubject', { event: eventType.name, name: clientName }),
      text: organizerLines.join('\n'),
      payload: { attachments, kind: 'booking.organizer' },
    },
  ]
}
