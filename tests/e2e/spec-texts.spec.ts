import { type Page, expect, test } from '@playwright/test'
import { setLanguage, signInDemo } from './helpers.ts'

/** SPEC §8 texts shown when the browser, the network or the app's version gets in the way (issue 20). */

const TEXTS = {
  ru: {
    signIn: 'Войти',
    unavailable: 'Сервер временно недоступен',
    vpn: 'Если вы используете VPN, отключите его или выберите другой сервер и повторите попытку',
    outdatedTitle: 'Версия приложения устарела',
    outdatedText: 'переустановите его',
    reload: 'Обновить',
    copy: 'Копировать',
    copyFailed: 'Не удалось скопировать. Выделите текст и скопируйте вручную',
  },
  en: {
    signIn: 'Sign in',
    unavailable: 'Server temporarily unavailable',
    vpn: 'If you use a VPN, turn it off or choose another server and try again',
    outdatedTitle: 'The app version is outdated',
    outdatedText: 'reinstall it',
    reload: 'Reload',
    copy: 'Copy',
    copyFailed: 'Could not copy. Select the text and copy it by hand',
  },
} as const

async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  )
}

for (const language of ['ru', 'en'] as const) {
  const text = TEXTS[language]

  test(`(${language}) a request without an answer while online shows the VPN hint with the failure`, async ({
    page,
  }) => {
    await page.goto(`/?lang=${language}`)
    await hydrated(page)
    await page.route('**/login.data*', (route) => route.abort('connectionfailed'))
    await page.getByRole('link', { name: text.signIn }).first().click()
    await expect(page.getByRole('alert').filter({ hasText: text.unavailable })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: text.vpn })).toBeVisible()
  })

  test(`(${language}) an answer from a newer build asks to reload or reinstall the app`, async ({ page }) => {
    // The language chosen for good (the cookie): `?lang=` holds for one page, and the sign-in page this test opens
    // would come back in the default language, re-rendering the dialog under the assertions.
    await setLanguage(page, language)
    await page.goto('/')
    await hydrated(page)
    const version = await page.evaluate(
      () => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version,
    )
    // The server answers with the page's own build: nothing to say.
    const same = await page.evaluate(async () => (await fetch('/login')).headers.get('X-App-Version'))
    expect(same).toBe(version)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // A deploy happened while the page was open: the next answer names another build.
    await page.route('**/login.data*', async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': `${version}-next` } })
    })
    await page.getByRole('link', { name: text.signIn }).first().click()
    const dialog = page.getByRole('dialog', { name: text.outdatedTitle })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(text.outdatedText)
    await page.unroute('**/login.data*')
    await dialog.getByRole('button', { name: text.reload }).click()
    // The reload loads the new build: no more question.
    await hydrated(page)
    await expect(page.getByRole('dialog', { name: text.outdatedTitle })).toHaveCount(0)
  })
}

test.describe('copy buttons', () => {
  test.afterEach(async ({ page }) => {
    await setLanguage(page, 'ru')
  })

  for (const language of ['ru', 'en'] as const) {
    const text = TEXTS[language]
    test(`(${language}) a copy the browser refuses says so, on every copy button of the share panel`, async ({
      page,
    }) => {
      await signInDemo(page)
      await setLanguage(page, language)
      // The browser refuses the clipboard (permission denied, or no Clipboard API on an insecure page).
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
        })
      })
      await page.goto('/shareLink')
      await hydrated(page)
      const buttons = page.getByTestId('share-panel').getByRole('button', { name: text.copy, exact: true })
      await expect(buttons).toHaveCount(3)
      for (let i = 0; i < 3; i++) {
        await buttons.nth(i).click()
        await expect(page.getByRole('alert').filter({ hasText: text.copyFailed }).first()).toBeVisible()
      }
    })
  }
})
