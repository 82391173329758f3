import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { accountSecrets, schedules, sessions, users } from '#db/schema.ts'
import {
  STRONG_PASSWORD,
  api,
  codeIn,
  emailsTo,
  lastEmailTo,
  linkIn,
  newIp,
  signupAndConfirm,
  signupBody,
  unique,
} from './helpers/accounts.ts'
import { createBookableHost } from './helpers/booking.ts'
import { bearerFor, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const ENGLISH = 'lng=ImVuIg%3D%3D'

/** Posts a page form like a browser on the same site; never follows the redirect. */
async function post(path: string, fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { Origin: 'http://localhost', Host: 'localhost', 'CF-Connecting-IP': newIp(), ...headers },
  })
}

async function page(path: string, cookie = '') {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  return { status: response.status, html: await response.text(), location: response.headers.get('Location') }
}

function sessionFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='))
  if (!cookie) throw new Error('no session cookie')
  expect(cookie).toContain('HttpOnly')
  expect(cookie).toContain('Secure')
  expect(cookie).toContain('SameSite=Lax')
  return cookie.split(';')[0]
}

describe('sign-up pages', () => {
  it('sign up, enter the emailed code, land in the app shell', async () => {
    const body = signupBody()
    const created = await post('/signup', {
      ...body,
      isAgreementAccepted: 'on',
      passwordRepeat: body.password,
      isConsentMailing: 'on',
    })
    expect(created.status).toBe(302)
    expect(created.headers.get('Location')).toBe(`/signupDone?email=${encodeURIComponent(body.email)}`)
    const done = await page(`/signupDone?email=${encodeURIComponent(body.email)}`)
    expect(done.html).toContain(body.email)
    expect(done.html).toMatch(/Повторная отправка через (59|60) с/)
    const code = codeIn((await lastEmailTo(body.email))!.text)
    const confirmed = await post(`/signupDone?email=${encodeURIComponent(body.email)}`, {
      email: body.email,
      code,
      intent: 'confirm',
    })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe('/')
    const home = await page('/', sessionFrom(confirmed))
    expect(home.html).toContain('data-testid="home"')
    expect(home.html).toContain('data-testid="profile-menu"')
  })

  it('starts the account and its default schedule in the zone the browser kept, else in Moscow', async () => {
    const zoneOf = async (email: string) => {
      const [user] = await db().select().from(users).where(eq(users.email, email))
      const owned = await db().select().from(schedules).where(eq(schedules.ownerId, user.id))
      return { user: user.timeZone, schedules: owned.map((schedule) => schedule.timeZone) }
    }
    const tokyo = signupBody()
    const kept = await post(
      '/signup',
      { ...tokyo, isAgreementAccepted: 'on', passwordRepeat: tokyo.password },
      { Cookie: 'tz=Asia%2FTokyo' },
    )
    expect(kept.status).toBe(302)
    expect(await zoneOf(tokyo.email)).toEqual({ user: 'Asia/Tokyo', schedules: ['Asia/Tokyo'] })

    const unknown = signupBody()
    await post(
      '/signup',
      { ...unknown, isAgreementAccepted: 'on', passwordRepeat: unknown.password },
      { Cookie: 'tz=Mars%2FOlympus' },
    )
    expect(await zoneOf(unknown.email)).toEqual({ user: 'Europe/Moscow', schedules: ['Europe/Moscow'] })

    const api = signupBody()
    const created = await SELF.fetch('http://localhost/api/v2/identity/signup/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', timezone: 'America/Santiago', 'CF-Connecting-IP': newIp() },
      body: JSON.stringify(api),
    })
    expect(created.status).toBe(201)
    expect(await zoneOf(api.email)).toEqual({ user: 'America/Santiago', schedules: ['America/Santiago'] })
  })

  it('shows translated field errors and creates nothing', async () => {
    const body = { ...signupBody({ login: '..', password: 'Пароль1!', firstName: 'А' }), isAgreementAccepted: 'on' }
    const response = await post('/signup', { ...body, passwordRepeat: 'other' }, { Cookie: ENGLISH })
    expect(response.status).toBe(400)
    const [user] = await db().select().from(users).where(eq(users.email, body.email))
    expect(user).toBeUndefined()
  })

  it('refuses a wrong code on the page and a resend within 60 seconds', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const code = codeIn((await lastEmailTo(body.email))!.text)
    const wrong = await post(`/signupDone?email=${encodeURIComponent(body.email)}`, {
      email: body.email,
      code: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.headers.get('Location')).toBeNull()
    expect(wrong.status).toBe(400)
    const resend = await post(`/signupDone?email=${encodeURIComponent(body.email)}`, {
      email: body.email,
      intent: 'resend',
    })
    expect(resend.status).toBe(429)
    expect(await emailsTo(body.email)).toHaveLength(1)
  })

  it('confirms by the email link with a POST, and offers a new link when it is outdated', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const token = linkIn((await lastEmailTo(body.email))!.text, '/email-confirm')
    const shown = await page(`/email-confirm/${token}`)
    expect(shown.html).toContain('data-testid="email-confirm"')
    // Opening the link (a GET, as mail scanners do) confirms nothing.
    const [before] = await db().select().from(users).where(eq(users.email, body.email))
    expect(before.emailVerifiedAt).toBeNull()

    await db()
      .update(accountSecrets)
      .set({ expiresAt: Date.now() - 1, createdAt: Date.now() - 61_000 })
      .where(eq(accountSecrets.userId, before.id))
    const outdated = await page(`/email-confirm/${token}`)
    expect(outdated.html).toContain('Ссылка подтверждения устарела, запросите новую')
    const refused = await post(`/email-confirm/${token}`, { intent: 'confirm' })
    expect(refused.status).toBe(400)
    const resent = await post(`/email-confirm/${token}`, { intent: 'resend' })
    expect(resent.status).toBe(302)
    expect(resent.headers.get('Location')).toBe(`/signupDone?email=${encodeURIComponent(body.email)}`)
    const fresh = linkIn((await lastEmailTo(body.email))!.text, '/email-confirm')
    const confirmed = await post(`/email-confirm/${fresh}`, { intent: 'confirm' })
    expect(confirmed.status).toBe(302)
    sessionFrom(confirmed)
    const [after] = await db().select().from(users).where(eq(users.email, body.email))
    expect(after.emailVerifiedAt).not.toBeNull()
  })
})

