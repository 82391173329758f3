import type { TFunction } from 'i18next'
import type { Problem } from '#app/server/accounts/errors.server.ts'

/**
 * A refused contacts or meetings operation (404 for another owner's or a missing row, 403 for the plan, 400 for
 * bad input, 409 for a taken slot): pages show the problems, the JSON API answers them as `apiErrors`.
 */
export class ActionError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly problems: Problem[],
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
