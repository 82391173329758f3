/**
 * One row by its id, and the rows an organizer owns (ADR 0123). An organizer's read or removal filters by the owner
 * (ARCHITECTURE.md "Data"), so another organizer's row is not found; every owned table has `id` and `ownerId`.
 */
import { SQL, and, asc, desc, eq, getTableColumns, is, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './db.server.ts'

type TableWithId = SQLiteTable & { id: SQLiteColumn }
type OwnedTable = TableWithId & { ownerId: SQLiteColumn }
type ListedTable = OwnedTable & { createdAt: SQLiteColumn }

async function firstRow<T extends TableWithId>(db: Db, table: T, where: SQL | undefined) {
  const [row] = await db.select().from(table).where(where).limit(1)
  return (row as T['$inferSelect'] | undefined) ?? null
}

/** The row of `table` with this id, or null (for the cron's and the outbox's work, which has no organizer). */
export function findById<T extends TableWithId>(db: Db, table: T, id: string): Promise<T['$inferSelect'] | null> {
  return firstRow(db, table, eq(table.id, id))
}

/** The condition "this row, of this owner". */
export const ownedBy = (table: OwnedTable, ownerId: string, id: string) =>
  and(eq(table.id, id), eq(table.ownerId, ownerId))

/** The row of `table` with this id owned by this organizer, or null. */
export function findOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  ownerId: string,
  id: string,
): Promise<T['$inferSelect'] | null> {
  return firstRow(db, table, ownedBy(table, ownerId, id))
}

/** The organizer's first row of `table` where `where` also holds (the same account, a taken link), or null. */
export function findOwnedWhere<T extends OwnedTable>(
  db: Db,
  table: T,
  ownerId: string,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | null> {
  return firstRow(db, table, and(eq(table.ownerId, ownerId), where))
}

/** The organizer's rows of `table` in the order they were made, oldest or newest first (the id breaks a tie). */
export async function listOwned<T extends ListedTable>(
  db: Db,
  table: T,
  ownerId: string,
  first: 'oldest' | 'newest',
): Promise<T['$inferSelect'][]> {
  const order = first === 'oldest' ? asc : desc
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.ownerId, ownerId))
    .orderBy(order(table.createdAt), order(table.id))
  return rows as T['$inferSelect'][]
}

/** A column's value in an `INSERT ... SELECT` of every column: the given value, else its default as drizzle takes it. */
function columnValue(value: unknown, column: SQLiteColumn): SQL {
  if (value !== undefined) return is(value, SQL) ? value : sql`${sql.param(value, column)}`
  const fallback = column.default ?? column.defaultFn?.() ?? column.onUpdateFn?.()
  if (fallback === undefined || fallback === null) return sql`null`
  return is(fallback, SQL) ? fallback : sql`${sql.param(fallback, column)}`
}

/**
 * The statement inserting the organizer's new row unless they already hold `limit` rows of `table` (no limit: always):
 * `INSERT ... SELECT ... WHERE (SELECT count(*) ...) < limit`. One statement counts and inserts, so requests made at
 * the same time cannot all pass the limit (ADR 0131); it is a batch item, so a batch can start with it and make the
 * rest depend on the row (ADR 0133). Its result's `meta.changes` is 0 when the limit was reached.
 */
export function ownedBelowInsert<T extends OwnedTable>(
  db: Db,
  table: T,
  row: T['$inferInsert'] & { ownerId: string },
  limit: number | null,
) {
  const given = row as Record<string, unknown>
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => columnValue(given[key], column))
  const held = sql`(select count(*) from ${table} where ${eq(table.ownerId, row.ownerId)})`
  const below = limit === null ? sql`` : sql` where ${held} < ${limit}`
  return db.insert(table).select(sql`select ${sql.join(values, sql`, `)}${below}`)
}

/** Inserts the organizer's new row unless they already hold `limit` rows of `table`; false when they do. */
export async function insertOwnedBelow<T extends OwnedTable>(
  db: Db,
  table: T,
  row: T['$inferInsert'] & { ownerId: string },
  limit: number,
): Promise<boolean> {
  const result = await ownedBelowInsert(db, table, row, limit)
  return result.meta.changes > 0
}

/** How many rows of `table` the organizer has (for the plan's limits on schedules and event types). */
export async function countOwned(db: Db, table: OwnedTable, ownerId: string): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(table).where(eq(table.ownerId, ownerId))
  return count
}

/** Deletes the organizer's row; false when there was none (another organizer's row is none). */
export async function deleteOwned(db: Db, table: OwnedTable, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ownedBy(table, ownerId, id))
    .returning({ id: table.id })
  return deleted.length > 0
}
