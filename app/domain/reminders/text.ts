/**
 * The wording piece of reminders and organizer notices that does not depend on a language: where (link or
 * address). When is written by the one formatter, app/domain/time/readable.ts.
 */

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
