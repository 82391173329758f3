import { NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from './language-switch.tsx'
import { NotificationBadge } from './notify/notification-badge.tsx'

export type ShellUser = { id: string; login: string; firstName: string; lastName: string; tariff: string }

const NAV = [
  { to: '/', key: 'main', end: true },
  { to: '/meetings', key: 'meetings', end: false },
  { to: '/eventTypes', key: 'eventTypes', end: false },
  { to: '/schedules', key: 'schedules', end: false },
  { to: '/contacts', key: 'contacts', end: false },
] as const

/** The signed-in specialist's frame: header with the SPEC §2 sections, then the page. */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <>
      <header className="border-b border-line bg-card">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <nav className="flex items-center gap-1 overflow-x-auto" aria-label={t('shell.navLabel')}>
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface'}`
                }
              >
                {t(`shell.nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <NotificationBadge />
            <LanguageSwitch />
            <span className="hidden text-sm font-medium md:inline" data-testid="shell-user-name">
              {user.firstName} {user.lastName}
            </span>
          </div>
        </div>
      </header>
      <main className="container-page py-6">{children}</main>
    </>
  )
}
