import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type APIRequestContext, type Page, expect, test } from '@playwright/test'
import { OAuth2Server } from 'oauth2-mock-server'

type Mail = { id: string; to: string; subject: string; text: string; html: string; sentAt: string }

const PASSWORD = 'Strong-pass-1'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
/** The start of a HEIC file (an `ftyp` box of brand `heic`): what the server checks, not a picture a browser shows. */
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(16)])

const TEXTS = {
  ru: {
    signupTitle: 'Регистрация',
    login: 'Логин',
    email: 'Email',
    password: 'Пароль',
    repeat: 'Повторите пароль',
    firstName: 'Имя',
    lastName: 'Фамилия',
    signup: 'Зарегистрироваться',
    accept: 'Принимаю',
    code: 'Код из письма',
    confirm: 'Подтвердить',
    countdown: /Повторная отправка через \d+ с/,
    loginOrEmail: 'Логин или email',
    signIn: 'Войти',
    logout: 'Выйти',
    wrongPassword: 'Неверный логин или пароль',
    forgot: 'Забыли пароль?',
    sendLink: 'Отправить ссылку',
    sent: /Если такой email зарегистрирован/,
    newPassword: 'Новый пароль',
    savePassword: 'Сохранить пароль',
    profile: 'Профиль',
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    timeZone: 'Часовой пояс',
    save: 'Сохранить',
    saved: 'Профиль сохранён',
    upload: 'Загрузить фото',
    removePhoto: 'Удалить фото',
    photo: 'Фото профиля',
    unsupported: 'Неподдерживаемый формат',
    changePassword: 'Сменить пароль',
    oldPassword: 'Текущий пароль',
    passwordChanged: 'Пароль изменён',
    deleteAccount: 'Удалить аккаунт',
    deleteForGood: 'Удалить навсегда',
    weak: 'Нужна заглавная латинская буква',
  },
  en: {
    signupTitle: 'Sign up',
    login: 'Login',
    email: 'Email',
    password: 'Password',
    repeat: 'Repeat the password',
    firstName: 'First name',
    lastName: 'Last name',
    signup: 'Sign up',
    accept: 'I accept',
    code: 'Code from the email',
    confirm: 'Confirm',
    countdown: /Resend available in \d+ s/,
    loginOrEmail: 'Login or email',
    signIn: 'Sign in',
    logout: 'Log out',
    wrongPassword: 'Wrong login or password',
    forgot: 'Forgot your password?',
    sendLink: 'Send the link',
    sent: /If this email is registered/,
    newPassword: 'New password',
    savePassword: 'Save the password',
    profile: 'Profile',
    greeting: (name: string) => `Hello, ${name}!`,
    timeZone: 'Time zone',
    save: 'Save',
    saved: 'Profile saved',
    upload: 'Upload photo',
    removePhoto: 'Remove photo',
    photo: 'Profile photo',
    unsupported: 'Not supported format',
    changePassword: 'Change password',
    oldPassword: 'Current password',
    passwordChanged: 'Password changed',
    deleteAccount: 'Delete account',
    deleteForGood: 'Delete for good',
    weak: 'Add an uppercase Latin letter',
  },
} as const

async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mail.json')).json()) as Mail[]
      found = mails.find((mail) => mail.to === to && subject.test(mail.subject))
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

