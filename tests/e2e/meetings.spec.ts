import { type Page, expect, test } from '@playwright/test'
import { bookOnPublicPage, mailTo } from './helpers.ts'

// Each test is a whole flow through several pages: more than the default budget on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Mail = { to: string; subject: string; text: string }

const DEMO = { login: 'demo', password: 'Demo-password-1' }

const TEXTS = {
  ru: {
    success: 'Вы записаны!',
    manageTitle: 'Ваша запись',
    manageCancel: 'Отменить запись',
    manageCancelled: 'Запись отменена. Специалист получил уведомление.',
    confirmTitle: 'Отменить запись?',
    bookAgain: 'Записаться снова',
  },
  en: {
    success: 'You are booked!',
    manageTitle: 'Your booking',
    manageCancel: 'Cancel my booking',
    manageCancelled: 'Your booking is cancelled. The specialist has been told.',
    confirmTitle: 'Cancel this booking?',
    bookAgain: 'Book again',
  },
} as const

/** The signed-in specialist side stays Russian: the demo specialist's culture is Russian and the profile decides. */
const RU = {
  loginOrEmail: 'Логин или email',
  password: 'Пароль',
  signIn: 'Войти',
  timeChanged: 'Время изменено',
  moveMeeting: 'Перенести встречу',
  newDate: 'Новая дата',
  showTimes: 'Показать свободное время',
  adjutantsLabel: 'Email помощников',
  saveAdjutants: 'Сохранить помощников',
  adjutantsSaved: 'Помощники сохранены',
  archiveAction: 'В архив',
  archived: 'Контакты перенесены в архив',
  reopen: 'Вернуть из архива',
  reopened: 'Контакты возвращены из архива',
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

async function mails(page: Page): Promise<Mail[]> {
  const response = await page.request.get('/dev/mail.json')
  return (await response.json()) as Mail[]
}

/** A guest books the first free start an hour or more ahead of the demo consultation on its public page. */
async function bookAsGuest(page: Page, email: string, language: 'ru' | 'en', lastName = 'Встречин') {
  await bookOnPublicPage(page, 'consultation', { firstName: 'Гость', lastName, email }, language)
}

async function signInDemo(page: Page) {
  await page.context().clearCookies()
  await page.goto('/login')
  if ((await page.locator('html').getAttribute('lang')) !== 'ru') {
    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  }
  await page.getByLabel(RU.loginOrEmail).fill(DEMO.login)
  await page.getByLabel(RU.password, { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: RU.signIn, exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** "dd.mm.yyyy" → "yyyy-mm-dd". */
function dmyToIso(text: string): string {
  const match = /(\d{2})\.(\d{2})\.(\d{4})/.exec(text)
  if (!match) throw new Error(`No date in "${text}"`)
  return `${match[3]}-${match[2]}-${match[1]}`
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

test('a specialist finds a booked meeting in the list and calendar, moves it, adds an adjutant, manages the contact', async ({
  page,
}) => {
  const email = uniqueEmail('meet-guest')
  await bookAsGuest(page, email, 'ru')

  await signInDemo(page)
  // Home: the statistics count the upcoming meeting and lead to the lists.
  await expect(page.getByTestId('home')).toBeVisible()
  await expect(page.getByTestId('home-user-card')).toContainText('Анна')
  const upcoming = page.getByTestId('stat-meetingsUpcoming')
  await expect(upcoming).toBeVisible()
  expect(Number((await upcoming.locator('span').first().textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(0)
  await expect(page.getByTestId('stat-contact')).toHaveAttribute('href', '/contacts')
  await upcoming.click()
  await expect(page).toHaveURL(/\/meetings\?filter=upcoming/)

  // The list: the guest's meeting card, found by the guest's email link.
  await page.goto('/meetings?view=list&filter=upcoming')
  const card = page.getByTestId('meeting-card').filter({ has: page.locator(`a[href="mailto:${email}"]`) })
  // Other tests book too (one database for every spec and project): follow "show more" while the card is not shown.
  for (let round = 0; round < 10 && (await card.count()) === 0; round++) {
    const more = page.getByTestId('meetings-page').locator('a[href*="limit="]')
    if ((await more.count()) === 0) break
    await page.goto(new URL((await more.getAttribute('href')) ?? '', page.url()).toString())
  }
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('Консультация')
  const id = await card.getAttribute('data-meeting-id')
  expect(id).toBeTruthy()
  const day = dmyToIso((await card.getByTestId('meeting-time').textContent()) ?? '')

  // The layout: choosing the calendar is kept; a full load of /meetings renders it at once (signed in, no 404), and a
  // status in the address (home's statistics links) still opens the list.
  await page.waitForLoadState('networkidle')
  await page.getByTestId('view-calendar').click()
  await expect(page.getByTestId('meetings-calendar')).toBeVisible()
  await expect(page.getByTestId('calendar-title')).not.toContainText(' Г.')
  await page.goto('/meetings')
  await page.reload()
  await expect(page.getByTestId('meetings-calendar')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('meetings-calendar')).toBeVisible()
  await page.goto('/meetings?filter=canceled')
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('meetings-calendar')).toHaveCount(0)
  await expect(
    page.getByTestId('meetings-page').locator('a[aria-current="page"][href$="?filter=canceled"]'),
  ).toBeVisible()

  // The month calendar shows the same meeting on its day.
  await page.goto(`/meetings?view=calendar&year=${day.slice(0, 4)}&month=${Number(day.slice(5, 7))}`)
  await expect(page.getByTestId('meetings-calendar')).toBeVisible()
  const entry = page.locator(`[data-testid="calendar-day"][data-date="${day}"] a[href="/meetings/${id}"]`)
  await expect(entry).toBeVisible()
  await entry.click()
  await expect(page).toHaveURL(new RegExp(`/meetings/${id}$`))
  await expect(page.getByTestId('meeting-detail')).toContainText(email)
  const before = (await page.getByTestId('meeting-time').textContent()) ?? ''

  // Change the time: the first free start on the meeting's day or a later one that is not the current start.
  let moved = false
  for (let offset = 0; offset < 14 && !moved; offset++) {
    const reschedule = page.getByTestId('reschedule')
    if (offset === 0) {
      // The date is typed DD.MM.YYYY into the picker's date field (the browser's calendar is behind a button).
      const typed = day.split('-').reverse().join('.')
      await page.waitForLoadState('networkidle')
      await reschedule.getByLabel(RU.newDate, { exact: true }).fill(typed)
      await reschedule.getByRole('button', { name: RU.showTimes }).click()
      await expect(page).toHaveURL(new RegExp(`date=${typed}`))
      await expect(reschedule.getByLabel(RU.newDate, { exact: true })).toHaveValue(typed)
    } else {
      // Older links name the date YYYY-MM-DD and still work.
      await page.goto(`/meetings/${id}?date=${addDays(day, offset)}`)
    }
    await expect(reschedule.locator('input[type="radio"]').first().or(page.getByTestId('no-slots'))).toBeAttached()
    const labels = reschedule.locator('label:has(input[type="radio"])')
    const count = await labels.count()
    for (let i = 0; i < count; i++) {
      const from = ((await labels.nth(i).textContent()) ?? '').trim()
      if (offset === 0 && before.includes(`, ${from}`)) continue
      await page.waitForLoadState('networkidle')
      await labels.nth(i).click()
      await reschedule.getByRole('button', { name: RU.moveMeeting }).click()
      await expect(page.getByText(RU.timeChanged)).toBeVisible()
      await expect(page.getByTestId('meeting-time')).toContainText(
        `${addDays(day, offset).split('-').reverse().join('.')}, ${from}`,
      )
      moved = true
      break
    }
  }
  expect(moved).toBe(true)
  await expect(page.getByTestId('meeting-time')).not.toHaveText(before)

  // Add an adjutant: saved on the meeting, who gets an invitation email.
  const adjutant = uniqueEmail('adjutant')
  await page.waitForLoadState('networkidle')
  await page.getByLabel(RU.adjutantsLabel).fill(adjutant)
  await page.getByRole('button', { name: RU.saveAdjutants }).click()
  await expect(page.getByText(RU.adjutantsSaved)).toBeVisible()
  await page.reload()
  await expect(page.getByLabel(RU.adjutantsLabel)).toHaveValue(adjutant)
  await expect.poll(async () => (await mails(page)).some((m) => m.to === adjutant)).toBe(true)
  // The guest was told about the new time.
  await expect.poll(async () => (await mails(page)).filter((m) => m.to === email).length).toBeGreaterThan(1)

  // Contacts: the guest is there; filter by email, archive, find in the archive, reopen.
  await page.goto('/contacts')
  await expect(page.getByTestId('contacts-page')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.locator('details:has([data-testid="contacts-filter"]) > summary').click()
  await page.getByTestId('contacts-filter').locator('input[name="email"]').fill(email)
  await page.getByTestId('contacts-filter').getByRole('button', { name: 'Применить' }).click()
  await expect(page).toHaveURL(/email=/)
  const rows = page.getByTestId('contact-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(email)
  await page.waitForLoadState('networkidle')
  await rows.first().locator('input[name="contactIds"]').check()
  await page.getByTestId('contacts-actions').getByRole('button', { name: RU.archiveAction, exact: true }).click()
  await expect(page.getByText(RU.archived)).toBeVisible()
  await expect(page.getByTestId('contact-row')).toHaveCount(0)

  await page.goto(`/contacts?viewArchive=true&email=${encodeURIComponent(email)}`)
  await expect(page.getByTestId('contact-row')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  await page.getByTestId('contact-row').first().locator('input[name="contactIds"]').check()
  await page.getByTestId('contacts-actions').getByRole('button', { name: RU.reopen }).click()
  await expect(page.getByText(RU.reopened)).toBeVisible()
  await expect(page.getByTestId('contact-row')).toHaveCount(0)

  await page.goto(`/contacts?email=${encodeURIComponent(email)}`)
  await expect(page.getByTestId('contact-row')).toHaveCount(1)
})

for (const language of ['ru', 'en'] as const) {
  test(`a guest cancels their booking through the link of the confirmation email (${language})`, async ({ page }) => {
    const email = uniqueEmail(`manage-${language}`)
    // A family name of this test only: the specialist's email about the cancellation names the guest.
    const lastName = `Встречин${Math.random().toString(36).slice(2, 8)}`
    await bookAsGuest(page, email, language, lastName)
    // The confirmation step: the manage link and "add to calendar" links beside the ICS file.
    await expect(page.getByTestId('manage-link')).toHaveAttribute('href', /\/booking\/manage\/[^?]+\?lang=/)
    await expect(page.getByTestId('google-link')).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=/,
    )
    await expect(page.getByTestId('outlook-link')).toHaveAttribute(
      'href',
      /^https:\/\/outlook\.live\.com\/calendar\/0\/action\/compose\?subject=/,
    )
    await expect(page.getByTestId('yandex-link')).toHaveAttribute('href', /^\/ics\//)
    await expect.poll(async () => (await mails(page)).some((m) => m.to === email)).toBe(true)
    const confirmation = (await mails(page)).find((m) => m.to === email)
    const link = confirmation?.text.match(/\/booking\/manage\/[^\s]+/)?.[0]
    // The link names the language the guest booked in: it opens in it in any browser.
    expect(link).toMatch(new RegExp(`\\?lang=${language}$`))

    await page.context().clearCookies()
    await page.goto(link ?? '')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByTestId('manage-booking')).toContainText(TEXTS[language].manageTitle)
    await expect(page.getByTestId('manage-booking')).toContainText('Консультация')
    // The move offers a month calendar of free days, not a typed date.
    await expect(page.getByTestId('manage-move').getByTestId('free-day').first()).toBeVisible()
    // Cancel asks first, with an optional reason; "keep" closes the question and changes nothing.
    await page.getByTestId('manage-cancel').click()
    const dialog = page.getByRole('dialog', { name: TEXTS[language].confirmTitle })
    await expect(dialog).toBeVisible()
    await dialog.getByTestId('manage-keep').click()
    await expect(dialog).toBeHidden()
    await page.getByTestId('manage-cancel').click()
    await dialog.getByTestId('manage-cancel-reason').fill('Заболел, простите')
    await dialog.getByTestId('manage-cancel-confirm').click()
    await expect(page.getByTestId('manage-done')).toHaveText(TEXTS[language].manageCancelled)
    await expect(page.getByTestId('manage-cancel')).toHaveCount(0)
    // "Book again": the event's public page, in the guest's language.
    const again = page.getByTestId('manage-book-again')
    await expect(again).toHaveText(TEXTS[language].bookAgain)
    await expect(again).toHaveAttribute('href', new RegExp(`^/user/demo/event/consultation\\?lang=${language}&tz=`))

    // Kept after a reload: the booking shows as cancelled and can no longer be changed.
    await page.reload()
    await expect(page.getByTestId('manage-booking').getByTestId('meeting-status')).toHaveAttribute(
      'data-status',
      'canceled',
    )
    await expect(page.getByTestId('manage-cancel')).toHaveCount(0)
    // The specialist is told, in their own language (not by counting emails: /dev/mail.json lists the newest 200).
    const told = await mailTo(page.request, 'demo@example.com', (m) => m.text.includes(`Клиент: Гость ${lastName}.`))
    expect(told.subject).toBe('Запись отменена: Консультация')
    expect(told.text).toContain('Причина: Заболел, простите')
    await again.click()
    await expect(page.getByTestId('event-name')).toContainText('Консультация')
  })
}

test('without script, a guest confirms the cancel on the page itself, with a reason', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('manage-nojs')
  const lastName = `Безскриптов${Math.random().toString(36).slice(2, 8)}`
  await bookAsGuest(page, email, 'ru', lastName)
  const link = (await mailTo(page.request, email, (m) => m.text.includes('/booking/manage/'))).text.match(
    /\/booking\/manage\/[^\s]+/,
  )?.[0]
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const guest = await plain.newPage()
  await guest.goto(link ?? '')
  await guest.getByTestId('manage-cancel').click()
  await expect(guest).toHaveURL(/cancel=1/)
  const inline = guest.getByTestId('manage-cancel-inline')
  await expect(inline).toContainText(TEXTS.ru.confirmTitle)
  await inline.getByTestId('manage-cancel-reason').fill('Уезжаю')
  await inline.getByTestId('manage-cancel-confirm').click()
  await expect(guest.getByTestId('manage-done')).toHaveText(TEXTS.ru.manageCancelled)
  await expect(guest.getByTestId('manage-book-again')).toBeVisible()
  await plain.close()
  const told = await mailTo(page.request, 'demo@example.com', (m) => m.text.includes(`Клиент: Гость ${lastName}.`))
  expect(told.text).toContain('Причина: Уезжаю')
})
