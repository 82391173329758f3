/**
 * Issue 18 "Accessibility (WCAG 2.2 AA)": axe-core finds no serious or critical issue on the public booking pages
 * (host page, event page, its form and success steps, the manage page) and on every dashboard page (the `_app.*`
 * routes), in both languages (the desktop and phone projects run it on both sizes); and a guest books with the
 * keyboard alone: the day, the slots and the form reached and operated by Tab, Space and Enter.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'
import { bookThroughApi, freeSlots, mailTo, setLanguage, signInDemo, soon, uniqueEmail } from './helpers.ts'

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

/**
 * Every dashboard view (one page load each): the `_app.*` routes, the detail pages reached through their lists'
 * links and a meeting booked for the test.
 */
const DASHBOARD_VIEWS = [
  '/',
  '/eventTypes',
  '/eventTypes/create',
  '/meetings',
  '/meetings?view=calendar',
  '/meetings?view=week',
  '/meetings?view=day',
  '/meetings/one-time-event/create',
  '/contacts',
  '/schedules',
  '/integrations',
  '/integrations/apple',
  '/integrations/tgBot',
  '/notification-center',
  '/profile',
  '/profile?changePassword=1',
  '/profile/api',
  '/tariff',
  '/tariff/features',
  '/wallet',
  '/menu',
  '/shareLink',
  '/specialistPagePreview',
]

test.describe('dashboard', () => {
  test.describe.configure({ timeout: 240_000 })

  for (const language of ['ru', 'en'] as const) {
    test(`${language}: every dashboard page has no serious or critical axe violations`, async ({ page }) => {
      await signInDemo(page)
      await setLanguage(page, language)
      try {
        const [slot] = await freeSlots(page.request, 'consultation', 1, soon())
        const guest = { firstName: 'Axe', lastName: 'Гость', email: uniqueEmail(`axe-${language}`) }
        const { meetingIds } = await bookThroughApi(page.request, 'consultation', slot.start, guest, language)
        const found: Record<string, unknown> = {}
        const check = async (path: string) => {
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          const violations = await seriousViolations(page)
          if (violations.length > 0) found[path] = violations
        }
        for (const path of DASHBOARD_VIEWS) await check(path)
        await page.goto('/eventTypes')
        const eventType =
          (await page.locator('a[href^="/eventTypes/"]:not([href$="create"])').first().getAttribute('href')) ?? ''
        await check(eventType.replace(/\?.*$/, ''))
        await check(`${eventType.replace(/\?.*$/, '')}?tab=share`)
        await page.goto('/schedules')
        await check((await page.locator('a[href^="/schedules/"]').first().getAttribute('href')) ?? '')
        await check(`/meetings/${meetingIds[0]}`)
        await check(`/meetings/${meetingIds[0]}/reminders`)
        expect(found).toEqual({})
      } finally {
        await setLanguage(page, 'ru')
      }
    })
  }
})

/** Presses Tab until the focused element matches `selector` (at most `max` presses); fails otherwise. */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

test('a guest books with the keyboard alone: day, slot, form, with a visible focus', async ({ page }) => {
  // Next month: the current one may have a single day with free time left near its end.
  const next = new Date()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + 1)
  await page.goto(`/user/demo/event/consultation?lang=en&tz=Europe/Moscow&month=${next.toISOString().slice(0, 7)}`)
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
