/**
 * Meetings as the specialist and the participant see them (SPEC §3 "Booking", "Meeting", §4 meeting states,
 * §5 meeting point and seat rules, §9 page sizes and participant count). Pure: `now` and zones are arguments.
 */
import { z } from 'zod'
import { emailField } from '#app/domain/fields.ts'
import { type MeetingLinkKind, meetingLink, meetingLinkKind } from './meeting-link.ts'
import { MEETINGS_PAGE_SIZE } from '#app/domain/constants.ts'
import {
  addDays,
  instantToZoned,
  isIsoDate,
  isoWeekday,
  monthDates,
  readTypedDate,
  startOfZonedDay,
} from '#app/domain/time/index.ts'
import { TypedDateSchema, TypedTimeSchema } from '#app/domain/time/typed-fields.ts'

export const DISPLAY_STATUSES = ['upcoming', 'completed', 'canceled'] as const
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number]

/** The list filter of SPEC §3/§4: the three statuses, and upcomingAndCompleted (bookings' default). */
export const LIST_STATUSES = ['upcoming', 'completed', 'canceled', 'upcomingAndCompleted'] as const
export type ListStatus = (typeof LIST_STATUSES)[number]

export const PERIODS = ['today', 'tomorrow', 'week', 'month', 'year'] as const
export type Period = (typeof PERIODS)[number]

/** "Booked with me" (I am the organizer) or "I am booked" (I am a participant of another specialist's meeting). */
export const SIDES = ['organizer', 'participant'] as const
export type Side = (typeof SIDES)[number]

/** Completed is not stored: a live meeting whose end has passed (db/schema-booking.ts). */
export function displayStatus(meeting: { status: 'upcoming' | 'canceled'; endAt: number }, now: number): DisplayStatus {
  if (meeting.status === 'canceled') return 'canceled'
  return meeting.endAt <= now ? 'completed' : 'upcoming'
}

/** SPEC §4 default filters: bookings (organizer) upcomingAndCompleted, meetings (participant) upcoming. */
export function defaultListStatus(side: Side): ListStatus {
  return side === 'organizer' ? 'upcomingAndCompleted' : 'upcoming'
}

/** [from, to) instants of a period in the viewer's zone, counted from `now`; the week starts on Monday. */
export function periodRange(period: Period, now: number, timeZone: string): { from: number; to: number } {
  const today = instantToZoned(timeZone, now).date
  const start = (date: string) => startOfZonedDay(timeZone, date)
  switch (period) {
    case 'today':
      return { from: start(today), to: start(addDays(today, 1)) }
    case 'tomorrow':
      return { from: start(addDays(today, 1)), to: start(addDays(today, 2)) }
    case 'week': {
      const monday = addDays(today, 1 - isoWeekday(today))
      return { from: start(monday), to: start(addDays(monday, 7)) }
    }
    case 'month': {
      const { from, to } = monthDates(Number(today.slice(0, 4)), Number(today.slice(5, 7)))
      return { from: start(from), to: start(addDays(to, 1)) }
    }
    case 'year': {
      const year = today.slice(0, 4)
      return { from: start(`${year}-01-01`), to: start(`${Number(year) + 1}-01-01`) }
    }
  }
}

/** [from, to) instants of a calendar month in the viewer's zone (the calendar view loads a whole month). */
export function monthRange(year: number, month: number, timeZone: string): { from: number; to: number } {
  const { from, to } = monthDates(year, month)
  return { from: startOfZonedDay(timeZone, from), to: startOfZonedDay(timeZone, addDays(to, 1)) }
}

/** An instant with its zone: `2027-01-05T09:00:00Z`, `2027-01-05T12:00+03:00` (seconds and milliseconds optional). */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/

/**
 * `from` and `to` of the meeting lists' API (issue 17, ADR 0101): a date `YYYY-MM-DD`, read as a whole day in the
 * viewer's zone (`from` its start, `to` its end), or an instant with its zone. Meetings starting in [from, to).
 */
