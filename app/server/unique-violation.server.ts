/**
 * Whether a failed write was refused by a UNIQUE index (D1 answers `D1_ERROR: UNIQUE constraint failed: …`). Drizzle
 * wraps a failed query in an error whose message is the query, with D1's error as its `cause`, so the whole chain
 * is read. A write path that checks first and writes next maps this to the check's own refusal: two concurrent
 * requests that both passed the check get the same translated 400, never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current)
    if (/UNIQUE constraint failed/i.test(message) || /SQLITE_CONSTRAINT_UNIQUE/.test(message)) return true
    current = current instanceof Error ? current.cause : undefined
  }
  return false
}
