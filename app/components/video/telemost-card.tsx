import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type TelemostInfo, telemostConnectHref } from '#app/components/event-types/telemost-option.tsx'

/**
 * The Yandex Telemost card of `/integrations` (issue 15): connected as whom, a grant Yandex refused (the error border
 * and a reconnect, like a depressed calendar), connect, disconnect. Plain links and forms: it works without script.
 */
export function TelemostCard({ telemost }: { telemost: TelemostInfo }) {
  const { t } = useTranslation()
  const status = telemost.revoked ? 'revoked' : telemost.connected ? 'connected' : 'off'
  return (
    <article
      className={`card flex flex-col gap-3 p-4 ${telemost.revoked ? 'border border-error' : ''}`}
      aria-labelledby="telemost-card-title"
      data-testid="telemost-card"
      data-status={status}
    >
      <h2 id="telemost-card-title" className="font-semibold">
        {t('eventTypes:telemost.cardTitle')}
      </h2>
      <p className="text-sm text-muted">{t('eventTypes:telemost.cardText')}</p>
      {!telemost.configured ? <p className="text-sm text-warning">{t('eventTypes:telemost.notConfigured')}</p> : null}
      {telemost.revoked ? (
        <p className="text-sm text-error" role="alert">
          {t('eventTypes:telemost.revoked')}
        </p>
      ) : telemost.connected ? (
        <p className="text-sm">{t('eventTypes:telemost.connectedAs', { login: telemost.login || 'Yandex' })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {telemost.configured && (!telemost.connected || telemost.revoked) ? (
          <a href={telemostConnectHref('/integrations', false)} className="btn-secondary">
            {t('eventTypes:telemost.connect')}
          </a>
        ) : null}
        {telemost.connected ? (
          <Form method="post" action="/telemost/disconnect">
            <button type="submit" className="btn-ghost">
              {t('eventTypes:telemost.disconnect')}
            </button>
          </Form>
        ) : null}
      </div>
    </article>
  )
}
