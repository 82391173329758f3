import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getDb } from '#app/server/db.server.ts'
import { isDevelopment, parseEnv } from '#app/server/env.server.ts'
import { listSentEmails } from '#app/server/outbox/outbox.server.ts'

/** API-CONTRACT.md "Development mail": the emails the app has sent, newest first; 404 in production. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  if (!isDevelopment(parseEnv(env))) throw new Response(null, { status: 404 })
  return { emails: await listSentEmails(getDb(env.DB)) }
}

export default function DevMail() {
  const { emails } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <main className="container-page py-8">
      <h1 className="text-2xl font-semibold">{t('devMail.title')}</h1>
      {emails.length === 0 ? <p className="mt-4 text-muted">{t('devMail.empty')}</p> : null}
      <ul className="mt-6 space-y-4">
        {emails.map((email) => (
          <li key={email.id} className="card p-4" data-testid="dev-mail-item">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('devMail.to')}</dt>
              <dd className="wrap-anywhere" data-testid="dev-mail-to">
                {email.to}
              </dd>
              <dt className="text-muted">{t('devMail.subject')}</dt>
              <dd className="font-medium wrap-anywhere">{email.subject}</dd>
              <dt className="text-muted">{t('devMail.sentAt')}</dt>
              <dd>{email.sentAt}</dd>
              <dt className="text-muted">{t('devMail.status')}</dt>
              <dd>{email.status}</dd>
            </dl>
            <pre
              className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-3 text-sm"
              data-testid="dev-mail-text"
            >
              {email.text}
            </pre>
            {email.attachments.length > 0 ? (
              <p className="mt-2 text-xs text-muted wrap-anywhere">📎 {email.attachments.join(', ')}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </main>
  )
}
