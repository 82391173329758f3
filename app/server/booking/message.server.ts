import type { TFunction } from 'i18next'
import { getT } from '#app/i18n/translate.server.ts'
import type { Db } from '../db.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { findHost } from './availability.server.ts'

export type VisitorMessage = { name: string; email: string; phone: string | null; text: string }

/**
 * One email from a visitor to an organizer, in the organizer's language (`t`), replying to the visitor: the
 * subject and the opening line given, then the visitor's text and phone. The outbox id.
 */
export async function emailOrganizer(
  db: Db,
  input: { to: string; t: TFunction; subject: string; from: string; message: VisitorMessage; kind: string },
  now: number,
): Promise<string> {
  const { t, message } = input
  const { id, query } = enqueueMessage(
    db,
    {
      channel: 'email',
      recipient: input.to,
      subject: input.subject,
      text: [input.from, '', message.text, '', message.phone ? `${t('booking:email.phone')}: ${message.phone}` : '']
        .join('\n')
        .trim(),
      payload: { replyTo: message.email, kind: input.kind },
    },
    now,
  )
  await query
  return id
}

/** SPEC §2 "contact organizer form": an email to the host in the host's language; the outbox id, or null. */
export async function sendOrganizerMessage(
  db: Db,
  login: string,
  message: VisitorMessage & { eventLink?: string | null },
  now: number,
): Promise<string | null> {
  const host = await findHost(db, login)
  if (!host) return null
  const t = getT(host.culture)
  return emailOrganizer(
    db,
    {
      to: host.email,
      t,
      subject: t('booking:email.messageSubject', { name: message.name }),
      from: t('booking:email.messageFrom', { name: message.name, email: message.email }),
      message,
      kind: 'booking.message',
    },
    now,
  )
}
