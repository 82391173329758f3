import { SELF } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import * as serverBuild from '#build/server'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

describe('pages', () => {
  it('serves the landing page in Russian by default, with security headers', async () => {
    const response = await SELF.fetch('http://localhost/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="ru"')
    expect(html).toContain('Запись к вам — в два клика')
    expect(response.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/)
    expect(response.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
  })

  it('names the build of every answer, the version the pages were built with (outdated-app check, ADR 0085)', async () => {
    const version = serverBuild.assets.version
    expect(version).toMatch(/^[0-9a-f]+$/)
    const page = await SELF.fetch('http://localhost/')
    expect(page.headers.get('X-App-Version')).toBe(version)
    // The page loads the manifest of that build, whose version its script compares with each answer's.
    expect(await page.text()).toContain(`/assets/manifest-${version}.js`)
    for (const path of ['/login.data', '/api/v2/definitions/eventTypeColors', '/no/such/page']) {
      const response = await SELF.fetch(`http://localhost${path}`)
      expect(response.headers.get('X-App-Version'), path).toBe(version)
    }
  })

  it('switches to English with the language form and keeps the choice in a cookie', async () => {
    const form = new FormData()
    form.set('language', 'en')
    form.set('redirectTo', '/')
    const switched = await SELF.fetch('http://localhost/language', { method: 'POST', body: form, redirect: 'manual' })
    expect(switched.status).toBe(302)
    expect(switched.headers.get('Location')).toBe('/')
    const cookie = switched.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(/^lng=/)
    expect(cookie).toMatch(/HttpOnly/)
    const page = await SELF.fetch('http://localhost/', { headers: { Cookie: cookie.split(';')[0] } })
    const html = await page.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Get booked in two clicks')
  })

  it('never redirects off-site after switching language', async () => {
    const form = new FormData()
    form.set('language', 'en')
    form.set('redirectTo', '//evil.example/')
    const switched = await SELF.fetch('http://localhost/language', { method: 'POST', body: form, redirect: 'manual' })
    expect(switched.headers.get('Location')).toBe('/')
  })

  it('answers an unknown page with the 404 screen in the chosen language', async () => {
    const response = await SELF.fetch('http://localhost/no/such/page', { headers: { Cookie: 'lng=ImVuIg%3D%3D' } })
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page not found')
    expect(html).toContain('data-testid="error-screen"')
  })

  it('answers 405 for a GET of an action-only route', async () => {
    const response = await SELF.fetch('http://localhost/language')
    expect(response.status).toBe(405)
    expect(await response.text()).toContain('Метод не поддерживается')
  })

  it('lets any site frame the public booking flow but no other page', async () => {
    const framable = [
      '/widget/booking/user/demo/event/consultation',
      '/user/demo',
      '/user/demo/event/consultation',
      // The short form of the event page (SPEC §2) and the one-time meeting's booking page.
      '/demo/consultation',
      '/booking?id=unknown',
      '/ics/unknown',
    ]
    for (const path of framable) {
      const response = await SELF.fetch(`http://localhost${path}`, { redirect: 'manual' })
      expect(response.headers.get('Content-Security-Policy'), path).toMatch(/frame-ancestors \*/)
      expect(response.headers.get('X-Frame-Options'), path).toBeNull()
    }
    // Two segments like the short form, but another route: refused, as every other page and the API.
    for (const path of ['/', '/login', '/eventTypes/create', '/restore/some-token', '/no/such/page', '/api/v2/x']) {
      const response = await SELF.fetch(`http://localhost${path}`, { redirect: 'manual' })
      expect(response.headers.get('Content-Security-Policy'), path).toMatch(/frame-ancestors 'none'/)
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY')
    }
  })
})

const EN = { Cookie: 'lng=ImVuIg%3D%3D' }

describe('page actions with a body that is not a form', () => {
  const same = { Origin: 'http://localhost', Host: 'localhost' }
  const refused: [string, string, RequestInit][] = [
    ['POST', '/login', {}],
    ['PUT', '/login', {}],
    ['DELETE', '/login', {}],
    ['PATCH', '/login', {}],
    ['POST', '/signup', { headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@b.c"}' }],
    ['POST', '/language', { headers: { 'Content-Type': 'text/plain' }, body: 'language=en' }],
    ['POST', '/user/demo/event/consultation', { headers: { 'Content-Type': 'text/plain' }, body: 'intent=hold' }],
    ['POST', '/demo/consultation', { headers: { 'Content-Type': 'application/json' }, body: '{}' }],
    // Malformed multipart: no boundary, or a body that does not follow it.
    ['POST', '/login', { headers: { 'Content-Type': 'multipart/form-data' }, body: 'login=a' }],
    ['POST', '/login', { headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: 'garbage' }],
  ]

  it.each(refused)('%s %s answers the 400 screen, not a 500', async (method, path, init) => {
    const response = await SELF.fetch(`http://localhost${path}`, {
      method,
      ...init,
      headers: { ...same, ...(init.headers as Record<string, string>) },
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('data-testid="error-screen"')
    expect(html).toContain('Неверный запрос')
    expect(html).not.toContain('Unexpected Server Error')
  })

  it('answers in the visitor’s language, for resource routes and Remix data requests too', async () => {
    const page = await SELF.fetch('http://localhost/signup', {
      method: 'POST',
      headers: { ...same, ...EN, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Bad request')
    // `/logout` has no page: the translated text.
    const logout = await SELF.fetch('http://localhost/logout', { method: 'POST', headers: { ...same, ...EN } })
    expect(logout.status).toBe(400)
    expect(await logout.text()).toBe('The server could not understand the request.')
    // A fetcher's or `<Form>`'s request under single fetch.
    const data = await SELF.fetch('http://localhost/login.data', {
      method: 'POST',
      headers: { ...same, 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(data.status).toBe(400)
  })

  it('still takes form bodies, urlencoded and multipart', async () => {
    const multipart = new FormData()
    multipart.set('language', 'en')
    const viaMultipart = await SELF.fetch('http://localhost/language', {
      method: 'POST',
      headers: same,
      body: multipart,
      redirect: 'manual',
    })
    expect(viaMultipart.status).toBe(302)
    const viaUrlencoded = await SELF.fetch('http://localhost/language', {
      method: 'POST',
      headers: { ...same, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'language=en',
      redirect: 'manual',
    })
    expect(viaUrlencoded.status).toBe(302)
    expect(viaUrlencoded.headers.get('Set-Cookie')).toMatch(/^lng=/)
    // An unknown page stays a 404 whatever it is sent.
    const unknown = await SELF.fetch('http://localhost/no/such/page/here', {
      method: 'POST',
      headers: { ...same, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(unknown.status).toBe(404)
  })
})

describe('cross-site posts', () => {
  it('are refused with a translated text in the visitor’s language', async () => {
    const form = new FormData()
    form.set('language', 'en')
    const init = (headers: Record<string, string>) => ({
      method: 'POST',
      body: form,
      headers: { Origin: 'https://evil.example', ...headers },
      redirect: 'manual' as const,
    })
    const ru = await SELF.fetch('http://localhost/language', init({}))
    expect(ru.status).toBe(403)
    expect(ru.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(await ru.text()).toBe(
      'Запрос отклонён: форма отправлена с другого сайта. Откройте страницу заново и повторите.',
    )
    expect(ru.headers.get('Set-Cookie')).toBeNull()
    const en = await SELF.fetch('http://localhost/language', init(EN))
    expect(await en.text()).toBe('Request refused: the form was sent from another site. Open the page again and retry.')
    const byQuery = await SELF.fetch('http://localhost/user/demo/event/consultation?lang=en', init({}))
    expect(byQuery.status).toBe(403)
    expect(byQuery.headers.get('Content-Language')).toBe('en')
  })
})

describe('the root error boundary', () => {
  it('shows the generic screen with the sad mascot, the error name and message, in both languages', async () => {
    // The page fails on purpose: Remix logs the error on the server, once per request.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ru = await SELF.fetch('http://localhost/dev/error')
    expect(ru.status).toBe(500)
    const html = await ru.text()
    expect(html).toContain('data-testid="error-screen"')
    expect(html).toContain('Что-то пошло не так')
    expect(html).toContain('Грустный талисман')
    // Outside Remix's development mode the server names every failure the same, never its stack.
    expect(html).toMatch(/<strong>Error<\/strong>: (<!-- -->)?Unexpected Server Error/)
    expect(html).toContain('Повторить')
    expect(html).not.toMatch(/at .*\.ts:\d+/)
    const en = await (await SELF.fetch('http://localhost/dev/error', { headers: EN })).text()
    expect(en).toContain('<html lang="en"')
    expect(en).toContain('Something went wrong')
    expect(en).toContain('Sad mascot')
    expect(en).toMatch(/<strong>Error<\/strong>: (<!-- -->)?Unexpected Server Error/)
    const failures = logged.mock.calls.flat().filter((arg) => arg instanceof Error)
    expect(failures.map((error) => (error as Error).message)).toEqual([
      'A failure on purpose (/dev/error)',
      'A failure on purpose (/dev/error)',
    ])
    logged.mockRestore()
  })

  it('shows the 400 screen in both languages', async () => {
    const post = (headers: Record<string, string>) =>
      SELF.fetch('http://localhost/login', {
        method: 'POST',
        headers: { Origin: 'http://localhost', Host: 'localhost', 'Content-Type': 'text/plain', ...headers },
        body: 'login=demo',
      })
    const ru = await post({})
    expect(ru.status).toBe(400)
    const ruHtml = await ru.text()
    expect(ruHtml).toContain('Неверный запрос')
    expect(ruHtml).toContain('Сервер не смог разобрать запрос.')
    expect(ruHtml).toContain('Грустный талисман')
    const enHtml = await (await post(EN)).text()
    expect(enHtml).toContain('Bad request')
    expect(enHtml).toContain('The server could not understand the request.')
  })

  it('shows the header of who is there: signed out, signed in, or neutral when unknown', async () => {
    const signedOut = await (await SELF.fetch('http://localhost/no/such/page')).text()
    expect(signedOut).toContain('href="/login"')
    expect(signedOut).not.toContain('data-testid="menu-link"')

    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    // The app's layout knew the user before the page failed: the signed-in header.
    const inApp = await SELF.fetch('http://localhost/eventTypes/no-such-id', { headers: { Cookie: cookie } })
    expect(inApp.status).toBe(404)
    const inAppHtml = await inApp.text()
    expect(inAppHtml).toContain('data-testid="error-screen"')
    expect(inAppHtml).toContain('data-testid="menu-link"')
    expect(inAppHtml).toContain('Тест Пользователь')
    expect(inAppHtml).not.toContain('href="/signup"')

    // A session, but no loader of this page read the user: neither sign-in links nor someone else's menu.
    const unknown = await (await SELF.fetch('http://localhost/no/such/page', { headers: { Cookie: cookie } })).text()
    expect(unknown).toContain('data-testid="error-screen"')
    expect(unknown).not.toContain('href="/login"')
    expect(unknown).not.toContain('data-testid="menu-link"')
  })
})
