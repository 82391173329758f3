import { type APIRequestContext, type Page, expect, test } from '@playwright/test'

// Each test is a whole flow through several pages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

// Switching the language while signed in also changes the profile's language, and other specs expect the demo
// specialist's emails and bot replies in Russian: every test ends back in Russian.
test.afterEach(async ({ page }) => {
  await setLanguage(page, 'ru', '/')
})

const DEMO = { login: 'demo', password: 'Demo-password-1' }

const TEXTS = {
  ru: {
    loginOrEmail: 'Логин или email',
    password: 'Пароль',
    signIn: 'Войти',
    createSchedule: 'Создать расписание',
    name: 'Название',
    save: 'Сохранить',
    scheduleSaved: 'Расписание сохранено',
    saturday: 'Суббота',
    monday: 'Понедельник',
    tuesday: 'Вторник',
    copyTo: 'Копировать в…',
    copy: 'Копировать',
    replace: 'Заменить',
    adjustmentDate: 'Дата',
    adjustmentKind: 'Что в этот день',
    otherHours: 'Другие часы',
    add: 'Добавить',
    alreadyDayOff: 'Этот день уже выходной',
    dayOffKind: 'Выходной',
    createEventType: 'Создать тип события',
    next: 'Далее',
    create: 'Создать',
    link: 'Ссылка',
    address: 'Адрес',
    online: 'Онлайн',
    inPerson: 'Офлайн-встреча',
    onlineUrl: 'Ссылка на встречу',
    required: 'Обязательное поле',
    latinOnly: 'Допускаются только латинские буквы',
    created: 'Тип события создан',
    shareTab: 'Поделиться',
    copyCode: 'Копировать код',
    codeCopied: 'Код скопирован',
    linkCopied: 'Ссылка скопирована',
    duplicate: 'Дублировать',
    duplicated: 'Тип события продублирован',
    deactivate: 'Деактивировать',
    deactivated: 'Тип события деактивирован',
    delete: 'Удалить',
    deleted: 'Тип события удалён',
    compact: 'Компактный',
    style: 'Вид',
    width: 'Ширина',
    planLimitTitle: 'Недоступно на вашем тарифе',
    group: 'Групповая',
    totalSeats: 'Всего мест',
    minSeats: 'Минимум участников',
    seatsError: 'Минимум не может быть больше общего числа мест',
    unsavedTitle: 'Уйти без сохранения?',
    back: 'Типы событий',
    cancel: 'Отмена',
    duration: 'Длительность',
    other: 'Другое',
    durationOther: 'Длительность: значение',
    max1380: 'Не больше 1380',
    copyTitle: 'Копировать понедельник в другие дни',
    endAfterStart: 'Конец должен быть позже начала',
    fixErrors: 'Исправьте ошибки, чтобы сохранить расписание',
    datePast: 'Дата не может быть в прошлом',
    leave: 'Уйти',
  },
  en: {
    loginOrEmail: 'Login or email',
    password: 'Password',
    signIn: 'Sign in',
    createSchedule: 'Create schedule',
    name: 'Name',
    save: 'Save',
    scheduleSaved: 'Schedule saved',
    saturday: 'Saturday',
    monday: 'Monday',
    tuesday: 'Tuesday',
    copyTo: 'Copy to…',
    copy: 'Copy',
    replace: 'Replace',
    adjustmentDate: 'Date',
    adjustmentKind: 'What on that day',
    otherHours: 'Other hours',
    add: 'Add',
    alreadyDayOff: 'This day is already a day off',
    dayOffKind: 'Day off',
    createEventType: 'Create event type',
    next: 'Next',
    create: 'Create',
    link: 'Link',
    address: 'Address',
    online: 'Online',
    inPerson: 'In person',
    onlineUrl: 'Meeting link',
    required: 'Required field',
    latinOnly: 'Only Latin letters are allowed',
    created: 'Event type created',
    shareTab: 'Share',
    copyCode: 'Copy code',
    codeCopied: 'Code copied',
    linkCopied: 'Link copied',
    duplicate: 'Duplicate',
    duplicated: 'Event type duplicated',
    deactivate: 'Deactivate',
    deactivated: 'Event type deactivated',
    delete: 'Delete',
    deleted: 'Event type deleted',
    compact: 'Compact',
    style: 'Style',
    width: 'Width',
    planLimitTitle: 'Not available on your plan',
    group: 'Group',
    totalSeats: 'Total seats',
    minSeats: 'Minimum participants',
    seatsError: 'The minimum cannot exceed the total seats',
    unsavedTitle: 'Leave without saving?',
    back: 'Event types',
    cancel: 'Cancel',
    duration: 'Duration',
    other: 'Other',
    durationOther: 'Duration: value',
    max1380: 'At most 1380',
    copyTitle: 'Copy Monday to other days',
    endAfterStart: 'End must be later than start',
    fixErrors: 'Fix the errors to save the schedule',
    datePast: 'The date cannot be in the past',
    leave: 'Leave',
  },
} as const

