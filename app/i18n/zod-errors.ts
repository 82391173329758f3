import type { TFunction } from 'i18next'
import type { z } from 'zod'

/**
 * Turns a zod issue into a translated text naming the field (API-CONTRACT.md "Envelope and errors":
 * `"password: Минимум 8 символов"`). Schemas give their own messages as i18n keys (`validation:...`);
 * issues without one are named by their code.
 */
export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const field = issue.path.map(String).join('.')
  const text = issueMessage(issue, t)
  return field ? `${field}: ${text}` : text
}

/** Fields' texts by dotted path (`emails.1`, `weekly.0.intervals.1.from`), and the texts of no field. */
export type IssueErrors = { fieldErrors: Record<string, string[]>; formErrors: string[] }

/**
 * Zod issues as a form shows them: each text under its field's dotted path, without the field's name (the field
 * is next to it); an issue of no field is the form's. The server's form parser (app/server/forms/parse.server.ts)
 * and a form checking as the person types (the schedule editor) share it, so both say the same.
 */
export function issueErrors(issues: readonly z.core.$ZodIssue[], t: TFunction): IssueErrors {
  const errors: IssueErrors = { fieldErrors: {}, formErrors: [] }
  for (const issue of issues) {
    const field = issue.path.map(String).join('.')
    const text = issueMessage(issue, t)
    if (field) errors.fieldErrors[field] = [...(errors.fieldErrors[field] ?? []), text]
    else errors.formErrors.push(text)
  }
  return errors
}

/**
 * conform's `formatError` for a form that keeps conform's own submission (the account pages, in the browser and in
 * their actions): each issue's text as `issueErrors` gives it, with its counts ("at least 8 characters").
 */
export function issueMessages(t: TFunction) {
  return (issues: readonly z.core.$ZodIssue[]) => issues.map((issue) => issueMessage(issue, t))
}

/** The first text of each field (a form that shows one message per field). */
export function firstTexts(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, texts]) => [field, texts[0]]))
}

function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  // A schema's "required" message is for a missing value; a value of the wrong type is invalid, not missing. The
  // input is on the issue only when parsed with `{ reportInput: true }` (the API's parseWith does).
  if (issue.code === 'invalid_type' && issue.message === 'validation:required' && issue.input != null) {
    return t('validation:invalid')
  }
  if (issue.message.includes(':') && /^[a-zA-Z]+:[a-zA-Z.]+$/.test(issue.message)) {
    const params =
      'minimum' in issue
        ? { count: Number(issue.minimum), min: Number(issue.minimum) }
        : 'maximum' in issue
          ? { count: Number(issue.maximum), max: Number(issue.maximum) }
          : {}
    return t(issue.message, params)
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input == null ? t('validation:required') : t('validation:invalid')
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('validation:required')
          : t('validation:minChars', { count: Number(issue.minimum) })
      }
      return t('validation:min', { min: Number(issue.minimum) })
    case 'too_big':
      if (issue.origin === 'string') return t('validation:maxChars', { count: Number(issue.maximum) })
      return t('validation:max', { max: Number(issue.maximum) })
    case 'unrecognized_keys':
      return t('validation:unknownKeys', { keys: issue.keys.join(', '), count: issue.keys.length })
    case 'invalid_format':
      return issue.format === 'email' ? t('validation:invalidEmail') : t('validation:invalid')
    default:
      return t('validation:invalid')
  }
}
