/**
 * Temporary: the old `ActionError` as a `Refused`, for the write path's modules (meetings commands, actions and
 * reschedule, one-time meetings) until they build `Refusal`s themselves; delete this file with their last use.
 * The status given is not kept: the code table decides it (docs/decisions/0075-one-refusal.md).
 */
import { type Refusal, type RefusalParams, refusalCodeOfKey, refusalFrom } from '#app/domain/refusal.ts'
import { Refused } from '../refusal.server.ts'

type Problem = { field?: string; key: string; params?: RefusalParams }

function fromProblems(problems: Problem[]): Refusal {
  const refusal = refusalFrom(
    problems.map((problem) => {
      const code = refusalCodeOfKey(problem.key)
      if (!code) throw new Error(`No refusal code has the text ${problem.key} (app/domain/refusal.ts)`)
      return {
        code,
        ...(problem.field ? { field: problem.field } : {}),
        ...(problem.params ? { params: problem.params } : {}),
      }
    }),
  )
  if (!refusal) throw new Error('A refusal needs a problem')
  return refusal
}

export class ActionError extends Refused {
  constructor(_status: number, problems: Problem[]) {
    super(fromProblems(problems))
  }

  /** The statuses the old modules' result unions name. */
  override get status() {
    return super.status as 400 | 403 | 404 | 409
  }

  /**
   * Every refusal, also one thrown as `Refused`, is caught where the old modules catch `ActionError`; subclasses
   * (a free-time conflict) keep the ordinary test.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass tested (FreeTimeConflict, RescheduleOverlap)
    return this === ActionError ? value instanceof Refused : Function.prototype[Symbol.hasInstance].call(this, value)
  }
}

export function notFound(): ActionError {
  return new ActionError(404, [{ key: 'api:notFound' }])
}