type Texts = (typeof TEXTS)['ru' | 'en']

/** Switches the interface language on the current kind of page (after sign-in: the profile's culture follows). */
async function setLanguage(page: Page, language: 'ru' | 'en', path = '/login') {
  await page.goto(path)
  if ((await page.locator('html').getAttribute('lang')) !== language) {
    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
  }
}

async function signIn(page: Page, t: Texts, login: string, password: string) {
  await setLanguage(page, 'ru')
  await page.getByLabel(t.loginOrEmail).fill(login)
  await page.getByLabel(t.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: t.signIn, exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** A new specialist (Basic plan) made through the JSON API: sign-up, then the emailed code. */
async function newSpecialist(request: APIRequestContext, suffix: string) {
  const login = `et_${suffix}`
  const email = `${login}@example.com`
  const password = 'Strong-pass-1'
  const signup = await request.post('/api/v2/identity/signup/email?isConsentMailing=false', {
    data: { login, email, password, firstName: 'Ирина', lastName: 'Новикова', isAgreementAccepted: true },
  })
  expect(signup.status()).toBe(201)
  let code = ''
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mail.json')).json()) as { to: string; text: string }[]
      code = /\b(\d{6})\b/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1] ?? ''
      return code
    })
    .not.toBe('')
  expect((await request.post('/api/v2/identity/signup/email/code', { data: { email, code } })).status()).toBe(200)
  return { login, password }
}

const unique = () => Math.random().toString(36).slice(2, 8)
const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

