/**
 * The calendar part of /integrations and the /integrations/apple instructions (issue 14, SPEC §2, §4, §6): rendered
 * on the server in both languages, every control a plain form that works without script (the posts here are what a
 * browser without script sends), refusals shown translated on the form that posted.
 */
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { calendarIntegrations, calendarWriteTargets, integrationCalendars } from '#db/schema.ts'
import { SECRET_PASSWORD, UNREACHABLE_URL, insertIntegration } from './helpers/calendars.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const ENGLISH = 'lng=ImVuIg%3D%3D'
const db = () => getDb(env.DB)

async function signedIn(plan: 'Basic' | 'Standard' | 'Pro' = 'Pro', language: 'ru' | 'en' = 'ru') {
  const user = await createTestUser({ plan, timeZone: 'Asia/Tokyo' })
  const cookie = await sessionCookieFor(user.id)
  return { user, client: pageClient(language === 'en' ? `${cookie}; ${ENGLISH}` : cookie) }
}

/** The HTML of one connected integration's block on the page. */
function integrationBlock(html: string, id: string) {
  const start = html.indexOf(`id="integration-${id}"`)
  expect(start, `integration ${id} on the page`).toBeGreaterThan(-1)
  const end = html.indexOf('</li>', html.indexOf('integration-delete', start))
  return html.slice(html.lastIndexOf('<li', start), end)
}

describe('/integrations: Google and Outlook', () => {
  it('a consent post without the OAuth client here answers a translated 503 and changes nothing', async () => {
    const ru = await signedIn()
    const response = await ru.client.post('/integrations', { intent: 'consent', provider: 'google' })
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('Google Календарь: подключение на этом сервере пока не настроено.')
    const en = await signedIn('Pro', 'en')
    const english = await en.client.post('/integrations', { intent: 'consent', provider: 'outlook' })
    expect(english.status).toBe(503)
    expect(await english.text()).toContain('Outlook: connecting is not set up on this server yet.')
    expect((await ru.client.post('/integrations', { intent: 'consent', provider: 'yahoo' })).status).toBe(400)
  })

  it('offers a depressed Google account a new consent, whose refusal shows on that account', async () => {
    const { user, client } = await signedIn('Basic')
    const { id } = await insertIntegration(user.id, {
      type: 'Google',
      label: 'Google Calendar',
      url: null,
      isDepressed: true,
      syncStatus: 'fail',
      problem: 'authRefused',
    })
    const page = await (await client.get('/integrations')).text()
    const block = integrationBlock(page, id)
    expect(block).toContain(`data-testid="consent-form-reconnect-${id}"`)
    expect(block).toContain('name="provider" value="google"')
    expect(block).toContain('Подключить заново')
    expect(block).not.toContain('name="password"')
    // On Basic the card offers no second Google account, but the reconnect stays.
    expect(page).toContain('data-testid="plan-note-google"')
    const refused = await client.post('/integrations', {
      intent: 'consent',
      provider: 'google',
      formId: `reconnect-${id}`,
    })
    expect(refused.status).toBe(503)
    expect(integrationBlock(await refused.text(), id)).toContain(
      'Google Календарь: подключение на этом сервере пока не настроено.',
    )
  })

  it('says what the consent ended with when the return page comes back', async () => {
    const { client } = await signedIn('Pro', 'en')
    const html = await (await client.get('/integrations?calendarConsent=connected&calendarProvider=google')).text()
    // Without script, in the page itself (with script, a toast says it).
    expect(html).toMatch(
      /<noscript><p data-testid="consent-notice"[^>]*>Google Calendar is connected: its busy times now block your slots./,
    )
    const plain = await (await client.get('/integrations')).text()
    expect(plain).not.toContain('Google Calendar is connected')
  })
})

