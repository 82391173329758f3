/**
 * SPEC §7 `POST /user/message (companyEventId)`: a visitor of `/booking` writes to the organizer of a one-off meeting
 * (the "contact organizer form" of SPEC §2, for a meeting that has no event page). One email to the organizer in
 * their language, replying to the visitor.
 */
import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import { findOneTime } from './public.server.ts'

/** The outbox id, or null when there is no such one-off meeting. */
export async function messageOneTimeOrganizer(
  db: Db,
  companyEventId: string,
  message: { name: string; email: string; phone: string | null; text: string },
  now: number,
): Promise<string | null> {
  const row = await findOneTime(db, companyEventId)
  if (!row) return null
  const t = getT(row.organizer.culture)
  const { id, query } = enqueueMessage(
    db,
    {
      channel: 'email',
      recipient: row.organizer.email,
      subject: t('oneoff:mail.message.subject', { name: message.name, meeting: row.meeting.name }),
      text: [
        t('oneoff:mail.message.from', { name: message.name, email: message.email, meeting: row.meeting.name }),
        '',
        message.text,
        '',
        message.phone ? `${t('booking:email.phone')}: ${message.phone}` : '',
      ]
        .join('\n')
        .trim(),
      payload: { replyTo: message.email, kind: 'oneoff.message' },
    },
    now,
  )
  await query
  return id
}
