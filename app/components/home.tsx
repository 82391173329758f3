import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '#app/components/accounts/avatar.tsx'
import type { HomeStatistics } from '#app/server/meetings/statistics.server.ts'
import type { FirstRunGuide as FirstRunGuideData } from '#app/server/home/first-run.server.ts'
import type { ShellUser } from './app-shell.tsx'
import { FirstRunGuide } from './home/first-run-guide.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'

const VALUE_COLORS: Record<string, string> = { primary: 'text-primary', success: 'text-success', error: 'text-error' }

/** The signed-in specialist's home (SPEC §2 Home, §3 Statistics): user card, seven counters, integrations. */
export function Home({
  user,
  statistics,
  guide,
  quickEventTypeErrors = [],
}: {
  user: ShellUser
  statistics: HomeStatistics
  guide: FirstRunGuideData | null
  /** Why the guide's one-step event type was not created (the home action's answer). */
  quickEventTypeErrors?: string[]
}) {
  const { t } = useTranslation()
  const card = statistics.user
  return (
    <section data-testid="home" className="space-y-6">
      <article className="card flex flex-wrap items-center gap-4 p-5" data-testid="home-user-card">
        {/* The header's avatar (the same user, the same picture or initial): issue 18. */}
        <Avatar user={user} size={64} />
        <div className="min-w-0 grow">
          <h1 className="text-2xl font-semibold">{t('home.greeting', { name: user.firstName })}</h1>
          <p className="text-sm text-muted">{t('meetings:home.registered', { date: card.registrationDate })}</p>
          <p className="text-sm">
            {card.dateStop
              ? t('meetings:home.planUntil', { plan: card.tariffName, date: card.dateStop })
              : t('meetings:home.plan', { plan: card.tariffName })}
          </p>
        </div>
        <Link
          to="/meetings?period=today&filter=upcomingAndCompleted"
          className="btn-secondary"
          data-testid="home-today"
        >
          {t('meetings:home.today', { count: card.meetingsForTodayCount })}
        </Link>
      </article>

      {guide ? <FirstRunGuide guide={guide} quickEventTypeErrors={quickEventTypeErrors} /> : null}

      <HomeSection id="home-stats-title" title={t('meetings:home.statsTitle')}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {statistics.total.map((item) => (
            <li key={item.statisticItem}>
              <Link
                to={item.onClickActionValue}
                className="card block h-full p-4 hover:border-primary"
                data-testid={`stat-${item.statisticItem}`}
              >
                <span className={`block text-3xl font-bold ${VALUE_COLORS[item.valueColor] ?? 'text-primary'}`}>
                  {item.value}
                  {item.maxValue !== null ? (
                    <span className="text-base font-normal text-muted"> / {item.maxValue}</span>
                  ) : null}
                </span>
                <span className="mt-1 block text-sm text-muted">{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-integrations-title" title={t('meetings:home.integrationsTitle')}>
        <ul className="flex flex-wrap gap-2">
          {statistics.integrations.map((integration) => (
            <li key={integration.id}>
              <Link
                to={integration.id === 'Telegram' ? '/integrations/tgBot' : '/integrations'}
                className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${integration.isConnect ? 'border-success text-success' : 'border-line text-muted'}`}
                data-testid="home-integration"
              >
                <span
                  className={`size-2 rounded-full ${integration.isConnect ? 'bg-success' : 'bg-line'}`}
                  aria-hidden="true"
                />
                {integration.label}:{' '}
                {integration.isConnect ? t('meetings:home.connected') : t('meetings:home.notConnected')}
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
    </section>
  )
}

/** One of the home's lists under its heading (statistics, integrations). */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} titleClassName="mb-3 text-lg font-semibold">
      {children}
    </TitledSection>
  )
}