export const RangeBoundSchema = z
  .string()
  .refine(
    (value) => value.length <= 40 && (isIsoDate(value) || isIsoDate(INSTANT.exec(value)?.[1] ?? '')),
    'validation:invalidDate',
  )

/** The instant a `from` or `to` bound stands for (RangeBoundSchema). */
export function rangeBoundInstant(value: string, timeZone: string, edge: 'from' | 'to'): number {
  if (isIsoDate(value)) return startOfZonedDay(timeZone, edge === 'from' ? value : addDays(value, 1))
  return Date.parse(value)
}

export const MeetingListQuerySchema = z.object({
  side: z.enum(SIDES).default('organizer'),
  filter: z.enum(LIST_STATUSES).optional(),
  period: z.enum(PERIODS).optional().nullable(),
  /** Held meetings only: completed ones not marked not-held (home's "meetings held" counts these). */
  held: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  currentOffset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(MEETINGS_PAGE_SIZE),
  monthNumber: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(1900).max(2099).optional(),
  from: RangeBoundSchema.optional(),
  to: RangeBoundSchema.optional(),
})
export type MeetingListQuery = z.infer<typeof MeetingListQuerySchema>

/**
 * The API's reading of the list query (GET /meetings, GET /userEvents): strict, so a parameter it does not know is a
 * 400 rather than silently dropped (`timezone` is the viewer's zone, read by the router), and `to` after `from`
 * when both are given.
 */
export function meetingListApiQuerySchema(timeZone: string) {
  // The side is the route's own (/userEvents the organizer's, /meetings the participant's): `side` is unknown here.
  return MeetingListQuerySchema.omit({ side: true })
    .extend({ timezone: z.string().max(64).optional() })
    .strict()
    .refine(
      (query) =>
        !query.from ||
        !query.to ||
        rangeBoundInstant(query.to, timeZone, 'to') > rangeBoundInstant(query.from, timeZone, 'from'),
      { path: ['to'], message: 'validation:endAfterStart' },
    )
}

/** SPEC §5: group kinds show the participant count in the error colour below `minSeats`. */
export function isBelowMinSeats(
  meeting: { participantType: string; minSeats: number },
  activeMembers: number,
): boolean {
  return meeting.participantType.startsWith('Group') && activeMembers < meeting.minSeats
}

/**
 * "Participants: N" counts the live invitees (contacts, visitors, adjutants), not the organizer (issue 18; SPEC §9's
 * "bookings 1 plus ..." counted the organizer in, which read as one person too many).
 */
export function participantCount(input: { members: number; visitors: number; adjutants: number }): number {
  return input.members + input.visitors + input.adjutants
}

export type PlaceIcon = MeetingLinkKind | 'phone' | 'place'

export { meetingLink }

/** The icon of a meeting's place (SPEC §5): a known video service's own, a generic link, a phone, an address. */
export function placeIcon(placeType: 'Meet' | 'Online' | 'Phone', meetingPoint: string | null): PlaceIcon {
  if (placeType === 'Phone') return 'phone'
  if (placeType === 'Meet') return 'place'
  // An online meeting whose own link is still being created reads "Online meeting" until it has one.
  if (!meetingPoint) return 'link'
  return meetingLinkKind(meetingPoint) ?? 'link'
}

const EmailSchema = emailField()

/** A list of invitee emails: valid and without repeats (SPEC §5 "an email already in the list rejected"). */
export const InviteeEmailsSchema = z
  .array(EmailSchema)
  .max(50)
  .superRefine((emails, ctx) => {
    const seen = new Set<string>()
    emails.forEach((email, index) => {
      if (seen.has(email)) ctx.addIssue({ code: 'custom', path: [index], message: 'meetings:errors.emailRepeated' })
      seen.add(email)
    })
  })

