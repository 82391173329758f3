/**
 * The event page's data: its step (calendar, form, waitlist, paused or success) from the URL's state
 * (flow.server.ts), shared by the page, the short form and the widget routes.
 */
import { data } from '@remix-run/cloudflare'
import { MAX_COMPANIONS } from '#app/domain/booking/contact-form.ts'
import { calendarEventOf, calendarLinks } from '#app/domain/booking/calendar-links.ts'
import { newId } from '#app/domain/ids.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import type { Language } from '#app/i18n/config.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { participantManageUrl } from '#app/server/meetings/notify.server.ts'
import { HOLD_TTL_MS, hostLock } from '#app/server/booking/host-lock-client.server.ts'
import { countingD1, serverTimingOf } from '../../d1-counter.server.ts'
import { getDb } from '../../db.server.ts'
import { type Bindings, parseEnv } from '../../env.server.ts'
import { bookingHasTelegram } from '../../notify/telegram-binding.server.ts'
import { waitlistStep } from '../../waitlist/page.server.ts'
import { accountOffer } from '../after-booking.server.ts'
import { findPublicEventType } from '../availability.server.ts'
import type { findBooking } from '../public.server.ts'
import { loginUrl, signedInClient } from '../signed-in-client.server.ts'
import { keepZoneCookie, viewerZone as guestZone } from '../viewer-zone.server.ts'
import { pausedOf, publicEventTypeView } from '../views.server.ts'
import { calendarOf } from './calendar.server.ts'
import {
  type Args,
  type PageMode,
  bookingOfEvent,
  eventPath,
  isFramedRequest,
  keptParams,
  parseHoldIds,
  telegramAvailable,
  timesOf,
} from './flow.server.ts'
// The zone picker's options are registered by importing it (the page renders them from there).
import './zones.server.ts'

function notFound(mode: PageMode, language: Language) {
  const t = getT(language)
  return { notFound: true as const, mode, title: t('booking:event.notFoundTitle') }
}

/**
 * The event page's data. In development the D1 reads are counted and reported in a `Server-Timing` header
 * (`d1;desc="statements=N roundtrips=M"`), which `npm run bench -- --booking` prints.
 */
export async function eventPageLoader(args: Args, routeMode: PageMode, basePath: string) {
  const { env } = args.context.cloudflare
  const mode: PageMode = routeMode === 'widget' || isFramedRequest(args.request) ? 'widget' : 'page'
  const headers = new Headers({ Vary: 'Sec-Fetch-Dest' })
  const zoneCookie = keepZoneCookie(args.request)
  if (zoneCookie) headers.append('Set-Cookie', zoneCookie)
  let result: Awaited<ReturnType<typeof eventPageData>>
  if (parseEnv(env).ENVIRONMENT === 'development') {
    const { db: counted, counts } = countingD1(env.DB)
    result = await eventPageData(args, getDb(counted), mode, basePath)
    headers.set('Server-Timing', serverTimingOf(counts))
  } else {
    result = await eventPageData(args, getDb(env.DB), mode, basePath)
  }
  return data(result, { status: result.notFound ? 404 : 200, headers })
}

