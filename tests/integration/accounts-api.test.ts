import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '#app/server/auth/password.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { accountSecrets, personalAccessTokens, refreshTokens, schedules, sessions, users } from '#db/schema.ts'
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
import { TEST_PASSWORD, createTestUser, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)

async function userByEmail(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email))
  return user ?? null
}

describe('sign-up by email with a code', () => {
  it('creates an unconfirmed account and emails a 6-digit code and a link in the chosen language', async () => {
    const body = signupBody()
    const created = await api<{ id: string }>('POST', '/identity/signup/email?isConsentMailing=true', {
      body,
      language: 'en',
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ isOk: true, data: { id: expect.any(String) }, apiErrors: [] })
    const user = await userByEmail(body.email)
    expect(user).toMatchObject({ login: body.login, emailVerifiedAt: null, culture: 'en', isConsentMailing: true })
    expect(user.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/)
    const email = await lastEmailTo(body.email)
    expect(email?.subject).toMatch(/^Confirmation code: \d{6}$/)
    expect(email?.html).toContain(codeIn(email!.text))
    expect(email?.text).toContain('http://localhost:8787/email-confirm/')
    // Stored only as hashes.
    const secrets = await db().select().from(accountSecrets).where(eq(accountSecrets.userId, user.id))
    expect(secrets.map((s) => s.kind).sort()).toEqual(['emailLink', 'signupCode'])
    for (const secret of secrets) expect(email!.text).not.toContain(secret.secretHash)
  })

  it('confirms with the code and answers a token pair that opens the profile', async () => {
    const account = await signupAndConfirm()
    expect((await userByEmail(account.email)).emailVerifiedAt).not.toBeNull()
    const profile = await api<{ login: string; email: string }>('GET', '/profile', { auth: `Bearer ${account.token}` })
    expect(profile.status).toBe(200)
    expect(profile.body.data).toMatchObject({ login: account.login, email: account.email, firstName: 'Анна' })
  })

  it('refuses a wrong code, then an expired one, with translated errors and changes nothing', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const code = codeIn((await lastEmailTo(body.email))!.text)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await api('POST', '/identity/signup/email/code', { body: { email: body.email, code: wrong } })
    expect(refused.status).toBe(400)
    expect(refused.body.apiErrors).toEqual([{ text: 'code: Неверный код' }])
    const badFormat = await api('POST', '/identity/signup/email/code', {
      body: { email: body.email, code: '12ab' },
      language: 'en',
    })
    expect(badFormat.body.apiErrors).toEqual([{ text: 'code: Enter 6 digits' }])
    const user = await userByEmail(body.email)
    await db()
      .update(accountSecrets)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(accountSecrets.userId, user.id))
    const expired = await api('POST', '/identity/signup/email/code', { body: { email: body.email, code } })
    expect(expired.status).toBe(400)
    expect(expired.body.apiErrors[0].text).toBe('code: Срок действия кода истёк, запросите новый')
    expect((await userByEmail(body.email)).emailVerifiedAt).toBeNull()
  })

  it('lets a code be guessed 5 times at most, even the right one afterwards', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const code = codeIn((await lastEmailTo(body.email))!.text)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const ip = newIp()
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        (await api('POST', '/identity/signup/email/code', { body: { email: body.email, code: wrong }, ip })).body
          .apiErrors[0].text,
      )
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('code: Неверный код'))
    expect(answers[4]).toBe('code: Слишком много попыток, запросите новый код')
    const right = await api('POST', '/identity/signup/email/code', { body: { email: body.email, code }, ip })
    expect(right.status).toBe(400)
    expect((await userByEmail(body.email)).emailVerifiedAt).toBeNull()
  })

  it('limits code guesses per IP across accounts (brute force)', async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await api('POST', '/identity/signup/email/code', {
            body: { email: `${unique()}@example.com`, code: '123456' },
            ip,
          })
        ).status,
      )
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('refuses a resend within 60 seconds, on the server, and sends a new code after', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const early = await api('POST', '/identity/signup/email/resend', { body: { email: body.email } })
    expect(early.status).toBe(429)
    expect(early.body.apiErrors[0].text).toMatch(/^Новый код можно запросить через (59|60) с$/)
    expect(Number(early.headers.get('Retry-After'))).toBeGreaterThan(50)
    expect(await emailsTo(body.email)).toHaveLength(1)
    const user = await userByEmail(body.email)
    await db()
      .update(accountSecrets)
      .set({ createdAt: Date.now() - 61_000 })
      .where(eq(accountSecrets.userId, user.id))
    const later = await api('POST', '/identity/signup/email/resend', { body: { email: body.email } })
    expect(later.status).toBe(200)
    expect(await emailsTo(body.email)).toHaveLength(2)
  })

  it('answers a resend for an unknown email like any other, sending nothing', async () => {
    const email = `${unique()}@example.com`
    const answer = await api('POST', '/identity/signup/email/resend', { body: { email } })
    expect(answer.status).toBe(200)
    expect(await emailsTo(email)).toHaveLength(0)
  })
  it('cancels an unconfirmed registration by its id, and never a confirmed account', async () => {
    const body = signupBody()
    const created = await api<{ id: string }>('POST', '/identity/signup/email', { body })
    const cancelled = await api('DELETE', `/identity/signup/email?id=${created.body.data.id}`)
    expect(cancelled.status).toBe(200)
    expect(await userByEmail(body.email)).toBeNull()
    const account = await signupAndConfirm()
    const refused = await api('DELETE', `/identity/signup/email?id=${account.id}`)
    expect(refused.status).toBe(404)
    expect(await userByEmail(account.email)).not.toBeNull()
  })
})

