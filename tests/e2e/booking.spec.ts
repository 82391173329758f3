import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type APIRequestContext, type FrameLocator, type Page, expect, test } from '@playwright/test'
import { clientAddress, freeSlots, soon } from './helpers.ts'

type Mail = { to: string; subject: string; text: string; attachments: string[] }

const TEXTS = {
  ru: {
    success: 'Вы записаны!',
    organizerSubject: 'Новая запись',
    clientSubject: 'Вы записаны',
    month: /Ноябрь|Декабрь|Январь|[А-Я][а-я]+ \d{4}/,
  },
  en: {
    success: 'You are booked!',
    organizerSubject: 'New booking',
    clientSubject: 'You are booked',
    month: /[A-Z][a-z]+ \d{4}/,
  },
} as const

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

async function mails(page: Page): Promise<Mail[]> {
  const response = await page.request.get('/dev/mail.json')
  return (await response.json()) as Mail[]
}

/**
 * The host-zone dates (YYYY-MM-DD) holding at least two free consultation starts an hour or more ahead, earliest
 * first. Late in the day today may have one start left, and on a month's last days the current month may have no
 * free day at all: the tests pick such a date instead of assuming the first free day of this month has two.
 */
async function daysWithTwoSlots(request: APIRequestContext): Promise<string[]> {
  const perDay = new Map<string, number>()
  for (const slot of await freeSlots(request, 'consultation', 60, soon())) {
    const [d, m, y] = slot.day.split('.')
    const date = `${y}-${m}-${d}`
    perDay.set(date, (perDay.get(date) ?? 0) + 1)
  }
  const days = [...perDay].filter(([, count]) => count >= 2).map(([date]) => date)
  expect(days.length).toBeGreaterThanOrEqual(2)
  return days
}

/** Opens a free day of the month calendar (its day link), going to the next months while it is not shown. */
async function openDay(scope: Page | FrameLocator, date: string) {
  const day = scope.locator(`[data-testid="free-day"][data-date="${date}"]`)
  for (let step = 0; step < 3 && (await day.count()) === 0; step++) {
    const title = (await scope.getByTestId('month-title').textContent()) ?? ''
    await scope.getByTestId('next-month').click()
    await expect(scope.getByTestId('month-title')).not.toHaveText(title)
  }
  if ((await day.getAttribute('aria-current')) !== 'date') await day.click()
  await expect(day).toHaveAttribute('aria-current', 'date')
}

/** Picks the first two free slots of the shown day and fills in the form. */
async function bookTwoSlots(scope: Page | FrameLocator, email: string, language: 'ru' | 'en') {
  const labels = scope.locator('label:has([data-testid="slot"])')
  await expect(labels.first()).toBeVisible()
  await labels.nth(0).click()
  await labels.nth(1).click()
  await expect(scope.locator('[data-testid="slot"]:checked')).toHaveCount(2)
  await scope.getByTestId('continue').click()
  await expect(scope.getByTestId('booking-form')).toBeVisible()
  await expect(scope.getByTestId('chosen-slot')).toHaveCount(2)
  await scope.locator('#field-firstName').fill('Гость')
  await scope.locator('#field-lastName').fill('Тестов')
  await scope.locator('#field-email').fill(email)
  await scope.locator('#field-comment').fill('Hello; "quoted", comment')
  await scope.getByTestId('book').click()
  await expect(scope.getByTestId('booking-success')).toBeVisible()
  await expect(scope.getByTestId('booking-success')).toContainText(TEXTS[language].success)
  await expect(scope.getByTestId('booked-slot')).toHaveCount(2)
}

async function expectBothEmails(page: Page, email: string, language: 'ru' | 'en') {
  const all = await mails(page)
  const toClient = all.find((m) => m.to === email)
  expect(toClient?.subject).toContain(TEXTS[language].clientSubject)
  expect(toClient?.attachments).toEqual(['meeting.ics'])
  const toOrganizer = all.find((m) => m.to === 'demo@example.com' && m.text.includes(email))
  // The organizer gets their own language (the demo specialist's culture is Russian).
  expect(toOrganizer?.subject).toContain(TEXTS.ru.organizerSubject)
  expect(toOrganizer?.attachments).toEqual(['meeting.ics'])
  await page.goto('/dev/mail')
  await expect(page.getByTestId('dev-mail-to').filter({ hasText: email })).toHaveCount(1)
}