/** Opens a page and waits until its script has loaded, so typing is not lost to hydration. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

async function setLanguage(page: Page, language: 'ru' | 'en') {
  await open(page, '/login')
  if ((await page.locator('html').getAttribute('lang')) !== language) {
    await page.getByTestId('language-switch').click()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
  }
}

async function logout(page: Page, t: (typeof TEXTS)['ru' | 'en']) {
  await page.getByTestId('profile-menu').click()
  await page.getByTestId('logout').first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: t.logout }).click()
  await expect(page).toHaveURL(/\/login$/)
}

async function signIn(page: Page, t: (typeof TEXTS)['ru' | 'en'], login: string, password: string) {
  await open(page, '/login')
  await page.getByLabel(t.loginOrEmail).fill(login)
  await page.getByLabel(t.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: t.signIn, exact: true }).click()
}

for (const language of ['ru', 'en'] as const) {
  const t = TEXTS[language]
  // Whole journeys: many pages each, slower on the phone profile of a shared machine.
  test.describe.configure({ timeout: 90_000 })

  test(`${language}: sign up with the emailed code, log out, sign in by login and email, restore the password`, async ({
    page,
    request,
  }, testInfo) => {
    const login = `e2e${language}${testInfo.project.name}${Date.now().toString(36)}`
    const email = `${login}@example.com`
    await setLanguage(page, language)

    await open(page, '/signup')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signupTitle)
    await page.getByLabel(t.login, { exact: true }).fill(login)
    await page.getByLabel(t.email, { exact: true }).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill('weakpassword')
    await page.getByLabel(t.repeat).fill('weakpassword')
    await page.getByLabel(t.firstName).fill('Анна')
    await page.getByLabel(t.lastName).fill('Смирнова')
    await page.getByTestId('agreement-open').click()
    await page.getByTestId('agreement-accept').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByRole('button', { name: t.signup, exact: true }).click()
    await expect(page.getByText(t.weak)).toBeVisible()

    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD)
    await page.getByLabel(t.repeat).fill(PASSWORD)
    await page.getByRole('button', { name: t.signup, exact: true }).click()
    await expect(page).toHaveURL(/\/signupDone\?email=/)
    await expect(page.getByTestId('resend-countdown')).toHaveText(t.countdown)
    await expect(page.getByTestId('resend')).toBeDisabled()

    const mail = await mailTo(request, email, /\d{6}/)
    const code = mail.text.match(/\b(\d{6})\b/)![1]
    await page.getByLabel(t.code).fill(code)
    await page.getByRole('button', { name: t.confirm, exact: true }).click()
    await expect(page.getByTestId('home')).toBeVisible()
    await expect(page.getByTestId('profile-menu')).toBeVisible()

    await logout(page, t)
    await signIn(page, t, login, 'Wrong-pass-1')
    await expect(page.getByText(t.wrongPassword)).toBeVisible()
    await signIn(page, t, login, PASSWORD)
    await expect(page.getByTestId('home')).toBeVisible()
    await logout(page, t)
    await signIn(page, t, email.toUpperCase(), PASSWORD)
    await expect(page.getByTestId('home')).toBeVisible()
    await logout(page, t)

    await page.getByRole('link', { name: t.forgot }).click()
    await page.waitForLoadState('networkidle')
    // Typed right after a client-side navigation, the value can be lost to a re-render: type until it is sent.
    await expect(async () => {
      await page.getByLabel(t.email).fill(email)
      await page.getByRole('button', { name: t.sendLink }).click()
      await expect(page.getByTestId('restore-sent')).toHaveText(t.sent, { timeout: 3000 })
    }).toPass()
    const restore = await mailTo(request, email, /./)
    const link = restore.text.match(/https?:\/\/\S+\/restore\/[A-Za-z0-9_-]+/)![0]
    await open(page, new URL(link).pathname)
    await page.getByLabel(t.newPassword).fill('Another-pass-2')
    await page.getByLabel(t.repeat).fill('Another-pass-2')
    await page.getByRole('button', { name: t.savePassword }).click()
    await expect(page.getByTestId('home')).toBeVisible()
    await logout(page, t)
    await signIn(page, t, login, 'Another-pass-2')
    await expect(page.getByTestId('home')).toBeVisible()
  })

  test(`${language}: change the avatar, time zone and password, then delete the account`, async ({
    page,
    request,
  }, testInfo) => {
    const login = `e2p${language}${testInfo.project.name}${Date.now().toString(36)}`
    const email = `${login}@example.com`
    const created = await request.post('/api/v2/identity/signup/email', {
      data: { login, email, password: PASSWORD, firstName: 'Борис', lastName: 'Петров', isAgreementAccepted: true },
      headers: { 'Accept-Language': language },
    })
    expect(created.status()).toBe(201)
    const mail = await mailTo(request, email, /\d{6}/)
    const confirmed = await request.post('/api/v2/identity/signup/email/code', {
      data: { email, code: mail.text.match(/\b(\d{6})\b/)![1] },
    })
    expect(confirmed.status()).toBe(200)

    await setLanguage(page, language)
    await signIn(page, t, login, PASSWORD)
    await expect(page.getByTestId('home')).toBeVisible()
    await open(page, '/profile')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.greeting('Борис'))

    await page
      .getByLabel(t.photo)
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await page.getByRole('button', { name: t.upload }).click()
    await expect(page.getByText(t.unsupported)).toBeVisible()
    // A HEIC photo is kept as it is; Chromium cannot show it, so the initial stands in for a broken image.
    await page.getByLabel(t.photo).setInputFiles({ name: 'me.heic', mimeType: 'image/heic', buffer: HEIC })
    await page.getByRole('button', { name: t.upload }).click()
    await expect(page.getByRole('button', { name: t.removePhoto })).toBeVisible()
    await expect(page.getByTestId('profile-page').getByTestId('avatar-initial')).toBeVisible()
    await expect(page.getByTestId('avatar-image')).toHaveCount(0)
    await page.getByLabel(t.photo).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: t.upload }).click()
    await expect(page.getByTestId('profile-page').getByTestId('avatar-image')).toBeVisible()

    // Wait for the page to settle after the upload's revalidation, then save; retried if a re-render ate the click.
    await page.waitForLoadState('networkidle')
    await expect(async () => {
      await page.getByLabel(t.timeZone).selectOption('Asia/Tokyo')
      await page.getByRole('button', { name: t.save, exact: true }).click()
      await expect(page.getByText(t.saved)).toBeVisible({ timeout: 3000 })
    }).toPass()
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByLabel(t.timeZone)).toHaveValue('Asia/Tokyo')

    await page.getByTestId('change-password').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(t.oldPassword).fill(PASSWORD)
    await dialog.getByLabel(t.newPassword).fill('Changed-pass-3')
    await dialog.getByLabel(t.repeat).fill('Changed-pass-3')
    await dialog.getByRole('button', { name: t.changePassword }).click()
    await expect(page.getByText(t.passwordChanged)).toBeVisible()
    await expect(dialog).toBeHidden()

    await page.getByTestId('delete-account').click()
    await page.getByRole('dialog').getByRole('button', { name: t.deleteForGood }).click()
    await expect(page.getByTestId('landing')).toBeVisible()
    await signIn(page, t, login, 'Changed-pass-3')
    await expect(page.getByText(t.wrongPassword)).toBeVisible()
  })
}

/**
 * Sign-in with a provider against a real local OpenID provider (oauth2-mock-server) standing in for
 * Google, Microsoft, Yandex and Apple: PKCE is checked by it, the code is exchanged by the Worker.
 */
