import { expect, test } from '@playwright/test'
import { signInDemo } from './helpers.ts'

/**
 * SPEC §1 analytics goals with a blocked counter (an ad blocker, a corporate proxy): the e2e server configures
 * METRIKA_COUNTER_ID (tests/e2e/server.ts), this browser refuses Metrika's origin. Pages work as before, no script
 * error, and the goals wait in the tag's queue.
 */
test('a blocked Metrika tag breaks nothing and the login goal is queued', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const blocked: string[] = []
  await page.route('https://mc.yandex.ru/**', (route) => {
    blocked.push(route.request().url())
    return route.abort('blockedbyclient')
  })
  await signInDemo(page)
  await expect(page.getByTestId('home')).toBeVisible()
  expect(blocked.some((url) => url.endsWith('/metrika/tag.js'))).toBe(true)
  const queued = await page.evaluate(() =>
    ((window as unknown as { ym?: { a?: unknown[][] } }).ym?.a ?? []).map((call) => Array.from(call)),
  )
  expect(queued).toContainEqual([98765432, 'reachGoal', 'login'])
  // The app goes on: a client navigation and a form still work.
  await page.getByRole('link', { name: 'Типы событий' }).first().click()
  await expect(page).toHaveURL(/\/eventTypes/)
  await expect(page.getByTestId('event-type-card').first()).toBeVisible()
  await page.goto('/tariff/features')
  await expect(page.getByTestId('current-plan')).toBeVisible()
  expect(errors).toEqual([])
})
