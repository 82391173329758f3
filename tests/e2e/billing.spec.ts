/**
 * Issue 16 in the browser, in both languages: a new specialist accepts the Pro trial the home page offers, binds a card on the local
 * development checkout (YooKassa's test card), lands on Pro with the activated modal and its five steps, and makes a
 * group event type through the wizard that is active (not paused).
 */
import { expect, test } from '@playwright/test'
import { mailTo, setLanguage } from './helpers.ts'

const PASSWORD = 'Billing-pass-1'

const TEXTS = {
  ru: {
    offer: 'Попробуйте Pro бесплатно 7 дней',
    start: 'Попробовать Pro',
    pay: 'Оплатить',
    activated: 'Пробный период Pro включён',
    next: 'Дальше',
    pro: 'Про',
    trial: 'Пробный период',
    createEventType: 'Создать тип события',
    group: 'Групповая',
    wizardNext: 'Далее',
    name: 'Название',
    online: 'Онлайн',
    onlineUrl: 'Ссылка на встречу',
    totalSeats: 'Всего мест',
    minSeats: 'Минимум участников',
    create: 'Создать',
    created: 'Тип события создан',
  },
  en: {
    offer: 'Try Pro free for 7 days',
    start: 'Try Pro',
    pay: 'Pay',
    activated: 'Pro trial activated',
    next: 'Next',
    pro: 'Pro',
    trial: 'Trial',
    createEventType: 'Create event type',
    group: 'Group',
    wizardNext: 'Next',
    name: 'Name',
    online: 'Online',
    onlineUrl: 'Meeting link',
    totalSeats: 'Total seats',
    minSeats: 'Minimum participants',
    create: 'Create',
    created: 'Event type created',
  },
} as const

for (const language of ['ru', 'en'] as const) {
  const t = TEXTS[language]
  test(`${language}: a new specialist takes the trial on the development checkout, lands on Pro and makes a group event type`, async ({
    page,
    request,
  }, testInfo) => {
    const login = `bill${language}${testInfo.project.name}${Date.now().toString(36)}`.slice(0, 30)
    const email = `${login}@example.com`
    const created = await request.post('/api/v2/identity/signup/email', {
      data: { login, email, password: PASSWORD, firstName: 'Вера', lastName: 'Платёжная', isAgreementAccepted: true },
    })
    expect(created.status()).toBe(201)
    const mail = await mailTo(request, email, (m) => /\d{6}/.test(m.text))
    const confirmed = await request.post('/api/v2/identity/signup/email/code', {
      data: { email, code: mail.text.match(/\b(\d{6})\b/)?.[1] },
    })
    expect(confirmed.status()).toBe(200)

    await page.context().clearCookies()
    await page.goto('/login')
    await page.getByLabel('Логин или email').fill(login)
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Войти', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    if (language === 'en') await setLanguage(page, 'en')

    // The offer reaches the new specialist by itself: on the home page, right after sign-up.
    await page.goto('/')
    const offer = page.getByTestId('trial-offer-home')
    await expect(offer).toBeVisible()
    await expect(offer.getByRole('heading')).toHaveText(t.offer)
    await offer.getByRole('button', { name: t.start }).click()

    await expect(page).toHaveURL(/\/dev\/checkout\//)
    await expect(page.getByTestId('dev-checkout-amount')).toContainText('1.00')
    await page.getByRole('button', { name: t.pay, exact: true }).click()

    await expect(page).toHaveURL(/\/tariff\?trial_pro_status=success&attach_card_status=success$/)
    const activated = page.getByTestId('trial-activated')
    await expect(activated.getByRole('heading')).toHaveText(t.activated)
    await expect(activated.locator('li')).toHaveCount(5)
    await expect(activated.locator('li[aria-current="step"]')).toHaveCount(1)
    // The onboarding's "Next" needs the page hydrated; a click before that is lost, so it is clicked again.
    await page.waitForLoadState('networkidle')
    await expect(async () => {
      await activated.getByRole('button', { name: t.next }).click()
      await expect(activated.locator('li').nth(1)).toHaveAttribute('aria-current', 'step', { timeout: 2000 })
    }).toPass()
    await expect(page.getByTestId('current-plan-name')).toHaveText(t.pro)
    await expect(page.getByTestId('current-plan')).toContainText(t.trial)
    await expect(page.getByTestId('card-mask')).toContainText('4444')

    // On the trial's Pro, a group event type made through the wizard is active, not paused.
    await page.goto('/eventTypes')
    await page.getByRole('link', { name: t.createEventType }).first().click()
    await expect(page.getByTestId('event-type-wizard')).toBeVisible()
    await page.getByRole('radio', { name: t.group, exact: true }).check()
    await page.getByRole('button', { name: t.wizardNext }).click()
    await page.getByLabel(t.name, { exact: true }).fill('Group class')
    await page.getByRole('radio', { name: t.online, exact: true }).check()
    await page.getByLabel(t.onlineUrl, { exact: true }).fill('https://telemost.yandex.ru/j/42')
    await page.getByRole('button', { name: t.wizardNext }).click()
    await page.getByLabel(t.minSeats).fill('2')
    await page.getByLabel(t.totalSeats).fill('6')
    await page.getByRole('button', { name: t.wizardNext }).click()
    await page.getByRole('button', { name: t.create, exact: true }).click()
    await expect(page.getByTestId('event-type-editor')).toBeVisible()
    await expect(page.getByTestId('toast-success')).toContainText(t.created)
    await page.goto('/eventTypes')
    const card = page.getByTestId('event-type-card').filter({ hasText: 'Group class' })
    await expect(card).toHaveAttribute('data-active', 'true')
    await expect(page.getByTestId('event-type-paused')).toHaveCount(0)
    const publicPage = await request.get(`/user/${login}/event/group_class`)
    expect(await publicPage.text()).toContain('data-step="calendar"')
  })
}