// A client address per test (the pages trust CF-Connecting-IP as Cloudflare sets it): the per-address booking limit
// (10 a minute) counts every test's bookings otherwise, and both projects run in well under a minute each.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': clientAddress() })
})

for (const language of ['ru', 'en'] as const) {
  test(`a guest books two slots on the public page (${language}), gets the ICS and both emails`, async ({ page }) => {
    const email = uniqueEmail(`guest-${language}`)
    await page.goto(`/user/demo${language === 'en' ? '?lang=en' : ''}`)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByTestId('profile-card')).toContainText('Анна Демидова')
    await page.getByTestId('host-event-type').filter({ hasText: 'Консультация' }).click()
    await expect(page.getByTestId('event-name')).toHaveText('Консультация')
    await expect(page.getByTestId('month-title')).toHaveText(TEXTS[language].month)
    await expect(page.getByTestId('month-calendar')).toBeVisible()

    await openDay(page, (await daysWithTwoSlots(page.request))[0])
    await bookTwoSlots(page, email, language)
    const href = await page.getByTestId('ics-link').getAttribute('href')
    const ics = await (await page.request.get(href ?? '')).text()
    expect(ics).toContain('BEGIN:VCALENDAR')
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(ics).toContain('\r\n')
    await expectBothEmails(page, email, language)
  })
}

test('the booking flow works with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
  })
  const page = await context.newPage()
  const email = uniqueEmail('nojs')
  await page.goto('/demo/consultation?lang=en')
  // Days are links: open a later free day (the second one with two free starts).
  await openDay(page, (await daysWithTwoSlots(page.request))[1])
  await bookTwoSlots(page, email, 'en')
  await expectBothEmails(page, email, 'en')
  await context.close()
})

test("the browser's zone is detected and shown: the zone select and the slots follow it", async ({ browser }) => {
  // The tests' browser reports UTC, which is not in the zone list: a context in Tokyo has a zone to detect.
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' })
  const page = await context.newPage()
  // Arriving by a client navigation from the host page: the zone list is fetched, the zone detected.
  await page.goto('/user/demo?lang=en')
  await page.getByTestId('host-event-type').filter({ hasText: 'Консультация' }).click()
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/)
  const select = page.getByTestId('zone-select')
  await expect(select).toHaveValue('Asia/Tokyo')
  await expect(select.locator('option')).not.toHaveCount(1)
  expect(await select.locator('option').count()).toBeGreaterThan(300)
  // The slots are Tokyo times: the shown day's list, as the API gives it for that zone.
  const date = (await page.locator('[data-testid="free-day"][aria-current="date"]').getAttribute('data-date')) ?? ''
  const [y, m, d] = date.split('-')
  const api = await page.request.get(`/api/v2/public/demo/eventTypes/consultation/slots/${y}/${m}/${d}`, {
    headers: { timezone: 'Asia/Tokyo' },
  })
  const tokyo = ((await api.json()) as { data: { from: string; to: string }[] }).data.map((s) => `${s.from}–${s.to}`)
  const shown = await page.locator('label:has([data-testid="slot"]) span').first().textContent()
  expect(tokyo).toContain(shown)

  // A first load detects too (a fresh visitor: the detected zone is kept in a cookie), and choosing another zone
  // shows it.
  await context.clearCookies()
  await page.goto('/user/demo/event/consultation?lang=en')
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/)
  await expect(select).toHaveValue('Asia/Tokyo')
  await select.selectOption('America/New_York')
  await expect(page).toHaveURL(/tz=America%2FNew_York/)
  await expect(select).toHaveValue('America/New_York')
  await context.close()
})

