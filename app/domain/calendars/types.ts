/**
 * What an outside calendar makes busy, as plain data (issue 14, docs/decisions/0093-calendars.md). Providers turn
 * their events (iCalendar objects through app/domain/calendars/ical-busy.ts, Google and Graph JSON in their
 * adapters) into these; the sync stores them per calendar and the availability engine reads them as busy time.
 */
import type { CalendarType } from '../enums.ts'

/** One busy occurrence: UTC epoch milliseconds, end exclusive. */
export type BusyItem = {
  /** The event's iCalendar UID (Google `iCalUID`, Graph `iCalUId`): our own meetings are recognised by it. */
  uid: string
  /** The event's summary, shown only to the calendar's owner (SPEC §3 "Conflicting event": name). */
  title: string
  start: number
  end: number
}

/**
 * A meeting's overlap with an outside event of the organizer's calendars (issue 14; SPEC §3 "Conflicting event: name,
 * calendar, calendar name, time"), as app/server/meetings/conflicts.server.ts finds it and the organizer's views show it.
 */
export type Conflict = {
  /** The outside event's title ('' when it has none). */
  name: string
  /** The integration's label (the provider's name, or the CalDAV server's host) and its type. */
  calendar: string
  calendarType: CalendarType
  calendarName: string
  time: { start: string; end: string }
}

/** The span busy times are expanded over, and how to read dates and floating times. */
export type BusyWindow = {
  from: number
  to: number
  /** The host's zone: all-day events cover their dates here, floating times are read here. */
  timeZone: string
  /** The account's addresses: an invitation one of them declined is not busy. */
  ownEmails: readonly string[]
}

/** How far ahead busy times are expanded (docs/decisions/0093-calendars.md). */
export const BUSY_HORIZON_DAYS = 366
/** A sync re-expands every object when the stored horizon is closer than this. */
export const BUSY_REEXPAND_DAYS = 335
