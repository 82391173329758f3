import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { telegramBindings } from '#db/schema.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const ENGLISH = 'lng=ImVuIg%3D%3D'

async function page(path: string, cookie = '') {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  return { status: response.status, html: await response.text(), location: response.headers.get('Location') }
}

function telegramStatus(html: string) {
  return html.match(/data-testid="telegram-card-status"[^>]*>([^<]*)</)?.[1]
}

describe('integrations page', () => {
  it('needs a signed-in user', async () => {
    const response = await page('/integrations')
    expect(response.status).toBe(302)
    expect(response.location).toContain('/login')
  })

  it('lists the Telegram bot card and the calendar cards in Russian', async () => {
    const user = await createTestUser()
    const { status, html } = await page('/integrations', await sessionCookieFor(user.id))
    expect(status).toBe(200)
    expect(html).toContain('data-testid="integrations-page"')
    expect(html).not.toContain('data-testid="coming-soon"')
    expect(telegramStatus(html)).toBe('Не подключён')
    expect(html).toContain('href="/integrations/tgBot"')
    for (const calendar of ['yandex', 'apple', 'google', 'outlook', 'caldav'])
      expect(html).toContain(`data-testid="calendar-${calendar}"`)
    expect(html).toContain('Google Календарь')
    expect(html).toContain('Яндекс Календарь')
  })

  it('shows the bot as enabled once a chat is bound, in English', async () => {
    const user = await createTestUser()
    await getDb(env.DB)
      .insert(telegramBindings)
      .values({ userId: user.id, chatId: '12345', chatUsername: 'someone', connectedAt: Date.now() })
    const { html } = await page('/integrations', `${await sessionCookieFor(user.id)}; ${ENGLISH}`)
    expect(telegramStatus(html)).toBe('Enabled')
    expect(html).toContain('Google Calendar')
    expect(html).toContain('Yandex Calendar')
  })
})