describe('sign-up: bad input and attacks', () => {
  it.each([
    ['weak password', { password: 'password' }, 'password: Нужна заглавная латинская буква'],
    ['Cyrillic password', { password: 'Пароль-Strong-1' }, 'password: Пароль не должен содержать кириллицу'],
    ['login of one dot', { login: '.' }, 'login: Минимум 2 символа'],
    ['login of two dots', { login: '..' }, 'login: Логин не может состоять только из точек'],
    [
      'login with forbidden characters',
      { login: 'ivan/petrov' },
      'login: Допускаются латинские буквы, цифры и символы . _ @ -',
    ],
    ['Cyrillic login', { login: 'иван' }, 'login: Допускаются только латинские буквы'],
    ['reserved login', { login: 'signup' }, 'login: Этот логин недоступен'],
    ['short first name', { firstName: 'А' }, 'firstName: Минимум 2 символа'],
    ['bad email', { email: 'not-an-email' }, 'email: Некорректный email'],
    [
      'agreement not accepted',
      { isAgreementAccepted: false },
      'isAgreementAccepted: Необходимо принять пользовательское соглашение',
    ],
  ])('refuses a %s', async (_name, overrides, text) => {
    const body = signupBody(overrides)
    const answer = await api('POST', '/identity/signup/email', { body })
    expect(answer.status).toBe(400)
    expect(answer.body.isOk).toBe(false)
    expect(answer.body.apiErrors.map((e) => e.text)).toContain(text)
    expect(await userByEmail(body.email)).toBeNull()
  })

  it('answers in English when asked', async () => {
    const answer = await api('POST', '/identity/signup/email', {
      body: signupBody({ password: 'short' }),
      language: 'en',
    })
    expect(answer.body.apiErrors.map((e) => e.text)).toContain('password: At least 8 characters')
  })

  it('refuses a duplicate login or email of a confirmed account, in any case', async () => {
    const existing = await signupAndConfirm()
    const sameLogin = await api('POST', '/identity/signup/email', {
      body: signupBody({ login: existing.login.toUpperCase() }),
    })
    expect(sameLogin.status).toBe(400)
    expect(sameLogin.body.apiErrors).toEqual([{ text: 'login: Этот логин уже занят' }])
    // A taken email is not said (issue 19): the answer is a new sign-up's, and nothing changes.
    const sameEmail = await api('POST', '/identity/signup/email', {
      body: signupBody({ email: existing.email.toUpperCase(), firstName: 'Ольга' }),
    })
    expect(sameEmail.status).toBe(201)
    const [row] = await db().select().from(users).where(eq(users.email, existing.email))
    expect(row.firstName).toBe('Анна')
  })

  it('answers a sign-up with a registered email exactly like a new one, and tells the owner by email', async () => {
    const existing = await signupAndConfirm()
    await db().update(users).set({ culture: 'en' }).where(eq(users.email, existing.email))
    const before = await emailsTo(existing.email)
    const taken = await api<{ id: string }>('POST', '/identity/signup/email', {
      body: signupBody({ email: existing.email }),
      language: 'en',
    })
    const fresh = await api<{ id: string }>('POST', '/identity/signup/email', { body: signupBody(), language: 'en' })
    expect(taken.status).toBe(fresh.status)
    expect(taken.status).toBe(201)
    expect(Object.keys(taken.body.data)).toEqual(Object.keys(fresh.body.data))
    expect(taken.body.apiErrors).toEqual([])
    // No registration was made under that id; the account is untouched.
    expect(await db().select().from(users).where(eq(users.id, taken.body.data.id))).toEqual([])
    expect(await db().select().from(users).where(eq(users.email, existing.email))).toHaveLength(1)
    // The owner hears of it, in their language, with no code in it.
    const sent = await emailsTo(existing.email)
    expect(sent).toHaveLength(before.length + 1)
    const email = await lastEmailTo(existing.email)
    expect(email?.subject).toBe('Someone tried to sign up with your email')
    expect(email?.text).toContain('http://localhost:8787/restore')
    expect(email?.text).not.toMatch(/\b\d{6}\b/)
    // In Russian too.
    await db().update(users).set({ culture: 'ru' }).where(eq(users.email, existing.email))
    await api('POST', '/identity/signup/email', { body: signupBody({ email: existing.email }) })
    expect((await lastEmailTo(existing.email))?.subject).toBe('Попытка регистрации с вашим email')
  })

  it('limits the uniqueness checks hard per address', async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const path = i % 2 === 0 ? `/unique/email/${unique()}%40example.com` : `/unique/login/${unique()}`
      statuses.push((await api('GET', path, { ip })).status)
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(statuses[20]).toBe(429)
    const other = await api('GET', `/unique/login/${unique()}`, { ip: newIp() })
    expect(other.status).toBe(200)
  }, 60_000)

  it('refuses a login that is another account’s email, and an email that is another account’s login', async () => {
    const victim = await signupAndConfirm()
    // Logins may contain `@`: without this, sign-in by the victim's email could reach the squatter's account.
    const squat = await api('POST', '/identity/signup/email', { body: signupBody({ login: victim.email }) })
    expect(squat.status).toBe(400)
    expect(squat.body.apiErrors).toEqual([{ text: 'login: Этот логин уже занят' }])
    expect(await db().select().from(users).where(eq(users.login, victim.email))).toEqual([])
    // The other way round: an account whose login looks like an email holds that text as an email too.
    const atLogin = `${unique('at')}@example.com`
    await signupAndConfirm({ login: atLogin })
    const sameAsLogin = await api('POST', '/identity/signup/email', { body: signupBody({ email: atLogin }) })
    expect(sameAsLogin.status).toBe(400)
    expect(sameAsLogin.body.apiErrors).toEqual([{ text: 'email: Этот email уже зарегистрирован' }])
    // Unconfirmed registrations hold their login against emails as well.
    const pending = signupBody({ login: `${unique('p')}@example.com` })
    await api('POST', '/identity/signup/email', { body: pending })
    const overPending = await api('POST', '/identity/signup/email', { body: signupBody({ email: pending.login }) })
    expect(overPending.body.apiErrors).toEqual([{ text: 'email: Этот email уже зарегистрирован' }])
    // The uniqueness calls say the same.
    const loginCheck = await api<{ isOk: boolean }>('GET', `/unique/login/${encodeURIComponent(victim.email)}`)
    expect(loginCheck.body.data).toEqual({ isOk: false })
    const emailCheck = await api<{ isOk: boolean }>('GET', `/unique/email/${encodeURIComponent(atLogin)}`)
    expect(emailCheck.body.data).toEqual({ isOk: false })
  })

  it('lets the owner of an email replace an unconfirmed registration made with it', async () => {
    const first = signupBody()
    await api('POST', '/identity/signup/email', { body: first })
    const second = signupBody({ email: first.email, firstName: 'Ольга' })
    const answer = await api('POST', '/identity/signup/email', { body: second })
    expect(answer.status).toBe(201)
    const user = await userByEmail(first.email)
    expect(user).toMatchObject({ login: second.login, firstName: 'Ольга' })
  })

  it('limits sign-ups per IP', async () => {
    const existing = await signupAndConfirm()
    const ip = newIp()
    const statuses: number[] = []
    // Well-formed sign-ups that the database refuses (taken login) still count.
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await api('POST', '/identity/signup/email', { body: signupBody({ login: existing.login }), ip })).status,
      )
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('answers malformed JSON with 400', async () => {
    const answer = await api('POST', '/identity/signup/email', { rawBody: '{"login":' })
    expect(answer.status).toBe(400)
    expect(answer.body.apiErrors).toEqual([{ text: 'Некорректный JSON в теле запроса' }])
  })
})

