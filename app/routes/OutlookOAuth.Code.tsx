import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { calendarConsentReturn } from '#app/server/calendars/oauth-calendar.server.ts'

/**
 * `/OutlookOAuth/Code` (SPEC §2): Microsoft's calendar consent comes back here; the calendar is connected and the
 * browser goes on to /integrations, which says how it went.
 */
export const loader = (args: LoaderFunctionArgs) => calendarConsentReturn('outlook', args)
