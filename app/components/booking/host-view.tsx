import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ProfileCard, type PublicProfile } from './profile-card.tsx'

/** SPEC §2 "Public host page": the profile card and the host's event types (also in /specialistPagePreview). */
export type HostViewData = PublicProfile & {
  login: string
  eventTypes: {
    name: string
    link: string
    description: string
    durationInMinutes: number
    color: string
    /** The host's plan pauses its booking (ADR 0097): listed, marked, its page says so. */
    bookingPaused: boolean
  }[]
}

export function HostView({
  host,
  linkTarget,
  children,
}: {
  host: HostViewData
  linkTarget?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <main className="container-page py-6 sm:py-10" data-testid="host-page">
      <section className="card p-4 sm:p-6">
        <ProfileCard profile={host} large />
      </section>
      {children}
      {host.eventTypes.length === 0 ? (
        <p className="mt-6 text-muted" data-testid="host-empty">
          {t('booking:host.empty')}
        </p>
      ) : (
        <>
          <h1 className="mt-8 text-lg font-semibold">{t('booking:host.selectService')}</h1>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {host.eventTypes.map((e) => (
              <li key={e.link}>
                <Link
                  to={`/user/${host.login}/event/${e.link}${location.search}`}
                  target={linkTarget}
                  className="card relative block h-full overflow-hidden p-4 pl-6 hover:border-primary"
                  data-testid="host-event-type"
                >
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0 left-0 w-1.5"
                    style={{ background: e.color }}
                  />
                  <span className="block font-semibold">{e.name}</span>
                  <span className="mt-1 block text-sm text-muted">
                    {t('booking:host.minutes', { count: e.durationInMinutes })}
                  </span>
                  {e.bookingPaused ? (
                    <span className="mt-1 block text-sm font-medium text-warning" data-testid="host-event-paused">
                      {t('booking:host.paused')}
                    </span>
                  ) : null}
                  {e.description ? (
                    <span className="mt-2 line-clamp-3 block text-sm text-muted">{e.description}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  )
}
