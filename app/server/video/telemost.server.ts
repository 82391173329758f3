/**
 * Yandex Telemost's API (https://yandex.ru/dev/telemost/doc/ru/conference-create): `POST /conferences` with
 * `Authorization: OAuth <token>` and `{ "access_level": "PUBLIC" }` answers 201 `{ id, join_url, ... }`. The base URL
 * is `TELEMOST_API_BASE` (a fake in tests and for `npm start`). A refused grant (401 after a refresh, 403) is
 * `CalendarAuthError` (reconnect); 429, 5xx, a timeout or an unreadable answer is `CalendarUnavailableError` (retry).
 */
import { recognizeMeetingLink } from '#app/domain/meetings/meeting-link.ts'
import { CalendarAuthError, CalendarUnavailableError } from '../calendars/provider.server.ts'
import { type OAuthApi, unavailable } from '../calendars/oauth-api.server.ts'
import type { AppEnv } from '../env.server.ts'

export type Conference = { id: string; joinUrl: string }

export async function createConference(api: OAuthApi, env: AppEnv): Promise<Conference> {
  const response = await api.call(`${env.TELEMOST_API_BASE.replace(/\/+$/, '')}/conferences`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ access_level: 'PUBLIC' }),
  })
  if (response.status === 403) {
    await response.body?.cancel()
    throw new CalendarAuthError('Telemost: 403, the grant does not allow creating conferences')
  }
  if (!response.ok) throw await unavailable(response, 'Telemost POST /conferences')
  const answer = (await response.json().catch(() => null)) as { id?: unknown; join_url?: unknown } | null
  const joinUrl = typeof answer?.join_url === 'string' ? recognizeMeetingLink(answer.join_url) : null
  // Only an https link goes to participants: whatever else came back is not a conference we can hand out.
  if (typeof answer?.id !== 'string' || !joinUrl?.ok || !joinUrl.url.startsWith('https:'))
    throw new CalendarUnavailableError('Telemost POST /conferences: unreadable answer')
  return { id: answer.id, joinUrl: joinUrl.url }
}
