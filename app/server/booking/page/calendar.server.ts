/** The event page's calendar: the month's free days and a day's slots, for the page and its resource route. */
import { type ViewerSlot, daysWithSlots, slotsOfViewerDay } from '#app/domain/availability/index.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import { type IsoDate, isIsoDate } from '#app/domain/time/index.ts'
import { parseViewerTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type Hold, hostLock } from '#app/server/booking/host-lock-client.server.ts'
import { getDb } from '../../db.server.ts'
import type { Bindings } from '../../env.server.ts'
import { waitlistOptions } from '../../waitlist/page.server.ts'
import { findPublicEventType } from '../availability.server.ts'
import { currentMonth, viewerDayWithFull, viewerMonth } from '../public.server.ts'
import { viewerZone as guestZone } from '../viewer-zone.server.ts'
import { pausedOf } from '../views.server.ts'
import { type Args, type Found, monthOf, parseHoldIds } from './flow.server.ts'

type HoldRow = Hold & { active: boolean }

/** The slots of a day the viewer may still choose (their own active holds are shown as chosen instead). */
function choosable(slots: ViewerSlot[], holds: HoldRow[]) {
  const heldStarts = new Set(holds.filter((h) => h.active).map((h) => h.start))
  return slots
    .filter((s) => !heldStarts.has(s.start))
    .map((s) => ({ start: s.start, from: s.from, to: s.to, seatsLeft: s.seatsLeft }))
}

/**
 * The calendar of the page: the requested month (default: the viewer's current one), its free days, and the
 * requested day's slots (default: the first free day). A malformed month falls back to the current one, as a
 * hand-edited link should still show a page.
 */
export async function calendarOf(
  db: ReturnType<typeof getDb>,
  env: Bindings,
  found: Found,
  viewerTimeZone: string,
  search: URLSearchParams,
  holds: HoldRow[],
  now: number,
) {
  const monthParam = search.get('month')
  const current = currentMonth(viewerTimeZone, now)
  let { year, month } = monthOf(monthParam) ?? current
  const holdIds = holds.map((h) => h.id)
  let view = await viewerMonth(db, env, found, viewerTimeZone, year, month, { holdIds }, now)
  // Opened without a month: when this month has no free day left (its last evening, or a booking window that opens
  // later), the page opens on the next month that has one, up to two months ahead, rather than on an empty month.
  for (let ahead = 1; !monthParam && view.days.length === 0 && ahead <= 2; ahead++) {
    const index = current.year * 12 + current.month - 1 + ahead
    const later = await viewerMonth(
      db,
      env,
      found,
      viewerTimeZone,
      Math.floor(index / 12),
      (index % 12) + 1,
      { holdIds },
      now,
    )
    if (later.days.length > 0) {
      view = later
      year = later.year
      month = later.month
    }
  }
  const dateParam = search.get('date')
  // Days with only full slots are shown too: their slots offer the waitlist (ADR 0108).
  const days = [...new Set([...view.days, ...daysWithSlots(view.full, viewerTimeZone, year, month)])].sort()
  const date: IsoDate | null =
    dateParam && isIsoDate(dateParam) && days.includes(dateParam) ? dateParam : (view.days[0] ?? days[0] ?? null)
  return {
    year,
    month,
    isCurrentMonth: year === current.year && month === current.month,
    days,
    date,
    monthRequested: monthParam,
    dateRequested: dateParam,
    slots: choosable(date ? slotsOfViewerDay(view.slots, viewerTimeZone, date) : [], holds),
    full: date ? waitlistOptions(slotsOfViewerDay(view.full, viewerTimeZone, date)) : [],
  }
}

export type CalendarAnswer =
  | { part: 'month'; key: string; calendar: Awaited<ReturnType<typeof calendarOf>> }
  | {
      part: 'day'
      key: string
      date: IsoDate
      slots: ReturnType<typeof choosable>
      full: ReturnType<typeof waitlistOptions>
    }
  | { error: string }

/** The key a calendar answer is for: what the page's URL asks (month and date params as given). */
export function calendarKey(month: string | null | undefined, date: string | null | undefined) {
  return `${month ?? ''}|${date ?? ''}`
}

/**
 * `/booking/calendar/{login}/{eventLink}?tz=&month=&date=&holds=&part=month|day` (app/routes/booking.calendar.*):
 * what the event page fetches when the viewer moves between months (`part=month`: the month's free days and the
 * first free day's slots) or days (`part=day`: that day's slots only), instead of re-running the page loader.
 * Answers only public data (dates, times, seats left); bad parameters get a translated 400, an unknown or
 * unavailable event type 404.
 */
export async function calendarResourceLoader({ request, params, context }: Args) {
  const { env } = context.cloudflare
  const url = new URL(request.url)
  const search = url.searchParams
  const t = getT(await getLanguage(request))
  const headers = { 'Cache-Control': 'private, no-store' }
  const answer = (body: CalendarAnswer, status = 200) => Response.json(body, { status, headers })
  const fail = (status: number, error: string) => answer({ error }, status)
  const part = search.get('part') ?? 'month'
  const tzParam = search.get('tz')
  const viewerZone = tzParam ? parseViewerTimeZone(tzParam) : null
  if (part !== 'month' && part !== 'day') return fail(400, t('api:fieldError'))
  if (tzParam && !viewerZone) return fail(400, t('validation:invalidTimeZone'))
  if (monthOf(search.get('month')) === undefined) return fail(400, t('booking:errors.invalidMonth'))
  const dateParam = search.get('date')
  if ((dateParam && !isIsoDate(dateParam)) || (part === 'day' && !dateParam))
    return fail(400, t('booking:errors.invalidDate'))
  const db = getDb(env.DB)
  const found = await findPublicEventType(db, params.login ?? '', params.eventLink ?? '')
  if (!found) return fail(404, t('booking:errors.eventNotFound'))
  if (pausedOf(found)) return fail(refusalStatus({ code: 'bookingPaused' }), t('booking:errors.bookingPaused'))
  const now = Date.now()
  const timeZone = viewerZone ?? guestZone(request, found.host.timeZone).zone
  const holdIds = parseHoldIds(search.get('holds'))
  const holds = (holdIds.length > 0 ? await hostLock(env, found.host.id).getHolds(holdIds, now) : []).filter(
    (h) => h.eventTypeId === found.eventType.id,
  )
  const key = calendarKey(search.get('month'), dateParam)
  if (part === 'day' && dateParam && isIsoDate(dateParam)) {
    const own = { holdIds: holds.map((h) => h.id) }
    const day = await viewerDayWithFull(db, env, found, timeZone, dateParam, own, now)
    return answer({
      part: 'day',
      key,
      date: dateParam,
      slots: choosable(day.slots, holds),
      full: waitlistOptions(day.full),
    })
  }
  const calendar = await calendarOf(db, env, found, timeZone, search, holds, now)
  return answer({ part: 'month', key, calendar })
}
