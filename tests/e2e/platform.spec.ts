import { expect, test } from '@playwright/test'

test('the landing page is Russian by default and English one click away', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Запись к вам — в два клика')
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible()

  await page.getByTestId('language-switch').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get booked in two clicks')
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()

  // The choice is kept: a new visit stays English, and the switch goes back.
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByTestId('language-switch').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
})

test('an unknown page shows the 404 screen with the mascot', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('error-screen')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена')
  await expect(page.getByRole('img', { name: 'Грустный талисман' })).toBeVisible()
  await page.getByRole('link', { name: 'На главную' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the page hydrates without console errors under the CSP', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    // The analytics tag cannot load without internet (tests/e2e/analytics.spec.ts): that is no error of the page.
    if (message.type() === 'error' && !message.location().url.startsWith('https://mc.yandex.ru/'))
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined)
  await page.getByRole('link', { name: 'Войти' }).first().hover()
  expect(errors).toEqual([])
})

test('a failed request shows the SPEC §8 toast: no network, 429', async ({ page }) => {
  await page.goto('/')
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  )
  // A navigation whose data request never gets an answer.
  await page.route('**/login.data*', (route) => route.abort('internetdisconnected'))
  await page.getByRole('link', { name: 'Войти' }).first().click()
  await expect(page.getByRole('alert').filter({ hasText: 'Сервер временно недоступен' })).toBeVisible()
  // Any request of the page to its own site: 429.
  await page.route('**/api/v2/definitions/eventTypeColors', (route) => route.fulfill({ status: 429, body: '{}' }))
  await page.evaluate(() => fetch('/api/v2/definitions/eventTypeColors'))
  await expect(page.getByRole('alert').filter({ hasText: 'Слишком много запросов, попробуйте позже' })).toBeVisible()
})

test('static files carry their security headers (public/_headers)', async ({ request }) => {
  for (const path of ['/favicon.svg', '/push-sw.js']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toContain("default-src 'none'")
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
  }
})