describe('login and logout pages', () => {
  it('sign in by login and by email and go back only to same-origin paths', async () => {
    const account = await signupAndConfirm()
    const byLogin = await post('/login', { login: account.login, password: STRONG_PASSWORD, redirectTo: '/profile' })
    expect(byLogin.status).toBe(302)
    expect(byLogin.headers.get('Location')).toBe('/profile')
    sessionFrom(byLogin)
    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const response = await post('/login', { login: account.email, password: STRONG_PASSWORD, redirectTo: evil })
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/')
    }
  })

  it('never redirect off-site through a control character, a backslash or an encoded slash', async () => {
    const account = await signupAndConfirm()
    // Browsers drop the tab of `/\t/evil.example`, which then reads as `//evil.example`.
    const evil = [
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\\/evil.example',
      '/%2F/evil.example',
      '/%09/evil.example',
    ]
    for (const redirectTo of evil) {
      const signedIn = await post('/login', { login: account.login, password: STRONG_PASSWORD, redirectTo })
      expect(signedIn.status).toBe(302)
      expect(signedIn.headers.get('Location')).toBe('/')
      // A signed-in visitor of /login is sent on at once: the same check.
      const cookie = sessionFrom(signedIn)
      const loader = await page(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, cookie)
      expect(loader.status).toBe(302)
      expect(loader.location).toBe('/')
      const language = await post('/language', { language: 'ru', redirectTo }, { Cookie: cookie })
      expect(language.headers.get('Location')).toBe('/')
    }
    // The exact URL of the report.
    const reported = await page('/login?redirectTo=%2F%09%2Fevil.example%2Fphish', await sessionCookieFor(account.id))
    expect(reported.location).toBe('/')
  })

  it('show a translated error for a wrong password', async () => {
    const account = await signupAndConfirm()
    const response = await post('/login', { login: account.login, password: 'Wrong-pass-1' }, { Cookie: ENGLISH })
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false)
  })

  it('refuse a cross-site form post', async () => {
    const account = await signupAndConfirm()
    const response = await post(
      '/login',
      { login: account.login, password: STRONG_PASSWORD },
      { Origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('log out with a POST only, ending the session on the server', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    const viaGet = await page('/logout', cookie)
    expect(viaGet.status).toBe(302)
    expect((await page('/', cookie)).html).toContain('data-testid="home"')
    const out = await post('/logout', {}, { Cookie: cookie })
    expect(out.status).toBe(302)
    expect(out.headers.get('Location')).toBe('/login')
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([])
    expect((await page('/', cookie)).html).toContain('data-testid="landing"')
  })

  it('send a signed-out visitor of the profile to /login with the way back', async () => {
    const response = await page('/profile')
    expect(response.status).toBe(302)
    expect(response.location).toBe('/login?redirectTo=%2Fprofile')
  })
})

describe('restore pages', () => {
  it('answer the same for an unknown and a known email, then set a new password once', async () => {
    const account = await signupAndConfirm()
    const known = await post('/restore', { email: account.email })
    const unknown = await post('/restore', { email: `${unique()}@example.com` })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const token = linkIn((await lastEmailTo(account.email))!.text, '/restore')
    expect((await page(`/restore/${token}`)).html).toContain('data-testid="new-password-form"')
    const mismatch = await post(`/restore/${token}`, { password: 'Another-pass-2', passwordRepeat: 'Another-pass-3' })
    expect(mismatch.status).toBe(400)
    const done = await post(`/restore/${token}`, { password: 'Another-pass-2', passwordRepeat: 'Another-pass-2' })
    expect(done.status).toBe(302)
    sessionFrom(done)
    expect((await page(`/restore/${token}`)).html).toContain('data-testid="restore-invalid"')
    const again = await post(`/restore/${token}`, { password: 'Third-pass-3!', passwordRepeat: 'Third-pass-3!' })
    expect(again.status).toBe(400)
  })
})

describe('profile page', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

  it('renders in both languages with the shell', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    expect((await page('/profile', cookie)).html).toContain('Здравствуйте, Анна!')
    const english = await page('/profile', `${cookie}; ${ENGLISH}`)
    expect(english.html).toContain('Hello, Анна!')
    expect(english.html).toContain('Plans and payment')
  })

  it('uploads an avatar, serves it, and refuses other formats', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    const bad = await post(
      '/profile',
      { intent: 'avatar', avatar: new File(['GIF89a'], 'me.gif', { type: 'image/gif' }) },
      { Cookie: cookie },
    )
    expect(bad.status).toBe(400)
    const ok = await post(
      '/profile',
      { intent: 'avatar', avatar: new File([png], 'me.png', { type: 'image/png' }) },
      { Cookie: cookie },
    )
    expect(ok.status).toBe(200)
    const [user] = await db().select().from(users).where(eq(users.id, account.id))
    const served = await SELF.fetch(`http://localhost/avatars/${user.imageKey}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    expect((await page('/', cookie)).html).toContain(`/avatars/${user.imageKey}`)
  })

  it('changing the password keeps this session and ends the others and every refresh token', async () => {
    const account = await signupAndConfirm()
    const here = await sessionCookieFor(account.id)
    const elsewhere = await sessionCookieFor(account.id)
    const wrong = await post(
      '/profile',
      { intent: 'password', oldPassword: 'Wrong-pass-1', password: 'Another-pass-2', passwordRepeat: 'Another-pass-2' },
      { Cookie: here },
    )
    expect(wrong.status).toBe(400)
    expect((await page('/profile', elsewhere)).status).toBe(200)
    const changed = await post(
      '/profile',
      {
        intent: 'password',
        oldPassword: STRONG_PASSWORD,
        password: 'Another-pass-2',
        passwordRepeat: 'Another-pass-2',
      },
      { Cookie: here },
    )
    expect(changed.status).toBe(200)
    expect((await page('/profile', here)).status).toBe(200)
    expect((await page('/profile', elsewhere)).location).toBe('/login?redirectTo=%2Fprofile')
    expect(
      (await api('POST', '/identity/refresh/token', { body: { refreshToken: account.refreshToken } })).status,
    ).toBe(401)
  })

  it('saves the time zone and language, refuses an unknown zone', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    const fields = { intent: 'profile', firstName: 'Анна', lastName: 'Смирнова', description: 'Коуч', culture: 'en' }
    const bad = await post('/profile', { ...fields, ianaTimeZoneId: 'Mars/Base' }, { Cookie: cookie })
    expect(bad.status).toBe(400)
    const ok = await post('/profile', { ...fields, ianaTimeZoneId: 'America/New_York' }, { Cookie: cookie })
    expect(ok.status).toBe(200)
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('lng='))).toBe(true)
    const [user] = await db().select().from(users).where(eq(users.id, account.id))
    expect(user).toMatchObject({ timeZone: 'America/New_York', culture: 'en', description: 'Коуч' })
  })

  it('deletes the account and signs out', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    const response = await post('/profile', { intent: 'delete' }, { Cookie: cookie })
    expect(response.status).toBe(302)
    expect(await db().select().from(users).where(eq(users.id, account.id))).toEqual([])
    expect((await page('/', cookie)).html).toContain('data-testid="landing"')
  })

  it('after deletion, every public page of the account and its avatar answer 404', async () => {
    const { host, eventType } = await createBookableHost()
    const auth = await bearerFor(host.id)
    const form = new FormData()
    form.set('file', new File([png], 'me.png', { type: 'image/png' }))
    const avatar = await api<{ imageUrl: string }>('PUT', '/profile/avatar', { auth, rawBody: form })
    const avatarPath = new URL(avatar.body.data.imageUrl).pathname
    const { login } = host
    const link = eventType.link
    const paths = [
      `/user/${login}`,
      `/${login}/${link}`,
      `/user/${login}/event/${link}`,
      `/widget/booking/user/${login}/event/${link}`,
      `/api/v2/public/${login}/eventTypes`,
      `/api/v2/public/${login}/eventTypes/${link}`,
      avatarPath,
    ]
    const status = async (path: string) => {
      const response = await SELF.fetch(`http://localhost${path}`, { redirect: 'manual' })
      await response.arrayBuffer()
      return [path, response.status]
    }
    for (const path of paths) expect(await status(path)).toEqual([path, 200])

    expect((await api('DELETE', '/profile', { auth })).status).toBe(200)
    for (const path of paths) expect(await status(path)).toEqual([path, 404])
    expect(await env.AVATARS.get(avatarPath.replace('/avatars/', ''))).toBeNull()
  })

  it('shows the plans and wallet pages (issue 16) and the phone menu', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    expect((await page('/tariff', cookie)).html).toContain('data-testid="current-plan"')
    expect((await page('/wallet', cookie)).html).toContain('data-testid="wallet-balance"')
    // The public booking issue built the share panel.
    expect((await page('/shareLink', cookie)).html).toContain('data-testid="share-panel"')
    const menu = await page('/menu', cookie)
    expect(menu.html).toContain('data-testid="menu-page"')
    expect(menu.html).toContain('/eventTypes')
  })
})

describe('interface language and profile culture', () => {
  it('switching the language while signed in updates the profile culture', async () => {
    const account = await signupAndConfirm()
    const cookie = await sessionCookieFor(account.id)
    const response = await post('/language', { language: 'en', redirectTo: '/profile' }, { Cookie: cookie })
    expect(response.status).toBe(302)
    const [user] = await db().select().from(users).where(eq(users.id, account.id))
    expect(user.culture).toBe('en')
  })
})