test('moving between months and days fetches only the calendar, with a progress state; the URL follows', async ({
  page,
}) => {
  await page.goto('/user/demo/event/consultation?tz=Europe/Moscow&lang=en')
  await expect(page.getByTestId('free-day').first()).toBeVisible()
  // Months and days move by fetch only once the page has hydrated (a click before that is a plain page load): the
  // zone picker's no-script "Show" button goes away then.
  await expect(page.getByTestId('zone-picker').locator('button[type="submit"]')).toHaveCount(0)
  const pageData: string[] = []
  const calendar: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('.data') || url.searchParams.has('_data')) pageData.push(request.url())
    if (url.pathname.startsWith('/booking/calendar/')) calendar.push(url.search)
  })
  // Hold each calendar answer until the progress state has been seen (this machine's timing is no guide).
  // A release lets one held answer go, also one whose request reaches the route only after the release (the busy
  // state shows as soon as the URL changes, which may be before the fetch is routed).
  const waiting: (() => void)[] = []
  let permits = 0
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else permits++
  }
  let held = 0
  await page.route('**/booking/calendar/**', async (route) => {
    // The month and the day answers wait for the test; later ones (back, forward) go straight through.
    if (++held <= 2) {
      if (permits > 0) permits--
      else await new Promise<void>((resolve) => waiting.push(resolve))
    }
    await route.continue()
  })
  const firstMonth = (await page.getByTestId('month-title').textContent()) ?? ''
  await page.getByTestId('next-month').click()
  await expect(page.getByTestId('month-calendar')).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByTestId('calendar-loading')).toBeAttached()
  release()
  await expect(page.getByTestId('month-title')).not.toHaveText(firstMonth)
  await expect(page.getByTestId('month-calendar')).toHaveAttribute('aria-busy', 'false')
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/)
  const secondMonth = (await page.getByTestId('month-title').textContent()) ?? ''

  const days = page.getByTestId('free-day')
  await expect(days.first()).toHaveAttribute('aria-current', 'date')
  const date = (await days.nth(1).getAttribute('data-date')) ?? ''
  await days.nth(1).click()
  await expect(page.getByTestId('slot-picker')).toHaveAttribute('aria-busy', 'true')
  release()
  await expect(days.nth(1)).toHaveAttribute('aria-current', 'date')
  await expect(page.getByTestId('slot-picker')).toHaveAttribute('aria-busy', 'false')
  await expect(page).toHaveURL(new RegExp(`date=${date}`))
  await expect(page.getByTestId('slot-picker').locator('h3')).toContainText(date.split('-').reverse().join('.'))
  await expect(page.locator('label:has([data-testid="slot"])').first()).toBeVisible()

  expect(calendar).toHaveLength(2)
  expect(calendar[0]).toContain('part=month')
  expect(calendar[1]).toContain('part=day')
  expect(calendar[1]).toContain(`date=${date}`)
  expect(pageData).toEqual([])

  // Back returns to the first free day of that month, then to the first month; a reload renders the same state.
  await page.goBack()
  await expect(days.first()).toHaveAttribute('aria-current', 'date')
  await page.goBack()
  await expect(page.getByTestId('month-title')).toHaveText(firstMonth)
  await page.goForward()
  await expect(page.getByTestId('month-title')).toHaveText(secondMonth)
  expect(pageData).toEqual([])
  await page.reload()
  await expect(page.getByTestId('month-title')).toHaveText(secondMonth)
})

const SIGNUP_TEXTS = {
  ru: { wrongCode: 'Неверный код', countdown: /Повторная отправка через \d+ с/, telegram: 'Напоминания в Telegram' },
  en: { wrongCode: 'Incorrect code', countdown: /Resend available in \d+ s/, telegram: 'Reminders in Telegram' },
} as const

