import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SadMascot } from './mascot.tsx'

type Props = { status?: number; title: string; text: string; details?: { name: string; message: string } }

export function ErrorScreen({ status, title, text, details }: Props) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <main className="container-page flex flex-col items-center py-16 text-center" data-testid="error-screen">
      <SadMascot title={t('errors.mascotAlt')} />
      {status ? <p className="mt-6 text-5xl font-bold text-primary">{status}</p> : null}
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-md text-muted">{text}</p>
      {details ? (
        <details className="mt-6 max-w-xl text-left text-sm text-muted" open>
          <summary className="cursor-pointer">{t('errors.details')}</summary>
          <p className="mt-2 font-mono">
            <strong>{details.name}</strong>: {details.message}
          </p>
        </details>
      ) : null}
      <div className="mt-8 flex gap-3">
        {details ? (
          <a href={`${location.pathname}${location.search}`} className="btn-secondary">
            {t('errors.repeat')}
          </a>
        ) : null}
        <Link to="/" className="btn-primary">
          {t('errors.toHome')}
        </Link>
      </div>
    </main>
  )
}
