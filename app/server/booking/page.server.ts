/**
 * Loader and action of the public event page, shared by `/user/{login}/event/{eventLink}`, the short form
 * `/{login}/{eventLink}` and the widget `/widget/booking/user/{login}/event/{eventLink}`. The whole flow is plain
 * links and form posts (it works without JavaScript); the state lives in the URL:
 *   tz (viewer zone), month (YYYY-MM), date (YYYY-MM-DD), holds (comma-separated hold ids), step=form,
 *   booking (the booking id: the success view), lang and size (widget).
 */
import { data, redirect } from '@remix-run/cloudflare'
import { type ViewerSlot, daysWithSlots, slotsOfViewerDay } from '#app/domain/availability/index.ts'
import { MAX_COMPANIONS, bookingContactSchema, organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { CodeSchema, SignupFormSchema } from '#app/domain/accounts/rules.ts'
import { AFTER_BOOKING_HOME } from '#app/domain/booking/after-booking.ts'
import { newId } from '#app/domain/ids.ts'
import { type IsoDate, instantToZoned, isIsoDate } from '#app/domain/time/index.ts'
import { listTimeZones, parseViewerTimeZone } from '#app/domain/time-zones/time-zones.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { keepZoneCookie, viewerZone as guestZone } from './viewer-zone.server.ts'
import { type Language, isLanguage } from '#app/i18n/config.ts'
import { type ZoneOption, provideZoneOptions, zoneOptionOf } from '#app/utils/zone-options-source.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { calendarEventOf, calendarLinks } from '#app/domain/booking/calendar-links.ts'
import { participantManageUrl } from '#app/server/meetings/notify.server.ts'
import { issueText } from '#app/i18n/zod-errors.ts'
import {
  HOLD_TTL_MS,
  type Hold,
  MAX_SLOTS_PER_REQUEST,
  hostLock,
  runCommand,
} from '#app/server/booking/host-lock-client.server.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { countingD1, serverTimingOf } from '../d1-counter.server.ts'
import { getDb } from '../db.server.ts'
import { type Bindings, parseEnv } from '../env.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'
import { Refused } from '../refusal.server.ts'
import { accountDeps } from '../accounts/deps.server.ts'
import { resendSignupCode, signup } from '../accounts/identity.server.ts'
import { signInAndRedirect } from '../accounts/route.server.ts'
import { accountOffer, confirmAfterBooking } from './after-booking.server.ts'
import { bookingHasTelegram, clientTelegramLink } from '../notify/telegram-binding.server.ts'
import { telegramConfigured } from '../notify/telegram.server.ts'
import { getRateLimits } from '../rate-limit.server.ts'
import { findPublicEventType, findPublicHost } from './availability.server.ts'
import { BOOKING_LIMITS, addressKey, clientKey } from './limits.server.ts'
import { sendOrganizerMessage } from './message.server.ts'
import { currentMonth, findBooking, isValidMonth, viewerDayWithFull, viewerMonth } from './public.server.ts'
import { joinWaitlist, waitlistOptions, waitlistStep } from '../waitlist/page.server.ts'
import { loginUrl, signedInClient } from './signed-in-client.server.ts'
import { pausedOf, publicEventTypeView, publicHostView } from './views.server.ts'
import { goalsInUrl, withGoals } from '../analytics/goals.server.ts'

export type PageMode = 'page' | 'widget'

/** The page path of an event (the widget's success view links to it: a frame cannot sign anybody in). */
export function eventPath(login: string, link: string) {
  return `/user/${encodeURIComponent(login)}/event/${encodeURIComponent(link)}`
}

/** Whether this deployment has a Telegram bot clients can start (docs/decisions/0034-client-telegram-start.md). */
function telegramAvailable(env: Bindings) {
  const config = parseEnv(env)
  return telegramConfigured(config) && Boolean(config.TELEGRAM_BOT_USERNAME)
}

type Args = {
  request: Request
  params: Record<string, string | undefined>
  context: { cloudflare: { env: Bindings; ctx: ExecutionContext } }
}

const KEPT_PARAMS = ['tz', 'lang', 'size'] as const

/** The search params every link of the flow keeps (viewer zone, widget language and size). */
function keptParams(url: URL, extra: Record<string, string | null | undefined> = {}): string {
  const next = new URLSearchParams()
  for (const name of KEPT_PARAMS) {
    const value = url.searchParams.get(name)
    if (value) next.set(name, value)
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value) next.set(name, value)
    else next.delete(name)
  }
  const text = next.toString()
  return text ? `?${text}` : ''
}