for (const language of ['ru', 'en'] as const) {
  test(`after booking the guest creates an account by code and sees the booking as "I am booked" (${language})`, async ({
    page,
  }) => {
    const local = `guest.acc${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    const email = `${local}@example.com`
    await page.goto(`/user/demo/event/consultation?tz=Europe/Moscow&lang=${language}`)
    await page.locator('label:has([data-testid="slot"])').first().click()
    await page.getByTestId('continue').click()
    await page.locator('#field-firstName').fill('Гость')
    await page.locator('#field-email').fill(email)
    await page.getByTestId('book').click()
    await expect(page.getByTestId('booking-success')).toBeVisible()

    // Telegram reminders: the offer posts a one-time start token and redirects to the bot.
    await expect(page.getByTestId('telegram-offer')).toContainText(SIGNUP_TEXTS[language].telegram)
    const started = await page.request.post(page.url(), { form: { intent: 'telegram' }, maxRedirects: 0 })
    expect(started.status()).toBe(302)
    expect(started.headers().location).toMatch(/^https:\/\/t\.me\/fastslot_e2e_bot\?start=[A-Za-z0-9_-]{43}$/)

    const offer = page.getByTestId('account-offer')
    await expect(offer).toBeVisible()
    await expect(page.locator('#signup-login')).toHaveValue(local)
    await expect(page.locator('#signup-firstName')).toHaveValue('Гость')
    await page.locator('#signup-lastName').fill('Тестов')
    await page.locator('#signup-password').fill('Strong-pass-1')
    await page.locator('#signup-passwordRepeat').fill('Strong-pass-2')
    await page.getByTestId('signup-submit').click()
    await expect(page.getByTestId('error-passwordRepeat')).toBeVisible()
    await expect(page.getByTestId('error-isAgreementAccepted')).toBeVisible()
    await page.locator('#signup-password').fill('Strong-pass-1')
    await page.locator('#signup-passwordRepeat').fill('Strong-pass-1')
    await page.getByTestId('signup-agreement').check()
    await page.getByTestId('signup-submit').click()

    await expect(page.getByTestId('signup-code-form')).toBeVisible()
    await expect(page).toHaveURL(/signup=code/)
    await expect(page.getByTestId('signup-countdown')).toHaveText(SIGNUP_TEXTS[language].countdown)
    await expect(page.getByTestId('signup-resend')).toBeDisabled()
    await page.locator('#signup-code').fill('000000')
    await page.getByTestId('signup-confirm').click()
    await expect(page.getByTestId('booking-error')).toBeVisible()
    const wrongShown = await page.getByTestId('error-code').or(page.getByTestId('booking-error')).allTextContents()
    expect(wrongShown.join(' ')).toContain(SIGNUP_TEXTS[language].wrongCode)

    const codeMail = (await mails(page)).filter((m) => m.to === email && /\b\d{6}\b/.test(m.subject)).at(-1)
    const code = /\b(\d{6})\b/.exec(codeMail?.subject ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await page.locator('#signup-code').fill(code)
    await page.getByTestId('signup-confirm').click()
    await expect(page).toHaveURL(/\/meetings\?side=participant/)
    await expect(page.getByTestId('my-meeting-card')).toHaveCount(1)
    await expect(page.getByTestId('my-meeting-card')).toContainText('Консультация')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
  })
}

test('bad input in the booking form shows translated errors next to the fields', async ({ page }) => {
  await page.goto('/user/demo/event/consultation?lang=en')
  await openDay(page, (await daysWithTwoSlots(page.request))[0])
  await page.locator('label:has([data-testid="slot"])').first().click()
  await page.getByTestId('continue').click()
  await page.locator('#field-firstName').fill('G')
  await page.locator('#field-email').fill('not-an-email')
  await page.getByTestId('book').click()
  await expect(page.getByTestId('error-firstName')).toHaveText('At least 2 characters')
  await expect(page.getByTestId('error-email')).toHaveText('Invalid email')
  await expect(page.getByTestId('booking-form')).toBeVisible()
})

test('the widget books inside a frame on another origin and tells the parent page', async ({ page, baseURL }) => {
  const email = uniqueEmail('widget')
  const widget = `${baseURL}/widget/booking/user/demo/event/consultation?size=large&lang=en`
  // No script error in any frame (a cross-site frame may be refused sessionStorage: Remix's scroll restoration).
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /SecurityError|sessionStorage/.test(message.text())) errors.push(message.text())
  })
  // A plain HTML page on another origin (its own server on 127.0.0.1), as a partner site pasting the widget code,
  // and the share panel's snippet (the host page, framed).
  const html = `<!doctype html><html><body><h1>Partner site</h1>
    <iframe id="fastslot" src="${widget}" style="width:100%;border:none;height:900px"></iframe>
    <iframe id="snippet" src="${baseURL}/user/demo?lang=en" width="100%" height="900" style="border:none"></iframe>
    <script>
      window.fastslotMessages = []
      window.addEventListener('message', (e) => {
        if (e.data && e.data.source === 'fastslot') window.fastslotMessages.push(e.data)
      })
    </script></body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await page.goto(`http://127.0.0.1:${port}/`)
  const frame = page.frameLocator('#fastslot')
  await expect(frame.getByTestId('event-name')).toHaveText('Консультация')
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en')
  await openDay(frame, (await daysWithTwoSlots(page.request))[0])
  await bookTwoSlots(frame, email, 'en')
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { fastslotMessages: { type: string }[] }).fastslotMessages.map((m) => m.type),
      ),
    )
    .toEqual(expect.arrayContaining(['fastslot:height', 'fastslot:slotsHeld', 'fastslot:booked']))
  const booked = await page.evaluate(() =>
    (window as unknown as { fastslotMessages: { type: string; meetingIds?: string[] }[] }).fastslotMessages.find(
      (m) => m.type === 'fastslot:booked',
    ),
  )
  expect(booked?.meetingIds).toHaveLength(2)
  // The success view inside the frame offers the account in a new tab (a frame cannot sign anybody in).
  await expect(frame.getByTestId('account-new-tab')).toHaveAttribute('target', '_blank')

  // The framed host page is the widget too: no site header, no sign-up inside the frame, also after moving on.
  const snippet = page.frameLocator('#snippet')
  await expect(snippet.getByTestId('host-page')).toBeVisible()
  await expect(snippet.locator('a[href="/signup"]')).toHaveCount(0)
  await snippet.getByTestId('host-event-type').filter({ hasText: 'Консультация' }).click()
  await expect(snippet.getByTestId('event-name')).toHaveText('Консультация')
  await expect(snippet.locator('a[href="/signup"]')).toHaveCount(0)
  await expect(snippet.locator('a[href="/login"]')).toHaveCount(0)
  expect(errors).toEqual([])
  server.close()
  await expectBothEmails(page, email, 'en')
})

