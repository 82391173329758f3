import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from './accounts/avatar.tsx'
import { LanguageSwitch } from './language-switch.tsx'

type HeaderUser = { login: string; firstName: string; lastName: string; imageUrl: string | null }

/**
 * Who is signed in, asked after load (`/header-user`, ADR 0109): public pages render one HTML for everyone, with no
 * session query, and a signed-in specialist still sees their own header. Null while unknown or signed out.
 */
function useSignedInUser(enabled: boolean): HeaderUser | null {
  const [user, setUser] = useState<HeaderUser | null>(null)
  useEffect(() => {
    if (!enabled) return
    let live = true
    fetch('/header-user', { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<{ user: HeaderUser | null }>) : null))
      .then((body) => {
        if (live && body?.user) setUser(body.user)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [enabled])
  return user
}

/**
 * The header of public pages. Signed out: sign in and sign up; signed in (known after load): the specialist's avatar
 * and name, a link to their dashboard. Without `signIn` it is neutral (the name and the language switch): for the
 * error screen when who is signed in is not known.
 */
export function SiteHeader({ signIn = true }: { signIn?: boolean }) {
  const { t } = useTranslation()
  const user = useSignedInUser(signIn)
  return (
    <header className="border-b border-line bg-card">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {t('appName')}
        </Link>
        <nav className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          {signIn && user ? (
            <Link
              to="/"
              className="flex min-h-6 items-center gap-2 rounded-lg p-1 text-sm font-medium text-ink hover:bg-surface"
              data-testid="header-user"
            >
              <Avatar user={user} size={32} />
              <span className="max-w-40 truncate">{`${user.firstName} ${user.lastName}`.trim()}</span>
              <span className="sr-only">{`(${t('landing.toDashboard')})`}</span>
            </Link>
          ) : signIn ? (
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
