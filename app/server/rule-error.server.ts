/**
 * A refusal by a use case: bad input the database reveals (a taken name), a missing or foreign row (404, never
 * 403, so existence does not leak), or a plan limit (403). Texts are i18n keys; the JSON API turns them into
 * `apiErrors` (workers/api/index.ts), pages into field errors or the tariff-limit modal.
 */
export type RuleIssue = { path?: string; key: string; params?: Record<string, string | number> }

export class RuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly issues: RuleIssue[],
  ) {
    super(issues.map((issue) => issue.key).join('; '))
  }
}

export function notFound(key = 'api:notFound'): RuleError {
  return new RuleError(404, [{ key }])
}

export function tariffLimit(): RuleError {
  return new RuleError(403, [{ key: 'api:tariffLimit' }])
}

/** Throws a 404 unless the row exists (and so belongs to the caller, as every query filters by owner). */
export function found<T>(row: T | undefined | null, key?: string): T {
  if (row === undefined || row === null) throw notFound(key)
  return row
}
