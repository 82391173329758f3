/**
 * Issue 18 "daily use" in the browser (ADR 0109): the signed-in header on public pages, the meetings' week and day
 * views reached by plain links, the contacts list on a 412 px phone without clipping.
 */
import { expect, test } from '@playwright/test'
import { bookThroughApi, freeSlots, signInDemo, soon, uniqueEmail } from './helpers.ts'

test('a signed-in specialist sees their header on public pages; a guest sees sign in', async ({ page, browser }) => {
  await signInDemo(page)
  await page.goto('/user/demo/event/consultation?tz=Europe/Moscow')
  await expect(page.getByTestId('header-user')).toContainText('Анна Демидова')
  await page.getByTestId('header-user').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('home')).toBeVisible()
  const guest = await browser.newContext({ locale: 'ru-RU' })
  const guestPage = await guest.newPage()
  await guestPage.goto(`${test.info().project.use.baseURL}/user/demo?tz=Europe/Moscow`)
  await expect(guestPage.locator('header a[href="/login"]')).toBeVisible()
  await expect(guestPage.getByTestId('header-user')).toHaveCount(0)
  await guest.close()
})

test('meetings: week and day views beside the month, by plain links', async ({ page }) => {
  await signInDemo(page)
  const [slot] = await freeSlots(page.request, 'consultation', 1, soon())
  await bookThroughApi(page.request, 'consultation', slot.start, {
    firstName: 'Неделя',
    lastName: 'Тест',
    email: uniqueEmail('week'),
  })
  const [d, m, y] = slot.day.split('.')
  await page.goto(`/meetings?view=week&date=${y}-${m}-${d}`)
  await expect(page.getByTestId('meetings-week')).toBeVisible()
  await expect(page.getByTestId('agenda-day')).toHaveCount(7)
  await expect(
    page.locator(`[data-testid="agenda-day"][data-date="${y}-${m}-${d}"] [data-testid="agenda-entry"]`).first(),
  ).toBeVisible()
  await page.getByTestId('view-day').click()
  await expect(page.getByTestId('meetings-day')).toBeVisible()
  await expect(page.getByTestId('agenda-day')).toHaveCount(1)
  await page.getByTestId('calendar-next').click()
  await expect(page).toHaveURL(/view=day/)
  await page.getByTestId('view-calendar').click()
  await expect(page.getByTestId('meetings-calendar')).toBeVisible()
  await page.getByTestId('view-list').click()
})

test('contacts on a 412 px phone: nothing clipped, no empty columns', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await signInDemo(page)
  const [slot] = await freeSlots(page.request, 'consultation', 1, soon())
  await bookThroughApi(page.request, 'consultation', slot.start, {
    firstName: 'Константин',
    lastName: 'Длиннофамильный-Верещагин',
    email: uniqueEmail('a-very-long-address-of-a-client'),
  })
  await page.goto('/contacts')
  await expect(page.getByTestId('contact-row').first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const row = page.getByTestId('contact-row').first()
  const box = await row.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(412)
})
