import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { calendarResourceLoader } from '#app/server/booking/page/calendar.server.ts'

/**
 * The event page's calendar data without the page (docs/decisions/0032-booking-calendar-fetch.md): a month's free
 * days and first free day's slots, or one day's slots, fetched by the page's script when the viewer moves.
 */
export function loader(args: LoaderFunctionArgs) {
  return calendarResourceLoader(args)
}
