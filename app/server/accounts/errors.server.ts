import type { TFunction } from 'i18next'

/** One problem of a request: an i18n key, the field it concerns (if any) and its parameters. */
export type Problem = { field?: string; key: string; params?: Record<string, unknown> }

/**
 * A refused account operation: pages show the problems next to their fields, the JSON API as
 * `apiErrors` texts naming the field (API-CONTRACT.md "Envelope and errors").
 */
export class AccountError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429,
    readonly problems: Problem[],
    readonly retryAfterSeconds?: number,
  ) {
    super(problems.map((problem) => problem.key).join('; '))
  }
}

export function problemText(problem: Problem, t: TFunction): string {
  const text = t(problem.key, problem.params ?? {}) as string
  return problem.field ? `${problem.field}: ${text}` : text
}

/** Field errors for a form: `{ field: [text] }`, with problems of no field under `''`. */
export function fieldErrors(error: AccountError, t: TFunction): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const problem of error.problems) {
    const key = problem.field ?? ''
    errors[key] = [...(errors[key] ?? []), t(problem.key, problem.params ?? {}) as string]
  }
  return errors
}
