/**
 * Issue 18: the language switch on public pages an English browser reads in English (ADR 0091). The switch always
 * offers the other language of the page as the server rendered it, and a client navigation from a public page (the
 * browser's language) to a dashboard page (Russian by default) shows that page in its own language, not in the
 * public page's texts under a Russian `<html lang>`.
 */
import { type Page, expect, test } from '@playwright/test'

const switchOf = (page: Page) => page.getByTestId('language-switch')

test('an English guest switches the event page to Russian and back, and the sign-in page reads in its own language', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' })
  const page = await context.newPage()
  await page.goto('/user/demo/event/consultation')
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(switchOf(page)).toHaveAttribute('lang', 'ru')

  await switchOf(page).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByTestId('zone-select').locator('option:checked')).toHaveText('Токио')
  await expect(switchOf(page)).toHaveAttribute('lang', 'en')
  await switchOf(page).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByTestId('zone-select').locator('option:checked')).toHaveText('Tokyo')
  await context.close()

  // A fresh English browser (no language chosen): the host's page is English; "Sign in" is a client navigation to a
  // dashboard page, which is Russian until one is chosen. Its texts, its <html lang> and the switch agree.
  const fresh = await browser.newContext({ locale: 'en-US' })
  const guest = await fresh.newPage()
  await guest.goto('/user/demo')
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en')
  await expect(switchOf(guest)).toHaveAttribute('lang', 'ru')
  await guest.getByRole('link', { name: 'Sign in' }).click()
  await expect(guest).toHaveURL(/\/login$/)
  await expect(guest.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(guest.locator('h1')).toHaveText('Вход')
  await expect(switchOf(guest)).toHaveAttribute('lang', 'en')
  await switchOf(guest).click()
  await expect(guest.locator('h1')).toHaveText('Sign in')
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en')
  await fresh.close()
})
