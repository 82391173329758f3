import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, sessionCookieFor } from './helpers/users.ts'

type Stats = {
  user: { firstName: string; tariffName: string; meetingsForTodayCount: number }
  total: { statisticItem: string; value: number; onClickActionValue: string; maxValue: number | null }[]
  integrations: { id: string; isConnect: boolean }[]
}

describe('home statistics', () => {
  it('counts only the specialist own things and links each counter where it points', async () => {
    const user = await createTestUser({ tariff: 'Basic' })
    const other = await createTestUser()
    const type = await createEventType(user.id)
    const person = () => [{ email: `${unique('s')}@example.com`, firstName: 'Эс' }]
    await createMeeting(user.id, { eventType: type, startAt: Date.now() + 2 * DAY, people: person() })
    await createMeeting(user.id, { startAt: Date.now() - 2 * DAY, people: person() })
    await createMeeting(user.id, { startAt: Date.now() - 3 * DAY, isFailed: true, people: person() })
    await createMeeting(user.id, { startAt: Date.now() + DAY, status: 'canceled', people: person() })
    await createMeeting(other.id, { startAt: Date.now() + DAY, people: person() })
    const response = await api<Stats>('GET', '/statistic', { auth: await bearerFor(user.id) })
    expect(response.status).toBe(200)
    const byItem = Object.fromEntries(response.body.data.total.map((i) => [i.statisticItem, i]))
    expect(Object.keys(byItem)).toEqual([
      'eventTypes',
      'schedule',
      'meetingsSuccess',
      'contact',
      'meetingsUpcoming',
      'meetingsCompleted',
      'meetingsCanceled',
    ])
    expect(byItem.eventTypes).toMatchObject({ value: 1, maxValue: 2, onClickActionValue: '/eventTypes' })
    // "Meetings held" opens the held ones only: the list it links to counts the same (not-held ones left out).
    expect(byItem.meetingsSuccess).toMatchObject({
      value: 1,
      onClickActionValue: '/meetings?filter=completed&held=true',
    })
    const held = await api<{ pagination: { totalCount: number } }>('GET', '/userEvents?filter=completed&held=true', {
      auth: await bearerFor(user.id),
    })
    expect(held.body.data.pagination.totalCount).toBe(1)
    expect(byItem.contact.value).toBe(4)
    expect(byItem.meetingsUpcoming).toMatchObject({ value: 1, onClickActionValue: '/meetings?filter=upcoming' })
    expect(byItem.meetingsCompleted.value).toBe(2)
    expect(byItem.meetingsCanceled).toMatchObject({ value: 1, onClickActionValue: '/meetings?filter=canceled' })
    expect(response.body.data.user).toMatchObject({ tariffName: 'Basic', meetingsForTodayCount: 0 })
    expect(response.body.data.integrations.find((i) => i.id === 'Telegram')?.isConnect).toBe(false)
    expect((await api('GET', '/statistic')).status).toBe(401)

    const html = await (
      await SELF.fetch('http://localhost/', { headers: { Cookie: await sessionCookieFor(user.id) } })
    ).text()
    expect(html).toContain('data-testid="stat-meetingsCanceled"')
    expect(html).toContain('Состоявшиеся встречи')
  })
})
