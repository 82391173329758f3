import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { users } from '#db/schema.ts'
import { STRONG_PASSWORD, api, codeIn, lastEmailTo, signupBody, unique } from './helpers/accounts.ts'
import { createBookableHost, firstFreeSlot, api as publicApi } from './helpers/booking.ts'

const db = () => getDb(env.DB)

/** A guest's booking through the public API, in the guest's zone. */
async function bookAsGuest(email: string, timeZone = 'Asia/Tokyo') {
  const { host } = await createBookableHost()
  const { slots } = await firstFreeSlot(host.login, 'consult')
  const response = await publicApi(`/public/${host.login}/eventTypes/consult/events`, {
    method: 'POST',
    headers: { timezone: timeZone },
    body: JSON.stringify({
      contactInfo: { firstName: 'Гость', lastName: '', email, messengerType: 'WhatsApp' },
      slots: [{ start: slots[0].start }],
    }),
  })
  expect(response.status).toBe(201)
  const { data } = (await response.json()) as { data: { bookingId: string; meetingIds: string[] } }
  return { host, ...data }
}

describe('POST /identity/signup/email/code?afterBooking=true', () => {
  it('confirms the account made with the booking email, answers tokens and the meetings, which show as "I am booked"', async () => {
    const body = signupBody()
    const booking = await bookAsGuest(body.email)
    expect((await api('POST', '/identity/signup/email', { body })).status).toBe(201)
    const code = codeIn((await lastEmailTo(body.email))?.text ?? '')

    const missing = await api('POST', '/identity/signup/email/code?afterBooking=true', {
      body: { email: body.email, code },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.apiErrors[0].text).toMatch(/^bookingId: /)

    // A booking of another email: refused before the code is even counted.
    const other = await bookAsGuest(`${unique('other')}@example.com`)
    const foreign = await api('POST', '/identity/signup/email/code?afterBooking=true', {
      body: { email: body.email, code, bookingId: other.bookingId },
      language: 'en',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.apiErrors).toEqual([{ text: 'bookingId: Booking not found' }])
    const [still] = await db().select().from(users).where(eq(users.email, body.email))
    expect(still.emailVerifiedAt).toBeNull()

    const wrong = await api('POST', '/identity/signup/email/code?afterBooking=true', {
      body: { email: body.email, code: code === '000000' ? '111111' : '000000', bookingId: booking.bookingId },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.apiErrors).toEqual([{ text: 'code: Неверный код' }])

    const confirmed = await api<{ token: string; refreshToken: string; meetingIds: string[] }>(
      'POST',
      '/identity/signup/email/code?afterBooking=true&isConsentMailing=true',
      { body: { email: body.email, code, bookingId: booking.bookingId } },
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data.meetingIds).toEqual(booking.meetingIds)
    const [user] = await db().select().from(users).where(eq(users.email, body.email))
    expect(user.emailVerifiedAt).not.toBeNull()
    expect(user.timeZone).toBe('Asia/Tokyo')
    expect(user.isConsentMailing).toBe(true)

    const mine = await api<{ items: { id: string }[] }>('GET', '/meetings?filter=upcoming', {
      auth: `Bearer ${confirmed.body.data.token}`,
    })
    expect(mine.status).toBe(200)
    expect(JSON.stringify(mine.body.data)).toContain(booking.meetingIds[0])

    // Spent: the code does not work twice.
    const again = await api('POST', '/identity/signup/email/code?afterBooking=true', {
      body: { email: body.email, code, bookingId: booking.bookingId },
    })
    expect(again.status).toBe(400)
  })
})

const page = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

function formPost(path: string, fields: [string, string][]) {
  return page(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      'CF-Connecting-IP': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  })
}

describe('the success view offers an account (no JavaScript)', () => {
  it('suggests a login, refuses bad input with translated errors, emails a code and signs the guest in', async () => {
    const email = `${unique('guest.page')}@example.com`
    const booking = await bookAsGuest(email)
    const success = `/user/${booking.host.login}/event/consult?booking=${booking.bookingId}`
    const html = await (await page(success)).text()
    expect(html).toContain('data-testid="signup-form"')
    const login = email.split('@')[0]
    expect(html).toContain(`value="${login}"`)

    const bad = await formPost(success, [
      ['intent', 'signup'],
      ['firstName', 'Гость'],
      ['lastName', ''],
      ['login', 'Логин'],
      ['password', 'short'],
      ['passwordRepeat', 'other'],
    ])
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    // The texts are checked inside their error elements (the page also embeds every text of its namespaces).
    const errorOf = (field: string) => new RegExp(`data-testid="error-${field}">([^<]+)<`).exec(badHtml)?.[1]
    expect(errorOf('login')).toBe('Допускаются только латинские буквы')
    expect(errorOf('password')).toBe('Минимум 8 символов')
    expect(errorOf('passwordRepeat')).toBe('Пароли не совпадают')
    expect(errorOf('isAgreementAccepted')).toBe('Необходимо принять пользовательское соглашение')
    expect(errorOf('lastName')).toBe('Обязательное поле')
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([])

    const created = await formPost(success, [
      ['intent', 'signup'],
      ['firstName', 'Гость'],
      ['lastName', 'Тестов'],
      ['login', login],
      ['password', STRONG_PASSWORD],
      ['passwordRepeat', STRONG_PASSWORD],
      ['isAgreementAccepted', 'on'],
    ])
    expect(created.status).toBe(302)
    const codeUrl = created.headers.get('Location') ?? ''
    expect(codeUrl).toContain('signup=code')
    const codeHtml = await (await page(codeUrl)).text()
    expect(codeHtml).toContain('data-testid="signup-code-form"')
    expect(codeHtml).toMatch(/data-testid="signup-countdown"[^>]*>[^<]*\d+/)

    const tooSoon = await formPost(codeUrl, [['intent', 'signupResend']])
    expect(tooSoon.status).toBe(429)
    expect(await tooSoon.text()).toMatch(/data-testid="booking-error">Новый код можно запросить через \d+ с</)

    const wrongFormat = await formPost(codeUrl, [
      ['intent', 'signupCode'],
      ['code', '12ab'],
    ])
    expect(wrongFormat.status).toBe(400)
    expect(await wrongFormat.text()).toContain('data-testid="error-code">Введите 6 цифр<')

    const code = codeIn((await lastEmailTo(email))?.text ?? '')
    const signedIn = await formPost(codeUrl, [
      ['intent', 'signupCode'],
      ['code', code],
    ])
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe('/meetings?side=participant')
    const cookie = (signedIn.headers.get('Set-Cookie') ?? '').split(';')[0]
    const meetings = await (await page('/meetings?side=participant', { headers: { Cookie: cookie } })).text()
    expect(meetings.match(/data-testid="my-meeting-card"/g)).toHaveLength(1)
    expect(meetings).toContain('Asia/Tokyo')

    // The offer now says the account exists.
    expect(await (await page(success)).text()).toContain('data-testid="account-exists"')
  })

  it('answers 404 for a post about an unknown booking', async () => {
    const { host } = await createBookableHost()
    const response = await formPost(`/user/${host.login}/event/consult?booking=nope`, [['intent', 'signup']])
    expect(response.status).toBe(404)
  })
})