describe('sign-in, refresh and logout', () => {
  it('signs in by login and by email', async () => {
    const account = await signupAndConfirm()
    for (const login of [account.login, account.email.toUpperCase()]) {
      const answer = await api<{ token: string; refreshToken: string }>('POST', '/identity/signin/email', {
        body: { login, password: STRONG_PASSWORD },
      })
      expect(answer.status).toBe(200)
      expect(answer.body.data.token.split('.')).toHaveLength(3)
      expect(answer.body.data.refreshToken.length).toBeGreaterThan(30)
    }
  })

  it('gives the same answer for an unknown login and a wrong password', async () => {
    const account = await signupAndConfirm()
    const wrong = await api('POST', '/identity/signin/email', { body: { login: account.login, password: 'Wrong-1!' } })
    const unknown = await api('POST', '/identity/signin/email', { body: { login: unique(), password: 'Wrong-1!' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.apiErrors).toEqual([{ text: 'Неверный логин или пароль' }])
  })

  it('refuses an unconfirmed account', async () => {
    const body = signupBody()
    await api('POST', '/identity/signup/email', { body })
    const answer = await api('POST', '/identity/signin/email', { body: { login: body.login, password: body.password } })
    expect(answer.status).toBe(403)
    expect(answer.body.apiErrors).toEqual([{ text: 'Email не подтверждён: введите код из письма' }])
  })

  it('stops brute force on one account from many IPs, with the SPEC text, but strangers cannot lock the owner out', async () => {
    const account = await signupAndConfirm()
    const attackers = Array.from({ length: 10 }, () => newIp())
    const statuses: number[] = []
    for (const [i, ip] of attackers.entries())
      statuses.push(
        (await api('POST', '/identity/signin/email', { body: { login: account.login, password: `Wrong-${i}!` }, ip }))
          .status,
      )
    expect(statuses).toEqual(Array(10).fill(400))
    // Every attacking address is refused now, even with the right password.
    for (const ip of attackers) {
      const blocked = await api('POST', '/identity/signin/email', {
        body: { login: account.login, password: STRONG_PASSWORD },
        ip,
      })
      expect(blocked.status).toBe(429)
      expect(blocked.body.apiErrors).toEqual([{ text: 'Слишком много запросов, попробуйте позже' }])
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    }
    // The owner, from an address with no failures, still signs in.
    const owner = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
      ip: newIp(),
    })
    expect(owner.status).toBe(200)
    // A new address gets one guess while the account is under attack: a wrong one closes it too.
    const guesser = newIp()
    const guess = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: 'Wrong-x!' },
      ip: guesser,
    })
    expect(guess.status).toBe(400)
    const again = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
      ip: guesser,
    })
    expect(again.status).toBe(429)
  })

  it('gives one attacking address the longer penalty: an hour after 10 failures on an account', async () => {
    const account = await signupAndConfirm()
    const ip = newIp()
    for (let i = 0; i < 10; i++)
      expect(
        (await api('POST', '/identity/signin/email', { body: { login: account.login, password: `Wrong-${i}!` }, ip }))
          .status,
      ).toBe(400)
    const blocked = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
      ip,
    })
    expect(blocked.status).toBe(429)
    // Longer than the account's 15-minute window.
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(15 * 60)
    const owner = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
      ip: newIp(),
    })
    expect(owner.status).toBe(200)
  })

  it('signs in by an email to the account with that email, even if another account has it as its login', async () => {
    // Such a pair can no longer be made by sign-up; an older pair (or a race) is put in directly, the squatter first.
    const email = `${unique('victim')}@example.com`
    const squatter = await createTestUser({ login: email, passwordHash: await hashPassword('Squatter-pass-1', 1000) })
    const victim = await createTestUser({ email })
    for (const password of [TEST_PASSWORD, TEST_PASSWORD]) {
      const answer = await api<{ token: string }>('POST', '/identity/signin/email', {
        body: { login: email, password },
      })
      expect(answer.status).toBe(200)
      const profile = await api<{ userId: string }>('GET', '/profile', { auth: `Bearer ${answer.body.data.token}` })
      expect(profile.body.data.userId).toBe(victim.id)
    }
    // The squatter's password opens nothing through the victim's email; the squatter still signs in by its own email.
    const squatterPassword = await api('POST', '/identity/signin/email', {
      body: { login: email, password: 'Squatter-pass-1' },
    })
    expect(squatterPassword.status).toBe(400)
    const own = await api('POST', '/identity/signin/email', {
      body: { login: squatter.email, password: 'Squatter-pass-1' },
    })
    expect(own.status).toBe(200)
  })

  it('counts failed sign-ins per account, whether typed as the login or the email', async () => {
    const account = await signupAndConfirm()
    const statuses: number[] = []
    const ips = Array.from({ length: 10 }, () => newIp())
    for (let i = 0; i < 10; i++) {
      const login = i % 2 === 0 ? account.login : account.email
      statuses.push(
        (await api('POST', '/identity/signin/email', { body: { login, password: `Wrong-${i}!` }, ip: ips[i] })).status,
      )
    }
    expect(statuses).toEqual(Array(10).fill(400))
    // An address that failed by the login is refused by the email, and the other way round.
    for (const [login, ip] of [
      [account.email.toUpperCase(), ips[0]],
      [account.login, ips[1]],
    ]) {
      const blocked = await api('POST', '/identity/signin/email', { body: { login, password: STRONG_PASSWORD }, ip })
      expect(blocked.status).toBe(429)
    }
  })

  it('counts only failed sign-ins, so an owner signing in often is never locked out', async () => {
    const account = await signupAndConfirm()
    for (let i = 0; i < 12; i++) {
      const ok = await api('POST', '/identity/signin/email', {
        body: { login: account.login, password: STRONG_PASSWORD },
        ip: newIp(),
      })
      expect(ok.status).toBe(200)
    }
  })

  it('counts only failed sign-ins per IP, so many people behind one address can sign in', async () => {
    const ip = newIp()
    const accounts = [await signupAndConfirm(), await signupAndConfirm()]
    for (let i = 0; i < 62; i++) {
      const account = accounts[i % 2]
      const ok = await api('POST', '/identity/signin/email', {
        body: { login: account.login, password: STRONG_PASSWORD },
        ip,
      })
      expect(ok.status).toBe(200)
    }
  }, 60_000)

  it('stops brute force from one IP across accounts', async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i < 61; i++)
      statuses.push(
        (await api('POST', '/identity/signin/email', { body: { login: unique(), password: 'x' }, ip })).status,
      )
    expect(statuses.filter((status) => status === 429)).toEqual([429])
    expect(statuses[60]).toBe(429)
  }, 120_000)

  it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
    const account = await signupAndConfirm()
    const first = await api<{ token: string; refreshToken: string }>('POST', '/identity/refresh/token', {
      body: { accessToken: account.token, refreshToken: account.refreshToken },
    })
    expect(first.status).toBe(200)
    expect(first.body.data.refreshToken).not.toBe(account.refreshToken)
    const reused = await api('POST', '/identity/refresh/token', {
      body: { accessToken: account.token, refreshToken: account.refreshToken },
    })
    expect(reused.status).toBe(401)
    // The thief's reuse also kills the legitimate newest token.
    const afterReuse = await api('POST', '/identity/refresh/token', {
      body: { refreshToken: first.body.data.refreshToken },
    })
    expect(afterReuse.status).toBe(401)
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, account.id))
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true)
  })

  it('logout revokes the refresh token and ends every access token at once', async () => {
    const account = await signupAndConfirm()
    const other = await api<{ token: string; refreshToken: string }>('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
    })
    expect((await api('GET', '/profile', { auth: `Bearer ${account.token}` })).status).toBe(200)
    const out = await api('POST', '/identity/logout', { body: { refreshToken: account.refreshToken } })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ isOk: true, data: null, apiErrors: [] })
    const refresh = await api('POST', '/identity/refresh/token', { body: { refreshToken: account.refreshToken } })
    expect(refresh.status).toBe(401)
    // The logged-out access token ends now, not in 15 minutes; so does another device's, which refreshes.
    for (const token of [account.token, other.body.data.token])
      expect((await api('GET', '/profile', { auth: `Bearer ${token}` })).status).toBe(401)
    const renewed = await api<{ token: string }>('POST', '/identity/refresh/token', {
      body: { refreshToken: other.body.data.refreshToken },
    })
    expect(renewed.status).toBe(200)
    expect((await api('GET', '/profile', { auth: `Bearer ${renewed.body.data.token}` })).status).toBe(200)
  })

  it('answers 401 without a token or with a forged one', async () => {
    expect((await api('GET', '/profile')).status).toBe(401)
    expect((await api('GET', '/profile', { auth: 'Bearer a.b.c' })).status).toBe(401)
  })
})

