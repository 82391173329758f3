import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'

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

  it('lets any site frame the widget routes but no other page', async () => {
    const widget = await SELF.fetch('http://localhost/widget/booking/user/demo/event/consultation')
    expect(widget.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors \*/)
    expect(widget.headers.get('X-Frame-Options')).toBeNull()
  })
})
