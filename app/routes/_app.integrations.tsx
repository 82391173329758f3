import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TelegramCard } from '#app/components/notify/telegram-card.tsx'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { requireUser } from '#app/server/auth/session.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { telegramUserInfo } from '#app/server/notify/telegram-binding.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const user = await requireUser(db, request)
  const info = await telegramUserInfo(db, user.id)
  return { title: getT(await getLanguage(request))('notify:integrations.metaTitle'), isTelegramEnabled: info.isEnabled }
}

/** Calendar integrations SPEC §2 lists; none is built yet, so each card says so honestly (no buttons). */
const CALENDARS = ['google', 'outlook', 'apple'] as const

/** `/integrations`: the Telegram bot card (links to `/integrations/tgBot`) and the calendar integrations. */
export default function IntegrationsPage() {
  const { isTelegramEnabled } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-3xl" aria-labelledby="integrations-title" data-testid="integrations-page">
      <h1 id="integrations-title" className="text-2xl font-semibold">
        {t('notify:integrations.title')}
      </h1>
      <p className="mt-2 text-muted">{t('notify:integrations.lead')}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('notify:integrations.notifications')}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TelegramCard isEnabled={isTelegramEnabled} />
      </div>
      <h2 className="mt-8 text-lg font-semibold">{t('notify:integrations.calendars')}</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {CALENDARS.map((calendar) => (
          <li key={calendar} className="card flex flex-col gap-2 p-4" data-testid={`calendar-${calendar}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="font-semibold">{t(`notify:integrations.${calendar}`)}</h3>
              <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-medium text-muted">
                {t('notify:integrations.notConnected')}
              </span>
            </div>
            <p className="text-sm text-muted">{t('notify:integrations.calendarSoon')}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
