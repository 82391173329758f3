/**
 * SPEC §7 `GET /userEvents/cross` and `/userEvents/isCross`: does a proposed time overlap the host's calendar? The
 * same check a one-time meeting's creation and move run (app/server/one-time/create.server.ts `freeTimeCheck`): the
 * time widened by its buffers against the host's live meetings and active ghost holds, and the given invitees busy
 * in the host's other meetings (or hosting their own). A meeting being moved (`id`) never overlaps itself.
 */
import { and, eq } from 'drizzle-orm'
import { hostLock } from '#app/server/booking/host-lock-client.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { freeTimeCheck } from '#app/server/one-time/create.server.ts'
import { oneTimeEvents } from '#db/schema.ts'
import { findOwnedMeeting } from './meetings.server.ts'

export async function crossCheck(
  bindings: Bindings,
  db: Db,
  ownerId: string,
  query: {
    from: number
    to: number
    id?: string
    getTimeBeforeValue?: number
    getTimeAfterValue?: number
    emails: string[]
  },
) {
  let buffers = { before: query.getTimeBeforeValue ?? null, after: query.getTimeAfterValue ?? null }
  if (query.id) {
    // 404 for another host's meeting; a one-time meeting's own buffers unless the query names others.
    const { meeting } = await findOwnedMeeting(db, ownerId, query.id)
    const [settings] = await db
      .select({ before: oneTimeEvents.timeBeforeMinutes, after: oneTimeEvents.timeAfterMinutes })
      .from(oneTimeEvents)
      .where(and(eq(oneTimeEvents.id, meeting.id), eq(oneTimeEvents.ownerId, ownerId)))
      .limit(1)
    buffers = { before: buffers.before ?? settings?.before ?? null, after: buffers.after ?? settings?.after ?? null }
  }
  const holds = await hostLock(bindings, ownerId).activeHolds(Date.now())
  const found = await freeTimeCheck(
    db,
    ownerId,
    [{ start: query.from, end: query.to }],
    { form: { getTimeBeforeValue: buffers.before, getTimeAfterValue: buffers.after } },
    query.emails,
    holds,
    query.id,
  )
  return { isCross: found.overlaps.length > 0 || found.busyEmails.length > 0, ...found }
}
