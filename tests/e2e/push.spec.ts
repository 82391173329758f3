import { type Page, expect, test } from '@playwright/test'

/**
 * Web push in the browser (issue 8, ADR 0041). The e2e server runs with PUSH_TOKEN_STUB=1 (development only), so
 * the page takes its token source from `window.__fastslotPushTokenSource` set here instead of Firebase; the
 * browser's permission prompt is replaced too (headless Chromium cannot show one). Everything else is real: the
 * banner, the service worker registration, `POST /push-token`, and the push the server queues for that token.
 */
test.describe.configure({ timeout: 120_000 })

const DEMO = { login: 'demo', password: 'Demo-password-1' }
const LARGE = 992

async function stubPush(page: Page, token: string) {
  await page.addInitScript((value) => {
    // The browser remembers the answer across pages, so does the stub.
    let permission = (localStorage.getItem('e2e.permission') ?? 'default') as NotificationPermission
    const w = window as unknown as { __prompts: number; __tokenRegistrations: string[] }
    w.__prompts = 0
    w.__tokenRegistrations = []
    Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true })
    Notification.requestPermission = async () => {
      w.__prompts++
      permission = 'granted'
      localStorage.setItem('e2e.permission', permission)
      return permission
    }
    window.__fastslotPushTokenSource = {
      async token(registration) {
        w.__tokenRegistrations.push(registration.active?.scriptURL ?? registration.installing?.scriptURL ?? '')
        return value
      },
    }
  }, token)
}

async function signInDemo(page: Page) {
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  if ((await page.locator('html').getAttribute('lang')) !== 'ru') {
    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  }
  await page.getByLabel('Логин или email').fill(DEMO.login)
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  await expect(page.getByTestId('home')).toBeVisible()
  await page.waitForLoadState('networkidle')
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)

test('on a phone: the banner asks only after a tap, and the token reaches the server and gets pushes', async ({
  page,
  browser,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) >= LARGE, 'small screens only (SPEC §9)')
  const token = `e2e-push-token-${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  await stubPush(page, token)
  await signInDemo(page)
  const banner = page.getByTestId('push-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('Получайте новые записи и напоминания на этот телефон.')
  expect(await prompts(page)).toBe(0)

  const registered = page.waitForResponse((r) => r.url().endsWith('/push-token') && r.request().method() === 'POST')
  await banner.getByRole('button', { name: 'Включить уведомления' }).click()
  const response = await registered
  expect(response.status()).toBe(200)
  expect(response.request().postDataBuffer()?.toString()).toContain(token)
  expect(await prompts(page)).toBe(1)
  await expect(page.getByText('Уведомления включены')).toBeVisible()
  await expect(banner).toHaveCount(0)
  const scripts = await page.evaluate(
    () => (window as unknown as { __tokenRegistrations: string[] }).__tokenRegistrations,
  )
  expect(scripts[0]).toMatch(/\/push-sw\.js$/)

  // Permission given: no banner on the next pages.
  await page.goto('/meetings')
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('push-banner')).toHaveCount(0)

  // A guest books the demo consultation: the server queues a push for this browser's token.
  const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const guest = await guestContext.newPage()
  await guest.goto('/demo/consultation')
  await guest.waitForLoadState('networkidle')
  const labels = guest.locator('label:has([data-testid="slot"])')
  await expect(labels.first()).toBeVisible()
  await labels.first().click()
  await expect(guest.locator('[data-testid="slot"]:checked')).toHaveCount(1)
  await guest.getByTestId('continue').click()
  await expect(guest.getByTestId('booking-form')).toBeVisible()
  await guest.locator('#field-firstName').fill('Пуш')
  await guest.locator('#field-lastName').fill('Гостев')
  await guest.locator('#field-email').fill(`push-${Date.now()}@example.com`)
  await guest.getByTestId('book').click()
  await expect(guest.getByTestId('booking-success')).toBeVisible()
  await guestContext.close()

  await page.goto('/dev/messages')
  const pushed = page.getByTestId('dev-message').filter({ has: page.getByTestId('dev-message-to').getByText(token) })
  await expect(pushed).toHaveCount(1)
  await expect(pushed.getByTestId('dev-message-channel')).toHaveText('push')
})

test('on a phone: "Not now" hides the banner and it is not offered again', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= LARGE, 'small screens only (SPEC §9)')
  await stubPush(page, `e2e-push-later-${Date.now()}`)
  await signInDemo(page)
  const banner = page.getByTestId('push-banner')
  await expect(banner).toBeVisible()
  await banner.getByRole('button', { name: 'Не сейчас' }).click()
  await expect(banner).toHaveCount(0)
  await page.goto('/meetings')
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('push-banner')).toHaveCount(0)
  expect(await prompts(page)).toBe(0)
})

test('on a large screen: no banner and no prompt', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) < LARGE, 'large screens only')
  await stubPush(page, `e2e-push-desktop-${Date.now()}`)
  await signInDemo(page)
  await page.goto('/meetings')
  await page.waitForLoadState('networkidle')
  await expect(page.locator('main')).toBeVisible()
  await expect(page.getByTestId('push-banner')).toHaveCount(0)
  expect(await prompts(page)).toBe(0)
})
