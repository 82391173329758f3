import type { Submission } from '@conform-to/react'
import { type AppLoadContext, redirect } from '@remix-run/cloudflare'
import { getLanguage, languageCookie } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { users } from '#db/schema.ts'
import { createWebSession } from '../auth/session.server.ts'
import { accountDeps } from './deps.server.ts'
import { AccountError } from './errors.server.ts'

/** What an account page's loader or action needs: the use-case deps and the request's language. */
export async function pageDeps(request: Request, context: AppLoadContext) {
  const language = await getLanguage(request)
  const { env, ctx } = context.cloudflare
  return { deps: accountDeps(env, ctx, request, language), t: getT(language), language }
}

/**
 * Translated errors for conform: zod's messages are i18n keys, account problems carry their own
 * parameters; both become texts the page shows as they are.
 */
export function replyWithErrors(
  submission: Submission<unknown>,
  t: ReturnType<typeof getT>,
  error?: AccountError,
  options: { hideFields?: string[] } = {},
) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  if (submission.status !== 'success' && submission.error) {
    for (const [name, messages] of Object.entries(submission.error)) {
      const texts = (messages ?? []).map((message) => t(message) as string)
      if (name === '') formErrors.push(...texts)
      else fieldErrors[name] = texts
    }
  }
  for (const problem of error?.problems ?? []) {
    const text = t(problem.key, problem.params ?? {}) as string
    if (problem.field) fieldErrors[problem.field] = [...(fieldErrors[problem.field] ?? []), text]
    else formErrors.push(text)
  }
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields })
}

export function statusOf(error: AccountError) {
  return error.status === 429 ? 429 : 400
}

/** Runs an account operation; an AccountError comes back as a value, anything else is rethrown. */
export async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: AccountError }> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (error instanceof AccountError) return { ok: false, error }
    throw error
  }
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
