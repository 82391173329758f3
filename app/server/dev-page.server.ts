import type { AppLoadContext } from '@remix-run/cloudflare'
import { getDb } from './db.server.ts'
import { isDevelopment, parseEnv } from './env.server.ts'

/** The development pages' database (`/dev/mail`, `/dev/messages`): 404 outside development. */
export function developmentDb(context: AppLoadContext) {
  const { env } = context.cloudflare
  if (!isDevelopment(parseEnv(env))) throw new Response(null, { status: 404 })
  return getDb(env.DB)
}
