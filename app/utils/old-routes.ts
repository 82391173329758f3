/**
 * SPEC §2 "Older variants": where an old URL of the app lands today. Pure, so the routes that answer the old URLs
 * (`/old-meetings/*`, `/meetings/one-time-event/*`) share it and a unit test reads it.
 */

/** Today's one-time create flow (SPEC §2 `/meetings/one-time-event/create`). */
export const ONE_TIME_CREATE_PATH = '/meetings/one-time-event/create'

/** The steps of the old one-time create flow; `create` is today's page, which older links also put in front. */
const OLD_ONE_TIME_STEPS = new Set(['create', 'settings', 'additional-settings', 'success'])

/**
 * An old one-time create URL (the segments after `one-time-event`, and its query) to today's create flow; the old
 * success step with its meeting's id lands on today's success view (`?created=`). Null for anything else.
 */
export function oldOneTimeTarget(segments: string[], search: URLSearchParams): string | null {
  if (!segments.every((segment) => OLD_ONE_TIME_STEPS.has(segment))) return null
  const created = search.get('created') ?? search.get('companyEventId') ?? search.get('id')
  if (segments.at(-1) === 'success' && created) {
    return `${ONE_TIME_CREATE_PATH}?created=${encodeURIComponent(created)}`
  }
  return ONE_TIME_CREATE_PATH
}

/** `/old-meetings/...` (the segments after it) to the new meeting routes; null for an unknown old one-time step. */
export function oldMeetingsTarget(segments: string[], search: URLSearchParams): string | null {
  const parts = segments.filter(Boolean)
  if (parts[0] === 'one-time-event') return oldOneTimeTarget(parts.slice(1), search)
  const [first, second] = parts.map(encodeURIComponent)
  if (parts[0] === 'myMeetings') return second ? `/meetings/myMeetings/${second}` : '/meetings?side=participant'
  return first ? `/meetings/${first}` : '/meetings'
}