const zoneCache = new Map<string, { at: number; list: ZoneOption[] }>()

/** The zone picker's options (names in the page language), cached for ten minutes per isolate. */
function zoneOptions(language: Language, now: number) {
  const cached = zoneCache.get(language)
  if (cached && now - cached.at < 10 * 60_000) return cached.list
  const list = listTimeZones(language, now).map(zoneOptionOf)
  zoneCache.set(language, { at: now, list })
  return list
}

// The page renders the options from here, not from its loader data (zone-options.ts).
provideZoneOptions((language) => zoneOptions(isLanguage(language) ? language : 'ru', Date.now()))

/** `GET /booking/zones?lang=`: the same options as JSON, for a page reached by a client navigation. */
export async function zoneOptionsResponse(request: Request) {
  const list = zoneOptions(await getLanguage(request), Date.now())
  return Response.json(list, { headers: { 'Cache-Control': 'public, max-age=600' } })
}

function parseHoldIds(value: string | null): string[] {
  if (!value) return []
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0 && v.length <= 200),
    ),
  ].slice(0, MAX_SLOTS_PER_REQUEST)
}

/**
 * A document loaded inside a frame: browsers send `Sec-Fetch-Dest: iframe` (Chromium, Firefox, Safari). Such a page
 * is the widget (SPEC §2): no site header, the account offer opens the full page in a new tab. The page's script
 * also checks (app/components/booking/widget-bridge.ts useInFrame): data requests of client navigations say `empty`.
 */
export function isFramedRequest(request: Request) {
  return request.headers.get('Sec-Fetch-Dest') === 'iframe'
}

function notFound(mode: PageMode, language: Language) {
  const t = getT(language)
  return { notFound: true as const, mode, title: t('booking:event.notFoundTitle') }
}