describe('/integrations calendar cards', () => {
  it('shows a card per provider with its connect form, in Russian and in English', async () => {
    const ru = await signedIn()
    const html = await (await ru.client.get('/integrations')).text()
    for (const provider of ['yandex', 'apple', 'google', 'outlook', 'caldav']) {
      expect(html).toContain(`data-testid="calendar-${provider}"`)
    }
    // The password providers' forms post the connect intent to the page; Google and Outlook post the consent intent.
    for (const provider of ['yandex', 'apple', 'caldav'])
      expect(html).toContain(`data-testid="connect-form-${provider}"`)
    expect(html).toContain('name="intent" value="connect"')
    expect(html).toContain('Логин Яндекса')
    expect(html).toContain('Пароль приложения')
    expect(html).toContain('href="https://id.yandex.ru/security/app-passwords"')
    expect(html).toContain('href="/integrations/apple"')
    expect(html).toContain('Адрес сервера')
    for (const provider of ['google', 'outlook']) expect(html).toContain(`data-testid="connect-${provider}"`)
    expect(html).toContain('name="intent" value="consent"')
    expect(html).toContain('data-testid="telegram-card-status"')

    const en = await signedIn('Pro', 'en')
    const english = await (await en.client.get('/integrations')).text()
    expect(english).toContain('Yandex login')
    expect(english).toContain('App-specific password')
    expect(english).toContain('Another CalDAV server')
    expect(english).not.toContain('Логин Яндекса')
  })

  it('shows a connected integration: label, account, status, sync, last update in the profile’s zone, calendars', async () => {
    const { user, client } = await signedIn()
    const { id, calendars } = await insertIntegration(user.id, {
      login: 'me@example.com',
      lastUpdate: Date.UTC(2027, 2, 5, 6, 30),
      calendars: [
        { name: 'Работа', color: '#00aa00' },
        { name: 'Праздники', isBusySource: false, canWrite: false },
        { name: 'Evil', color: 'red;background:url(x)' },
      ],
    })
    await db().insert(calendarWriteTargets).values({ ownerId: user.id, calendarId: calendars[0].id })
    const html = await (await client.get('/integrations')).text()
    const block = integrationBlock(html, id)
    expect(block).toContain('127.0.0.1:9')
    expect(block).toContain('Аккаунт: me@example.com')
    expect(block).toMatch(/data-testid="integration-status"[^>]*>Активен</)
    expect(block).toMatch(/data-testid="integration-sync" data-status="success"[^>]*>Обновлён</)
    // 06:30 UTC is 15:30 in Tokyo, the profile's zone.
    expect(block).toContain('Последнее обновление: пт, 05.03.2027, 15:30 (Токио)')
    expect(block).not.toContain('data-error')
    expect(block).toContain('Работа')
    expect(block).toContain('background-color:#00aa00')
    // A colour that is not a plain hex never reaches the style attribute.
    expect(block).not.toContain('url(x)')
    // Blocks time: a switch that posts the opposite value.
    expect(block).toMatch(/name="isBusySource" value="false"/)
    expect(block).toMatch(/role="switch" aria-checked="true"/)
    expect(block).toMatch(/role="switch" aria-checked="false"/)
    // The write target: the chosen calendar's radio is checked; the read-only calendar has none.
    const radio = (calendarId: string) => block.match(new RegExp(`<input[^>]*value="${id}:${calendarId}"[^>]*>`))?.[0]
    expect(radio(calendars[0].id)).toContain('checked=""')
    expect(radio(calendars[2].id)).not.toContain('checked')
    expect(block).not.toContain(`value="${id}:${calendars[1].id}"`)
    expect(block).toContain('Только чтение')
    expect(html).toContain('data-testid="write-target-none"')
    // Without script the choice is saved by a button.
    expect(html).toContain('Сохранить выбор')
    for (const intent of ['refresh', 'status', 'delete', 'busySource']) {
      expect(block).toContain(`name="intent" value="${intent}"`)
    }
    expect(html).not.toContain(SECRET_PASSWORD)
    const [row] = await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, id))
    expect(html).not.toContain(row.credentialsEnc)
  })

  it('draws the error border and the problem on a depressed or failed integration, with a reconnect form', async () => {
    const { user, client } = await signedIn()
    const depressed = await insertIntegration(user.id, {
      type: 'Yandex',
      label: 'Яндекс Календарь',
      login: 'ivan',
      isDepressed: true,
      syncStatus: 'fail',
      problem: 'authRefused',
    })
    const failed = await insertIntegration(user.id, { syncStatus: 'fail', problem: 'unavailable' })
    const fine = await insertIntegration(user.id, { login: 'other@example.com' })
    const html = await (await client.get('/integrations')).text()
    const red = integrationBlock(html, depressed.id)
    expect(red).toContain('data-error="true"')
    expect(red).toContain('border-error')
    expect(red).toContain('Календарь перестал принимать пароль или доступ отозван. Подключите его заново.')
    expect(red).toContain(`data-testid="connect-form-reconnect-${depressed.id}"`)
    expect(red).toContain('Подключить заново')
    const failing = integrationBlock(html, failed.id)
    expect(failing).toContain('data-error="true"')
    expect(failing).toMatch(/data-status="fail"[^>]*>Ошибка обновления</)
    expect(failing).toContain('Не удалось обновить календарь: сервер недоступен.')
    expect(failing).not.toContain('connect-form-reconnect')
    expect(integrationBlock(html, fine.id)).not.toContain('data-error')
  })

  it('says the calendars are being updated while a sync runs, with a way to look again without script', async () => {
    const { user, client } = await signedIn('Pro', 'en')
    await insertIntegration(user.id, { syncStatus: 'fetching', lastUpdate: null })
    const html = await (await client.get('/integrations')).text()
    expect(html).toContain('data-testid="calendars-fetching"')
    expect(html).toContain('Your calendars are being updated.')
    expect(html).toContain('Check again')
    expect(html).toContain('Updating…')
    expect(html).toContain('Not updated yet')
    const { user: calm } = await signedIn()
    await insertIntegration(calm.id)
    const quiet = await (await pageClient(await sessionCookieFor(calm.id)).get('/integrations')).text()
    expect(quiet).not.toContain('data-testid="calendars-fetching"')
  })

  it('switches, toggles busy sources, chooses the write target and deletes through plain form posts', async () => {
    const { user, client } = await signedIn()
    const { id, calendars } = await insertIntegration(user.id, { calendars: [{ name: 'Work' }, { name: 'Home' }] })
    const post = async (fields: Record<string, string>) => {
      const response = await client.post('/integrations', fields)
      expect(response.status, JSON.stringify(fields)).toBe(303)
      return response.headers.get('Location')
    }
    expect(await post({ intent: 'status', id, isActive: 'false' })).toBe(`/integrations#integration-${id}`)
    const read = async () => (await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, id)))[0]
    expect((await read()).isActive).toBe(false)
    const disabled = integrationBlock(await (await client.get('/integrations')).text(), id)
    expect(disabled).toMatch(/data-testid="integration-status"[^>]*>Отключён</)
    expect(disabled).toContain('Включить')
    await post({ intent: 'status', id, isActive: 'true' })
    expect((await read()).isActive).toBe(true)

    await post({ intent: 'busySource', id, calendarId: calendars[1].id, isBusySource: 'false' })
    const calendarRow = async (calendarId: string) =>
      (await db().select().from(integrationCalendars).where(eq(integrationCalendars.id, calendarId)))[0]
    expect((await calendarRow(calendars[1].id)).isBusySource).toBe(false)
    expect((await calendarRow(calendars[0].id)).isBusySource).toBe(true)

    await post({ intent: 'writeTarget', target: `${id}:${calendars[1].id}` })
    const target = async () =>
      (await db().select().from(calendarWriteTargets).where(eq(calendarWriteTargets.ownerId, user.id)))[0]
    expect((await target()).calendarId).toBe(calendars[1].id)
    await post({ intent: 'writeTarget', target: 'none' })
    expect(await target()).toBeUndefined()

    expect(await post({ intent: 'delete', id })).toBe('/integrations#calendars')
    expect(await read()).toBeUndefined()
  })

  it('refreshes: a failed sync says "could not update calendar" and the card shows why', async () => {
    const { user, client } = await signedIn('Pro', 'en')
    const { id } = await insertIntegration(user.id)
    const response = await client.post('/integrations', { intent: 'refresh', id })
    expect(response.status).toBe(200)
    const block = integrationBlock(await response.text(), id)
    expect(block).toContain('Could not update the calendar')
    expect(block).toContain('data-error="true"')
    expect(block).toContain('Could not update the calendar: the server is unreachable.')
  })

  it('answers another specialist’s integration with 404, changing nothing', async () => {
    const { user } = await signedIn()
    const { id, calendars } = await insertIntegration(user.id)
    const other = await signedIn()
    const posts: Record<string, string>[] = [
      { intent: 'status', id, isActive: 'false' },
      { intent: 'delete', id },
      { intent: 'refresh', id },
      { intent: 'busySource', id, calendarId: calendars[0].id, isBusySource: 'false' },
      { intent: 'writeTarget', target: `${id}:${calendars[0].id}` },
    ]
    for (const fields of posts) {
      expect((await other.client.post('/integrations', fields)).status, fields.intent).toBe(404)
    }
    const [row] = await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, id))
    expect(row).toMatchObject({ isActive: true, version: 1 })
    expect((await other.client.post('/integrations', { intent: 'nonsense' })).status).toBe(400)
  })

  it('shows a connect form’s errors translated under its fields, keeping what was typed but the password', async () => {
    const ru = await signedIn()
    const empty = await ru.client.post('/integrations', {
      intent: 'connect',
      provider: 'caldav',
      formId: 'caldav',
      url: 'ftp://nowhere',
      login: '',
      password: SECRET_PASSWORD,
    })
    expect(empty.status).toBe(400)
    const html = await empty.text()
    const form = html.slice(html.indexOf('data-testid="connect-form-caldav"'))
    expect(form).toContain('Введите адрес сервера вида https://caldav.example.com/')
    expect(form).toContain('Обязательное поле')
    expect(form).toContain('value="ftp://nowhere"')
    expect(html).not.toContain(SECRET_PASSWORD)
    // The form that posted opens; the others stay closed.
    expect(html).toMatch(/<details[^>]*open=""[^>]*data-testid="connect-caldav"/)
    expect(html).not.toMatch(/<details[^>]*open=""[^>]*data-testid="connect-yandex"/)

    const en = await signedIn('Pro', 'en')
    const unreachable = await en.client.post('/integrations', {
      intent: 'connect',
      provider: 'caldav',
      formId: 'caldav',
      url: UNREACHABLE_URL,
      login: 'me',
      password: SECRET_PASSWORD,
    })
    expect(unreachable.status).toBe(400)
    const text = await unreachable.text()
    expect(text).toContain('Could not reach the calendar. Try again in a few minutes.')
    expect(text).not.toContain(SECRET_PASSWORD)
    expect(await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, en.user.id))).toEqual(
      [],
    )
  })

  it('gates a second account of the same type on Basic: the badge and the plan note instead of the form, 403 if posted', async () => {
    const { user, client } = await signedIn('Basic')
    await insertIntegration(user.id, { type: 'CalDav' })
    const html = await (await client.get('/integrations')).text()
    expect(html).toContain('data-testid="plan-badge-caldav"')
    expect(html).toContain('Доступно с Standard')
    expect(html).toContain('Второй календарь этого типа доступен с тарифа Standard.')
    expect(html).not.toContain('data-testid="connect-form-caldav"')
    // Other types are still free to connect.
    expect(html).toContain('data-testid="connect-form-yandex"')
    expect(html).not.toContain('data-testid="plan-badge-yandex"')
    const posted = await client.post('/integrations', {
      intent: 'connect',
      provider: 'caldav',
      formId: 'caldav',
      url: 'http://127.0.0.1:9/other/',
      login: 'second',
      password: SECRET_PASSWORD,
    })
    expect(posted.status).toBe(403)
    expect(
      await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, user.id)),
    ).toHaveLength(1)
  })
})

