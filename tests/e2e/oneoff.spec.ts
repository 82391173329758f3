import { type Page, expect, test } from '@playwright/test'

// A whole flow through several pages: more than the default budget on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Mail = { to: string; subject: string; text: string }

const DEMO = { login: 'demo', password: 'Demo-password-1' }
const DAY = 24 * 60 * 60_000

/** The specialist side stays Russian: the demo specialist's culture is Russian. */
const RU = {
  loginOrEmail: 'Логин или email',
  password: 'Пароль',
  signIn: 'Войти',
  created: 'Встреча создана',
  invited: 'Ждём подтверждения',
  confirmed: 'Подтвердил(а)',
}

/** What the invited people see on /booking, in their language. */
const BOOKING = {
  ru: { heading: 'Вас пригласили на встречу', confirm: 'Подтвердить участие', done: 'Участие подтверждено' },
  en: { heading: 'You are invited to a meeting', confirm: 'Confirm participation', done: 'Participation confirmed' },
} as const

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** A calendar date in Moscow (the demo specialist's zone) some days from now: never "today", so late UTC is safe. */
function moscowDate(daysAhead: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(Date.now() + daysAhead * DAY)
}

async function mails(page: Page): Promise<Mail[]> {
  const response = await page.request.get('/dev/mail.json')
  return (await response.json()) as Mail[]
}

async function inviteLinkFor(page: Page, email: string): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const mail = (await mails(page)).find((m) => m.to === email && m.text.includes('/booking?companyEventId='))
      link = mail?.text.match(/https?:\/\/\S+\/booking\?companyEventId=[\w-]+&invite=[\w-]+/)?.[0] ?? ''
      return link
    })
    .not.toBe('')
  return new URL(link).pathname + new URL(link).search
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

for (const language of ['ru', 'en'] as const) {
  test(`a one-off meeting is created for two contacts and confirmed through /booking (${language})`, async ({
    page,
  }, testInfo) => {
    const first = uniqueEmail(`oneoff-${language}-a`)
    const second = uniqueEmail(`oneoff-${language}-b`)
    const name = `Разовая встреча ${language} ${testInfo.project.name} ${Date.now() % 100000}`
    // Each language and project on its own evening, so the runs never overlap each other's meetings.
    const offset = 20 + (language === 'en' ? 1 : 0) + (testInfo.project.name === 'phone' ? 2 : 0)

    await signInDemo(page)
    await page.goto('/meetings')
    await page.getByTestId('oneoff-link').click()
    await expect(page).toHaveURL(/\/meetings\/one-time-event\/create$/)
    const form = page.getByTestId('oneoff-form')
    // Wait for the script: the form then fills the browser's offset.
    await expect(form.locator('input[name="browserOffset"]')).not.toHaveValue('')

    await form.getByLabel('Дата', { exact: true }).fill(moscowDate(offset))
    await form.getByLabel('Начало', { exact: true }).fill('20:00')
    await form.getByLabel('Окончание', { exact: true }).fill('21:00')
    await form.getByLabel('Название', { exact: true }).fill(name)
    await form.getByLabel('Адрес', { exact: true }).fill('Москва, Тверская 1')
    await form.getByLabel('Тип встречи').selectOption('GroupNotCollective')
    await form.getByLabel('Всего мест').fill('3')
    await form.getByLabel('Имя 1', { exact: true }).fill('Алиса')
    await form.getByLabel('Email 1', { exact: true }).fill(first)
    await form.getByRole('button', { name: 'Добавить ещё контакт' }).click()
    await form.getByLabel('Имя 2', { exact: true }).fill('Борис')
    await form.getByLabel('Email 2', { exact: true }).fill(second)
    await form.getByTestId('oneoff-create').click()

    // Another meeting at that time asks "Book anyway?"; the specialist goes on.
    const created = page.getByTestId('oneoff-created')
    const conflict = page.getByTestId('oneoff-conflict')
    await expect(created.or(conflict)).toBeVisible()
    if (await conflict.isVisible()) await page.getByTestId('oneoff-anyway').click()
    await expect(created).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RU.created)
    const shareLink = await page.getByTestId('oneoff-share-link').inputValue()
    expect(shareLink).toMatch(/\/booking\?companyEventId=[\w-]+$/)
    const invitees = page.getByTestId('oneoff-invitees')
    await expect(invitees.locator('li')).toHaveCount(2)
    await expect(invitees).toContainText(first)
    await expect(invitees).toContainText(second)
    await expect(invitees.getByText(RU.invited)).toHaveCount(2)
    const createdUrl = page.url()

    // Each invited contact opens the emailed link (no account) and confirms.
    await page.context().clearCookies()
    for (const [email, firstName] of [
      [first, 'Алиса'],
      [second, 'Борис'],
    ] as const) {
      const link = await inviteLinkFor(page, email)
      await page.goto(language === 'en' ? `${link}&lang=en` : link)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOOKING[language].heading)
      await expect(page.getByTestId('oneoff-booking-name')).toHaveText(name)
      const booking = page.getByTestId('oneoff-booking-form')
      await expect(booking.locator('#field-email')).toHaveValue(email)
      await expect(booking.locator('#field-firstName')).toHaveValue(firstName)
      await booking.getByRole('button', { name: BOOKING[language].confirm }).click()
      await expect(page.getByTestId('oneoff-done')).toContainText(BOOKING[language].done)
    }

    // The specialist sees both confirmed, and the meeting among the others in /meetings.
    await signInDemo(page)
    await page.goto(createdUrl)
    await expect(page.getByTestId('oneoff-invitees').getByText(RU.confirmed)).toHaveCount(2)
    const id = new URL(createdUrl).searchParams.get('created')
    await page.goto(`/meetings/${id}`)
    await expect(page.getByTestId('meeting-detail')).toContainText(name)
    await expect(page.getByTestId('meeting-detail')).toContainText(first)
    await expect(page.getByTestId('meeting-detail')).toContainText(second)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  })
}
