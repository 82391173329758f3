import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from './auth-layout.tsx'

/** What an OAuth route shows when it cannot sign the person in. */
export function OAuthError() {
  const { t } = useTranslation()
  const data = useLoaderData<{ error: string }>()
  return (
    <AuthLayout title={t('accounts:oauth.title')}>
      <p role="alert" className="text-sm text-error" data-testid="oauth-error">
        {data.error}
      </p>
      <Link to="/login" className="btn-primary mt-6 w-full">
        {t('accounts:restore.back')}
      </Link>
    </AuthLayout>
  )
}
