import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { getDb } from '#app/server/db.server.ts'
import { isDevelopment, parseEnv } from '#app/server/env.server.ts'
import { listSentEmails } from '#app/server/outbox/outbox.server.ts'

/** `/dev/mail.json`: `[{ id, to, subject, text, html, sentAt }]`, development only. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  if (!isDevelopment(parseEnv(env))) return Response.json({ error: 'Not Found' }, { status: 404 })
  return Response.json(await listSentEmails(getDb(env.DB)))
}