describe('restore', () => {
  it('gives the same answer for an unknown email and a known one, emailing only the known', async () => {
    const account = await signupAndConfirm()
    const unknownEmail = `${unique()}@example.com`
    const known = await api('POST', '/restore', { body: { email: account.email } })
    const unknown = await api('POST', '/restore', { body: { email: unknownEmail } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    expect(await emailsTo(unknownEmail)).toHaveLength(0)
    expect((await lastEmailTo(account.email))?.subject).toBe('Восстановление пароля')
  })

  it('sets a new password once; the link cannot be used again and old tokens stop working', async () => {
    const account = await signupAndConfirm()
    const pat = await api<{ token: string }>('POST', '/personalAccessTokens', {
      auth: `Bearer ${account.token}`,
      body: { name: 'CRM', scope: 'read' },
    })
    expect(pat.status).toBe(201)
    expect((await api('GET', '/profile', { auth: `Bearer ${pat.body.data?.token}` })).status).toBe(200)
    await api('POST', '/restore', { body: { email: account.email } })
    const token = linkIn((await lastEmailTo(account.email))!.text, '/restore')
    const weak = await api('PUT', '/restore', { body: { token, password: 'weakpass' } })
    expect(weak.status).toBe(400)
    const done = await api('PUT', '/restore', { body: { token, password: 'Another-pass-2' } })
    expect(done.status).toBe(200)
    const again = await api('PUT', '/restore', { body: { token, password: 'Third-pass-3!' } })
    expect(again.status).toBe(400)
    expect(again.body.apiErrors).toEqual([{ text: 'token: Ссылка недействительна или устарела, запросите новую' }])
    const oldPassword = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
    })
    expect(oldPassword.status).toBe(400)
    const newPassword = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: 'Another-pass-2' },
    })
    expect(newPassword.status).toBe(200)
    const refresh = await api('POST', '/identity/refresh/token', { body: { refreshToken: account.refreshToken } })
    expect(refresh.status).toBe(401)
    // The access token issued before the reset ends at once; the one of the new sign-in works.
    expect((await api('GET', '/profile', { auth: `Bearer ${account.token}` })).status).toBe(401)
    const fresh = newPassword.body.data as { token: string }
    expect((await api('GET', '/profile', { auth: `Bearer ${fresh.token}` })).status).toBe(200)
    // Personal access tokens made before the reset end with it.
    expect((await api('GET', '/profile', { auth: `Bearer ${pat.body.data?.token}` })).status).toBe(401)
    expect(await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.ownerId, account.id))).toEqual(
      [],
    )
  })

  it('refuses an expired reset link', async () => {
    const account = await signupAndConfirm()
    await api('POST', '/restore', { body: { email: account.email } })
    const token = linkIn((await lastEmailTo(account.email))!.text, '/restore')
    await db()
      .update(accountSecrets)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(accountSecrets.userId, account.id))
    expect((await api('PUT', '/restore', { body: { token, password: 'Another-pass-2' } })).status).toBe(400)
  })
})

