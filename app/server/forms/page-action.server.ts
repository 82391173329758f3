import { data } from '@remix-run/cloudflare'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { issueText } from '#app/i18n/zod-errors.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { problemText, refusalOf, refusalTexts } from '../refusal.server.ts'
import type { ActionAnswer } from '#app/utils/action-answer.ts'

class FormInputError extends Error {
  constructor(readonly texts: string[]) {
    super(texts.join('; '))
  }
}

/**
 * Runs a page action's work. Bad input answers 400 with the translated issues; a refusal its texts under the
 * status the API gives it (403 plan, 409 taken slot; a 404 is the 404 page); nothing changes in either case.
 */
export async function pageAction<T>(
  intent: string,
  t: TFunction,
  work: () => Promise<T>,
  submitted?: Record<string, string>,
) {
  try {
    return data<ActionAnswer<T>>({ ok: true, intent, result: await work() })
  } catch (error) {
    if (error instanceof FormInputError) {
      return data<ActionAnswer<T>>({ ok: false, intent, errors: error.texts, submitted }, { status: 400 })
    }
    const refusal = refusalOf(error)
    const status = refusalStatus(refusal)
    if (status === 404) throw new Response(problemText(refusal, t), { status })
    return data<ActionAnswer<T>>({ ok: false, intent, errors: refusalTexts(refusal, t), status, submitted }, { status })
  }
}

/**
 * Parses form input with a schema inside `pageAction`; `label` names a field by the page's own label instead of
 * its path ("New date: Invalid date").
 */
export function parseInput<S extends z.ZodType>(
  t: TFunction,
  schema: S,
  value: unknown,
  label?: (path: PropertyKey[]) => string,
): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new FormInputError(
      result.error.issues.map((issue) =>
        label ? `${label(issue.path)}: ${issueText({ ...issue, path: [] }, t)}` : issueText(issue, t),
      ),
    )
  return result.data
}