test.describe('sign-in with a provider', () => {
  const mockPort = Number(process.env.E2E_PORT ?? '8799') + 100
  let server: OAuth2Server
  let formPost: Server
  let claims: Record<string, unknown> = {}
  let appleUser: Record<string, unknown> | null = null

  test.beforeAll(async () => {
    server = new OAuth2Server()
    await server.issuer.keys.generate('RS256')
    server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims))
    server.service.on('beforeUserinfo', (response) => {
      // Yandex's profile call answers in its own shape.
      response.body = {
        id: claims.sub,
        default_email: claims.email,
        first_name: claims.given_name,
        last_name: claims.family_name,
      }
    })
    // Apple answers by a form POST (response_mode=form_post). oauth2-mock-server only redirects, so its answer
    // goes through a page that posts the same fields, served from 127.0.0.1: another site than the app on
    // localhost, so the browser makes a real cross-site POST (Origin 127.0.0.1, no SameSite=Lax cookies).
    formPost = createServer((request, response) => {
      const target = new URL(new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to') ?? '')
      const fields = [...target.searchParams].map(
        ([name, value]) => `<input type="hidden" name="${name}" value="${value.replaceAll('"', '&quot;')}">`,
      )
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end(
        `<!doctype html><form method="post" action="${target.origin}${target.pathname}">${fields.join('')}</form>` +
          '<script>document.forms[0].submit()</script>',
      )
    })
    await new Promise<void>((resolve) => formPost.listen(0, '127.0.0.1', resolve))
    server.service.on('beforeAuthorizeRedirect', (redirect, request) => {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams
      if (query.get('response_mode') !== 'form_post') return
      // Apple posts the person's name once, as JSON in `user`, next to the code and state.
      if (appleUser) redirect.url.searchParams.set('user', JSON.stringify(appleUser))
      const port = (formPost.address() as AddressInfo).port
      // The mock redirects to this very URL object: change it in place.
      redirect.url.href = `http://127.0.0.1:${port}/?to=${encodeURIComponent(redirect.url.href)}`
    })
    await server.start(mockPort, 'localhost')
  })

  test.afterAll(async () => {
    await server.stop()
    await new Promise((resolve) => formPost.close(resolve))
  })

  test('a new person signs in with Apple (a cross-site form POST) and keeps the name Apple sent once', async ({
    page,
  }, testInfo) => {
    const email = `a${testInfo.project.name}${Date.now().toString(36)}@privaterelay.appleid.com`
    claims = { sub: `apple-${email}`, email, email_verified: 'true' }
    appleUser = { name: { firstName: 'Алиса', lastName: 'Яблокова' }, email }
    await setLanguage(page, 'ru')
    const posted = page.waitForRequest((request) => request.url().endsWith('/confirmAppleOauth'))
    await page.getByTestId('oauth-apple').click()
    const callback = await posted
    expect(callback.method()).toBe('POST')
    expect(await callback.headerValue('origin')).toMatch(/^http:\/\/127\.0\.0\.1:/)
    await expect(page.getByTestId('home')).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Здравствуйте, Алиса!')

    // Signing in again: Apple posts no name any more; the account is found by its Apple link.
    appleUser = null
    await page.context().clearCookies()
    await open(page, '/login')
    await page.getByTestId('oauth-apple').click()
    await expect(page.getByTestId('home')).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Здравствуйте, Алиса!')
  })

  test('a forged cross-site Apple POST is refused with a translated message', async ({ page, baseURL }) => {
    await setLanguage(page, 'en')
    // Another site's page posting a made-up code and state to the callback.
    const form =
      `<form method="post" action="${baseURL}/confirmAppleOauth">` +
      '<input name="code" value="stolen"><input name="state" value="forged"><button>Send</button></form>'
    await page.goto(`data:text/html,${encodeURIComponent(form)}`)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('oauth-error')).toHaveText(
      'The sign-in link is invalid or outdated. Please try again.',
    )
  })

  // Google and Microsoft are both OpenID providers read from the ID token; Microsoft's personal accounts may send
  // no `email_verified`, their tenant vouches for the address instead.
  const openIdProviders = [
    { provider: 'google', given: 'Григорий', extra: { email_verified: true } },
    { provider: 'microsoft', given: 'Мирон', extra: { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' } },
  ] as const
  for (const { provider, given, extra } of openIdProviders) {
    test(`ru: a new person signs in with ${provider} and lands in the app shell`, async ({ page }, testInfo) => {
      const email = `${provider[0]}${testInfo.project.name}${Date.now().toString(36)}@${provider}.example`
      claims = { sub: `${provider}-${email}`, email, given_name: given, family_name: 'Тестов', ...extra }
      await setLanguage(page, 'ru')
      await page.getByTestId(`oauth-${provider}`).click()
      await expect(page.getByTestId('home')).toBeVisible()
      await page.goto('/profile')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Здравствуйте, ${given}!`)
    })
  }

  test('en: Yandex links to the existing account with the same verified email', async ({ page, request }, testInfo) => {
    const login = `ya${testInfo.project.name}${Date.now().toString(36)}`
    const email = `${login}@yandex.example`
    await request.post('/api/v2/identity/signup/email', {
      data: { login, email, password: PASSWORD, firstName: 'Яна', lastName: 'Яндексова', isAgreementAccepted: true },
    })
    const mail = await mailTo(request, email, /\d{6}/)
    await request.post('/api/v2/identity/signup/email/code', {
      data: { email, code: mail.text.match(/\b(\d{6})\b/)![1] },
    })
    claims = { sub: `yandex-${login}`, email, given_name: 'Other', family_name: 'Name' }
    await setLanguage(page, 'en')
    await page.getByTestId('oauth-yandex').click()
    await expect(page.getByTestId('home')).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByTestId('profile-login')).toHaveText(login)
  })

  test('a forged state is refused with a translated message', async ({ page }) => {
    await setLanguage(page, 'en')
    await page.goto('/confirmGoogleOauth?code=stolen&state=forged')
    await expect(page.getByTestId('oauth-error')).toHaveText(
      'The sign-in link is invalid or outdated. Please try again.',
    )
  })
})
