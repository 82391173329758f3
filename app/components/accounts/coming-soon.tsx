import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** An honest placeholder for a section that a later issue builds (SPEC §2 links in the profile menu). */
export function ComingSoon({ section }: { section: string }) {
  const { t } = useTranslation()
  return (
    <section className="card mx-auto max-w-xl p-8 text-center" data-testid="coming-soon">
      <h1 className="text-2xl font-semibold">{t(`accounts:shell.menu.${section}`)}</h1>
      <p className="mt-3 text-muted">{t('accounts:comingSoon.text')}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('errors.toHome')}
      </Link>
    </section>
  )
}
