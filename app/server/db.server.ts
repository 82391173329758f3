import { drizzle } from 'drizzle-orm/d1'
import * as schema from '#db/schema.ts'

function connect(d1: D1Database) {
  return drizzle(d1, { schema })
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
