import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EventPage, type EventPageData } from '#app/components/booking/event-page.tsx'
import { PublicNotFound } from '#app/components/booking/not-found.tsx'
import { eventPageAction } from '#app/server/booking/page/action.server.ts'
import { eventPageLoader } from '#app/server/booking/page/event.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'

/** The page's translations, its calendar-only revalidation and its loader's headers: the event page's. */
export { handle, headers, shouldRevalidate } from './user.$login.event.$eventLink.tsx'

/**
 * The embeddable widget (SPEC §2): the same booking flow without the site header, framable by any site
 * (workers/security-headers.ts), `?size=small|large`, `?lang=ru|en`; it tells the parent page its height and each
 * booking by postMessage (docs/booking.md "Widget").
 */
function widgetPath(params: LoaderFunctionArgs['params']) {
  return `/widget/booking/user/${encodeURIComponent(params.login ?? '')}/event/${encodeURIComponent(params.eventLink ?? '')}`
}

export const meta = pageMeta({ noindex: true })

export function loader(args: LoaderFunctionArgs) {
  return eventPageLoader(args, 'widget', widgetPath(args.params))
}

export function action(args: ActionFunctionArgs) {
  return eventPageAction(args, widgetPath(args.params))
}

function WidgetLanguage() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.set('lang', i18n.language === 'en' ? 'ru' : 'en')
  return (
    <div className="mx-auto flex w-full max-w-4xl justify-end px-3 pt-2 sm:px-4">
      <Link
        to={`${location.pathname}?${params}`}
        className="text-xs text-primary underline"
        data-testid="widget-language"
      >
        {t('booking:event.language')}
      </Link>
    </div>
  )
}

export default function WidgetRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <WidgetLanguage />
      {data.notFound ? <PublicNotFound page="event" /> : <EventPage data={data as unknown as EventPageData} />}
    </>
  )
}
