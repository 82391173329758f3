import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from './language-switch.tsx'

/**
 * The header of pages a signed-out visitor sees. Without `signIn` it is neutral (the name and the language switch):
 * for the error screen when who is signed in is not known.
 */
export function SiteHeader({ signIn = true }: { signIn?: boolean }) {
  const { t } = useTranslation()
  return (
    <header className="border-b border-line bg-card">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {t('appName')}
        </Link>
        <nav className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          {signIn ? (
            <>
              <Link to="/login" className="btn-ghost">
                {t('landing.signIn')}
              </Link>
              <Link to="/signup" className="btn-primary hidden sm:inline-flex">
                {t('landing.signUp')}
              </Link>
            </>
          ) : null}
        </nav>
      </div>
    </header>
  )
}
