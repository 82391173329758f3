/**
 * How refusals reach a page: zod issues and use-case refusals become translated field errors keyed by the
 * field path, form errors, or the tariff-limit flag that opens the modal (SPEC §6).
 */
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { issueText } from '#app/i18n/zod-errors.ts'
import { RuleError } from './rule-error.server.ts'

export type PageErrors = { fieldErrors: Record<string, string>; formErrors: string[]; tariffLimit: boolean }

export function zodPageErrors(issues: z.core.$ZodIssue[], t: TFunction): PageErrors {
  const fieldErrors: Record<string, string> = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.')
    fieldErrors[path] ??= issueText({ ...issue, path: [] }, t)
  }
  return { fieldErrors, formErrors: [], tariffLimit: false }
}

/** The page's answer to a RuleError; anything else is rethrown to the error boundary. */
export function rulePageErrors(error: unknown, t: TFunction): PageErrors {
  if (!(error instanceof RuleError)) throw error
  if (error.status === 404) throw new Response(t('api:notFound'), { status: 404 })
  const fieldErrors: Record<string, string> = {}
  const formErrors: string[] = []
  for (const issue of error.issues) {
    const text = t(issue.key, issue.params)
    if (issue.path) fieldErrors[issue.path] = text
    else formErrors.push(text)
  }
  return { fieldErrors, formErrors: error.status === 403 ? [] : formErrors, tariffLimit: error.status === 403 }
}
