import { type Page, expect, test } from '@playwright/test'
import { signInDemo } from './helpers.ts'

/** Issue 20's SPEC details in the browser: the duration and step fields, the version check on return, the slow-request VPN hint. */

async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  )
}

/** The page goes to the background (an installed app switched away from) or comes back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

test('(ru) the event type form takes the duration and the slot step by type, value and unit', async ({ page }) => {
  await signInDemo(page)
  await page.goto('/eventTypes/create')
  await hydrated(page)
  await page.getByRole('button', { name: 'Далее' }).click()
  const name = `Разбор ${Date.now().toString(36)}`
  await page.getByLabel('Название', { exact: true }).fill(name)
  await page.getByLabel('Адрес', { exact: true }).fill('Москва, Тверская, 1')
  const duration = page.getByTestId('duration-fields')
  // A preset shows no value inputs; "Другое" asks for a value in minutes or hours.
  await expect(duration.getByLabel('Длительность: значение')).toHaveCount(0)
  await duration.getByLabel('Длительность', { exact: true }).selectOption({ label: 'Другое' })
  await duration.getByLabel('Длительность: значение').fill('24')
  await duration.getByLabel('Длительность: единица').selectOption({ label: 'Часы' })
  await page.getByRole('button', { name: 'Далее' }).click()
  await expect(duration.getByText('Не больше 1380 минут (23 часа)')).toBeVisible()
  await duration.getByLabel('Длительность: значение').fill('2')
  await page.getByRole('button', { name: 'Далее' }).click()

  const step = page.getByTestId('step-fields')
  await expect(step.getByLabel('Шаг слотов', { exact: true })).toHaveValue('Duration')
  await step.getByLabel('Шаг слотов', { exact: true }).selectOption({ label: 'Другое' })
  await step.getByLabel('Шаг слотов: значение').fill('90')
  await page.getByRole('button', { name: 'Далее' }).click()
  await page.getByRole('button', { name: 'Создать', exact: true }).click()
  await expect(page.getByTestId('event-type-editor')).toBeVisible()

  // Read back after a reload: the same fields, in their shortest unit.
  await page.reload()
  await hydrated(page)
  await expect(duration.getByLabel('Длительность', { exact: true })).toHaveValue('Another')
  await expect(duration.getByLabel('Длительность: значение')).toHaveValue('2')
  await expect(duration.getByLabel('Длительность: единица')).toHaveValue('Hours')
  await expect(step.getByLabel('Шаг слотов', { exact: true })).toHaveValue('Another')
  await expect(step.getByLabel('Шаг слотов: значение')).toHaveValue('90')
  await expect(step.getByLabel('Шаг слотов: единица')).toHaveValue('Minutes')

  // A step equal to the duration, saved, reads back so.
  await step.getByLabel('Шаг слотов', { exact: true }).selectOption({ label: 'Равен длительности' })
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByTestId('toast-success').last()).toBeVisible()
  await page.reload()
  await expect(step.getByLabel('Шаг слотов', { exact: true })).toHaveValue('Duration')

  // Leave the demo's event types as they were.
  await page.getByRole('button', { name: 'Удалить', exact: true }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить', exact: true }).click()
  await expect(page).toHaveURL(/\/eventTypes$/)
})

test('(ru) the token shown once copies with a button, and a refused copy says so', async ({ page }) => {
  await signInDemo(page)
  // The browser's clipboard: refused until the test lets it through.
  await page.addInitScript(() => {
    const state = window as unknown as { copied: string[]; allowCopy: boolean }
    state.copied = []
    state.allowCopy = false
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) => {
          if (!state.allowCopy) return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
          state.copied.push(text)
          return Promise.resolve()
        },
      },
    })
  })
  await page.goto('/profile/api')
  await hydrated(page)
  const name = `copy ${Date.now().toString(36)}`
  const form = page.getByTestId('token-form')
  await form.getByLabel('Название').fill(name)
  await form.getByRole('button', { name: 'Создать токен' }).click()
  const token = (await page.getByTestId('new-token').textContent()) ?? ''
  expect(token).toMatch(/^fs_pat_/)
  await page.getByRole('button', { name: 'Копировать', exact: true }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Не удалось скопировать. Выделите текст и скопируйте вручную' }),
  ).toBeVisible()
  await page.evaluate(() => {
    ;(window as unknown as { allowCopy: boolean }).allowCopy = true
  })
  await page.getByRole('button', { name: 'Копировать', exact: true }).click()
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Скопировано' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([token])
  // Leave the demo's tokens as they were.
  await page.getByTestId('token-list').locator('li').filter({ hasText: name }).getByRole('button').click()
  await expect(page.getByTestId('token-list').locator('li').filter({ hasText: name })).toHaveCount(0)
})

const TEXTS = {
  ru: {
    signIn: 'Войти',
    vpn: 'Если вы используете VPN',
    unavailable: 'Сервер временно недоступен',
    outdated: 'Версия приложения устарела',
  },
  en: {
    signIn: 'Sign in',
    vpn: 'If you use a VPN',
    unavailable: 'Server temporarily unavailable',
    outdated: 'The app version is outdated',
  },
} as const

for (const language of ['ru', 'en'] as const) {
  const text = TEXTS[language]

  test(`(${language}) an installed app coming back after a while asks the server's build and offers the update`, async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(`/?lang=${language}`)
    await hydrated(page)
    const version = await page.evaluate(
      () => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version,
    )
    let probes = 0
    await page.route('**/api/v2/definitions/eventTypeColors', async (route) => {
      probes++
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': `${version}-next` } })
    })
    // A short switch away asks nothing.
    await setVisibility(page, 'hidden')
    await page.clock.fastForward(10_000)
    await setVisibility(page, 'visible')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(probes).toBe(0)
    // Back after a minute and more: a deploy happened meanwhile.
    await setVisibility(page, 'hidden')
    await page.clock.fastForward(65_000)
    await setVisibility(page, 'visible')
    await expect(page.getByRole('dialog', { name: text.outdated })).toBeVisible()
    expect(probes).toBe(1)
  })

  test(`(${language}) a request still without an answer after 20 seconds shows the VPN hint`, async ({ page }) => {
    await page.clock.install()
    await page.goto(`/?lang=${language}`)
    await hydrated(page)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/login.data*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('link', { name: text.signIn }).first().click()
    await page.clock.fastForward(21_000)
    await expect(page.getByRole('alert').filter({ hasText: text.vpn })).toBeVisible()
    // Still waiting, not failed: the request goes on and the page arrives.
    await expect(page.getByRole('alert').filter({ hasText: text.unavailable })).toHaveCount(0)
    release()
    await expect(page).toHaveURL(/\/login/)
  })
}
