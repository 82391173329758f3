import { Hono } from 'hono'
import { can } from '#app/domain/plans.ts'
import { CalendarUnavailableError } from '#app/server/calendars/provider.server.ts'
import { POPUP_RETURN, conferenceNow, telemostConsentUrl } from '#app/server/video/grants.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok } from './envelope.ts'

/**
 * SPEC §7 "Video meeting" (issue 15): Yandex's consent page for Telemost, whether the plan allows video links, and a
 * conference now with the stored grant. The grant's tokens never leave the server: the popup's return page tells its
 * opener only that Telemost is connected (docs/decisions/0098-video-meetings.md).
 */
export const telemostApi = new Hono<ApiEnv>()
  .use('*', requireAuth)
  // `{ url }` of Yandex's consent page; it returns to /TelemostOAuth/Code, which posts the outcome to its opener.
  .get('/oauthFormLink', async (c) => {
    const deps = { db: c.get('db'), env: c.get('config'), now: Date.now() }
    const url = await telemostConsentUrl(deps, c.get('user').id, POPUP_RETURN)
    if (!url) throw new ApiError(503, [c.get('t')('eventTypes:telemost.notConfigured')])
    return ok(c, { url })
  })
  .get('/isOkAdd', (c) => ok(c, can(c.get('user').plan, 'videoMeetingLinks')))
  // SPEC names an `access_token` in the body: the server uses the specialist's stored grant instead (see the ADR).
  .post('/videoConference', async (c) => {
    const deps = { db: c.get('db'), env: c.get('config'), now: Date.now() }
    try {
      const conference = await conferenceNow(deps, c.get('user'))
      return ok(c, { id: conference.id, joinUrl: conference.joinUrl }, 201)
    } catch (error) {
      if (error instanceof CalendarUnavailableError)
        throw new ApiError(503, [c.get('t')('eventTypes:telemost.unavailable')])
      throw error
    }
  })