for (const language of ['ru', 'en'] as const) {
  const t = TEXTS[language]

  test(`${language}: a schedule with weekly hours, copied days, an adjustment and a day-off`, async ({ page }) => {
    await signIn(page, TEXTS.ru, DEMO.login, DEMO.password)
    await setLanguage(page, language, '/')
    await page.goto('/schedules')
    await page.getByRole('button', { name: t.createSchedule }).click()
    await expect(page.getByTestId('schedule-editor')).toBeVisible()
    const name = `${language} ${unique()}`
    await page.getByLabel(t.name, { exact: true }).fill(name)

    // Saturday gets hours; Monday is copied onto Tuesday, which asks before replacing.
    await page
      .getByRole('button', { name: `${t.saturday}: ${language === 'ru' ? 'добавить интервал' : 'add interval'}` })
      .click()
    // An interval that ends before it starts is named as it is typed, hides the preview and blocks saving.
    const addInterval = language === 'ru' ? 'добавить интервал' : 'add interval'
    const mondayEnd = page.getByLabel(
      language === 'ru' ? 'Понедельник: конец интервала 1' : 'Monday: end of interval 1',
    )
    await mondayEnd.fill('08:00')
    await expect(page.getByTestId('weekday-1')).toContainText(t.endAfterStart)
    await expect(page.getByTestId('schedule-invalid')).toHaveText(t.fixErrors)
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeDisabled()
    await expect(page.getByTestId('schedule-preview')).not.toContainText('09:00')
    await mondayEnd.fill('18:00')
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeEnabled()
    // "+ Add interval" adds the hour after the last one: valid at once.
    await page.getByRole('button', { name: `${t.tuesday}: ${addInterval}` }).click()
    await expect(page.getByTestId('weekday-2').getByTestId('interval')).toHaveCount(2)
    await expect(page.getByTestId('schedule-invalid')).toBeHidden()
    await page.getByTestId('weekday-1').getByRole('button', { name: t.copyTo }).click()
    const copyDialog = page.getByRole('dialog')
    await expect(copyDialog).toContainText(t.copyTitle)
    await copyDialog.getByLabel(t.tuesday).check()
    await copyDialog.getByRole('button', { name: t.copy, exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: t.replace }).click()
    await expect(page.getByRole('dialog')).toBeHidden()

    // A past date is refused; a day-off, then the same day-off again: "already a day-off" and nothing else.
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill('01.01.2020')
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByTestId('adjustment-note')).toHaveText(t.datePast)
    const dayOff = dmy(isoInDays(3))
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill(dayOff)
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByTestId('adjustment')).toHaveCount(1)
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByTestId('adjustment-note')).toHaveText(t.alreadyDayOff)
    await expect(page.getByTestId('adjustment')).toHaveCount(1)

    // Other hours on another date; other hours on the day-off date ask to replace it.
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill(dmy(isoInDays(5)))
    await page.getByLabel(t.adjustmentKind).selectOption({ label: t.otherHours })
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByTestId('adjustment')).toHaveCount(2)
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill(dayOff)
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: t.replace }).click()
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill(dmy(isoInDays(6)))
    await page.getByLabel(t.adjustmentKind).selectOption({ label: t.dayOffKind })
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByTestId('adjustment')).toHaveCount(3)
    await expect(page.getByTestId('schedule-preview')).toContainText(dmy(isoInDays(6)))

    await page.getByRole('button', { name: t.save, exact: true }).click()
    await expect(page.getByTestId('toast-success')).toContainText(t.scheduleSaved)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByTestId('adjustment')).toHaveCount(3)
    await expect(page.getByTestId('weekday-2')).not.toContainText('10:00')
    await expect(page.getByTestId('weekday-6').getByTestId('interval')).toHaveCount(1)

    // Deleted from its own page, after "Are you sure?": back to the list, without it.
    // The header's button comes first (the adjustments have their own "delete").
    await page.getByTestId('schedule-editor').getByRole('button', { name: t.delete, exact: true }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: t.delete, exact: true }).click()
    await expect(page).toHaveURL(/\/schedules$/)
    await expect(page.getByText(name)).toHaveCount(0)
  })

  test(`${language}: the wizard, the SPEC §5 messages, sharing, duplicate, deactivate, delete`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, TEXTS.ru, DEMO.login, DEMO.password)
    await setLanguage(page, language, '/')
    await page.goto('/eventTypes')
    await page.getByRole('link', { name: t.createEventType }).click()
    await expect(page.getByTestId('event-type-wizard')).toBeVisible()

    // Step 1: a group meeting (the demo specialist is on Pro).
    await page.getByRole('radio', { name: t.group, exact: true }).check()
    await page.getByRole('button', { name: t.next }).click()

    // Step 2: a Cyrillic name suggests its transliteration as the link (issue 18).
    await page.getByLabel(t.name, { exact: true }).fill('Консультация')
    await expect(page.getByLabel(t.link, { exact: true })).toHaveValue('konsultatsiya')
    // Switching the place back and forth keeps what was typed for each (issue 18).
    await page.getByRole('radio', { name: t.online, exact: true }).check()
    await page.getByLabel(t.onlineUrl, { exact: true }).fill('https://zoom.us/j/42')
    await page.getByRole('radio', { name: t.inPerson, exact: true }).check()
    await expect(page.getByLabel(t.address, { exact: true })).toHaveValue('')
    await page.getByRole('radio', { name: t.online, exact: true }).check()
    await expect(page.getByLabel(t.onlineUrl, { exact: true })).toHaveValue('https://zoom.us/j/42')
    await page.getByRole('radio', { name: t.inPerson, exact: true }).check()

    // The link follows the name; Cyrillic in the link is removed with a toast.
    const suffix = unique()
    await page.getByLabel(t.name, { exact: true }).fill(`Intro call ${suffix}`)
    await expect(page.getByLabel(t.link, { exact: true })).toHaveValue(`intro_call_${suffix}`)
    await expect(page.getByTestId('name-check')).toHaveAttribute('data-status', 'free')
    await page.getByLabel(t.link, { exact: true }).pressSequentially('яюя')
    await expect(page.getByTestId('toast-error')).toContainText(t.latinOnly)
    await expect(page.getByTestId('toast-error')).toHaveCount(1)
    await expect(page.getByLabel(t.link, { exact: true })).toHaveValue(`intro_call_${suffix}`)
    await page.getByLabel(t.duration, { exact: true }).selectOption({ label: t.other })
    await page.getByLabel(t.durationOther).fill('1400')
    // "Next" checks the step first (issue 18): each message shows and the step stays, its first field focused.
    await page.getByRole('button', { name: t.next }).click()
    await expect(page.getByText(t.required)).toBeVisible()
    await expect(page.getByText(t.max1380)).toBeVisible()
    await expect(page.getByLabel(t.address, { exact: true })).toBeFocused()
    await page.getByLabel(t.address, { exact: true }).fill('Москва, Тверская, 1')
    await page.getByLabel(t.durationOther).fill('50')
    await page.getByRole('button', { name: t.next }).click()

    // Step 3: seats with the minimum above the total stop "Next" too.
    await page.getByLabel(t.minSeats).fill('5')
    await page.getByLabel(t.totalSeats).fill('3')
    await page.getByRole('button', { name: t.next }).click()
    await expect(page.getByText(t.seatsError)).toBeVisible()
    await page.getByLabel(t.minSeats).fill('2')
    await page.getByRole('button', { name: t.next }).click()
    await page.getByRole('button', { name: t.create, exact: true }).click()
    await expect(page.getByTestId('event-type-editor')).toBeVisible()
    await expect(page.getByTestId('toast-success')).toContainText(t.created)

    // Share: public link, QR as SVG and PNG, the widget code with its size.
    await page.getByRole('tab', { name: t.shareTab }).click()
    await expect(page.getByTestId('public-link')).toHaveValue(new RegExp(`/user/demo/event/intro_call_${suffix}$`))
    await expect(page.getByTestId('mailto')).toHaveAttribute('href', /^mailto:\?subject=Intro%20call/)
    await expect(page.getByTestId('qr')).toBeVisible()
    await expect(page.getByTestId('qr-svg')).toHaveAttribute('href', /^data:image\/svg\+xml/)
    await expect(page.getByTestId('qr-png')).toHaveAttribute('href', /^data:image\/png;base64,/)
    await page.getByTestId('copy-link').click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.linkCopied)
    await page.getByLabel(t.style, { exact: true }).selectOption({ label: t.compact })
    await page.getByLabel(t.width, { exact: true }).fill('360')
    await expect(page.getByTestId('widget-code')).toHaveValue(
      new RegExp(`/widget/booking/user/demo/event/intro_call_${suffix}\\?size=small" width="360"`),
    )
    await page.getByRole('button', { name: t.copyCode }).click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.codeCopied)

    // The list: duplicate, deactivate the copy, delete it with confirmation.
    await page.goto(`/eventTypes?q=${suffix}`)
    const card = page.getByTestId('event-type-card')
    await expect(card).toHaveCount(1)
    await card.getByRole('button', { name: t.duplicate }).click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.duplicated)
    await expect(card).toHaveCount(2)
    const copy = card.filter({ hasText: `(2)` })
    await copy.getByRole('button', { name: t.deactivate }).click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.deactivated)
    await expect(copy).toHaveAttribute('data-active', 'false')
    await copy.getByRole('button', { name: t.delete }).click()
    await page.getByRole('dialog').getByRole('button', { name: t.delete }).click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.deleted)
    await expect(card).toHaveCount(1)
  })

  test(`${language}: a Basic specialist meets the plan limits and the unsaved-changes warning`, async ({
    page,
    request,
  }) => {
    const specialist = await newSpecialist(request, `${language}${unique()}`)
    await signIn(page, TEXTS.ru, specialist.login, specialist.password)
    await setLanguage(page, language, '/')

    // Day-offs need Standard: the plan-limit modal.
    await page.goto('/schedules')
    await page.getByTestId('schedule-card').first().getByRole('link').first().click()
    await page.getByLabel(t.adjustmentDate, { exact: true }).fill(dmy(isoInDays(3)))
    await page.getByRole('button', { name: t.add, exact: true }).click()
    await expect(page.getByRole('dialog')).toContainText(t.planLimitTitle)
    await page.keyboard.press('Escape')

    // Group meetings need Pro.
    await page.goto('/eventTypes/create')
    await page.getByRole('radio', { name: t.group, exact: true }).click()
    await expect(page.getByTestId('plan-limit')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: t.next }).click()
    await page.getByLabel(t.name, { exact: true }).fill('Basic call')
    // Leaving the wizard with something typed asks first, as the edit page does.
    await page.getByRole('link', { name: t.back }).first().click()
    await expect(page.getByRole('dialog')).toContainText(t.unsavedTitle)
    await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click()
    await expect(page.getByLabel(t.name, { exact: true })).toHaveValue('Basic call')
    await page.getByLabel(t.address, { exact: true }).fill('Online office')
    await page.getByRole('button', { name: t.next }).click()
    await page.getByRole('button', { name: t.next }).click()
    await page.getByRole('button', { name: t.create, exact: true }).click()
    await expect(page.getByTestId('event-type-editor')).toBeVisible()

    // Unsaved changes: leaving asks first; staying keeps the edit.
    await page.getByLabel(t.name, { exact: true }).fill('Basic call, renamed')
    await page.getByRole('link', { name: t.back }).first().click()
    await expect(page.getByRole('dialog')).toContainText(t.unsavedTitle)
    await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click()
    await expect(page.getByLabel(t.name, { exact: true })).toHaveValue('Basic call, renamed')
    await page.getByRole('button', { name: t.save, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basic call, renamed')

    // A second event type fits Basic, a third does not.
    await page.getByRole('button', { name: t.duplicate }).click()
    await expect(page.getByTestId('toast-success').last()).toContainText(t.duplicated)
    await page.getByRole('button', { name: t.duplicate }).click()
    await expect(page.getByTestId('plan-limit')).toBeVisible()
  })
}