export async function hostPageLoader({ request, params, context }: Args) {
  const language = await getLanguage(request)
  const framed = isFramedRequest(request)
  const headers = { Vary: 'Sec-Fetch-Dest' }
  const found = await findPublicHost(getDb(context.cloudflare.env.DB), params.login ?? '')
  if (!found) {
    const t = getT(language)
    return data(
      { notFound: true as const, framed, title: t('booking:errors.userNotFound'), host: null },
      { status: 404, headers },
    )
  }
  const t = getT(language)
  const view = publicHostView(found.host, found.eventTypes)
  return data(
    {
      notFound: false as const,
      framed,
      title: t('booking:host.metaTitle', { name: `${view.firstName} ${view.lastName}`.trim() }),
      host: view,
    },
    { headers },
  )
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
    const rows = await findBooking(db, bookingId)
    const mine = rows.filter((r) => r.meeting.eventTypeId === found.eventType.id)
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

type Found = NonNullable<Awaited<ReturnType<typeof findPublicEventType>>>
type HoldRow = Hold & { active: boolean }

/** `YYYY-MM` of the month param, when it is one; null when absent; undefined when malformed. */
export function monthOf(value: string | null): { year: number; month: number } | null | undefined {
  if (!value) return null
  if (!/^\d{4}-\d{2}$/.test(value)) return undefined
  const [year, month] = value.split('-').map(Number)
  return isValidMonth(year, month) ? { year, month } : undefined
}

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
async function calendarOf(
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

function timesOf(start: number, end: number, timeZone: string) {
  const from = instantToZoned(timeZone, start)
  return { start, date: from.date, from: from.time, to: instantToZoned(timeZone, end).time }
}

export type ActionAnswer = {
  intent: string
  resent?: boolean
  error?: string
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
  /** The companions' emails as typed (the booking form's "add participants", ADR 0105). */
  companions?: string[]
  messageSent?: boolean
  /** The waitlist was joined: the email its confirmation went to (ADR 0108). */
  joined?: string
}

async function limited(env: Bindings, request: Request, rule: (typeof BOOKING_LIMITS)[keyof typeof BOOKING_LIMITS]) {
  const decision = await getRateLimits(env).hit(rule, clientKey(request))
  return !decision.allowed
}

export async function eventPageAction({ request, params, context }: Args, basePath: string) {
  const { env, ctx } = context.cloudflare
  const db = getDb(env.DB)
  const url = new URL(request.url)
  const language = await getLanguage(request)
  const t = getT(language)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const found = await findPublicEventType(db, params.login ?? '', params.eventLink ?? '')
  if (!found) return data<ActionAnswer>({ intent, error: t('booking:errors.eventNotFound') }, { status: 404 })
  const holdIds = parseHoldIds(url.searchParams.get('holds'))
  const channel = basePath.startsWith('/widget/') || isFramedRequest(request) ? 'widget' : 'page'
  const fail = (status: number, error: string, extra: Partial<ActionAnswer> = {}) =>
    data<ActionAnswer>({ intent, error, ...extra }, { status })

  if (intent === 'hold') {
    if (await limited(env, request, BOOKING_LIMITS.hold)) return fail(429, t('api:tooManyRequests'))
    const duration = found.eventType.durationInMinutes * 60_000
    const starts = [...new Set(form.getAll('slot').map(Number))].filter((n) => Number.isSafeInteger(n))
    if (starts.length === 0) {
      if (holdIds.length > 0)
        return redirect(`${basePath}${keptParams(url, { holds: holdIds.join(','), step: 'form' })}`)
      return fail(400, t('booking:errors.selectSlot'))
    }
    if (starts.length + holdIds.length > MAX_SLOTS_PER_REQUEST) {
      return fail(400, t('booking:errors.tooManySlots', { count: MAX_SLOTS_PER_REQUEST }))
    }
    const result = await runCommand(env, {
      kind: 'hold',
      channel,
      ownerId: found.host.id,
      eventTypeId: found.eventType.id,
      clientId: String(form.get('clientId') || newId()),
      address: await addressKey(request),
      slots: starts.map((start) => ({ start, end: start + duration })),
    })
    // The one refusal: the same status and text as the JSON API gives for it (app/domain/refusal.ts).
    if (!result.ok) return fail(refusalStatus(result.refusal), t(refusalKey(result.refusal)))
    const ids = [...holdIds, ...result.value.map((h) => h.id).filter((id) => !holdIds.includes(id))]
    return redirect(`${basePath}${keptParams(url, { holds: ids.join(','), step: 'form' })}`)
  }

  if (intent === 'release') {
    const id = String(form.get('holdId') ?? '')
    if (holdIds.includes(id)) await runCommand(env, { kind: 'release', ownerId: found.host.id, holdId: id })
    const rest = holdIds.filter((h) => h !== id)
    return redirect(`${basePath}${keptParams(url, { holds: rest.join(',') || null })}`)
  }

  if (intent === 'book') {
    const values = Object.fromEntries(
      ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment'].map((k) => [
        k,
        String(form.get(k) ?? ''),
      ]),
    )
    const companions = form.getAll('emails').map(String)
    // "Add one more" without script: the same form again with one more companion field (nothing is booked).
    if (form.get('addCompanion')) {
      const more = companions.length < MAX_COMPANIONS ? [...companions, ''] : companions
      return { intent: 'book', values, companions: more } satisfies ActionAnswer
    }
    const parsed = bookingContactSchema(found.eventType).safeParse({ ...values, emails: companions })
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        // A companion's field is `emails.<index>`; the list as a whole (too many) is `emails`.
        const field = issue.path.slice(0, issue.path[0] === 'emails' ? 2 : 1).join('.') || 'form'
        fieldErrors[field] ??= issueText({ ...issue, path: [] }, t)
      }
      return fail(400, t('booking:event.form.fixErrors'), { fieldErrors, values, companions })
    }
    const kept = { values, companions }
    if (holdIds.length === 0) return fail(400, t('booking:errors.selectSlot'), kept)
    if (await limited(env, request, BOOKING_LIMITS.booking)) return fail(429, t('api:tooManyRequests'), kept)
    const result = await runCommand(env, {
      kind: 'book',
      channel,
      ownerId: found.host.id,
      eventTypeId: found.eventType.id,
      holdIds,
      slots: [],
      contact: parsed.data,
      language,
      timeZone: guestZone(request, found.host.timeZone).zone,
      idempotencyKey: String(form.get('idempotencyKey') || '') || null,
      appUrl: parseEnv(env).APP_URL,
    })
    if (!result.ok) {
      const text = t(refusalKey(result.refusal), result.refusal.params)
      // A party too large for the seats is said at the companions' fields too.
      const fieldErrors = result.refusal.field === 'contactInfo.emails' ? { emails: text } : undefined
      return fail(refusalStatus(result.refusal), text, { ...kept, fieldErrors })
    }
    const booked = result.value
    if (booked.outboxIds.length > 0) {
      ctx.waitUntil(drainOutbox(db, parseEnv(env), Date.now(), { ids: booked.outboxIds }).catch(() => {}))
    }
    const success = `${basePath}${keptParams(url, { booking: booked.bookingId })}`
    return redirect(channel === 'widget' ? goalsInUrl(success, 'bookingFromWidget') : success)
  }

  if (intent === 'joinWaitlist') {
    if (await limited(env, request, BOOKING_LIMITS.booking)) return fail(429, t('api:tooManyRequests'))
    return joinWaitlist({ env, ctx, request, found, form, language })
  }

  if (intent === 'signup' || intent === 'signupCode' || intent === 'signupResend') {
    const bookingId = url.searchParams.get('booking') ?? ''
    const rows = bookingId ? await findBooking(db, bookingId) : []
    const participant = rows.find((r) => r.meeting.eventTypeId === found.eventType.id)?.participant
    if (!participant) return fail(404, t('booking:errors.bookingNotFound'))
    return signupAfterBooking({ request, context }, intent, form, { bookingId, participant }, (extra) =>
      redirect(`${basePath}${keptParams(url, { booking: bookingId, ...extra })}`),
    )
  }

  if (intent === 'telegram') {
    // "Get reminders in Telegram" on the success view: a one-time start token for this booking, then the bot.
    const bookingId = url.searchParams.get('booking') ?? ''
    const rows = bookingId ? await findBooking(db, bookingId) : []
    const mine = rows.filter((r) => r.meeting.eventTypeId === found.eventType.id)
    if (mine.length === 0 || !telegramAvailable(env)) return fail(404, t('booking:errors.bookingNotFound'))
    if (await limited(env, request, BOOKING_LIMITS.hold)) return fail(429, t('api:tooManyRequests'))
    return redirect(await clientTelegramLink(db, parseEnv(env), { bookingId, ownerId: found.host.id }, Date.now()))
  }

  if (intent === 'message') {
    const values = Object.fromEntries(['name', 'email', 'phone', 'text'].map((k) => [k, String(form.get(k) ?? '')]))
    const parsed = organizerMessageSchema.safeParse(values)
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {}
      for (const issue of parsed.error.issues)
        fieldErrors[String(issue.path[0])] ??= issueText({ ...issue, path: [] }, t)
      return fail(400, t('booking:event.form.fixErrors'), { fieldErrors, values })
    }
    if (await limited(env, request, BOOKING_LIMITS.message)) return fail(429, t('api:tooManyRequests'), { values })
    const id = await sendOrganizerMessage(db, found.host.login, parsed.data, Date.now())
    if (id) ctx.waitUntil(drainOutbox(db, parseEnv(env), Date.now(), { ids: [id] }).catch(() => {}))
    return { intent, messageSent: true } satisfies ActionAnswer
  }

  return fail(400, t('api:fieldError'))
}