test('unknown logins and event types show the not-found state with 404', async ({ page }) => {
  const user = await page.goto('/user/no-such-user-here')
  expect(user?.status()).toBe(404)
  await expect(page.getByTestId('host-not-found')).toBeVisible()
  const event = await page.goto('/user/demo/event/no-such-event')
  expect(event?.status()).toBe(404)
  await expect(page.getByTestId('event-not-found')).toBeVisible()
})

test('the contact-organizer form sends a message', async ({ page }) => {
  await page.goto('/user/demo/event/group-review?lang=en')
  await page.getByTestId('contact-organizer').locator('summary').click()
  await page.locator('#contact-name').fill('Мария')
  await page.locator('#contact-email').fill('maria@example.com')
  await page.locator('#contact-text').fill('Do you have time on Saturday?')
  await page.getByTestId('contact-organizer').getByRole('button').click()
  await expect(page.getByTestId('contact-organizer')).toContainText('Message sent')
  const all = await mails(page)
  expect(all.some((m) => m.to === 'demo@example.com' && m.text.includes('Do you have time on Saturday?'))).toBe(true)
})

test('a success page opened anew hydrates in English without errors, its sign-up form posting by fetch', async ({
  page,
}) => {
  // The browser's translator must write what the server wrote (ADR 0116): a mismatch is a React error here.
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  await page.goto('/user/demo/event/consultation?tz=Europe/Moscow&lang=en')
  await page.locator('label:has([data-testid="slot"])').first().click()
  await page.getByTestId('continue').click()
  await page.locator('#field-firstName').fill('Гость')
  await page.locator('#field-email').fill(`guest.reload${Date.now().toString(36)}@example.com`)
  await page.getByTestId('book').click()
  await expect(page.getByTestId('booking-success')).toContainText(TEXTS.en.success)

  await page.reload({ waitUntil: 'networkidle' })
  await expect(page.getByTestId('booking-success')).toContainText(TEXTS.en.success)
  // Hydrated: the sign-up offer's form posts by fetch (a `.data` request), not as a new document.
  const post = page.waitForRequest((request) => request.method() === 'POST' && /\.data(\?|$)/.test(request.url()))
  await page.getByTestId('signup-submit').click()
  await post
  await expect(page.getByTestId('error-isAgreementAccepted')).toBeVisible()
  expect(errors).toEqual([])
})
