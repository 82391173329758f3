import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { meetings } from '#db/schema.ts'
import { unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const email = (prefix: string) => `${unique(prefix)}@example.com`

async function signedIn() {
  const user = await createTestUser({ plan: 'Pro' })
  return { user, ...pageClient(await sessionCookieFor(user.id)) }
}

describe('meetings pages', () => {
  it('lists a booked meeting, shows it in the month calendar and on its detail page', async () => {
    const { user, get } = await signedIn()
    const type = await createEventType(user.id, {
      name: 'Сессия',
      placeType: 'Online',
      meetingPoint: 'https://zoom.us/j/42',
    })
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + DAY,
      people: [{ email: email('p'), firstName: 'Пётр' }],
    })
    const list = await (await get('/meetings')).text()
    expect(list).toContain('Сессия')
    expect(list).toContain('Пётр')
    expect(list).toContain('data-icon="zoom"')
    const start = new Date(meeting.startAt + 3 * 3_600_000)
    const calendar = await (
      await get(`/meetings?view=calendar&year=${start.getUTCFullYear()}&month=${start.getUTCMonth() + 1}`)
    ).text()
    expect(calendar).toContain('data-testid="meetings-calendar"')
    expect(calendar).toContain(`/meetings/${meeting.id}`)
    const detail = await get(`/meetings/${meeting.id}`)
    expect(detail.status).toBe(200)
    expect(await detail.text()).toContain('Пётр')
  })

  it('shows the week and the day of a date beside the month, with links between them (issue 18)', async () => {
    const { user, get } = await signedIn()
    const type = await createEventType(user.id, { name: 'Неделька' })
    const meeting = await createMeeting(user.id, {
      eventType: type,
      startAt: Date.now() + 2 * DAY,
      people: [{ email: email('w'), firstName: 'Вика' }],
    })
    const date = new Date(meeting.startAt + 3 * 3_600_000).toISOString().slice(0, 10)
    const other = new Date(meeting.startAt + 3 * 3_600_000 - DAY).toISOString().slice(0, 10)
    const week = await (await get(`/meetings?view=week&date=${date}`)).text()
    expect(week).toContain('data-testid="meetings-week"')
    expect(week.match(/data-testid="agenda-day"/g)).toHaveLength(7)
    expect(week).toContain(`/meetings/${meeting.id}`)
    expect(week).toContain(`view=day&amp;date=${date}`)
    const day = await (await get(`/meetings?view=day&date=${date}`)).text()
    expect(day).toContain('data-testid="meetings-day"')
    expect(day).toContain(`/meetings/${meeting.id}`)
    const empty = await (await get(`/meetings?view=day&date=${other}`)).text()
    expect(empty).not.toContain(`/meetings/${meeting.id}`)
    expect(empty).toContain('Встреч нет')
    // A date that is not one shows today's week, not an error.
    expect((await get('/meetings?view=week&date=2026-02-31')).status).toBe(200)
    const month = await (await get(`/meetings?view=calendar&date=${date}`)).text()
    expect(month).toContain(`data-date="${date}"`)
    expect(month).toContain(`/meetings/${meeting.id}`)
  })

  it('answers 404 for another specialist meeting and redirects the old routes', async () => {
    const owner = await signedIn()
    const stranger = await signedIn()
    const meeting = await createMeeting(owner.user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('s'), firstName: 'Сеня' }],
    })
    expect((await stranger.get(`/meetings/${meeting.id}`)).status).toBe(404)
    expect((await stranger.post(`/meetings/${meeting.id}`, { intent: 'cancel' })).status).toBe(404)
    const [row] = await getDb(env.DB).select().from(meetings).where(eq(meetings.id, meeting.id))
    expect(row.status).toBe('upcoming')
    const old = await owner.get(`/old-meetings/${meeting.id}`)
    expect(old.status).toBe(301)
    expect(old.headers.get('Location')).toBe(`/meetings/${meeting.id}`)
    expect((await owner.get('/old-meetings/myMeetings/abc')).headers.get('Location')).toBe('/meetings/myMeetings/abc')
    expect((await owner.get('/old-meetings')).headers.get('Location')).toBe('/meetings')
  })

  it('lands every old one-time create URL on today\'s create flow (SPEC §2 "Older variants")', async () => {
    const { get } = await signedIn()
    const create = '/meetings/one-time-event/create'
    for (const old of [
      '/meetings/one-time-event',
      '/meetings/one-time-event/settings',
      '/meetings/one-time-event/additional-settings',
      '/meetings/one-time-event/success',
      '/old-meetings/one-time-event/settings',
    ]) {
      const response = await get(old)
      expect(response.status, old).toBe(301)
      expect(response.headers.get('Location'), old).toBe(create)
    }
    const success = await get('/meetings/one-time-event/success?companyEventId=abc')
    expect(success.headers.get('Location')).toBe(`${create}?created=abc`)
    // Where they land is the create page itself.
    const page = await get(create)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="timeZone"')
    const unknown = await get('/meetings/one-time-event/nothing')
    expect(unknown.status).toBe(404)
  })

  it('marks a completed meeting held through the page action and refuses bad adjutant emails', async () => {
    const { user, post } = await signedIn()
    const past = await createMeeting(user.id, {
      startAt: Date.now() - DAY,
      people: [{ email: email('h'), firstName: 'Хо' }],
    })
    expect((await post(`/meetings/${past.id}`, { intent: 'held', isFailed: 'true' })).status).toBe(200)
    const [row] = await getDb(env.DB).select().from(meetings).where(eq(meetings.id, past.id))
    expect(row.isFailed).toBe(true)
    const future = await createMeeting(user.id, {
      startAt: Date.now() + DAY,
      people: [{ email: email('f'), firstName: 'Фе' }],
    })
    const bad = await post(`/meetings/${future.id}`, { intent: 'adjutants', adjutantEmails: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Некорректный email')
  })

  it('moving a participant into a full meeting says the seats were added; the mail shows the invitation', async () => {
    const { user, post } = await signedIn()
    const group = { participantType: 'GroupNotCollective' as const, minSeats: 1, totalSeats: 2 }
    const mover = email('mover')
    const source = await createMeeting(user.id, {
      ...group,
      startAt: Date.now() + DAY,
      people: [{ email: mover, firstName: 'Мира' }],
    })
    const target = await createMeeting(user.id, {
      ...group,
      startAt: Date.now() + 2 * DAY,
      people: [
        { email: email('t1'), firstName: 'Тим' },
        { email: email('t2'), firstName: 'Тая' },
      ],
    })
    const answer = await post(`/meetings/${source.id}`, {
      intent: 'move',
      participantIds: source.participants[0].id,
      target: target.id,
    })
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html).toContain('data-testid="seats-added"')
    expect(html).toContain('Во встрече не хватало мест, они добавлены автоматически. Теперь мест: 3.')
    const [row] = await getDb(env.DB).select().from(meetings).where(eq(meetings.id, target.id))
    expect(row.totalSeats).toBe(3)
    // Development mail gives the invitation's text: the moved client's ICS is a REQUEST for the target meeting.
    const mails = (await (await SELF.fetch('http://localhost/dev/mail.json')).json()) as {
      to: string
      ics: string | null
    }[]
    const moved = mails.find((m) => m.to === mover && m.ics?.includes('METHOD:REQUEST'))
    expect(moved?.ics).toContain(target.id)
    // ...and a METHOD:CANCEL for the meeting they left, so its calendar event goes away.
    const left = mails.find((m) => m.to === mover && m.ics?.includes('METHOD:CANCEL'))
    expect(left?.ics).toContain(`UID:${source.id}@fastslot`)

    // A move into a meeting with a free seat says nothing about seats.
    const roomy = await createMeeting(user.id, {
      ...group,
      totalSeats: 5,
      startAt: Date.now() + 3 * DAY,
      people: [{ email: email('r'), firstName: 'Рита' }],
    })
    const other = await createMeeting(user.id, {
      ...group,
      startAt: Date.now() + 4 * DAY,
      people: [{ email: email('o'), firstName: 'Оля' }],
    })
    const plain = await post(`/meetings/${other.id}`, {
      intent: 'move',
      participantIds: other.participants[0].id,
      target: roomy.id,
    })
    expect(plain.status).toBe(200)
    expect(await plain.text()).not.toContain('data-testid="seats-added"')
    const [after] = await getDb(env.DB).select().from(meetings).where(eq(meetings.id, roomy.id))
    expect(after.totalSeats).toBe(5)
  })
})