/** The ICS of a booking (the success page's "add to calendar"). */
export async function icsLoader({ params, context }: Args) {
  const { env } = context.cloudflare
  const rows = await findBooking(getDb(env.DB), params.bookingId ?? '')
  if (rows.length === 0) throw new Response('Not found', { status: 404 })
  const { buildIcs, fullName, icsMeetingOf } = await import('#app/domain/booking/ics.ts')
  const host = await getDb(env.DB).query.users.findFirst({ where: (u, { eq }) => eq(u.id, rows[0].meeting.ownerId) })
  const ics = buildIcs(
    rows.map(({ meeting, participant }) =>
      icsMeetingOf(meeting, host ?? { firstName: '', email: '' }, [
        { name: fullName(participant), email: participant.email },
      ]),
    ),
    Date.now(),
  )
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="meeting.ics"',
      'Cache-Control': 'private, no-store',
    },
  })
}

/** The success view's sign-up form and code form (docs/decisions/0033-signup-after-booking.md). */
async function signupAfterBooking(
  { request, context }: Pick<Args, 'request' | 'context'>,
  intent: 'signup' | 'signupCode' | 'signupResend',
  form: FormData,
  booking: { bookingId: string; participant: { email: string } },
  back: (extra: Record<string, string | null>) => Response,
) {
  const language = await getLanguage(request)
  const t = getT(language)
  const { env, ctx } = context.cloudflare
  const deps = accountDeps(env, ctx, request, language)
  const email = booking.participant.email
  const fields = ['login', 'firstName', 'lastName', 'code']
  const values = Object.fromEntries(fields.map((k) => [k, String(form.get(k) ?? '')]))
  const refused = (error: unknown) => {
    if (!(error instanceof Refused)) throw error
    const fieldErrors: Record<string, string> = {}
    const messages: string[] = []
    for (const problem of error.problems) {
      const text = t(problem.key, problem.params ?? {}) as string
      if (problem.field && problem.field !== 'email' && problem.field !== 'bookingId')
        fieldErrors[problem.field] ??= text
      else messages.push(text)
    }
    return data<ActionAnswer>(
      { intent, error: messages.join(' ') || t('booking:event.form.fixErrors'), fieldErrors, values },
      { status: error.status === 429 ? 429 : 400 },
    )
  }
  try {
    if (intent === 'signupResend') {
      await resendSignupCode(deps, { email })
      return { intent, resent: true } satisfies ActionAnswer
    }
    if (intent === 'signupCode') {
      const code = CodeSchema.safeParse(values.code)
      if (!code.success) {
        return data<ActionAnswer>(
          { intent, error: t('booking:event.form.fixErrors'), fieldErrors: { code: t(code.error.issues[0].message) } },
          { status: 400 },
        )
      }
      const { user } = await confirmAfterBooking(deps, { email, code: code.data, bookingId: booking.bookingId })
      return withGoals(
        request,
        await signInAndRedirect(deps, user, AFTER_BOOKING_HOME),
        'registrationAfterBooking',
        'codeConfirm',
      )
    }
    const parsed = SignupFormSchema.safeParse({
      ...values,
      email,
      password: String(form.get('password') ?? ''),
      passwordRepeat: String(form.get('passwordRepeat') ?? ''),
      isAgreementAccepted: form.get('isAgreementAccepted') ?? undefined,
      isConsentMailing: form.get('isConsentMailing') ?? undefined,
    })
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {}
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= t(issue.message)
      return data<ActionAnswer>(
        { intent, error: t('booking:event.form.fixErrors'), fieldErrors, values },
        { status: 400 },
      )
    }
    await signup(deps, parsed.data, { isConsentMailing: parsed.data.isConsentMailing ?? false })
    return back({ signup: 'code' })
  } catch (error) {
    return refused(error)
  }
}
