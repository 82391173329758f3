import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import {
  EventNotFound,
  EventPage,
  type EventPageData,
  eventPageShouldRevalidate,
} from '#app/components/booking/event-page.tsx'
import { eventPageAction } from '#app/server/booking/page/action.server.ts'
import { eventPageLoader } from '#app/server/booking/page/event.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'

export { handle } from './user.$login.event.$eventLink.tsx'

/**
 * The embeddable widget (SPEC §2): the same booking flow without the site header, framable by any site
 * (workers/security-headers.ts), `?size=small|large`, `?lang=ru|en`; it tells the parent page its height and each
 * booking by postMessage (docs/booking.md "Widget").
 */
function widgetPath(params: LoaderFunctionArgs['params']) {
  return `/widget/booking/user/${encodeURIComponent(params.login ?? '')}/event/${encodeURIComponent(params.eventLink ?? '')}`
}

export const meta = pageMeta({ noindex: true })

/** Month and day links fetch only the calendar (docs/decisions/0032-booking-calendar-fetch.md). */
export const shouldRevalidate = eventPageShouldRevalidate

/** Development: the loader's `Server-Timing` (D1 reads) reaches the document response. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

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
      {data.notFound ? <EventNotFound /> : <EventPage data={data as unknown as EventPageData} />}
    </>
  )
}
