/**
 * The one way a page action reads its form (issue 13, docs/decisions/0127-one-form-parser.md): conform's
 * `parseWithZod` over the posted FormData (or a GET form's search params) with the same zod schema the JSON API
 * parses that input with, its issues translated by the one issue translator (app/i18n/zod-errors.ts, which the
 * API's envelope uses too), so a page and the API say the same about the same input.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { configureCoercion } from '@conform-to/zod/v4/future'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { type IssueErrors, firstTexts, issueErrors } from '#app/i18n/zod-errors.ts'

/**
 * conform's reading of form values (repeated names a list, a ticked box `true`, numbers), except that an empty
 * field stays the empty string the browser sent: the field rules (app/domain/fields.ts) say "required" for it as
 * the API does for `""`, and a form-wide rule (passwords that differ) is still checked beside an empty field (a
 * missing value would stop it, as zod runs no refinement after a wrong type).
 */
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => value })

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: IssueErrors }

/**
 * Parses a form with `schema`: the value, or the translated texts under each field's dotted path (`emails.1`) and
 * the texts of no field. `set` fixes fields the form cannot choose (the booking's email).
 */
export function parseForm<S extends z.ZodType>(
  form: FormData | URLSearchParams,
  schema: S,
  t: TFunction,
  options: { set?: Record<string, string> } = {},
): ParsedForm<z.output<S>> {
  const submission = parseWithZod(withFields(form, options.set), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
    formatError: (issues: z.core.$ZodIssue[]) => issues,
  })
  if (submission.status === 'success') return { ok: true, value: submission.value }
  const issues = Object.values(submission.error ?? {}).flatMap((found) => found ?? [])
  return { ok: false, errors: issueErrors(issues, t) }
}

/**
 * Parses what a page read from its form itself with `schema`, answering as `parseForm` does. For a form whose page
 * reads its fields with the browser's own reading (the one-time meeting page's typed date and times, form.ts), so the
 * page and its action keep the same values; `schema` names its issues by the page's fields.
 */
export function parseValue<S extends z.ZodType>(value: unknown, schema: S, t: TFunction): ParsedForm<z.output<S>> {
  const result = schema.safeParse(value)
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: issueErrors(result.error.issues, t) }
}

/**
 * A form that shows one text per field (the public event page): the first text of each field; a text of no field
 * is under `form`.
 */
export function fieldTexts(errors: IssueErrors): Record<string, string> {
  const texts = firstTexts(errors.fieldErrors)
  if (errors.formErrors.length > 0) texts.form ??= errors.formErrors[0]
  return texts
}

function withFields(form: FormData | URLSearchParams, set: Record<string, string> | undefined) {
  if (!set) return form
  const copy = new FormData()
  for (const [name, value] of form.entries()) if (!Object.hasOwn(set, name)) copy.append(name, value)
  for (const [name, value] of Object.entries(set)) copy.set(name, value)
  return copy
}
