import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { icsLoader } from '#app/server/booking/page/ics.server.ts'

/** "Add to calendar" on the booking success page: the booking's ICS as a download. */
export function loader(args: LoaderFunctionArgs) {
  return icsLoader(args)
}
