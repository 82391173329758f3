import type { TFunction } from 'i18next'
import {
  REFUSALS,
  type Refusal,
  type RefusalStatus,
  refusal,
  refusalCodeOfKey,
  refusalProblems,
} from '#app/domain/refusal.ts'
import type { Problem } from '#app/server/accounts/errors.server.ts'

/**
 * A refused contacts or meetings operation (404 for another owner's or a missing row, 403 for the plan, 400 for
 * bad input, 409 for a taken slot): pages show the problems, the JSON API answers them as `apiErrors`.
 */
export class ActionError extends Error {
  constructor(
    readonly status: RefusalStatus,
    readonly problems: Problem[],
    /** What a refused time found in its way ("Book anyway?"), when it is that refusal. */
    readonly conflict?: Refusal['conflict'],
  ) {
    super(problems.map((problem) => problem.key).join('; '))
  }
}

export function notFound(): ActionError {
  return new ActionError(404, [{ key: 'api:notFound' }])
}

export function actionErrorTexts(error: ActionError, t: TFunction): string[] {
  return error.problems.map((problem) => {
    const text = t(problem.key, problem.params ?? {}) as string
    return problem.field ? `${problem.field}: ${text}` : text
  })
}

/**
 * The one `Refusal` of a meeting action that still throws `ActionError` (inside the host's Durable Object): each
 * problem's key names its code in the one table (app/domain/refusal.ts). A key with no code is a programming error.
 */
export function refusalOfActionError(error: ActionError): Refusal {
  const [first, ...more] = error.problems.map((problem) => {
    const code = refusalCodeOfKey(problem.key)
    if (!code) throw new Error(`No refusal code has the key ${problem.key}`)
    return refusal(code, problem.field, problem.params as Record<string, string> | undefined)
  })
  return { ...first, ...(more.length > 0 ? { more } : {}), ...(error.conflict ? { conflict: error.conflict } : {}) }
}

/** A refusal the host's Durable Object answered, thrown as the `ActionError` pages and the API render today. */
export function actionErrorOf(refused: Refusal): ActionError {
  return new ActionError(
    REFUSALS[refused.code].status,
    refusalProblems(refused).map((problem) => ({
      key: REFUSALS[problem.code].key,
      ...(problem.field === undefined ? {} : { field: problem.field }),
      ...(problem.params === undefined ? {} : { params: problem.params as Record<string, string> }),
    })),
    refused.conflict,
  )
}