describe('/integrations/apple', () => {
  it('explains the app-specific password and connects with the form, in both languages', async () => {
    const ru = await signedIn()
    const response = await ru.client.get('/integrations/apple')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-testid="apple-instructions"')
    expect(html).toContain('Подключение Apple Календаря (iCloud)')
    expect(html).toContain('appleid.apple.com')
    expect(html).toContain('Пароли для приложений')
    expect(html).toContain('data-testid="connect-form-apple"')
    expect(html).toContain('name="provider" value="apple"')
    // The page does not link to itself.
    expect(html).not.toContain('href="/integrations/apple"')

    const en = await signedIn('Pro', 'en')
    const english = await (await en.client.get('/integrations/apple')).text()
    expect(english).toContain('Connect Apple Calendar (iCloud)')
    expect(english).toContain('App-Specific Passwords')
    // Errors stay on this page, translated.
    const posted = await en.client.post('/integrations/apple', {
      intent: 'connect',
      provider: 'apple',
      formId: 'apple',
      login: '',
      password: '',
    })
    expect(posted.status).toBe(400)
    const errors = await posted.text()
    expect(errors).toContain('data-testid="apple-instructions"')
    expect(errors).toContain('Required field')
    // Only the Apple form posts here.
    expect((await en.client.post('/integrations/apple', { intent: 'delete', id: 'x' })).status).toBe(400)
  })

  it('needs a signed-in user', async () => {
    const response = await pageClient().get('/integrations/apple')
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toContain('/login')
  })
})
