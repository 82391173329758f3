import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { headerSafe } from '#app/server/outbox/header.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import { UnisenderGoSender } from '#app/server/outbox/senders.server.ts'

describe('mail headers', () => {
  it('headerSafe puts a value on one line', () => {
    expect(headerSafe('New booking: Иван\r\nBcc: evil@example.com')).toBe('New booking: Иван Bcc: evil@example.com')
    expect(headerSafe('a\u0000b\u2028c\u0085d\te')).toBe('a b c d e')
    expect(headerSafe('  plain subject  ')).toBe('plain subject')
  })

  it('the email provider never gets a line break in the subject or the sender name', async () => {
    const bodies: string[] = []
    const sender = new UnisenderGoSender(
      'key',
      { email: 'noreply@example.com', name: 'Fast\nSlot' },
      async (_url, init) => {
        bodies.push(String(init?.body))
        return new Response('{}')
      },
    )
    await sender.send(
      {
        id: 'm1',
        channel: 'email',
        recipient: 'host@example.com',
        subject: 'Новая запись: Иван\r\nBcc: evil@example.com',
        text: 'line 1\nline 2',
        html: null,
        payload: null,
      },
      AbortSignal.timeout(1000),
    )
    const message = JSON.parse(bodies[0]).message
    expect(message.subject).toBe('Новая запись: Иван Bcc: evil@example.com')
    expect(message.from_name).toBe('Fast Slot')
    // The body keeps its lines.
    expect(message.body.plaintext).toBe('line 1\nline 2')
  })

  it('the outbox stores every subject on one line', () => {
    // The statement only (nothing runs): drizzle builds it without touching the database.
    const db = getDb({} as D1Database)
    const { query } = enqueueMessage(
      db,
      { channel: 'email', recipient: 'host@example.com', subject: 'Новая запись: Иван\r\nBcc: x', text: 'a\nb' },
      0,
    )
    const { params } = query.toSQL()
    expect(params).toContain('Новая запись: Иван Bcc: x')
    expect(params).toContain('a\nb')
  })
})
