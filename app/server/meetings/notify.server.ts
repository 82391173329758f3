/**
 * Emails about a changed meeting (SPEC §4 actions): every affected person gets one in their language and time zone,
 * with the meeting's ICS (same UID; METHOD:CANCEL when it is cancelled for them). A participant's email and ICS carry
 * their own signed self-service link (cancel or move), read back from `participant_links`; an adjutant's or the
 * organizer's never do. When SEQUENCE is raised is the caller's decision (docs/decisions/0050).
 */
import { buildIcs, icsMeetingOf } from '#app/domain/booking/ics.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { type AppEnv, sessionKeys } from '#app/server/env.server.ts'
import { participantManageToken } from '#app/server/notify/links.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import type { users } from '#db/schema.ts'
import { composeEmail, hello } from './mail.server.ts'
import type { MeetingRow, ParticipantRow } from './meetings.server.ts'

export type NoticeKind =
  | 'canceled'
  | 'moved'
  | 'invited'
  | 'transferred'
  | 'participantCanceled'
  | 'participantMoved'
  /** A moved participant's cancellation of the meeting they left (METHOD:CANCEL of its UID). */
  | 'transferredAway'
  /** The meeting's own video link arrived after the confirmation went (issue 15). */
  | 'linked'

export type Recipient = {
  email: string
  name: string
  language: Language
  timeZone: string
  /** A participant's row: their email and ICS carry their self-service link. */
  participantId?: string
  /** Their token when it is written in the same batch (not yet readable from `participant_links`). */
  manageToken?: string
}

type Organizer = Pick<typeof users.$inferSelect, 'email' | 'firstName' | 'lastName' | 'culture' | 'timeZone'>

/** The meeting a notice is about, in the state it will have after the change, and its reason when one was given. */
type NoticeOf = {
  meeting: MeetingRow
  organizer: Organizer
  /** Live invitees after the change: the ICS attendees. */
  attendees: { email: string; name: string }[]
  /** The participant's reason for cancelling their own booking (the organizer's notice). */
  reason?: string | null
}

export function participantRecipient(p: ParticipantRow): Recipient {
  return { email: p.email, name: p.firstName, language: p.language, timeZone: p.timeZone, participantId: p.id }
}

/** An adjutant reads the specialist's side: the organizer's language and profile zone (issue 18: one zone per person). */
export function adjutantRecipient(email: string, organizer: Organizer): Recipient {
  return { email, name: email, language: organizer.culture, timeZone: organizer.timeZone }
}

export function organizerRecipient(organizer: Organizer): Recipient {
  return {
    email: organizer.email,
    name: organizer.firstName,
    language: organizer.culture,
    timeZone: organizer.timeZone,
  }
}

/** Kinds after which the meeting is gone for the recipient: METHOD:CANCEL, no place, no self-service link. */
const CANCEL_KINDS: readonly NoticeKind[] = ['canceled', 'transferredAway']
/** Kinds that tell a participant their booking still stands: the email repeats the cancel/move link. */
const LINK_KINDS: readonly NoticeKind[] = ['moved', 'invited', 'transferred', 'linked']

/** A participant's signed self-service link, in their language; null when none was kept (rows made before links). */
export async function participantManageUrl(
  db: Db,
  env: AppEnv,
  participantId: string,
  language: Language,
): Promise<string | null> {
  const token = await participantManageToken(db, sessionKeys(env), participantId)
  return token ? manageLink(env.APP_URL, token, language) : null
}

/** The statements that enqueue one email per recipient for a meeting in the state it will have after the change. */
export async function meetingNotices(
  db: Db,
  env: AppEnv,
  input: NoticeOf & {
    recipients: Recipient[]
    kind: NoticeKind
    /** Who acted, for the organizer's notice of a participant's own cancellation or move. */
    actorName?: string
  },
  now: number,
) {
  const { meeting, organizer, kind } = input
  const organizerName = [organizer.firstName, organizer.lastName].filter(Boolean).join(' ')
  const canceledForThem = CANCEL_KINDS.includes(kind)
  const method = canceledForThem ? 'CANCEL' : 'REQUEST'
  const base = icsMeetingOf(meeting, organizer, input.attendees, canceledForThem)
  const shared = buildIcs([base], now, method)
  const statements = []
  for (const recipient of input.recipients) {
    const t = getT(recipient.language)
    const manageUrl = canceledForThem
      ? null
      : recipient.manageToken
        ? manageLink(env.APP_URL, recipient.manageToken, recipient.language)
        : recipient.participantId
          ? await participantManageUrl(db, env, recipient.participantId, recipient.language)
          : null
    const manageLabel = t('meetings:mail.manage') as string
    const ics = manageUrl
      ? buildIcs([{ ...base, manageLink: { label: manageLabel, url: manageUrl } }], now, method)
      : shared
    const when = t('meetings:mail.when', {
      when: formatWhen({ start: meeting.startAt, end: meeting.endAt }, recipient.timeZone, recipient.language),
    }) as string
    const params = { name: meeting.name, organizer: organizerName, who: input.actorName ?? '' }
    const lines = [hello(t, recipient.name), t(`meetings:mail.${kind}.line`, params) as string, when]
    if (meeting.meetingPoint && !canceledForThem)
      lines.push(t('meetings:mail.place', { place: meeting.meetingPoint }) as string)
    if (input.reason) lines.push(t('meetings:mail.reason', { reason: input.reason }) as string)
    const email = composeEmail(
      t(`meetings:mail.${kind}.subject`, params) as string,
      lines,
      manageUrl && LINK_KINDS.includes(kind) ? [{ label: manageLabel, url: manageUrl }] : [],
      [{ filename: 'meeting.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }],
    )
    statements.push(
      enqueueMessage(
        db,
        {
          channel: 'email',
          recipient: recipient.email,
          subject: email.subject,
          text: email.text,
          html: email.html,
          payload: { attachments: email.attachments, kind: `meetings.${kind}` },
        },
        now,
      ).query,
    )
  }
  return statements
}

/** The organizer's email when a participant cancelled or moved their own booking: the participant is named. */
export function organizerNoticeOfActor(
  db: Db,
  env: AppEnv,
  input: NoticeOf & {
    actor: { firstName: string; lastName: string }
    kind: 'participantCanceled' | 'participantMoved'
  },
  now: number,
) {
  const { actor, ...rest } = input
  return meetingNotices(
    db,
    env,
    {
      ...rest,
      recipients: [organizerRecipient(input.organizer)],
      actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    },
    now,
  )
}
