/**
 * Emails about a changed meeting (SPEC §4 actions): every affected person gets one in their language and time zone,
 * with the meeting's ICS (same UID, SEQUENCE raised by the caller; METHOD:CANCEL when it is cancelled for them).
 */
import { buildIcs, icsMeetingOf } from '#app/domain/booking/ics.ts'
import { meetingTimeText } from '#app/domain/meetings/rules.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import type { users } from '#db/schema.ts'
import { composeEmail, hello } from './mail.server.ts'
import type { MeetingRow, ParticipantRow } from './meetings.server.ts'

export type NoticeKind = 'canceled' | 'moved' | 'invited' | 'transferred' | 'participantCanceled'

export type Recipient = { email: string; name: string; language: Language; timeZone: string }

type Organizer = Pick<typeof users.$inferSelect, 'email' | 'firstName' | 'lastName' | 'culture' | 'timeZone'>

export function participantRecipient(p: ParticipantRow): Recipient {
  return { email: p.email, name: p.firstName, language: p.language, timeZone: p.timeZone }
}

export function adjutantRecipient(email: string, meeting: MeetingRow, organizer: Organizer): Recipient {
  return { email, name: email, language: organizer.culture, timeZone: meeting.timeZone }
}

export function organizerRecipient(organizer: Organizer): Recipient {
  return {
    email: organizer.email,
    name: organizer.firstName,
    language: organizer.culture,
    timeZone: organizer.timeZone,
  }
}

/** The statements that enqueue one email per recipient for a meeting in the state it will have after the change. */
export function meetingNotices(
  db: Db,
  input: {
    meeting: MeetingRow
    organizer: Organizer
    /** Live invitees after the change: the ICS attendees. */
    attendees: { email: string; name: string }[]
    recipients: Recipient[]
    kind: NoticeKind
    /** Who cancelled, for the organizer's notice of a participant's own cancellation. */
    actorName?: string
  },
  now: number,
) {
  const { meeting, organizer, kind } = input
  const organizerName = [organizer.firstName, organizer.lastName].filter(Boolean).join(' ')
  const canceledForThem = kind === 'canceled'
  const ics = buildIcs(
    [icsMeetingOf(meeting, organizer, input.attendees, canceledForThem)],
    now,
    canceledForThem ? 'CANCEL' : 'REQUEST',
  )
  return input.recipients.map((recipient) => {
    const t = getT(recipient.language)
    const time = meetingTimeText(meeting, recipient.timeZone)
    const when = t('meetings:mail.when', { date: time.date, time: time.timeSlot, zone: recipient.timeZone }) as string
    const params = { name: meeting.name, organizer: organizerName, who: input.actorName ?? '' }
    const lines = [hello(t, recipient.name), t(`meetings:mail.${kind}.line`, params) as string, when]
    if (meeting.meetingPoint && !canceledForThem)
      lines.push(t('meetings:mail.place', { place: meeting.meetingPoint }) as string)
    const email = composeEmail(
      t(`meetings:mail.${kind}.subject`, params) as string,
      lines,
      [],
      [
        {
          filename: 'meeting.ics',
          contentType: `text/calendar; method=${canceledForThem ? 'CANCEL' : 'REQUEST'}`,
          content: ics,
        },
      ],
    )
    return enqueueMessage(
      db,
      {
        channel: 'email',
        recipient: recipient.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        payload: { attachments: email.attachments },
      },
      now,
    ).query
  })
}
