import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ProfileCard } from '#app/components/booking/profile-card.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { hostPageLoader } from '#app/server/booking/page.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** SPEC §2 "Public host page": the profile card and the host's public event types. */
export function loader(args: LoaderFunctionArgs) {
  return hostPageLoader(args)
}

export default function HostPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <SiteHeader />
      {data.host ? <HostView host={data.host} /> : <HostNotFound />}
    </>
  )
}

export type HostViewData = NonNullable<Awaited<ReturnType<typeof useLoaderData<typeof loader>>>['host']>

export function HostView({ host, linkTarget }: { host: HostViewData; linkTarget?: string }) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <main className="container-page py-6 sm:py-10" data-testid="host-page">
      <section className="card p-4 sm:p-6">
        <ProfileCard profile={host} large />
      </section>
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

function HostNotFound() {
  const { t } = useTranslation()
  return (
    <main className="container-page py-16 text-center" data-testid="host-not-found">
      <h1 className="text-2xl font-semibold">{t('booking:errors.userNotFound')}</h1>
      <p className="mt-2 text-muted">{t('booking:event.nothingFound')}</p>
    </main>
  )
}
