import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '../db.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { findHost } from './availability.server.ts'

/** SPEC §2 "contact organizer form": an email to the host in the host's language; the outbox id, or null. */
export async function sendOrganizerMessage(
  db: Db,
  login: string,
  message: { name: string; email: string; phone: string | null; text: string; eventLink?: string | null },
  now: number,
): Promise<string | null> {
  const host = await findHost(db, login)
  if (!host) return null
  const t = getT(host.culture)
  const { id, query } = enqueueMessage(
    db,
    {
      channel: 'email',
      recipient: host.email,
      subject: t('booking:email.messageSubject', { name: message.name }),
      text: [
        t('booking:email.messageFrom', { name: message.name, email: message.email }),
        '',
        message.text,
        '',
        message.phone ? `${t('booking:email.phone')}: ${message.phone}` : '',
      ]
        .join('\n')
        .trim(),
      payload: { replyTo: message.email, kind: 'booking.message' },
    },
    now,
  )
  await query
  return id
}
