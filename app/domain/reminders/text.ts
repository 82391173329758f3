/**
 * The wording pieces of reminders and organizer notices that do not depend on a language: when (in the
 * recipient's zone, SPEC §9 date format DD.MM.YYYY) and where (link or address).
 */
import { instantToZoned, isoToDmy } from '../time/index.ts'

export type MeetingWhen = { date: string; time: string; endTime: string; timeZone: string }

export function meetingWhen(startAt: number, endAt: number, timeZone: string): MeetingWhen {
  const start = instantToZoned(timeZone, startAt)
  const end = instantToZoned(timeZone, endAt)
  return { date: isoToDmy(start.date), time: start.time, endTime: end.time, timeZone }
}

export type PlaceKind = 'Meet' | 'Online' | 'Phone'

/**
 * The meeting point shown to a recipient of an in-person or online meeting: an online link gets `http://` if it has
 * no scheme (SPEC §5). A phone meeting's line depends on who calls (texts.server.ts).
 */
export function meetingPlace(placeType: Exclude<PlaceKind, 'Phone'>, meetingPoint: string | null): string | null {
  const point = meetingPoint?.trim()
  if (!point) return null
  if (placeType === 'Online' && !/^[a-z][a-z0-9+.-]*:/i.test(point)) return `http://${point}`
  return point
}
