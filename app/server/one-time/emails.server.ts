/**
 * Emails of one-time meetings: the invitation (ICS + the `/booking` link to confirm + the self-service link) and the
 * confirmation of a seat booked through the share link. Each in the recipient's language and zone (the invitee's own
 * when known, else the meeting's).
 */
import { buildIcs, icsMeetingOf } from '#app/domain/booking/ics.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { placeText } from '#app/server/booking/emails.server.ts'
import { composeEmail, hello } from '#app/server/meetings/mail.server.ts'
import type { MeetingRow } from '#app/server/meetings/meetings.server.ts'
import type { NewMessage } from '#app/server/outbox/outbox.server.ts'

export type OneTimeOrganizer = { firstName: string; lastName: string; email: string }

export function organizerName(organizer: OneTimeOrganizer): string {
  return [organizer.firstName, organizer.lastName].filter(Boolean).join(' ')
}

/**
 * The meeting's ICS (REQUEST) with every live invitee as an attendee; a participant's copy carries their own
 * cancel/move link (`manage`), an adjutant's none.
 */
export function oneTimeIcs(
  meeting: Pick<
    MeetingRow,
    'id' | 'sequence' | 'startAt' | 'endAt' | 'timeZone' | 'name' | 'description' | 'meetingPoint' | 'placeType'
  >,
  organizer: OneTimeOrganizer,
  attendees: { email: string; name: string }[],
  now: number,
  manage?: { language: Language; url: string },
): string {
  const manageLink = manage
    ? { label: getT(manage.language)('meetings:mail.manage') as string, url: manage.url }
    : undefined
  return buildIcs([{ ...icsMeetingOf(meeting, organizer, attendees), ...(manageLink ? { manageLink } : {}) }], now)
}

type MeetingText = Pick<MeetingRow, 'name' | 'startAt' | 'endAt' | 'timeZone' | 'meetingPoint' | 'videoLinkService'>

function lines(t: ReturnType<typeof getT>, language: Language, meeting: MeetingText, zone: string) {
  // Its own video link: the link once created, else that it follows in a separate email (issue 15).
  const place = placeText(meeting, language)
  return [
    t('meetings:mail.when', {
      when: formatWhen({ start: meeting.startAt, end: meeting.endAt }, zone, language),
    }) as string,
    ...(place ? [t('meetings:mail.place', { place }) as string] : []),
  ]
}

function message(recipient: string, email: ReturnType<typeof composeEmail>, kind: string): NewMessage {
  return {
    channel: 'email',
    recipient,
    subject: email.subject,
    text: email.text,
    html: email.html,
    payload: { attachments: email.attachments, kind },
  }
}

const icsAttachment = (ics: string) => ({
  filename: 'meeting.ics',
  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  content: ics,
})

type GuestMail = {
  /** `timeZone`: the invitee's own (app/server/one-time/create.server.ts `knownZones`), else the meeting's. */
  to: { email: string; firstName: string; language: Language; timeZone: string }
  meeting: MeetingText
  organizer: OneTimeOrganizer
  manageUrl: string
  ics: string
}

/** A guest's mail of the meeting with its ICS: the greeting, its line, the meeting, and the self-service link last. */
function guestEmail(
  input: GuestMail,
  kind: 'invitation' | 'booked',
  extra: { hint?: string; first?: { label: string; url: string } },
): NewMessage {
  const t = getT(input.to.language)
  const params = { name: input.meeting.name, organizer: organizerName(input.organizer) }
  const email = composeEmail(
    t(`oneTime:mail.${kind}.subject`, params) as string,
    [
      hello(t, input.to.firstName),
      t(`oneTime:mail.${kind}.line`, params) as string,
      ...lines(t, input.to.language, input.meeting, input.to.timeZone),
      ...(extra.hint ? [t(extra.hint) as string] : []),
    ],
    [...(extra.first ? [extra.first] : []), { label: t('oneTime:mail.manage') as string, url: input.manageUrl }],
    [icsAttachment(input.ics)],
  )
  return message(input.to.email, email, `oneTime.${kind}`)
}

/** The invitation of an invited contact: confirm on `/booking`, or cancel by the self-service link. */
export function invitationEmail(input: GuestMail & { confirmUrl: string }): NewMessage {
  const t = getT(input.to.language)
  const confirm = { label: t('oneTime:mail.invitation.confirm') as string, url: input.confirmUrl }
  return guestEmail(input, 'invitation', { hint: 'oneTime:mail.invitation.confirmHint', first: confirm })
}

/** The confirmation of a seat booked on `/booking` through the share link. */
export function bookedEmail(input: GuestMail): NewMessage {
  return guestEmail(input, 'booked', {})
}
