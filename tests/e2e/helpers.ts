/**
 * Shared steps of the browser tests. Every spec and both projects (desktop, phone) share one database, so the
 * helpers never count rows other tests change: they find their own data by unique emails and ids.
 */
import { execFileSync } from 'node:child_process'
import { type APIRequestContext, type Page, expect } from '@playwright/test'
import { e2eStateDir } from './state.ts'

export type Mail = {
  id: string
  to: string
  subject: string
  text: string
  status: string
  attachments: string[]
  /** The calendar invitation's text (development mail only). */
  ics: string | null
}

export const DEMO_LOGIN = { login: 'demo', password: 'Demo-password-1', email: 'demo@example.com' }

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** Runs SQL against the e2e database (tests/e2e/server.ts keeps it under .wrangler/e2e-<port>). */
export function sql(command: string): string {
  return execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', e2eStateDir, '--command', command],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      stdio: 'pipe',
    },
  ).toString()
}

export async function mails(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get('/dev/mail.json')
  return (await response.json()) as Mail[]
}

/** Waits for an email to `to` that `match` accepts, and returns it. */
export async function mailTo(request: APIRequestContext, to: string, match: (mail: Mail) => boolean = () => true) {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      found = (await mails(request)).find((m) => m.to === to && match(m))
      return found !== undefined
    })
    .toBe(true)
  return found as Mail
}

/** Signs the demo specialist in through the login page (Russian, the demo profile's language). */
export async function signInDemo(page: Page) {
  await page.context().clearCookies()
  await page.goto('/login')
  if ((await page.locator('html').getAttribute('lang')) !== 'ru') {
    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  }
  await page.getByLabel('Логин или email').fill(DEMO_LOGIN.login)
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_LOGIN.password)
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/**
 * Sets the signed-in specialist's interface language, which also sets their profile's culture (the language
 * switch's own action). Tests that use English set Russian back afterwards: other specs rely on it.
 */
export async function setLanguage(page: Page, language: 'ru' | 'en') {
  const response = await page.request.post('/language', {
    form: { language, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
}

export type FreeSlot = { day: string; from: string; to: string; start: string; end: string; seatsLeft: number }

/** A client address of its own, so the per-address booking rate limit of one test never hits another's. */
export function clientAddress() {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
}

/**
 * The free slots of a demo event type from now on, earliest first, through the public API: the free days of this
 * month and the next ones (so the last day of a month, a late hour or a weekend never leaves a test without slots).
 */
export async function freeSlots(
  request: APIRequestContext,
  eventLink: string,
  wanted = 1,
  /** Only slots starting at or after this instant (epoch ms). */
  notBefore = 0,
): Promise<FreeSlot[]> {
  const found: FreeSlot[] = []
  const now = new Date()
  for (let step = 0; step < 4 && found.length < wanted; step++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + step, 1))
    const year = month.getUTCFullYear()
    const number = month.getUTCMonth() + 1
    const days = await request.get(`/api/v2/public/demo/eventTypes/${eventLink}/days/${year}/${number}`)
    expect(days.ok()).toBe(true)
    for (const day of ((await days.json()) as { data: string[] }).data) {
      const [d, m, y] = day.split('.')
      const slots = await request.get(`/api/v2/public/demo/eventTypes/${eventLink}/slots/${y}/${m}/${d}`)
      expect(slots.ok()).toBe(true)
      found.push(...((await slots.json()) as { data: FreeSlot[] }).data.filter((s) => Date.parse(s.start) >= notBefore))
      if (found.length >= wanted) break
    }
  }
  expect(found.length).toBeGreaterThanOrEqual(wanted)
  return found
}

/** An hour from now: slots a test books start no earlier, so none turns "completed" while the test runs. */
export function soon() {
  return Date.now() + 60 * 60_000
}

export type Guest = { firstName: string; lastName: string; email: string }

/** A client books one start of a demo event type through the public API, as the booking page does. */
export async function bookThroughApi(
  request: APIRequestContext,
  eventLink: string,
  start: string,
  guest: Guest,
  language: 'ru' | 'en' = 'ru',
): Promise<{ bookingId: string; meetingIds: string[] }> {
  const response = await request.post(`/api/v2/public/demo/eventTypes/${eventLink}/events`, {
    data: { contactInfo: guest, slots: [{ start }] },
    headers: { 'Accept-Language': language, 'CF-Connecting-IP': clientAddress() },
  })
  const body = (await response.json()) as { isOk: boolean; data: { bookingId: string; meetingIds: string[] } }
  expect(response.status(), JSON.stringify(body)).toBe(201)
  return body.data
}

/** Clicks a button that opens a confirmation dialog, retrying until the page has hydrated and the dialog is open. */
export async function openDialog(page: Page, name: string | RegExp, scope = page.locator('body')) {
  await expect(async () => {
    await scope
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 })
  }).toPass()
}

/**
 * A guest books a free slot of a demo event type on its public page, in `language`.
 * Run it in a context without the specialist's session (a client's browser).
 */
export async function bookOnPublicPage(
  page: Page,
  eventLink: string,
  guest: Guest,
  language: 'ru' | 'en',
  /** A slot from `freeSlots` (its day in the host's zone); by default the first one starting an hour or more ahead. */
  slot?: FreeSlot,
) {
  const chosen = slot ?? (await freeSlots(page.request, eventLink, 1, soon()))[0]
  const [d, m, y] = chosen.day.split('.')
  const params = new URLSearchParams({ tz: 'Europe/Moscow', month: `${y}-${m}`, date: `${y}-${m}-${d}` })
  if (language === 'en') params.set('lang', 'en')
  await page.goto(`/demo/${eventLink}?${params}`)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  await page.waitForLoadState('networkidle')
  const label = page.locator(`label:has([data-testid="slot"][value="${Date.parse(chosen.start)}"])`)
  await expect(label).toBeVisible()
  await label.click()
  await expect(page.locator('[data-testid="slot"]:checked')).toHaveCount(1)
  await page.getByTestId('continue').click()
  await expect(page.getByTestId('booking-form')).toBeVisible()
  await page.locator('#field-firstName').fill(guest.firstName)
  await page.locator('#field-lastName').fill(guest.lastName)
  await page.locator('#field-email').fill(guest.email)
  await page.getByTestId('book').click()
  await expect(page.getByTestId('booking-success')).toContainText(
    language === 'en' ? 'You are booked!' : 'Вы записаны!',
  )
}

/**
 * Submits the one-time meeting form and returns its "created" card. Another run may have picked the same hour: "Book
 * anyway?" then creates it. A click that lands while the app shell re-renders can be lost: it clicks again while
 * neither answer is shown.
 */
export async function createOneTime(page: Page) {
  const created = page.getByTestId('one-time-created')
  const conflict = page.getByTestId('one-time-conflict')
  await expect(async () => {
    if ((await page.getByTestId('one-time-create').isVisible()) && !(await conflict.isVisible()))
      await page.getByTestId('one-time-create').click({ timeout: 2000 })
    await expect(created.or(conflict)).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 40_000 })
  if (await conflict.isVisible()) await page.getByTestId('one-time-anyway').click()
  return created
}
