/**
 * SPEC §7 `POST /user/message (companyEventId)`: a visitor of `/booking` writes to the organizer of a one-time meeting
 * (the "contact organizer form" of SPEC §2, for a meeting that has no event page). One email to the organizer in
 * their language, replying to the visitor.
 */
import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { type VisitorMessage, emailOrganizer } from '#app/server/booking/message.server.ts'
import { findOneTime } from './public.server.ts'

/** The outbox id, or null when there is no such one-time meeting. */
export async function messageOneTimeOrganizer(
  db: Db,
  companyEventId: string,
  message: VisitorMessage,
  now: number,
): Promise<string | null> {
  const row = await findOneTime(db, companyEventId)
  if (!row) return null
  const t = getT(row.organizer.culture)
  return emailOrganizer(
    db,
    {
      to: row.organizer.email,
      t,
      subject: t('oneTime:mail.message.subject', { name: message.name, meeting: row.meeting.name }),
      from: t('oneTime:mail.message.from', { name: message.name, email: message.email, meeting: row.meeting.name }),
      message,
      kind: 'oneTime.message',
    },
    now,
  )
}
