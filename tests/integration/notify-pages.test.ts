import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { languageCookie } from '#app/i18n/i18n.server.ts'
import { notifications } from '#db/schema.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const db = getDb(env.DB)

async function page(path: string, cookie: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })
  return { status: response.status, html: await response.text() }
}

const count = (html: string) => html.match(/data-testid="notification"/g)?.length ?? 0

describe('notification center page', () => {
  it('dates read in the profile zone (the same text on the server and in any browser)', async () => {
    const user = await createTestUser({ timeZone: 'Asia/Tokyo' })
    await db.insert(notifications).values({
      id: newId(),
      userId: user.id,
      title: 'Новая запись',
      body: 'Вера',
      createdAt: Date.UTC(2035, 0, 1, 20, 30),
    })
    const { html } = await page('/notification-center', await sessionCookieFor(user.id))
    expect(html).toContain('<time dateTime="2035-01-01T20:30:00.000Z">02.01.2035 05:30</time>')
  })

  it('renders a notice in the interface language and the profile zone; an old row keeps its text', async () => {
    const user = await createTestUser({ timeZone: 'Asia/Tokyo', culture: 'ru' })
    const start = Date.UTC(2035, 0, 1, 6, 0)
    await db.insert(notifications).values([
      {
        id: newId(),
        userId: user.id,
        title: 'Новая запись: «Разбор»',
        body: 'Вера — ...',
        content: {
          title: { key: 'notify:organizer.booked.title', values: { name: 'Разбор' } },
          body: {
            key: 'notify:organizer.booked.body',
            values: { clients: { clients: ['Вера'] }, when: { when: { start, end: start + 1_800_000 } } },
          },
        },
        createdAt: Date.UTC(2035, 0, 1, 1, 0),
      },
      { id: newId(), userId: user.id, title: 'Старое уведомление', body: 'Текст', createdAt: Date.UTC(2034, 0, 1) },
    ])
    const session = await sessionCookieFor(user.id)
    const english = await page(
      '/notification-center',
      `${session}; ${(await languageCookie.serialize('en')).split(';')[0]}`,
    )
    expect(english.html).toContain('New booking: “Разбор”')
    expect(english.html).toContain('Вера — Mon, 01.01.2035, 15:00–15:30 (Tokyo).')
    expect(english.html).toContain('Старое уведомление')
    const russian = await page('/notification-center', session)
    expect(russian.html).toContain('Новая запись: «Разбор»')
    expect(russian.html).toContain('Вера — пн, 01.01.2035, 15:00–15:30 (Токио).')
  })

  it('shows the newest page and more on demand', async () => {
    const user = await createTestUser()
    const base = Date.UTC(2035, 0, 2, 9, 0)
    const rows = Array.from({ length: 60 }, (_, i) =>
      db.insert(notifications).values({
        id: newId(),
        userId: user.id,
        title: `Уведомление ${i}`,
        body: 'Текст',
        createdAt: base + i * 60_000,
      }),
    )
    await db.batch([rows[0], ...rows.slice(1)])
    const cookie = await sessionCookieFor(user.id)
    const first = await page('/notification-center', cookie)
    expect(count(first.html)).toBe(50)
    expect(first.html).toContain('Уведомление 59')
    expect(first.html).not.toContain('Уведомление 9<')
    expect(first.html).toMatch(
      /<a[^>]*data-testid="notifications-more"[^>]*href="\/notification-center\?limit=100"[^>]*>Показать ещё/,
    )
    const all = await page('/notification-center?limit=100', cookie)
    expect(count(all.html)).toBe(60)
    expect(all.html).toContain('Уведомление 0<')
    expect(all.html).not.toContain('data-testid="notifications-more"')
    // A bad limit reads as one page; another user's page lists none of them.
    expect(count((await page('/notification-center?limit=abc', cookie)).html)).toBe(50)
    const other = await createTestUser()
    expect(count((await page('/notification-center', await sessionCookieFor(other.id))).html)).toBe(0)
  })
})
