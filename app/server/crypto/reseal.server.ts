/**
 * After a rotation of SESSION_SECRET (docs/decisions/0125-rotating-the-session-secret.md): every stored secret that
 * opens only with the previous secret is sealed again with the current one, so the previous secret can be dropped
 * without a single calendar, video grant, webhook endpoint or upcoming meeting's link losing its secret.
 * Runs hourly; without a previous secret it reads nothing.
 */
import { and, asc, eq, getTableColumns, gt, inArray, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import {
  calendarIntegrations,
  meetingParticipants,
  meetings,
  participantLinks,
  videoGrants,
  webhookEndpoints,
} from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { Keyring } from './keyring.server.ts'
import { openSealed, SEALED_PURPOSES, seal } from './sealed.server.ts'

const PAGE = 200

type SealedColumn = {
  purpose: (typeof SEALED_PURPOSES)[keyof typeof SEALED_PURPOSES]
  table: SQLiteTable
  key: SQLiteColumn
  value: SQLiteColumn
  /** Only the rows still read later: a past meeting's participant link is never opened again. */
  stillRead?: (db: Db, now: number) => SQL
}

const COLUMNS: readonly SealedColumn[] = [
  {
    purpose: SEALED_PURPOSES.calendarCredentials,
    table: calendarIntegrations,
    key: calendarIntegrations.id,
    value: calendarIntegrations.credentialsEnc,
  },
  {
    purpose: SEALED_PURPOSES.videoCredentials,
    table: videoGrants,
    key: videoGrants.ownerId,
    value: videoGrants.credentialsEnc,
  },
  {
    purpose: SEALED_PURPOSES.webhookSecret,
    table: webhookEndpoints,
    key: webhookEndpoints.id,
    value: webhookEndpoints.secretEnc,
  },
  {
    purpose: SEALED_PURPOSES.participantLink,
    table: participantLinks,
    key: participantLinks.participantId,
    value: participantLinks.manageTokenEnc,
    stillRead: (db, now) =>
      inArray(
        participantLinks.participantId,
        db
          .select({ id: meetingParticipants.id })
          .from(meetingParticipants)
          .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
          .where(gt(meetings.endAt, now)),
      ),
  },
]

/** The property name Drizzle gives a table's column (what `set` takes). */
function keyOf(table: SQLiteTable, column: SQLiteColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)
  if (!found) throw new Error(`${column.name} is not a column of its table`)
  return found[0]
}

/** One column's page of rows after a key, in key order. */
function pageOf(db: Db, column: SealedColumn, after: string, now: number) {
  return db
    .select({ key: column.key, sealed: column.value })
    .from(column.table)
    .where(and(gt(column.key, after), column.stillRead?.(db, now)))
    .orderBy(asc(column.key))
    .limit(PAGE) as Promise<{ key: string; sealed: string }[]>
}

/**
 * Seals again with the current secret what opens only with a previous one; how many per purpose. A row written in
 * between (a refreshed token sealed anew) is left as it is: the update only replaces the value it read.
 */
export async function resealStaleSecrets(db: Db, keys: Keyring, now: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  if (keys.previous.length === 0) return counts
  for (const column of COLUMNS) {
    let resealed = 0
    let after = ''
    for (;;) {
      const rows = await pageOf(db, column, after, now)
      const valueKey = keyOf(column.table, column.value)
      const updates = []
      for (const row of rows) {
        const opened = await openSealed(keys, column.purpose, row.sealed)
        if (!opened || opened.current) continue
        const fresh = await seal(keys, column.purpose, opened.plain)
        updates.push(
          db
            .update(column.table)
            .set({ [valueKey]: fresh })
            .where(and(eq(column.key, row.key), eq(column.value, row.sealed))),
        )
      }
      if (updates.length > 0) await db.batch(updates as [(typeof updates)[0], ...typeof updates])
      resealed += updates.length
      if (rows.length < PAGE) break
      after = rows[rows.length - 1].key
    }
    counts[column.purpose] = resealed
  }
  return counts
}
