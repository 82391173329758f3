import { useTranslation } from 'react-i18next'
import { OAUTH_PROVIDERS } from '#app/domain/enums.ts'

const LABELS = { yandex: 'Яндекс ID', google: 'Google', apple: 'Apple', microsoft: 'Microsoft' } as const

/** Sign-in with Yandex, Google, Apple or Microsoft (SPEC §2): plain links, so they work without JavaScript. */
export function OAuthButtons({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation()
  const back = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''
  return (
    <div className="mt-6">
      <p className="mb-3 text-center text-sm text-muted">{t('accounts:oauth.or')}</p>
      <div className="grid grid-cols-2 gap-2">
        {OAUTH_PROVIDERS.map((provider) => (
          <a
            key={provider}
            href={`/oAuthRedirectPage?provider=${provider}${back}`}
            className="btn-secondary"
            data-testid={`oauth-${provider}`}
          >
            {LABELS[provider]}
          </a>
        ))}
      </div>
    </div>
  )
}
