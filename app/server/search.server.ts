import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { containsPattern } from '#app/domain/search.ts'

/** `column` (a folded column, app/domain/search.ts) contains `text` in any letter case, Cyrillic included. */
export function foldedContains(column: SQLWrapper, text: string): SQL {
  return sql`${column} like ${containsPattern(text)} escape '\\'`
}
