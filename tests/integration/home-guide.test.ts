/**
 * Issue 18 "First run": the home page guides a new specialist through profile, schedule, event type, sharing,
 * calendar and Telegram (each done by what the account shows or marked done by a plain form), then shows the next
 * meetings and the booking link to copy.
 */
import { eq } from 'drizzle-orm'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { users } from '#db/schema.ts'
import { unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const text = (html: string) => html.replaceAll('<!-- -->', '')
const doneSteps = (html: string) =>
  [...html.matchAll(/data-testid="guide-([a-zA-Z]+)" data-done="(true|false)"/g)]
    .filter((m) => m[2] === 'true')
    .map((m) => m[1])

describe('home first-run guide', () => {
  it('lists the six steps, completes them by facts and by "Done", then shows the next meetings and the link', async () => {
    const user = await createTestUser({ tariff: 'Pro', timeZone: 'Asia/Tokyo' })
    let cookie = await sessionCookieFor(user.id)
    const home = async () => text(await (await pageClient(cookie).get('/')).text())
    const first = await home()
    expect(first).toContain('data-testid="home-guide"')
    expect(first).toContain('Осталось шагов: 6 из 6')
    expect(doneSteps(first)).toEqual([])

    // Facts: a description, an event type and a schedule of one's own (the helper makes one) complete their steps.
    await db().update(users).set({ description: 'Психолог' }).where(eq(users.id, user.id))
    const type = await createEventType(user.id)
    expect(doneSteps(await home())).toEqual(['profile', 'schedule', 'eventType'])

    // "Done" (a plain form): a bad step changes nothing; the others are kept in a cookie.
    expect((await pageClient(cookie).post('/home-guide', { step: 'bogus' })).status).toBe(400)
    for (const step of ['calendar', 'telegram']) {
      const marked = await pageClient(cookie).post('/home-guide', { step })
      expect(marked.status).toBe(302)
      const set = (marked.headers.get('Set-Cookie') ?? '').split(';')[0]
      cookie = `${cookie.split('; guide=')[0]}; ${set}`
    }
    expect(doneSteps(await home())).toEqual(['profile', 'schedule', 'eventType', 'calendar', 'telegram'])
    // Not signed in: nothing is marked.
    expect((await pageClient().post('/home-guide', { step: 'share' })).status).toBe(302)

    // A first booking completes sharing: the guide gives way to the next meetings (profile zone) and the link.
    const start = Date.UTC(2040, 0, 10, 1, 0)
    await createMeeting(user.id, {
      eventType: type,
      startAt: start,
      people: [{ email: `${unique('g')}@example.com`, firstName: 'Гость' }],
    })
    const done = await home()
    expect(done).not.toContain('data-testid="home-guide"')
    expect(done).toContain('data-testid="home-next"')
    expect(done).toMatch(/10\.01\.2040, 10:00–\d\d:\d\d \(Токио\)/)
    expect(done).toContain(`/user/${user.login}`)
    expect(Date.now() + DAY).toBeLessThan(start)
  })
})
