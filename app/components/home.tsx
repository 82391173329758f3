import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ShellUser } from './app-shell.tsx'

/** The signed-in specialist's home: a greeting and the way to the sections. */
export function Home({ user }: { user: ShellUser }) {
  const { t } = useTranslation()
  return (
    <section data-testid="home">
      <h1 className="text-2xl font-semibold">{t('home.greeting', { name: user.firstName })}</h1>
      <p className="mt-2 text-muted">{t('home.lead')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/eventTypes" className="btn-primary">
          {t('shell.nav.eventTypes')}
        </Link>
        <Link to="/schedules" className="btn-secondary">
          {t('shell.nav.schedules')}
        </Link>
        <Link to="/meetings" className="btn-secondary">
          {t('shell.nav.meetings')}
        </Link>
      </div>
    </section>
  )
}
