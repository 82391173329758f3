/**
 * Issue 18 "Time and language" in the browser: a Tokyo guest in English (the browser's language, no `?lang=`) sees
 * Tokyo times and readable zone names from the first render on; a zone once chosen is kept; without script the
 * page says which zone it shows; the Russian picker names zones by Russian cities.
 */
import { type Page, expect, test } from '@playwright/test'

const EVENT = '/user/demo/event/consultation'

type Seen = { url: string; zone: string | null; slotsVisible: boolean; lang: string }

/** What each document showed once parsed (recorded by the init script below), oldest first. */
async function seen(page: Page): Promise<Seen[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('zone-test-seen') ?? '[]'))
}

async function tokyoSlotsOfShownDay(page: Page): Promise<string[]> {
  const date = (await page.locator('[data-testid="free-day"][aria-current="date"]').getAttribute('data-date')) ?? ''
  const [y, m, d] = date.split('-')
  const api = await page.request.get(`/api/v2/public/demo/eventTypes/consultation/slots/${y}/${m}/${d}`, {
    headers: { timezone: 'Asia/Tokyo' },
  })
  return ((await api.json()) as { data: { from: string; to: string }[] }).data.map((s) => `${s.from}–${s.to}`)
}

test('a Tokyo guest in English sees Tokyo times and readable zone names at first render', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' })
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const select = document.querySelector('[data-testid="zone-select"]') as unknown as { value: string } | null
      const part = document.querySelector('[data-zone-dependent]')
      const slotsVisible = part !== null && getComputedStyle(part).visibility !== 'hidden'
      const list = JSON.parse(sessionStorage.getItem('zone-test-seen') ?? '[]')
      list.push({ url: location.href, zone: select?.value ?? null, slotsVisible, lang: document.documentElement.lang })
      sessionStorage.setItem('zone-test-seen', JSON.stringify(list))
    })
  })
  const page = await context.newPage()

  // First visit: no ?tz=, no ?lang=, no cookie.
  await page.goto(EVENT)
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const select = page.getByTestId('zone-select')
  await expect(select).toHaveValue('Asia/Tokyo')
  await expect(select.locator('option:checked')).toHaveText('Tokyo')
  await expect(select.locator('optgroup[label="UTC+09:00 · Japan"] option[value="Asia/Tokyo"]')).toHaveCount(1)
  // Every zone reads as a city, never as an IANA id.
  const texts = await select.locator('option').allTextContents()
  expect(texts.length).toBeGreaterThan(300)
  expect(texts.filter((text) => text.includes('/') || text.includes('_'))).toEqual([])
  const shown = await page.locator('label:has([data-testid="slot"]) span').first().textContent()
  expect(await tokyoSlotsOfShownDay(page)).toContain(shown)

  // No document ever showed slots in another zone: the host's zone (Moscow) was never painted.
  const first = await seen(page)
  expect(first.length).toBeGreaterThan(0)
  for (const record of first.filter((r) => r.slotsVisible)) expect(record.zone, record.url).toBe('Asia/Tokyo')
  expect(first.filter((r) => r.slotsVisible).length).toBeGreaterThan(0)

  // The next visit renders in Tokyo at once, from the kept zone: no redirect, the first document is right.
  await page.evaluate(() => sessionStorage.removeItem('zone-test-seen'))
  await page.goto(EVENT)
  await expect(select).toHaveValue('Asia/Tokyo')
  expect(page.url()).not.toContain('tz=')
  const again = await seen(page)
  expect(again).toHaveLength(1)
  expect(again[0]).toMatchObject({ zone: 'Asia/Tokyo', slotsVisible: true, lang: 'en' })

  // Searching the picker by country narrows it to that country's cities.
  await page.getByTestId('zone-search').fill('japan')
  await expect(select.locator('optgroup option')).toHaveText(['Tokyo'])
  await context.close()
})

test('without script the page names the zone it shows and the guest can choose theirs, which is kept', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo', locale: 'en-US' })
  const page = await context.newPage()
  await page.goto(EVENT)
  await expect(page.getByTestId('zone-note')).toHaveText('Times are shown in Moscow time. Choose your time zone below.')
  await expect(page.getByTestId('zone-select')).toHaveValue('Europe/Moscow')
  await page.getByTestId('zone-select').selectOption('Asia/Tokyo')
  await page.getByTestId('zone-picker').getByRole('button').click()
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/)
  await expect(page.getByTestId('zone-note')).toHaveCount(0)
  // Kept in the cookie: the plain link shows Tokyo now.
  await page.goto(EVENT)
  await expect(page.getByTestId('zone-select')).toHaveValue('Asia/Tokyo')
  await expect(page.getByTestId('zone-note')).toHaveCount(0)
  await context.close()
})

test('the Russian picker names every zone by a Russian city', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/Coyhaique', locale: 'ru-RU' })
  const page = await context.newPage()
  await page.goto(`${EVENT}?tz=America/Coyhaique`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  const select = page.getByTestId('zone-select')
  await expect(select.locator('option:checked')).toHaveText('Койайке')
  const texts = await select.locator('option').allTextContents()
  expect(texts.filter((text) => !/^[А-Яа-яЁё]/.test(text))).toEqual([])
  await context.close()
})
