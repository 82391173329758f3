/**
 * Stores what a calendar sync found (sync.server.ts) in one D1 batch per calendar: the objects' ETags and their busy
 * occurrences, replacing what was stored for the same objects (or everything, on a full sync). Rows go in through
 * `json_each` over one bound JSON array, so a calendar of thousands of occurrences is a few statements, not thousands
 * (D1 binds at most 100 parameters per statement).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { calendarBusy, calendarObjects, integrationCalendars } from '#db/schema.ts'
import { type Db, chunked } from '../db.server.ts'
import type { RemoteObject, SyncResult } from './provider.server.ts'

/** Rows per INSERT ... SELECT FROM json_each: keeps each bound JSON text well under D1's limits. */
const ROWS_PER_STATEMENT = 1000
/** Keys per `IN (...)` of a delete (D1's 100 bound parameters, with the calendar id). */
const KEYS_PER_DELETE = 90

type CalendarRef = { id: string; ownerId: string }

function insertObjects(db: Db, calendarId: string, objects: readonly RemoteObject[]) {
  return chunked(objects, ROWS_PER_STATEMENT).map((part) => {
    const json = JSON.stringify(part.map((o) => [o.key, o.etag, o.uid]))
    // insert().select(sql): drizzle's D1 batch cannot bind a db.run(sql) with parameters. The keys were deleted
    // first, so a plain insert (all columns, in table order).
    return db.insert(calendarObjects).select(
      sql`SELECT ${calendarId}, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]')
      FROM json_each(${json}) AS j`,
    )
  })
}

function insertBusy(db: Db, calendar: CalendarRef, objects: readonly RemoteObject[]) {
  const rows = objects.flatMap((o) =>
    o.items.map((item) => [o.key, item.uid || o.uid, item.title, item.start, item.end]),
  )
  return chunked(rows, ROWS_PER_STATEMENT).map((part) => {
    const json = JSON.stringify(part)
    return db.insert(calendarBusy).select(
      sql`SELECT NULL, ${calendar.id}, ${calendar.ownerId}, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'),
        json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]')
      FROM json_each(${json}) AS j`,
    )
  })
}

/** Writes one calendar's sync result, and its new cursor, atomically. */
export async function storeSyncResult(
  db: Db,
  calendar: CalendarRef,
  result: Extract<SyncResult, { kind: 'changes' }>,
  state: { horizon: number | null; now: number },
) {
  const statements = []
  if (result.full) {
    statements.push(db.delete(calendarBusy).where(eq(calendarBusy.calendarId, calendar.id)))
    statements.push(db.delete(calendarObjects).where(eq(calendarObjects.calendarId, calendar.id)))
  } else {
    const keys = [...result.removed, ...result.upserts.map((o) => o.key)]
    for (const part of chunked(keys, KEYS_PER_DELETE)) {
      statements.push(
        db
          .delete(calendarBusy)
          .where(and(eq(calendarBusy.calendarId, calendar.id), inArray(calendarBusy.objectKey, part))),
      )
      statements.push(
        db
          .delete(calendarObjects)
          .where(and(eq(calendarObjects.calendarId, calendar.id), inArray(calendarObjects.key, part))),
      )
    }
  }
  statements.push(...insertObjects(db, calendar.id, result.upserts), ...insertBusy(db, calendar, result.upserts))
  statements.push(
    db
      .update(integrationCalendars)
      .set({
        syncToken: result.cursor.syncToken,
        ctag: result.cursor.ctag,
        lastSyncAt: state.now,
        ...(state.horizon === null ? {} : { horizon: state.horizon }),
      })
      .where(eq(integrationCalendars.id, calendar.id)),
  )
  const [first, ...rest] = statements
  await db.batch([first, ...rest])
}

/** The stored ETags of a calendar's objects (the CalDAV sync compares them). */
export async function storedEtags(db: Db, calendarId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ key: calendarObjects.key, etag: calendarObjects.etag })
    .from(calendarObjects)
    .where(eq(calendarObjects.calendarId, calendarId))
  return new Map(rows.map((row) => [row.key, row.etag]))
}
