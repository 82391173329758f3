import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type AppLoadContext, redirect } from '@remix-run/cloudflare'
import { getLanguage, languageCookie } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { issueMessages } from '#app/i18n/zod-errors.ts'
import type { z } from 'zod'
import type { users } from '#db/schema.ts'
import { createWebSession } from '../auth/session.server.ts'
import { accountDeps } from './deps.server.ts'
import type { Refusal } from '#app/domain/refusal.ts'
import { pageErrors } from '../refusal.server.ts'

/** What an account page's loader or action needs: the use-case deps and the request's language. */
export async function pageDeps(request: Request, context: AppLoadContext) {
  const language = await getLanguage(request)
  const { env, ctx } = context.cloudflare
  return { deps: accountDeps(env, ctx, request, language), t: getT(language), language }
}

/**
 * An account form's submission: conform's reading of the form, each issue translated by the one issue translator
 * (app/i18n/zod-errors.ts, the one `parseForm` and the API use: counts included), so the page shows the texts as
 * they are.
 */
export function accountSubmission<S extends z.ZodType>(formData: FormData, schema: S, t: ReturnType<typeof getT>) {
  return parseWithZod(formData, { schema, formatError: issueMessages(t) })
}

/**
 * Conform's reply with the errors: the submission's translated texts (`accountSubmission`); a refusal is rendered as every page renders one
 * (`pageErrors`: next to its field, or a form error; a 404 refusal is the 404 page).
 */
export function replyWithErrors(
  submission: Submission<unknown, string[]>,
  t: ReturnType<typeof getT>,
  refused?: Refusal,
  options: { hideFields?: string[] } = {},
) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  if (submission.status !== 'success' && submission.error) {
    for (const [name, messages] of Object.entries(submission.error)) {
      const texts = messages ?? []
      if (name === '') formErrors.push(...texts)
      else fieldErrors[name] = texts
    }
  }
  if (refused) {
    const errors = pageErrors(refused, t)
    for (const [name, texts] of Object.entries(errors.fieldErrors))
      fieldErrors[name] = [...(fieldErrors[name] ?? []), ...texts]
    formErrors.push(...errors.formErrors)
  }
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields })
}

/** Signs the user in on the web: a session cookie, the interface in the profile's language, then away. */
export async function signInAndRedirect(
  deps: { db: Parameters<typeof createWebSession>[0]; now: number },
  user: Pick<typeof users.$inferSelect, 'id' | 'culture'>,
  to: string,
) {
  const headers = new Headers()
  headers.append('Set-Cookie', await createWebSession(deps.db, user.id, deps.now))
  headers.append('Set-Cookie', await languageCookie.serialize(user.culture))
  return redirect(to, { headers })
}
