import { type SQL, getTableColumns, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '#db/schema.ts'

/**
 * The most parameters D1 binds to one statement (https://developers.cloudflare.com/d1/platform/limits/: "Maximum
 * bound parameters per query 100"). Local D1 (workerd's SQLite) accepts more, so `getDb` refuses more itself (ADR 0133).
 */
export const D1_MAX_BOUND_PARAMETERS = 100

/** `items` in consecutive parts of at most `size` (one statement per part keeps each under D1's bound parameters). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size))
  return parts
}

/** Thrown for a statement given more parameters than production D1 binds. */
export class TooManyBoundParameters extends Error {
  constructor(count: number, query: string) {
    super(
      `D1 binds at most ${D1_MAX_BOUND_PARAMETERS} parameters per statement; this one has ${count}: ${query.slice(0, 120)}`,
    )
    this.name = 'TooManyBoundParameters'
  }
}

/**
 * The binding as production D1 behaves on bound parameters: a statement bound with more than 100 throws before it
 * reaches D1, in development and the tests as in production (where D1 itself would refuse it, less clearly). Drizzle
 * prepares every statement, batched or not, as `prepare(sql).bind(...params)`, so checking `bind` sees them all; the
 * cost is one length check per statement.
 */
export function limitedD1(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      if (prop !== 'prepare') return value.bind(target)
      return (query: string) => {
        const statement: D1PreparedStatement = value.call(target, query)
        // A view of the statement whose `bind` checks; the statement itself is left as it is (another view over the
        // binding, such as the page's D1 counter, keeps recognising the statements it made).
        return new Proxy(statement, {
          get(inner, name) {
            const member = Reflect.get(inner, name, inner)
            if (typeof member !== 'function') return member
            if (name !== 'bind') return member.bind(inner)
            return (...params: unknown[]) => {
              if (params.length > D1_MAX_BOUND_PARAMETERS) throw new TooManyBoundParameters(params.length, query)
              return member.apply(inner, params)
            }
          },
        })
      }
    },
  })
}

function connect(d1: D1Database) {
  return drizzle(limitedD1(d1), { schema })
}

export type Db = ReturnType<typeof connect>

/**
 * One Drizzle instance per D1 binding, made once: building it walks the whole schema (its relational config), which
 * cost every request and every Durable Object command about 4 ms of CPU (ADR 0110). The instance keeps no per-request
 * state.
 */
const instances = new WeakMap<D1Database, Db>()

export function getDb(d1: D1Database): Db {
  let db = instances.get(d1)
  if (!db) {
    db = connect(d1)
    instances.set(d1, db)
  }
  return db
}

/**
 * A multi-row insert as statements for one batch, each under D1's bound parameters: every row binds at most one
 * parameter per column of the table (drizzle binds a value or the column's default for each), so a statement takes
 * `floor(100 / columns)` rows. Empty for no rows.
 */
export function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]) {
  const perStatement = Math.floor(D1_MAX_BOUND_PARAMETERS / Object.keys(getTableColumns(table)).length)
  return chunked(rows, perStatement).map((part) => db.insert(table).values(part))
}

/** Values per `IN (...)` list: D1's 100 bound parameters less a few for the rest of the statement (an owner, a time). */
export const IN_LIST_MAX = 90

/** One read per part of `items` (at most `IN_LIST_MAX` each, so under D1's bound parameters), their rows together. */
export async function readInParts<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  if (items.length === 0) return []
  return (await Promise.all(chunked(items, IN_LIST_MAX).map(read))).flat()
}

/**
 * `column IN (the values)` with one bound parameter, the list as a JSON array read by `json_each`: for a condition
 * that cannot be split into parts (a filter of a paged list), whatever the list's length.
 */
export function inJsonList(column: SQLiteColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`
}
