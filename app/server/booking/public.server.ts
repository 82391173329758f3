/**
 * The public booking use cases shared by the JSON API (workers/api/public-booking.ts) and the pages
 * (app/routes/user.*, widget.*): free days and slots in the viewer's zone, holds, booking, the organizer message.
 */
import { type SQL, and, eq } from 'drizzle-orm'
import {
  type Slot,
  type ViewerSlot,
  daysWithSlots,
  scheduleRangeForViewerDates,
  scheduleRangeForViewerMonth,
  slotsOfViewerDay,
} from '#app/domain/availability/index.ts'
import { type IsoDate, daysInMonth, instantToZoned, isoDateOf } from '#app/domain/time/index.ts'
import { hostLock, type Hold } from '#app/server/booking/host-lock-client.server.ts'
import { meetingParticipants, meetings } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { Bindings } from '../env.server.ts'
import { type PublicEventContext, freeSlots, loadCalendar, waitlistSlots } from './availability.server.ts'

/** Hold ids carry their host, so a hold can be read or released knowing only its id. */
export function holdHost(holdId: string): string | null {
  const dot = holdId.indexOf('.')
  return dot > 0 ? holdId.slice(0, dot) : null
}

/** Which holds are the viewer's own (shown as chosen, not as taken). */
export type OwnHolds = { clientId?: string | null; holdIds?: readonly string[] }

function othersOf(holds: Hold[], own: OwnHolds) {
  const ids = new Set(own.holdIds ?? [])
  return holds.filter((h) => !ids.has(h.id) && !(own.clientId && h.clientId === own.clientId))
}

/** The free slots of the range, and the full ones whose waitlist a group event type offers (ADR 0108). */
async function slotsFor(
  db: Db,
  bindings: Bindings,
  context: PublicEventContext,
  range: { from: IsoDate; to: IsoDate },
  own: OwnHolds,
  now: number,
): Promise<{ slots: Slot[]; full: Slot[] }> {
  const [calendar, holds] = await Promise.all([
    loadCalendar(db, context, range),
    hostLock(bindings, context.host.id).activeHolds(now),
  ])
  const others = othersOf(holds, own)
  return {
    slots: freeSlots(context, calendar, others, range, now),
    full: waitlistSlots(context, calendar, others, range, now),
  }
}

/** `full`: the month's full slots with a waitlist (a group event type's page offers to join it). */
export type MonthView = { year: number; month: number; days: IsoDate[]; slots: Slot[]; full: Slot[] }

/** The viewer's month: dates with a free slot (and every slot, to pick a day's without another read). */
export async function viewerMonth(
  db: Db,
  bindings: Bindings,
  context: PublicEventContext,
  viewerTimeZone: string,
  year: number,
  month: number,
  own: OwnHolds,
  now: number = Date.now(),
): Promise<MonthView> {
  const range = scheduleRangeForViewerMonth(viewerTimeZone, year, month, context.schedule.timeZone)
  const { slots, full } = await slotsFor(db, bindings, context, range, own, now)
  return { year, month, days: daysWithSlots(slots, viewerTimeZone, year, month), slots, full }
}

/** The viewer's day: its free slots. */
export async function viewerDay(...args: Parameters<typeof viewerDayWithFull>): Promise<ViewerSlot[]> {
  return (await viewerDayWithFull(...args)).slots
}

/** The viewer's day: its free slots, and its full ones with a waitlist. */
export async function viewerDayWithFull(
  db: Db,
  bindings: Bindings,
  context: PublicEventContext,
  viewerTimeZone: string,
  date: IsoDate,
  own: OwnHolds,
  now: number = Date.now(),
): Promise<{ slots: ViewerSlot[]; full: ViewerSlot[] }> {
  const range = scheduleRangeForViewerDates(
    { timeZone: viewerTimeZone, from: date, to: date },
    context.schedule.timeZone,
  )
  const { slots, full } = await slotsFor(db, bindings, context, range, own, now)
  return { slots: slotsOfViewerDay(slots, viewerTimeZone, date), full: slotsOfViewerDay(full, viewerTimeZone, date) }
}

/** The viewer's current month (year, month) at `now`. */
export function currentMonth(viewerTimeZone: string, now: number = Date.now()) {
  const date = instantToZoned(viewerTimeZone, now).date
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

export function isValidMonth(year: number, month: number): boolean {
  return Number.isInteger(year) && Number.isInteger(month) && year >= 1900 && year <= 2099 && month >= 1 && month <= 12
}

export function isoDateFromParts(year: number, month: number, day: number): IsoDate | null {
  if (!isValidMonth(year, month) || !Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null
  return isoDateOf(year, month, day)
}

/** The live rows of a booking's client: their own, not the visitors who share their booking id (ADR 0105). */
export const clientRowsOf = (bookingId: string) =>
  and(
    eq(meetingParticipants.bookingId, bookingId),
    eq(meetingParticipants.status, 'booked'),
    eq(meetingParticipants.role, 'member'),
  )

/** A booking's meetings by its id (the success page, the ICS download, a confirmation read again): the client's rows. */
export async function findBooking(db: Db, bookingId: string) {
  return participantsWithMeetings(db, clientRowsOf(bookingId))
}

/** Participant rows where `where` holds, each with its meeting, in the meetings' order. */
export function participantsWithMeetings(db: Db, where: SQL | undefined) {
  return db
    .select({ participant: meetingParticipants, meeting: meetings })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .where(where)
    .orderBy(meetings.startAt)
}
