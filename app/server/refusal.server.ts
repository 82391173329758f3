/**
 * The server side of the one refusal (app/domain/refusal.ts): `Refused` carries a `Refusal` through code that
 * throws (use cases deep in a call chain); pages render it with `pageErrors` (field errors, form errors, the
 * plan modal; a 404 refusal is the 404 page) or `refusalTexts` (a list or a toast), the JSON API with the same
 * texts and the table's status (workers/api/envelope.ts `refusalResponse`). docs/decisions/0075-one-refusal.md.
 */
import { data } from '@remix-run/cloudflare'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import {
  type Refusal,
  type RefusalCode,
  type RefusalParams,
  refusal,
  refusalKey,
  refusalProblems,
  refusalStatus,
} from '#app/domain/refusal.ts'
import { type IssueErrors, issueErrors } from '#app/i18n/zod-errors.ts'

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(
      refusalProblems(refusal)
        .map((problem) => problem.code)
        .join('; '),
    )
  }

  get status() {
    return refusalStatus(this.refusal)
  }
}

export function refuse(code: RefusalCode, field?: string, params?: RefusalParams): never {
  throw new Refused(refusal(code, field, params))
}

/** The refusal a thrown error carries; anything else is thrown on (to the error boundary or the API's 500). */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof Refused) return error.refusal
  throw error
}

/** Runs a use case; a refusal comes back as a value, anything else is thrown on. */
export async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: Refusal }> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) }
  }
}

/** One problem's text, without its field. */
export function problemText(problem: Omit<Refusal, 'more'>, t: TFunction): string {
  return t(refusalKey(problem), problem.params ?? {}) as string
}

/**
 * Every problem as a text naming its field (`"email: ..."`, API-CONTRACT.md "Envelope and errors"): the API's
 * `apiErrors`, and a page's list of errors or toast.
 */
export function refusalTexts(refusal: Refusal, t: TFunction): string[] {
  return refusalProblems(refusal).map((problem) => {
    const text = problemText(problem, t)
    return problem.field ? `${problem.field}: ${text}` : text
  })
}

/** A page's errors: conform's `submission.reply` options, and whether to open the plan's modal (SPEC §6). */
export type PageErrors = IssueErrors & { planLimit: boolean }

/**
 * The one rendering of a refusal or of zod issues for a page: texts next to their fields (by dotted path), the
 * rest as form errors, a plan refusal as the plan flag. A 404 refusal throws the 404 page (another owner's or
 * a missing row looks the same as none).
 */
export function pageErrors(source: Refusal | readonly z.core.$ZodIssue[], t: TFunction): PageErrors {
  if (isIssues(source)) return { ...issueErrors(source, t), planLimit: false }
  if (refusalStatus(source) === 404) throw new Response(problemText(source, t), { status: 404 })
  const errors: PageErrors = { fieldErrors: {}, formErrors: [], planLimit: false }
  for (const problem of refusalProblems(source)) {
    const text = problemText(problem, t)
    if (problem.code === 'planLimit') errors.planLimit = true
    else if (problem.field) errors.fieldErrors[problem.field] = [...(errors.fieldErrors[problem.field] ?? []), text]
    else errors.formErrors.push(text)
  }
  return errors
}

function isIssues(source: Refusal | readonly z.core.$ZodIssue[]): source is readonly z.core.$ZodIssue[] {
  return Array.isArray(source)
}

/**
 * A page action's answer to a refusal, to zod issues or to a form `parseForm` refused (its translated texts): the
 * page's shape of the errors under the status the API gives the same refusal (400 for bad input).
 */
export function pageData<T>(
  source: Refusal | readonly z.core.$ZodIssue[] | IssueErrors,
  t: TFunction,
  shape: (errors: PageErrors) => T,
) {
  if ('fieldErrors' in source) return data(shape({ ...source, planLimit: false }), { status: 400 })
  const status = isIssues(source) ? 400 : refusalStatus(source)
  return data(shape(pageErrors(source, t)), { status })
}

/** The row, or a 404 refusal (every query filters by owner, so another owner's row is none). */
export function found<T>(row: T | undefined | null, code: RefusalCode = 'notFound'): T {
  if (row === undefined || row === null) refuse(code)
  return row
}

/** A loader's read: a 404 refusal is the 404 page (the root error boundary's screen); anything else is thrown on. */
export async function orNotFoundPage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (refusalStatus(refusalOf(error)) === 404) throw new Response('Not found', { status: 404 })
    throw error
  }
}