describe('uniqueness', () => {
  it('says whether an email and a login are free', async () => {
    const account = await signupAndConfirm()
    const taken = await api<{ isOk: boolean }>('GET', `/unique/email/${encodeURIComponent(account.email)}`)
    expect(taken.body.data).toEqual({ isOk: false })
    const free = await api<{ isOk: boolean }>('GET', `/unique/email/${unique()}%40example.com`)
    expect(free.body.data).toEqual({ isOk: true })
    expect((await api<{ isOk: boolean }>('GET', `/unique/login/${account.login}`)).body.data).toEqual({ isOk: false })
    expect((await api<{ isOk: boolean }>('GET', `/unique/login/${unique()}`)).body.data).toEqual({ isOk: true })
    expect((await api<{ isOk: boolean }>('GET', '/unique/login/login')).body.data).toEqual({ isOk: false })
  })
})

describe('profile', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

  it('answers the SPEC §3 profile and updates the editable part', async () => {
    const account = await signupAndConfirm()
    const auth = `Bearer ${account.token}`
    const before = await api('GET', '/profile', { auth })
    expect(before.body.data).toEqual({
      userId: account.id,
      login: account.login,
      email: account.email,
      firstName: 'Анна',
      lastName: 'Смирнова',
      description: '',
      imageUrl: null,
      ianaTimeZoneId: 'Europe/Moscow',
      culture: 'ru',
      tariff: { name: 'Basic', validUntil: null },
      registrationDate: expect.stringMatching(/Z$/),
    })
    const put = await api('PUT', '/profile', { auth, body: { description: 'Психолог', lastName: 'Иванова' } })
    expect(put.status).toBe(200)
    expect((await api('PUT', '/user/ianaTimeZoneId?ianaTimeZoneId=Asia/Tokyo', { auth })).status).toBe(200)
    expect((await api('PUT', '/profile/culture', { auth, body: { culture: 'en' } })).status).toBe(200)
    const after = await api('GET', '/profile', { auth })
    expect(after.body.data).toMatchObject({
      description: 'Психолог',
      lastName: 'Иванова',
      ianaTimeZoneId: 'Asia/Tokyo',
      culture: 'en',
    })
  })

  it('refuses a bad time zone, language or name and changes nothing', async () => {
    const account = await signupAndConfirm()
    const auth = `Bearer ${account.token}`
    const zone = await api('PUT', '/user/ianaTimeZoneId?ianaTimeZoneId=Mars/Olympus', { auth })
    expect(zone.status).toBe(400)
    expect(zone.body.apiErrors).toEqual([{ text: 'ianaTimeZoneId: Неизвестный часовой пояс' }])
    expect((await api('PUT', '/profile/culture', { auth, body: { culture: 'de' } })).status).toBe(400)
    expect((await api('PUT', '/profile', { auth, body: { firstName: 'x' } })).status).toBe(400)
    expect((await api('GET', '/profile', { auth })).body.data).toMatchObject({
      firstName: 'Анна',
      ianaTimeZoneId: 'Europe/Moscow',
      culture: 'ru',
    })
  })

  it('changes the password only with the current one', async () => {
    const account = await signupAndConfirm()
    const auth = `Bearer ${account.token}`
    const wrong = await api('PUT', '/profile/password', {
      auth,
      body: { oldPassword: 'Wrong-pass-1', password: 'Another-pass-2' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.apiErrors).toEqual([{ text: 'oldPassword: Неверный текущий пароль' }])
    const right = await api('PUT', '/profile/password', {
      auth,
      body: { oldPassword: STRONG_PASSWORD, password: 'Another-pass-2' },
    })
    expect(right.status).toBe(200)
    const signin = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: 'Another-pass-2' },
    })
    expect(signin.status).toBe(200)
  })

  it('a password change ends every other session and refresh token, and hands the caller a new pair', async () => {
    const account = await signupAndConfirm()
    const second = await api<{ token: string; refreshToken: string }>('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
    })
    const webSession = await sessionCookieFor(account.id)
    const changed = await api<{ token: string; refreshToken: string }>('PUT', '/profile/password', {
      auth: `Bearer ${account.token}`,
      body: { oldPassword: STRONG_PASSWORD, password: 'Another-pass-2' },
    })
    expect(changed.status).toBe(200)
    for (const refreshToken of [account.refreshToken, second.body.data.refreshToken])
      expect((await api('POST', '/identity/refresh/token', { body: { refreshToken } })).status).toBe(401)
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([])
    const page = await SELF.fetch('http://localhost/profile', { headers: { Cookie: webSession }, redirect: 'manual' })
    expect(page.status).toBe(302)
    // Every access token issued before the change ends at once, the caller's old one too.
    for (const token of [account.token, second.body.data.token])
      expect((await api('GET', '/profile', { auth: `Bearer ${token}` })).status).toBe(401)
    // The caller goes on with its new pair.
    expect((await api('GET', '/profile', { auth: `Bearer ${changed.body.data.token}` })).status).toBe(200)
    const refreshed = await api('POST', '/identity/refresh/token', {
      body: { refreshToken: changed.body.data.refreshToken },
    })
    expect(refreshed.status).toBe(200)
  })

  it('stores an avatar in R2, serves it, and refuses other formats', async () => {
    const account = await signupAndConfirm()
    const auth = `Bearer ${account.token}`
    const form = new FormData()
    form.set('file', new File([png], 'me.png', { type: 'image/png' }))
    const put = await api<{ imageUrl: string }>('PUT', '/profile/avatar', { auth, rawBody: form })
    expect(put.status).toBe(200)
    const key = put.body.data.imageUrl.split('/avatars/')[1]
    expect(key.startsWith(`${account.id}/`)).toBe(true)
    const object = await env.AVATARS.get(key)
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(png)

    const gif = new FormData()
    gif.set('file', new File([new TextEncoder().encode('GIF89a......')], 'me.gif', { type: 'image/gif' }))
    const refused = await api('PUT', '/profile/avatar', { auth, rawBody: gif, language: 'en' })
    expect(refused.status).toBe(400)
    expect(refused.body.apiErrors).toEqual([{ text: 'avatar: Not supported format' }])

    expect((await api('DELETE', '/profile/avatar', { auth })).status).toBe(200)
    expect(await env.AVATARS.get(key)).toBeNull()
    expect((await api('GET', '/profile', { auth })).body.data).toMatchObject({ imageUrl: null })
  })

  it('a new account has its default schedule from sign-up on, in its language and zone (issue 18)', async () => {
    const account = await signupAndConfirm()
    const [user] = await db().select().from(users).where(eq(users.id, account.id))
    const rows = await db().select().from(schedules).where(eq(schedules.ownerId, account.id))
    expect(rows).toEqual([expect.objectContaining({ isDefault: true, name: 'Рабочие часы', timeZone: user.timeZone })])
    expect(rows[0].weekly.length).toBeGreaterThan(0)
  })

  it('deletes the account with everything it owns', async () => {
    const account = await signupAndConfirm()
    await db()
      .insert(schedules)
      .values({ id: crypto.randomUUID(), ownerId: account.id, name: 'Рабочие', timeZone: 'Europe/Moscow', weekly: [] })
    const auth = `Bearer ${account.token}`
    expect((await api('DELETE', '/profile', { auth })).status).toBe(200)
    expect(await userByEmail(account.email)).toBeNull()
    expect(await db().select().from(schedules).where(eq(schedules.ownerId, account.id))).toEqual([])
    expect((await api('GET', '/profile', { auth })).status).toBe(401)
    const signin = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
    })
    expect(signin.status).toBe(400)
  })

  it('never shows one user another user’s profile', async () => {
    const other = await createTestUser()
    const account = await signupAndConfirm()
    const profile = await api<{ userId: string }>('GET', '/profile', { auth: `Bearer ${account.token}` })
    expect(profile.body.data.userId).toBe(account.id)
    expect(profile.body.data.userId).not.toBe(other.id)
  })
})