async function eventPageData(
  { request, params, context }: Args,
  db: ReturnType<typeof getDb>,
  mode: PageMode,
  basePath: string,
) {
  const { env } = context.cloudflare
  const url = new URL(request.url)
  const language = await getLanguage(request)
  const t = getT(language)
  const found = await findPublicEventType(db, params.login ?? '', params.eventLink ?? '')
  if (!found) return notFound(mode, language)
  const now = Date.now()
  const event = publicEventTypeView(found)
  const zone = guestZone(request, found.host.timeZone)
  const viewerTimeZone = zone.zone
  const holdIds = parseHoldIds(url.searchParams.get('holds'))
  const base = {
    notFound: false as const,
    mode,
    basePath,
    size: url.searchParams.get('size') === 'small' ? ('small' as const) : ('large' as const),
    title: t('booking:event.metaTitle', {
      event: event.name,
      name: `${event.organizer.firstName} ${event.organizer.lastName}`.trim(),
    }),
    event,
    viewerTimeZone,
    tzFromUrl: url.searchParams.has('tz'),
    zoneChosen: zone.source !== 'host',
    viewerZoneName: zoneName(viewerTimeZone, language),
    kept: keptParams(url),
    keptWithHolds: keptParams(url, { holds: holdIds.join(',') || null }),
    holdMinutes: HOLD_TTL_MS / 60_000,
  }

  const bookingId = url.searchParams.get('booking')
  if (bookingId) {
    const mine = await bookingOfEvent(db, bookingId, found)
    if (mine.length > 0) {
      return {
        ...base,
        step: 'success' as const,
        success: {
          bookingId,
          email: mine[0].participant.email,
          meetingIds: mine.map((r) => r.meeting.id),
          items: await Promise.all(mine.map((r) => bookedItem(db, env, r, viewerTimeZone, language))),
          redirect:
            event.isShowRedirection && event.redirectUrl
              ? { url: event.redirectUrl, comment: event.redirectComment ?? '', seconds: 10 }
              : null,
          icsUrl: `/ics/${bookingId}`,
          account:
            mode === 'page'
              ? await accountOffer({ db, now }, mine[0].participant, url.searchParams.get('signup') === 'code')
              : null,
          pageUrl: `${eventPath(found.host.login, found.eventType.link)}${keptParams(url, { booking: bookingId, size: null })}`,
          telegram: telegramAvailable(env)
            ? {
                suggested: mine[0].participant.messengerType === 'Telegram',
                connected: await bookingHasTelegram(
                  db,
                  mine.map((r) => r.participant.id),
                ),
              }
            : null,
        },
      }
    }
  }

  // The host's plan pauses new bookings here (a downgrade): the page says so, with no slots and no form (ADR 0097).
  const paused = pausedOf(found, mode)
  if (paused)
    return {
      ...base,
      step: 'paused' as const,
      paused,
      pageUrl: `${eventPath(found.host.login, found.eventType.link)}${keptParams(url, { size: null })}`,
    }

  const holds = holdIds.length > 0 ? await hostLock(env, found.host.id).getHolds(holdIds, now) : []
  const chosen = holds
    .filter((h) => h.eventTypeId === found.eventType.id)
    .sort((a, b) => a.start - b.start)
    .map((h) => ({ id: h.id, active: h.active, ...timesOf(h.start, h.end, viewerTimeZone) }))

  const waitlistStart = Number(url.searchParams.get('waitlist'))
  if (Number.isSafeInteger(waitlistStart) && waitlistStart > 0) {
    const waitlist = await waitlistStep({ db, env, found, viewerTimeZone, language }, waitlistStart, now)
    if (waitlist) return { ...base, step: 'waitlist' as const, waitlist }
  }

  if (url.searchParams.get('step') === 'form' && chosen.length > 0) {
    const formPath = `${eventPath(found.host.login, found.eventType.link)}${keptParams(url, { holds: holdIds.join(','), step: 'form', size: null })}`
    return {
      ...base,
      step: 'form' as const,
      chosen,
      idempotencyKey: newId(now),
      // The login step (ADR 0105): the signed-in client's details fill the form; else a way to sign in and come back.
      client: await signedInClient(db, request),
      loginUrl: loginUrl(formPath),
      maxCompanions: MAX_COMPANIONS,
    }
  }

  return {
    ...base,
    step: 'calendar' as const,
    chosen,
    // The page's hold client id is issued here, not made up in the browser; it counts only from this address (ADR 0094).
    clientId: newId(now),
    calendar: await calendarOf(db, env, found, viewerTimeZone, url.searchParams, holds, now),
  }
}

/**
 * One booked meeting of the success step: its times, its self-service link (cancel or move) and its "add to Google
 * Calendar / Outlook" links (issue 18; the place and link shown only to this booking's guest).
 */
async function bookedItem(
  db: ReturnType<typeof getDb>,
  env: Bindings,
  row: Awaited<ReturnType<typeof findBooking>>[number],
  timeZone: string,
  language: Language,
) {
  const manageUrl = await participantManageUrl(db, parseEnv(env), row.participant.id, language)
  const manage = manageUrl ? { label: getT(language)('meetings:mail.manage'), url: manageUrl } : null
  return {
    ...timesOf(row.meeting.startAt, row.meeting.endAt, timeZone),
    manageUrl,
    calendarLinks: calendarLinks(calendarEventOf(row.meeting, manage)),
  }
}
