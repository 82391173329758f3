import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The header's bell with the unread count (SPEC §7 `/notificationCenter/count`): a plain link without script; with
 * script it loads the count and refreshes it on every navigation and every minute.
 */
export function NotificationBadge() {
  const { t } = useTranslation()
  const fetcher = useFetcher<{ count: number }>()
  const location = useLocation()
  const { load } = fetcher
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on each navigation
  useEffect(() => {
    load('/notification-center/count')
  }, [load, location.pathname])
  useEffect(() => {
    const timer = setInterval(() => load('/notification-center/count'), 60_000)
    return () => clearInterval(timer)
  }, [load])
  const count = fetcher.data?.count ?? 0
  return (
    <Link
      to="/notification-center"
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-surface"
      aria-label={t('notify:center.badgeLabel', { count })}
      data-testid="notification-badge"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-error px-1 text-center text-xs font-semibold leading-5 text-white"
          data-testid="notification-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
}
