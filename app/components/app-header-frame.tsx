import { Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NAV_ITEMS } from './accounts/menu-items.ts'

/**
 * The signed-in header's frame (SPEC §2 "Header"): the logo, the sections (on phones in `/menu`) and what
 * `children` put on the right. Kept apart from the profile dropdown so that the root error boundary can show a
 * signed-in header without the dropdown's code on every page.
 */
export function AppHeaderFrame({ children }: { children: ReactNode }) {
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
          {children}
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