/** A meeting's assistants (the meeting page and PUT/POST /userEvents/{id}/adjutants). */
export const AdjutantsSchema = z.object({ adjutantEmails: InviteeEmailsSchema })

/** The people a participant brings (both meeting pages and POST .../visitors): one at least. */
export const NewVisitorsSchema = z.object({
  emails: InviteeEmailsSchema.pipe(z.array(z.string()).min(1, 'validation:required')),
})

/** Seats a target meeting needs after a move: SPEC §4 "seats are added automatically". */
export function seatsAfterMove(target: { totalSeats: number }, bookedMembers: number, moving: number): number {
  return Math.max(target.totalSeats, bookedMembers + moving)
}

/** Short time text of a meeting in a zone: date DD.MM.YYYY and "HH:mm - HH:mm". */
export function meetingTimeText(meeting: { startAt: number; endAt: number }, timeZone: string) {
  const start = instantToZoned(timeZone, meeting.startAt)
  const end = instantToZoned(timeZone, meeting.endAt)
  const date = `${start.date.slice(8, 10)}.${start.date.slice(5, 7)}.${start.date.slice(0, 4)}`
  return { date, isoDate: start.date, timeSlot: `${start.time} - ${end.time}` }
}

/**
 * The change-time picker's `?date=` (a GET form's date field: `DD.MM.YYYY` as typed, or `YYYY-MM-DD` of older links):
 * the date to list free times for, what was typed (shown back), and the error key when it is no date.
 */
export function pickedDate(typed: string | null): { date: string | null; typed: string; error: string | null } {
  const text = (typed ?? '').trim()
  const date = readTypedDate(text)
  return { date, typed: text, error: text !== '' && date === null ? 'validation:invalidDate' : null }
}

/**
 * A one-time meeting's new time on the detail page: a date and from/to wall times (read in the organizer's zone), as
 * the page's date and time fields post them (`DD.MM.YYYY` or `YYYY-MM-DD`, `HH:mm`); answers `YYYY-MM-DD`, `HH:mm`.
 */
export const OneTimeTimeSchema = z
  .object({ date: TypedDateSchema, from: TypedTimeSchema, to: TypedTimeSchema })
  .refine((value) => value.to > value.from, { path: ['to'], message: 'validation:endAfterStart' })

/**
 * The calendar's month heading: "Ноябрь 2026 г.", "November 2026". Only the first letter is raised (CSS
 * `capitalize` would raise every word's, giving "Г.").
 */
export function monthTitle(language: string, year: number, month: number): string {
  const text = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  )
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1)
}

/** The meetings page's layouts (SPEC §2 Meetings; issue 18 adds the week and the day beside the month). */
export const MEETING_VIEWS = ['list', 'calendar', 'week', 'day'] as const
export type MeetingView = (typeof MEETING_VIEWS)[number]

export function isMeetingView(value: unknown): value is MeetingView {
  return MEETING_VIEWS.some((view) => view === value)
}

/**
 * The days a week or day view shows around `anchor` (a week starts on Monday, SPEC §9), and the anchors of the
 * previous and next ones.
 */
export function agendaSpan(view: 'week' | 'day', anchor: string): { days: string[]; prev: string; next: string } {
  if (view === 'day') return { days: [anchor], prev: addDays(anchor, -1), next: addDays(anchor, 1) }
  const monday = addDays(anchor, 1 - isoWeekday(anchor))
  return {
    days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
    prev: addDays(anchor, -7),
    next: addDays(anchor, 7),
  }
}

/** A week's or a day's heading: "23 – 29 ноября 2026 г.", "Thursday, November 26, 2026". */
export function agendaTitle(language: string, days: string[]): string {
  const first = Date.parse(`${days[0]}T00:00:00Z`)
  if (days.length === 1) {
    const text = new Intl.DateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(first)
    return text.charAt(0).toLocaleUpperCase(language) + text.slice(1)
  }
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`)
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(first, last)
}
