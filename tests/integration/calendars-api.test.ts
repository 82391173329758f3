/**
 * The calendar integrations JSON API (API-CONTRACT.md "Calendars", workers/api/calendars.ts): shapes, owner scoping,
 * bad input translated, the plan gate, and that no answer ever carries a password. Tests inside workerd reach no
 * CalDAV server: integrations are inserted as connecting leaves them (helpers/calendars.ts), and `add` is tested
 * through the refusals a connect can meet before or at the server.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { calendarIntegrations, calendarWriteTargets, integrationCalendars } from '#db/schema.ts'
import { apiSpecialist } from './helpers/api.ts'
import { SECRET_PASSWORD, UNREACHABLE_URL, insertIntegration } from './helpers/calendars.ts'
import { bearerFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const EN = { 'Accept-Language': 'en' }
const BASE = '/calendarsIntegrations'

async function rawText(path: string, auth: string, init: RequestInit = {}) {
  const response = await SELF.fetch(`http://localhost/api/v2${path}`, {
    ...init,
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
  })
  return { status: response.status, text: await response.text() }
}

describe('calendar integrations API', () => {
  it('answers the Google and Outlook consent link, or a translated 503 where no OAuth client is set', async () => {
    const { call } = await apiSpecialist()
    const google = await call('GET', `${BASE}/googleCalendarIntegration/link`, undefined, EN)
    expect(google.status).toBe(503)
    expect(google.body.apiErrors[0].text).toBe('Google Calendar: connecting is not set up on this server yet.')
    expect((await call('GET', `${BASE}/outlookCalendarIntegration/link`)).status).toBe(503)
    expect((await call('GET', `${BASE}/yandexCalendarIntegration/link`)).status).toBe(404)
  })

  it('needs a token', async () => {
    const response = await SELF.fetch(`http://localhost/api/v2${BASE}`)
    expect(response.status).toBe(401)
  })

  it('lists the owner’s integrations in the contract’s shape, never their credentials', async () => {
    const { user, call } = await apiSpecialist()
    const empty = await call('GET', BASE)
    expect(empty).toMatchObject({
      status: 200,
      body: { isOk: true, data: { calendars: [], calendarForCreateEvent: null } },
    })

    const lastUpdate = Date.UTC(2027, 2, 5, 9, 30)
    const { id, calendars } = await insertIntegration(user.id, {
      login: 'me@example.com',
      lastUpdate,
      calendars: [
        { name: 'Work', color: '#00aa00' },
        { name: 'Holidays', isBusySource: false, canWrite: false },
      ],
    })
    await db().insert(calendarWriteTargets).values({ ownerId: user.id, calendarId: calendars[0].id })
    const { body } = await call('GET', BASE)
    expect(body.data).toEqual({
      calendars: [
        {
          id,
          type: 'CalDav',
          label: '127.0.0.1:9',
          name: 'me@example.com',
          login: 'me@example.com',
          email: 'me@example.com',
          isActive: true,
          isDepressed: false,
          lastUpdate: '2027-03-05T09:30:00.000Z',
          dbLineVersion: 1,
          syncStatus: 'success',
          problem: null,
          calendars: [
            { id: calendars[1].id, name: 'Holidays', color: null, isBusySource: false, canWrite: false },
            { id: calendars[0].id, name: 'Work', color: '#00aa00', isBusySource: true, canWrite: true },
          ],
        },
      ],
      calendarForCreateEvent: { integrationId: id, calendarId: calendars[0].id },
    })
    // The sealed password is stored, but no answer carries it nor its sealed form.
    const [row] = await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, id))
    const { text } = await rawText(BASE, await bearerFor(user.id))
    expect(text).toContain('"Work"')
    expect(text).not.toContain(SECRET_PASSWORD)
    expect(text).not.toContain(row.credentialsEnc)
    expect(text).not.toContain('credentials')
  })

  it('answers another specialist’s integration and unknown ids with 404', async () => {
    const owner = await apiSpecialist()
    const other = await apiSpecialist()
    const { id, calendars } = await insertIntegration(owner.user.id)
    const calls: [string, string, unknown][] = [
      ['PUT', `${BASE}/${id}/status`, { isActive: false }],
      ['PUT', `${BASE}/${id}/refresh`, undefined],
      ['GET', `${BASE}/${id}/onVersionChanged?oldVersion=1`, undefined],
      ['PUT', `${BASE}/${id}/calendars/${calendars[0].id}`, { isBusySource: false }],
      ['PUT', `${BASE}/defaultCalendar`, { integrationId: id, calendarId: calendars[0].id }],
      ['DELETE', `${BASE}/${id}`, undefined],
    ]
    for (const [method, path, body] of calls) {
      const answer = await other.call(method, path, body, EN)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body).toEqual({ isOk: false, data: null, apiErrors: [{ text: 'Calendar not found' }] })
    }
    for (const [method, path, body] of calls) {
      const unknown = path.replace(id, 'no-such-id')
      const unknownBody =
        body && 'integrationId' in (body as object) ? { ...(body as object), integrationId: 'no-such-id' } : body
      expect((await owner.call(method, unknown, unknownBody)).status, `${method} ${unknown}`).toBe(404)
    }
    // A calendar of another integration of the same owner is not this integration's.
    const second = await insertIntegration(owner.user.id)
    const crossed = await owner.call('PUT', `${BASE}/${second.id}/calendars/${calendars[0].id}`, {
      isBusySource: false,
    })
    expect(crossed.status).toBe(404)
    // Nothing changed for the owner.
    const [row] = await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.id, id))
    expect(row.isActive).toBe(true)
  })

  it('answers an unknown provider segment with 404 and isOkAdd per provider', async () => {
    const { call } = await apiSpecialist('Basic')
    expect((await call('GET', `${BASE}/dropboxCalendarIntegration/isOkAdd`)).status).toBe(404)
    expect((await call('POST', `${BASE}/dropboxCalendarIntegration/add`, {})).status).toBe(404)
    for (const provider of ['yandex', 'apple', 'google', 'outlook', 'caldav']) {
      const answer = await call('GET', `${BASE}/${provider}CalendarIntegration/isOkAdd`)
      expect(answer, provider).toMatchObject({ status: 200, body: { isOk: true, data: true } })
    }
  })

  it('gates a second integration of the same type on Basic (SPEC §6): isOkAdd false, add 403', async () => {
    const basic = await apiSpecialist('Basic')
    await insertIntegration(basic.user.id, { type: 'Yandex', login: 'first', url: 'https://caldav.yandex.ru' })
    expect((await basic.call('GET', `${BASE}/yandexCalendarIntegration/isOkAdd`)).body.data).toBe(false)
    expect((await basic.call('GET', `${BASE}/appleCalendarIntegration/isOkAdd`)).body.data).toBe(true)
    const refused = await basic.call('POST', `${BASE}/yandexCalendarIntegration/add`, {
      login: 'second',
      password: SECRET_PASSWORD,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.isOk).toBe(false)
    expect(refused.body.apiErrors).toEqual([{ text: 'Недоступно на вашем тарифе' }])
    expect(JSON.stringify(refused.body)).not.toContain(SECRET_PASSWORD)
    const english = await basic.call('POST', `${BASE}/yandexCalendarIntegration/add`, { login: 'x', password: 'y' }, EN)
    expect(english.status).toBe(403)
    expect(english.body.apiErrors).toEqual([{ text: 'Not available on your plan' }])
    expect(
      await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, basic.user.id)),
    ).toHaveLength(1)

    // Standard may hold two of a type.
    const standard = await apiSpecialist('Standard')
    await insertIntegration(standard.user.id, { type: 'Yandex', login: 'first' })
    expect((await standard.call('GET', `${BASE}/yandexCalendarIntegration/isOkAdd`)).body.data).toBe(true)
  })

  it('refuses bad bodies with translated texts naming the field (ru by default, en by Accept-Language)', async () => {
    const { call } = await apiSpecialist()
    const yandex = await call('POST', `${BASE}/yandexCalendarIntegration/add`, {
      login: '   ',
      password: 'x'.repeat(201),
    })
    expect(yandex.status).toBe(400)
    expect(yandex.body.apiErrors.map((e: { text: string }) => e.text)).toEqual([
      'login: Обязательное поле',
      'password: Максимум 200 символов',
    ])
    const preview = await call('POST', `${BASE}/yandexCalendarIntegration/availableCalendars`, {}, EN)
    expect(preview.status).toBe(400)
    expect(preview.body.apiErrors.map((e: { text: string }) => e.text)).toEqual([
      'login: Required field',
      'password: Required field',
    ])
    const caldav = await call(
      'POST',
      `${BASE}/caldavCalendarIntegration/add`,
      { url: 'ftp://cal.example.com/', credentials: { login: 'me', password: 'p' } },
      EN,
    )
    expect(caldav.status).toBe(400)
    expect(caldav.body.apiErrors).toEqual([{ text: 'url: Enter the server address, like https://caldav.example.com/' }])
    const notUrl = await call('POST', `${BASE}/caldavCalendarIntegration/add`, { url: 'calendar', credentials: {} })
    expect(notUrl.body.apiErrors.map((e: { text: string }) => e.text)).toEqual([
      'url: Введите адрес сервера вида https://caldav.example.com/',
      'credentials.login: Обязательное поле',
      'credentials.password: Обязательное поле',
    ])
    const apple = await call('POST', `${BASE}/appleCalendarIntegration/add`, {
      calendarType: 'Google',
      credentials: { login: 'me@icloud.com', password: 'p' },
    })
    expect(apple.status).toBe(400)
    expect(apple.body.apiErrors).toEqual([{ text: 'calendarType: Некорректное значение' }])
    const status = await call('PUT', `${BASE}/some-id/status`, { isActive: 'yes' }, EN)
    expect(status).toMatchObject({ status: 400, body: { apiErrors: [{ text: 'isActive: Invalid value' }] } })
    const busy = await call('PUT', `${BASE}/some-id/calendars/c`, {}, EN)
    expect(busy).toMatchObject({ status: 400, body: { apiErrors: [{ text: 'isBusySource: Required field' }] } })
    const wrongType = await call('POST', `${BASE}/yandexCalendarIntegration/add`, { login: 42, password: null }, EN)
    expect(wrongType.body.apiErrors).toEqual([{ text: 'login: Invalid value' }, { text: 'password: Required field' }])
    const target = await call('PUT', `${BASE}/defaultCalendar`, { integrationId: '' }, EN)
    expect(target.body.apiErrors.map((e: { text: string }) => e.text)).toEqual([
      'integrationId: Required field',
      'calendarId: Required field',
    ])
  })

  it('answers malformed JSON with 400', async () => {
    const { user } = await apiSpecialist()
    const answer = await rawText(`${BASE}/yandexCalendarIntegration/add`, await bearerFor(user.id), {
      method: 'POST',
      body: '{"login":',
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text).apiErrors).toHaveLength(1)
  })

  it('refuses an unreachable server as "calendar not added", storing nothing and answering no password', async () => {
    const { user, call } = await apiSpecialist()
    const caldav = await call(
      'POST',
      `${BASE}/caldavCalendarIntegration/add`,
      { url: UNREACHABLE_URL, credentials: { login: 'me', password: SECRET_PASSWORD } },
      EN,
    )
    expect(caldav.status).toBe(400)
    expect(caldav.body.apiErrors).toEqual([{ text: 'Could not reach the calendar. Try again in a few minutes.' }])
    expect(JSON.stringify(caldav.body)).not.toContain(SECRET_PASSWORD)
    const apple = await call('POST', `${BASE}/appleCalendarIntegration/add`, {
      calendarType: 'Apple',
      url: UNREACHABLE_URL,
      credentials: { login: 'me@icloud.com', password: SECRET_PASSWORD },
    })
    expect(apple.status).toBe(400)
    expect(apple.body.apiErrors).toEqual([
      { text: 'Не удалось связаться с календарём. Попробуйте ещё раз через несколько минут.' },
    ])
    expect(await db().select().from(calendarIntegrations).where(eq(calendarIntegrations.ownerId, user.id))).toEqual([])
  })

  it('switches an integration off and on, raising its version', async () => {
    const { user, call } = await apiSpecialist()
    const { id } = await insertIntegration(user.id)
    const off = await call('PUT', `${BASE}/${id}/status`, { isActive: false })
    expect(off).toMatchObject({ status: 200, body: { isOk: true, data: null } })
    expect((await call('GET', BASE)).body.data.calendars[0]).toMatchObject({ isActive: false, dbLineVersion: 2 })
    await call('PUT', `${BASE}/${id}/status`, { isActive: true })
    expect((await call('GET', BASE)).body.data.calendars[0]).toMatchObject({ isActive: true, dbLineVersion: 3 })
  })

  it('tells whether the version changed (onVersionChanged), and refuses a version that is not a whole number', async () => {
    const { user, call } = await apiSpecialist()
    const { id } = await insertIntegration(user.id)
    expect((await call('GET', `${BASE}/${id}/onVersionChanged?oldVersion=1`)).body.data).toEqual({
      changed: false,
      version: 1,
    })
    await call('PUT', `${BASE}/${id}/status`, { isActive: false })
    expect((await call('GET', `${BASE}/${id}/onVersionChanged?oldVersion=1`)).body.data).toEqual({
      changed: true,
      version: 2,
    })
    for (const query of ['', '?oldVersion=', '?oldVersion=abc', '?oldVersion=1.5']) {
      const answer = await call('GET', `${BASE}/${id}/onVersionChanged${query}`, undefined, EN)
      expect(answer.status, query).toBe(400)
      expect(answer.body.apiErrors[0].text, query).toMatch(/^oldVersion: /)
    }
  })

  it('chooses which calendars block time; switched off, its busy times stop counting', async () => {
    const { user, call } = await apiSpecialist()
    const { id, calendars } = await insertIntegration(user.id)
    const off = await call('PUT', `${BASE}/${id}/calendars/${calendars[0].id}`, { isBusySource: false })
    expect(off).toMatchObject({ status: 200, body: { isOk: true, data: null } })
    const [row] = await db().select().from(integrationCalendars).where(eq(integrationCalendars.id, calendars[0].id))
    expect(row.isBusySource).toBe(false)
    // Switched on, the calendar is synced at once: the server is unreachable here, so the sync fails and says so.
    const on = await call('PUT', `${BASE}/${id}/calendars/${calendars[0].id}`, { isBusySource: true })
    expect(on.status).toBe(200)
    const listed = (await call('GET', BASE)).body.data.calendars[0]
    expect(listed.calendars[0].isBusySource).toBe(true)
    expect(listed).toMatchObject({ syncStatus: 'fail', problem: 'unavailable', isDepressed: false })
  })

  it('sets and clears the calendar bookings are written to; lists the writable ones', async () => {
    const { user, call } = await apiSpecialist()
    const first = await insertIntegration(user.id, {
      calendars: [{ name: 'Work' }, { name: 'Birthdays', canWrite: false }],
    })
    const second = await insertIntegration(user.id, { type: 'Yandex', calendars: [{ name: 'Личный' }] })
    const writable = await call('GET', `${BASE}/availableToWriteIn`)
    expect(writable.body.data).toEqual([
      { integrationId: first.id, calendarId: first.calendars[0].id, name: 'Work', type: 'CalDav' },
      { integrationId: second.id, calendarId: second.calendars[0].id, name: 'Личный', type: 'Yandex' },
    ])
    const set = await call('PUT', `${BASE}/defaultCalendar`, {
      integrationId: second.id,
      calendarId: second.calendars[0].id,
    })
    expect(set).toMatchObject({ status: 200, body: { isOk: true, data: null } })
    expect((await call('GET', BASE)).body.data.calendarForCreateEvent).toEqual({
      integrationId: second.id,
      calendarId: second.calendars[0].id,
    })
    const readOnly = await call(
      'PUT',
      `${BASE}/defaultCalendar`,
      { integrationId: first.id, calendarId: first.calendars[1].id },
      EN,
    )
    expect(readOnly).toMatchObject({
      status: 400,
      body: { apiErrors: [{ text: "Events can't be written to this calendar" }] },
    })
    // A calendar named under another integration of the owner is not found.
    const mismatched = await call('PUT', `${BASE}/defaultCalendar`, {
      integrationId: first.id,
      calendarId: second.calendars[0].id,
    })
    expect(mismatched.status).toBe(404)
    const cleared = await call('PUT', `${BASE}/defaultCalendar`, null)
    expect(cleared).toMatchObject({ status: 200, body: { data: null } })
    expect((await call('GET', BASE)).body.data.calendarForCreateEvent).toBeNull()
    // An inactive integration's calendars are not offered.
    await call('PUT', `${BASE}/${second.id}/status`, { isActive: false })
    expect((await call('GET', `${BASE}/availableToWriteIn`)).body.data).toHaveLength(1)
  })

  it('refreshes one integration or all, answering when the sync has finished', async () => {
    const { user, call } = await apiSpecialist()
    const { id } = await insertIntegration(user.id)
    const inactive = await insertIntegration(user.id, { isActive: false })
    const one = await call('PUT', `${BASE}/${id}/refresh`)
    expect(one).toMatchObject({ status: 200, body: { isOk: true, data: null } })
    let listed = (await call('GET', BASE)).body.data.calendars
    // The server is unreachable: the sync ended (fail, with its problem) and the version moved twice (start, end).
    expect(listed[0]).toMatchObject({ id, syncStatus: 'fail', problem: 'unavailable', dbLineVersion: 3 })
    const all = await call('PUT', `${BASE}/refresh`)
    expect(all).toMatchObject({ status: 200, body: { data: null } })
    listed = (await call('GET', BASE)).body.data.calendars
    expect(listed.find((i: { id: string }) => i.id === id).dbLineVersion).toBe(5)
    // An inactive integration is left alone by "refresh all".
    expect(listed.find((i: { id: string }) => i.id === inactive.id)).toMatchObject({
      syncStatus: 'success',
      dbLineVersion: 1,
    })
  })

  it('deletes an integration with its calendars and the write target', async () => {
    const { user, call } = await apiSpecialist()
    const { id, calendars } = await insertIntegration(user.id)
    await call('PUT', `${BASE}/defaultCalendar`, { integrationId: id, calendarId: calendars[0].id })
    const removed = await call('DELETE', `${BASE}/${id}`)
    expect(removed).toMatchObject({ status: 200, body: { isOk: true, data: null } })
    expect((await call('GET', BASE)).body.data).toEqual({ calendars: [], calendarForCreateEvent: null })
    expect(await db().select().from(integrationCalendars).where(eq(integrationCalendars.integrationId, id))).toEqual([])
    expect((await call('DELETE', `${BASE}/${id}`)).status).toBe(404)
  })

  it('answers under every API version', async () => {
    for (const version of ['v3', 'v4']) {
      const { call } = await apiSpecialist('Pro', version)
      expect((await call('GET', BASE)).status, version).toBe(200)
    }
  })
})
