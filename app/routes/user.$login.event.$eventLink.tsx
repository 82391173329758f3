import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { EventPage, type EventPageData, eventPageShouldRevalidate } from '#app/components/booking/event-page.tsx'
import { PublicNotFound } from '#app/components/booking/not-found.tsx'
import { useInFrame } from '#app/components/booking/widget-bridge.ts'
import { SiteHeader } from '#app/components/site-header.tsx'
import type { I18nHandle } from '#app/i18n/namespaces.ts'
import { eventPageAction } from '#app/server/booking/page/action.server.ts'
import { eventPageLoader } from '#app/server/booking/page/event.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'

/** SPEC §2 public booking: `/user/{login}/event/{eventLink}` (the short form `/{login}/{eventLink}` reuses it). */
export function eventPath(params: LoaderFunctionArgs['params']) {
  return `/user/${encodeURIComponent(params.login ?? '')}/event/${encodeURIComponent(params.eventLink ?? '')}`
}

/**
 * The page's translations (docs/decisions/0079-namespaces-per-route.md): the booking texts and field errors; the
 * sign-up offer after a booking adds the account texts. Also the short form's and the widget's.
 */
export const handle: I18nHandle = {
  i18n: (data) => [
    'booking',
    'validation',
    // A group event type's page may offer the waitlist of a full slot (ADR 0108).
    ...((data as { event?: { totalSeats: number | null } } | undefined)?.event?.totalSeats
      ? (['waitlist'] as const)
      : []),
    ...((data as { step?: string } | undefined)?.step === 'success' ? (['accounts'] as const) : []),
  ],
}

export const meta = titleMeta

/** Month and day links fetch only the calendar (docs/decisions/0032-booking-calendar-fetch.md). */
export const shouldRevalidate = eventPageShouldRevalidate

/** Development: the loader's `Server-Timing` (D1 reads) reaches the document response; `Vary: Sec-Fetch-Dest`. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export function loader(args: LoaderFunctionArgs) {
  return eventPageLoader(args, 'page', eventPath(args.params))
}

export function action(args: ActionFunctionArgs) {
  return eventPageAction(args, eventPath(args.params))
}

export default function EventRoute() {
  const data = useLoaderData<typeof loader>()
  // Inside a frame the page is the widget (SPEC §2): the server tells by Sec-Fetch-Dest, the script by itself.
  const framed = useInFrame() || data.mode === 'widget'
  return (
    <>
      {framed ? null : <SiteHeader />}
      {data.notFound ? <PublicNotFound page="event" /> : <EventPage data={data as unknown as EventPageData} />}
    </>
  )
}
