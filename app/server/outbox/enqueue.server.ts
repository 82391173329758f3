/**
 * The insert of one outbox row, for the batch of the change that causes it. Apart from the drain
 * (outbox.server.ts), so modules that only enqueue (notices, the calendar sync) do not import the senders.
 */
import { outbox } from '#db/schema.ts'
import { newId } from '#app/domain/ids.ts'
import type { Db } from '../db.server.ts'
import type { OutgoingMessage } from './delivery.server.ts'
import { headerSafe } from './header.ts'

export type NewMessage = Omit<OutgoingMessage, 'id' | 'html' | 'payload' | 'subject'> & {
  subject?: string
  html?: string | null
  payload?: Record<string, unknown> | null
}

/**
 * The insert of one outgoing message, to be run in the same `db.batch` as the change that causes it,
 * so the message exists exactly when the change does. `at`: when it is due (now, unless it waits for something).
 */
export function enqueueMessage(db: Db, message: NewMessage, now: number, at = now) {
  const id = newId(now)
  const query = db.insert(outbox).values({
    id,
    channel: message.channel,
    recipient: message.recipient,
    subject: headerSafe(message.subject ?? ''),
    text: message.text,
    html: message.html ?? null,
    payload: message.payload ?? null,
    nextAttemptAt: at,
  })
  return { id, query }
}
