/**
 * Issue 18 "First run": the home page guides a new specialist through profile, schedule, event type, sharing,
 * calendar and Telegram (each done by what the account shows or marked done by a plain form), then shows the next
 * meetings and the booking link to copy.
 */
import { eq } from 'drizzle-orm'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { eventTypes, schedules, users } from '#db/schema.ts'
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
    const user = await createTestUser({ plan: 'Pro', timeZone: 'Asia/Tokyo' })
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

describe('the first event type in one step (issue 18)', () => {
  it('creates it from a name and a duration with the defaults on the default schedule, and lands on its share panel', async () => {
    const user = await createTestUser({ plan: 'Basic' })
    const client = pageClient(await sessionCookieFor(user.id))
    expect(text(await (await client.get('/')).text())).toContain('data-testid="quick-event-type"')
    const created = await client.post('/?index', {
      intent: 'quickEventType',
      name: 'Первая консультация',
      durationType: 'Minutes45',
    })
    expect(created.status).toBe(302)
    const [row] = await db().select().from(eventTypes).where(eq(eventTypes.ownerId, user.id))
    expect(created.headers.get('Location')).toBe(`/eventTypes/${row.id}?tab=share&created=1`)
    expect(row).toMatchObject({
      name: 'Первая консультация',
      link: 'pervaya_konsultatsiya',
      durationInMinutes: 45,
      placeType: 'Phone',
      isActive: true,
    })
    const [schedule] = await db().select().from(schedules).where(eq(schedules.ownerId, user.id))
    expect(schedule.isDefault).toBe(true)
    expect(row.scheduleId).toBe(schedule.id)
    // The guide's step is done now, and the form is gone.
    const after = text(await (await client.get('/')).text())
    expect(after).toContain('data-testid="guide-eventType" data-done="true"')
    expect(after).not.toContain('data-testid="quick-event-type"')
  })

  it('refuses an empty or taken name with the translated error on the home page, creating nothing', async () => {
    const user = await createTestUser({ plan: 'Pro' })
    const client = pageClient(await sessionCookieFor(user.id))
    const empty = await client.post('/?index', { intent: 'quickEventType', name: '  ', durationType: 'Minutes30' })
    expect(empty.status).toBe(400)
    expect(text(await empty.text())).toContain('Обязательное поле')
    expect(await db().select().from(eventTypes).where(eq(eventTypes.ownerId, user.id))).toEqual([])
    await createEventType(user.id, { name: 'Сеанс' })
    const taken = await client.post('/?index', { intent: 'quickEventType', name: 'СЕАНС', durationType: 'Minutes30' })
    expect(taken.status).toBe(400)
    expect(text(await taken.text())).toContain('Тип события с таким названием уже есть')
    expect(await db().select().from(eventTypes).where(eq(eventTypes.ownerId, user.id))).toHaveLength(1)
  })
})
