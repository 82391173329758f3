import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { calendarIntegrations } from '#db/schema.ts'
import { api, unique } from './helpers/accounts.ts'
import { DAY, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser, sessionCookieFor } from './helpers/users.ts'

type Stats = {
  user: { firstName: string; tariffName: string; meetingsForTodayCount: number }
  total: { statisticItem: string; value: number; onClickActionValue: string; maxValue: number | null }[]
  integrations: { id: string; label: string; isConnect: boolean }[]
}

describe('home statistics', () => {
  it('counts only the specialist own things and links each counter where it points', async () => {
    const user = await createTestUser({ plan: 'Basic' })
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

  it('tells which integrations are connected: a calendar type by an integration switched on, Telegram by its chat', async () => {
    const user = await createTestUser()
    const integration = (type: 'Yandex' | 'Apple', isActive: boolean) => ({
      id: newId(),
      ownerId: user.id,
      type,
      label: type,
      credentialsEnc: 'sealed',
      isActive,
    })
    const auth = await bearerFor(user.id)
    const chips = async () =>
      Object.fromEntries(
        (await api<Stats['integrations']>('GET', '/statistic/integration', { auth })).body.data.map((i) => [
          i.id,
          i.isConnect,
        ]),
      )
    expect(await chips()).toEqual({
      Google: false,
      Yandex: false,
      Apple: false,
      Outlook: false,
      CalDav: false,
      Telegram: false,
    })
    await getDb(env.DB)
      .insert(calendarIntegrations)
      .values([integration('Yandex', true), integration('Apple', false)])
    // Another specialist's Google calendar is theirs.
    const other = await createTestUser()
    await getDb(env.DB)
      .insert(calendarIntegrations)
      .values({ ...integration('Apple', true), type: 'Google', ownerId: other.id })
    expect(await chips()).toMatchObject({ Google: false, Yandex: true, Apple: false, CalDav: false })

    const html = await (
      await SELF.fetch('http://localhost/', { headers: { Cookie: await sessionCookieFor(user.id) } })
    ).text()
    // Each chip: where it links, its label and what it says.
    const shown = [
      ...html.matchAll(
        /<a [^>]*data-testid="home-integration"[^>]*href="([^"]+)"><span[^>]*><\/span>(\w+)<!-- -->:<!-- --> <!-- -->([^<]+)<\/a>/g,
      ),
    ].map(([, href, label, state]) => `${label} ${href} ${state}`)
    expect(shown).toEqual([
      'Google /integrations не подключено',
      'Yandex /integrations подключено',
      'Apple /integrations не подключено',
      'Outlook /integrations не подключено',
      'CalDAV /integrations не подключено',
      'Telegram /integrations/tgBot не подключено',
    ])
  })
})
