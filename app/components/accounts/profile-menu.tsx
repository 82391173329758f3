import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShellUser } from '#app/components/app-shell.tsx'
import { Avatar } from './avatar.tsx'
import { LogoutButton } from './logout-button.tsx'
import { type MenuItem, profileMenuItems } from './menu-items.ts'

const ITEM = 'block w-full rounded-lg px-3 py-2 text-left text-sm text-ink hover:bg-surface'

/**
 * The profile dropdown (SPEC §2, §9: at least 285 px wide, the name on up to 2 lines). A `<details>`
 * element, so it opens without JavaScript; with it, Escape, an outside click or navigation close it.
 */
export function ProfileMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  const fullName = `${user.firstName} ${user.lastName}`.trim()

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [location.pathname])

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.removeAttribute('open')
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
    }
  }, [])

  return (
    <details ref={ref} className="relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg p-1 hover:bg-surface [&::-webkit-details-marker]:hidden"
        data-testid="profile-menu"
      >
        {/* A hidden label, not aria-label: the accessible name then holds the visible name too (WCAG 2.5.3). */}
        <span className="sr-only">{t('accounts:shell.profileMenu')}</span>
        <Avatar user={user} />
        <span className="hidden max-w-40 truncate text-sm font-medium lg:inline" data-testid="shell-user-name">
          {fullName}
        </span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-[285px] max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-card p-2 shadow-xl">
        <div className="flex items-center gap-3 border-b border-line px-3 pb-3 pt-2">
          <Avatar user={user} size={44} />
          <p className="line-clamp-2 font-medium break-words">{fullName}</p>
        </div>
        <ul className="py-2">
          {profileMenuItems(user.login).map((item) => (
            <li key={item.key} className={item.largeOnly ? 'hidden lg:block' : undefined}>
              <ProfileMenuLink item={item} className={ITEM} />
            </li>
          ))}
        </ul>
        <div className="border-t border-line pt-2">
          <LogoutButton className={`${ITEM} text-error`} />
        </div>
      </div>
    </details>
  )
}

/** One entry of the profile menu: a page of the app, or an outside page in a new tab. */
export function ProfileMenuLink({ item, className }: { item: MenuItem; className: string }) {
  const { t } = useTranslation()
  const label = t(`accounts:shell.menu.${item.key}`)
  return item.external ? (
    <a href={item.to} target="_blank" rel="noopener noreferrer" className={className}>
      {label}
    </a>
  ) : (
    <Link to={item.to} className={className}>
      {label}
    </Link>
  )
}
