/**
 * Issue 18 "Accessibility (WCAG 2.2 AA)" on the public booking pages: axe-core finds no serious or critical issue
 * (host page, event page, its form and success steps, the manage page), in both languages; and a guest books with the
 * keyboard alone: the day, the slots and the form reached and operated by Tab, Space and Enter.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'
import { mailTo } from './helpers.ts'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }))
}

for (const language of ['ru', 'en'] as const) {
  test(`${language}: the public booking pages have no serious or critical axe violations`, async ({
    page,
    request,
  }) => {
    await page.goto(`/user/demo?lang=${language}&tz=Europe/Moscow`)
    expect(await seriousViolations(page), 'host page').toEqual([])
    await page.goto(`/user/demo/event/consultation?lang=${language}&tz=Europe/Moscow`)
    await expect(page.locator('label:has([data-testid="slot"])').first()).toBeVisible()
    expect(await seriousViolations(page), 'event page').toEqual([])
    await page.locator('label:has([data-testid="slot"])').first().click()
    await page.getByTestId('continue').click()
    await expect(page.getByTestId('booking-form')).toBeVisible()
    expect(await seriousViolations(page), 'form step').toEqual([])
    const email = `axe${language}${Date.now().toString(36)}@example.com`
    await page.locator('#field-firstName').fill('Гость')
    await page.locator('#field-email').fill(email)
    await page.getByTestId('book').click()
    await expect(page.getByTestId('booking-success')).toBeVisible()
    expect(await seriousViolations(page), 'success step').toEqual([])
    const mail = await mailTo(request, email, (m) => m.text.includes('/booking/manage/'))
    const manage = /\/booking\/manage\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? ''
    await page.goto(`${manage}?lang=${language}`)
    await expect(page.locator('h1')).toBeVisible()
    expect(await seriousViolations(page), 'manage page').toEqual([])
  })
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses); fails otherwise. */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

test('a guest books with the keyboard alone: day, slot, form, with a visible focus', async ({ page }) => {
  await page.goto('/user/demo/event/consultation?lang=en&tz=Europe/Moscow')
  await expect(page.locator('label:has([data-testid="slot"])').first()).toBeVisible()
  // Another day with free time, chosen by Enter on its link.
  const days = page.getByTestId('free-day')
  const second = (await days.nth(1).getAttribute('data-date')) ?? ''
  await tabTo(page, `[data-testid="free-day"][data-date="${second}"]`)
  await page.keyboard.press('Enter')
  await expect(page.locator(`[data-testid="free-day"][data-date="${second}"]`)).toHaveAttribute('aria-current', 'date')
  await expect(page.getByTestId('slot-picker')).toHaveAttribute('aria-busy', 'false')
  // The first slot: reached by Tab, its label outlined while focused, chosen by Space.
  await tabTo(page, '[data-testid="slot"]')
  const label = page.locator('label:has([data-testid="slot"]:focus)')
  await expect(label).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('Space')
  await expect(page.locator('[data-testid="slot"]:checked')).toHaveCount(1)
  await tabTo(page, '[data-testid="continue"]')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('booking-form')).toBeVisible()
  await tabTo(page, '#field-firstName')
  await page.keyboard.type('Keyboard')
  await tabTo(page, '#field-email')
  await page.keyboard.type(`keys${Date.now().toString(36)}@example.com`)
  await tabTo(page, '[data-testid="book"]')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('booking-success')).toBeVisible()
})
