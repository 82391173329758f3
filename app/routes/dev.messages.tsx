import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getDb } from '#app/server/db.server.ts'
import { isDevelopment, parseEnv } from '#app/server/env.server.ts'
import { listSentMessages } from '#app/server/outbox/outbox.server.ts'

/** Development only (like /dev/mail): the Telegram and push messages the app has queued, newest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  if (!isDevelopment(parseEnv(env))) throw new Response(null, { status: 404 })
  return { messages: await listSentMessages(getDb(env.DB)) }
}

export default function DevMessages() {
  const { messages } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <main className="container-page py-8">
      <h1 className="text-2xl font-semibold">{t('notify:devMessages.title')}</h1>
      {messages.length === 0 ? <p className="mt-4 text-muted">{t('notify:devMessages.empty')}</p> : null}
      <ul className="mt-6 space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="card p-4" data-testid="dev-message">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('notify:devMessages.channel')}</dt>
              <dd data-testid="dev-message-channel">{message.channel}</dd>
              <dt className="text-muted">{t('notify:devMessages.to')}</dt>
              <dd className="wrap-anywhere" data-testid="dev-message-to">
                {message.to}
              </dd>
              <dt className="text-muted">{t('notify:devMessages.createdAt')}</dt>
              <dd>{message.createdAt}</dd>
              <dt className="text-muted">{t('notify:devMessages.status')}</dt>
              <dd className="wrap-anywhere">
                {message.status}
                {message.lastError ? ` — ${message.lastError}` : ''}
              </dd>
            </dl>
            {message.title ? <p className="mt-3 font-medium wrap-anywhere">{message.title}</p> : null}
            <pre
              className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-3 text-sm"
              data-testid="dev-message-text"
            >
              {message.text}
            </pre>
          </li>
        ))}
      </ul>
    </main>
  )
}
