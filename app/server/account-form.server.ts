import { data } from '@remix-run/cloudflare'
import type { z } from 'zod'
import { type Refusal, refusalStatus } from '#app/domain/refusal.ts'
import type { getT } from '#app/i18n/translate.server.ts'
import { accountSubmission, replyWithErrors } from './accounts/route.server.ts'
import { attempt } from './refusal.server.ts'

/**
 * An account form's action: parses the form with its schema and runs the use case. Bad input answers 400 and a
 * refusal its status, both as conform's reply with the translated errors (`pageErrors`), plus what `extra` adds
 * for the page; nothing changes then. On success the page gets the use case's value and the submission.
 */
export async function runAccountForm<S extends z.ZodType, V, E extends object = object>(
  formData: FormData,
  t: ReturnType<typeof getT>,
  schema: S,
  use: (value: z.output<S>) => Promise<V>,
  options: { hideFields?: string[]; extra?: (refusal?: Refusal) => E } = {},
) {
  const submission = accountSubmission(formData, schema, t)
  const refused = (refusal: Refusal | undefined, status: number) => ({
    ok: false as const,
    answer: data(
      { ...replyWithErrors(submission, t, refusal, options), ...(options.extra?.(refusal) as E) },
      { status },
    ),
  })
  if (submission.status !== 'success') return refused(undefined, 400)
  const result = await attempt(() => use(submission.value as z.output<S>))
  if (!result.ok) return refused(result.refusal, refusalStatus(result.refusal))
  return { ok: true as const, value: result.value, submission }
}
