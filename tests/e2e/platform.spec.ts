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
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined)
  await page.getByRole('link', { name: 'Войти' }).first().hover()
  expect(errors).toEqual([])
})
