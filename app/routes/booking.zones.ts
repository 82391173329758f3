import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { zoneOptionsResponse } from '#app/server/booking/page/zones.server.ts'

/**
 * The event page's zone list as JSON (`[{ id, label }]`, labels in `?lang=`), for a page reached by a client
 * navigation; the first page render has it in its HTML (app/components/booking/zone-options.ts).
 */
export function loader(args: LoaderFunctionArgs) {
  return zoneOptionsResponse(args.request)
}
