/**
 * What every part of the public event page shares (`/user/{login}/event/{eventLink}`, the short form
 * `/{login}/{eventLink}` and the widget `/widget/booking/user/{login}/event/{eventLink}`). The whole flow is plain
 * links and form posts (it works without JavaScript); the state lives in the URL:
 *   tz (viewer zone), month (YYYY-MM), date (YYYY-MM-DD), holds (comma-separated hold ids), step=form,
 *   booking (the booking id: the success view), lang and size (widget).
 * One module per part: the host page (host.server.ts), the event page's data (event.server.ts), its calendar
 * resource (calendar.server.ts), the form posts (action.server.ts dispatching to intent-*.server.ts), the ICS
 * (ics.server.ts) and the zone picker (zones.server.ts).
 */
import { instantToZoned } from '#app/domain/time/index.ts'
import { MAX_SLOTS_PER_REQUEST } from '#app/server/booking/host-lock-client.server.ts'
import { type Bindings, parseEnv } from '../../env.server.ts'
import type { Db } from '../../db.server.ts'
import { telegramConfigured } from '../../notify/telegram.server.ts'
import { getRateLimits } from '../../rate-limit.server.ts'
import { type BOOKING_LIMITS, clientKey } from '../limits.server.ts'
import { findBooking, isValidMonth } from '../public.server.ts'
import type { findPublicEventType } from '../availability.server.ts'

export type PageMode = 'page' | 'widget'

/** The page path of an event (the widget's success view links to it: a frame cannot sign anybody in). */
export function eventPath(login: string, link: string) {
  return `/user/${encodeURIComponent(login)}/event/${encodeURIComponent(link)}`
}

/** Whether this deployment has a Telegram bot clients can start (docs/decisions/0034-client-telegram-start.md). */
export function telegramAvailable(env: Bindings) {
  const config = parseEnv(env)
  return telegramConfigured(config) && Boolean(config.TELEGRAM_BOT_USERNAME)
}

export type Args = {
  request: Request
  params: Record<string, string | undefined>
  context: { cloudflare: { env: Bindings; ctx: ExecutionContext } }
}

const KEPT_PARAMS = ['tz', 'lang', 'size'] as const

/** The search params every link of the flow keeps (viewer zone, widget language and size). */
export function keptParams(url: URL, extra: Record<string, string | null | undefined> = {}): string {
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

export function parseHoldIds(value: string | null): string[] {
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

/** `YYYY-MM` of the month param, when it is one; null when absent; undefined when malformed. */
export function monthOf(value: string | null): { year: number; month: number } | null | undefined {
  if (!value) return null
  if (!/^\d{4}-\d{2}$/.test(value)) return undefined
  const [year, month] = value.split('-').map(Number)
  return isValidMonth(year, month) ? { year, month } : undefined
}

export function timesOf(start: number, end: number, timeZone: string) {
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

export async function limited(
  env: Bindings,
  request: Request,
  rule: (typeof BOOKING_LIMITS)[keyof typeof BOOKING_LIMITS],
) {
  const decision = await getRateLimits(env).hit(rule, clientKey(request))
  return !decision.allowed
}

export type Found = NonNullable<Awaited<ReturnType<typeof findPublicEventType>>>

/** The rows of `?booking=` that belong to this event type (a booking id of another host's page finds nothing). */
export async function bookingOfEvent(db: Db, bookingId: string, found: Found) {
  const rows = bookingId ? await findBooking(db, bookingId) : []
  return rows.filter((r) => r.meeting.eventTypeId === found.eventType.id)
}
