import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import { outbox } from '#db/schema.ts'
import worker from '#workers/app.ts'

describe('scheduled()', () => {
  it('dispatches "* * * * *" to the outbox drain, which delivers due messages once', async () => {
    const db = getDb(env.DB)
    const now = Date.UTC(2027, 0, 4, 10, 0)
    const due = enqueueMessage(
      db,
      { channel: 'email', recipient: 'cron@example.com', subject: 'Hi', text: 'Hello' },
      now,
    )
    await db.batch([due.query])

    const controller = createScheduledController({ scheduledTime: now, cron: '* * * * *' })
    await worker.scheduled(controller, env, createExecutionContext())
    const [row] = await db.select().from(outbox).where(eq(outbox.id, due.id))
    expect(row.status).toBe('sent')
    expect(row.attempts).toBe(1)

    // A second, overlapping run finds nothing left to send.
    await worker.scheduled(controller, env, createExecutionContext())
    const [again] = await db.select().from(outbox).where(eq(outbox.id, due.id))
    expect(again.attempts).toBe(1)
  })

  it('rejects a cron expression it has no jobs for', async () => {
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '5 4 * * *' })
    await expect(worker.scheduled(controller, env, createExecutionContext())).rejects.toThrow(/No cron jobs/)
  })
})
