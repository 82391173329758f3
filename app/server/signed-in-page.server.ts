import type { AppLoadContext } from '@remix-run/cloudflare'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from './auth/session.server.ts'
import { getDb } from './db.server.ts'

/**
 * What a signed-in page's loader or action starts with: the database, the user (a visitor without a session is sent
 * to the login page), the request's language and its translator, and the worker's bindings.
 */
export async function signedInPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env
  const db = getDb(env.DB)
  const user = await requireUser(db, request)
  const language = await getLanguage(request)
  return { db, user, language, t: getT(language), env }
}
