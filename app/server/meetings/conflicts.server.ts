/**
 * A meeting that overlaps an outside event of the organizer's calendars shows the conflict (issue 14; SPEC §3
 * "Conflicting event: name, calendar, calendar name, time"). The outside events' titles are private to their owner:
 * only the organizer's own views ("booked with me", the meeting page, `GET /userEvents`) read this, never a
 * participant's view or a public page.
 */
import { and, asc, eq, gt, gte, lt, lte } from 'drizzle-orm'
import type { Conflict } from '#app/domain/calendars/types.ts'
import { busyCounts } from '#app/server/booking/availability.server.ts'
import { withCalendarOf } from '#app/server/calendars/calendar-of.server.ts'
import type { Db } from '#app/server/db.server.ts'
import { calendarBusy, calendarIntegrations, integrationCalendars, meetings } from '#db/schema.ts'

type Shown = { id: string; status: 'upcoming' | 'canceled'; startAt: number; endAt: number }

/**
 * The conflicts of the shown meetings that are still upcoming, by meeting id, in one statement whatever the number
 * of meetings: the busy rows are joined to the organizer's upcoming meetings overlapping them within the shown
 * meetings' span (the ids themselves are not bound: a month calendar shows up to 1000, past D1's 100 parameters),
 * then kept for the shown meetings only. A busy time counts by the same rule as for slots (busyCounts).
 */
export async function conflictsOf(
  db: Db,
  ownerId: string,
  shown: readonly Shown[],
  now: number,
): Promise<Map<string, Conflict[]>> {
  const upcoming = shown.filter((m) => m.status === 'upcoming' && m.endAt > now)
  const byMeeting = new Map<string, Conflict[]>()
  if (upcoming.length === 0) return byMeeting
  const ids = new Set(upcoming.map((m) => m.id))
  const selected = db
    .select({
      meetingId: meetings.id,
      name: calendarBusy.title,
      calendar: calendarIntegrations.label,
      calendarType: calendarIntegrations.type,
      calendarName: integrationCalendars.name,
      startAt: calendarBusy.startAt,
      endAt: calendarBusy.endAt,
    })
    .from(calendarBusy)
    .$dynamic()
  const rows = await withCalendarOf(selected, calendarBusy.calendarId)
    .innerJoin(
      meetings,
      and(
        eq(meetings.ownerId, calendarBusy.ownerId),
        lt(calendarBusy.startAt, meetings.endAt),
        gt(calendarBusy.endAt, meetings.startAt),
      ),
    )
    .where(
      and(
        eq(calendarBusy.ownerId, ownerId),
        eq(meetings.status, 'upcoming'),
        gt(meetings.endAt, now),
        gte(meetings.startAt, Math.min(...upcoming.map((m) => m.startAt))),
        lte(meetings.startAt, Math.max(...upcoming.map((m) => m.startAt))),
        busyCounts(db),
      ),
    )
    .orderBy(asc(calendarBusy.startAt), asc(calendarBusy.id))
  for (const row of rows) {
    if (!ids.has(row.meetingId)) continue
    const conflict: Conflict = {
      name: row.name,
      calendar: row.calendar,
      calendarType: row.calendarType,
      calendarName: row.calendarName,
      time: { start: new Date(row.startAt).toISOString(), end: new Date(row.endAt).toISOString() },
    }
    byMeeting.set(row.meetingId, [...(byMeeting.get(row.meetingId) ?? []), conflict])
  }
  return byMeeting
}
