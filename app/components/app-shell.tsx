import { Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NAV_ITEMS } from './accounts/menu-items.ts'
import { ProfileMenu } from './accounts/profile-menu.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { NotificationBadge } from './notify/notification-badge.tsx'
import { PushBanner } from './push/push-banner.tsx'
import type { PushClientConfig } from '#app/domain/push/config.ts'

export type ShellUser = {
  id: string
  login: string
  firstName: string
  lastName: string
  tariff: string
  imageUrl?: string | null
}

/**
 * The signed-in specialist's frame (SPEC §2 "Header"): the sections, the language switch and the profile
 * dropdown; on phones the sections move to `/menu`.
 */
export function AppShell({
  user,
  push = null,
  children,
}: {
  user: ShellUser
  push?: PushClientConfig | null
  children: ReactNode
}) {
  return (
    <>
      <AppHeader user={user} />
      <PushBanner config={push} />
      <main className="container-page py-6">{children}</main>
    </>
  )
}

/** The signed-in header alone: the shell's, and the root error boundary's when the user is known. */
export function AppHeader({ user }: { user: ShellUser }) {
  const { t } = useTranslation()
  return (
    <header className="border-b border-line bg-card">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Link to="/" className="shrink-0" aria-label={t('appName')}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
          </Link>
          <nav className="hidden items-center gap-1 md:flex" aria-label={t('shell.navLabel')}>
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface'}`
                }
              >
                {t(`shell.nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <NotificationBadge />
          <LanguageSwitch />
          <ProfileMenu user={user} />
          <Link
            to="/menu"
            className="rounded-lg p-2 text-ink hover:bg-surface md:hidden"
            aria-label={t('accounts:shell.openMenu')}
            data-testid="menu-link"
          >
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </Link>
        </div>
      </div>
    </header>
  )
}
