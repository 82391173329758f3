import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { SELF, createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeChallengeOf } from '#app/server/accounts/api-signin.server.ts'
import { oauthCallback } from '#app/server/accounts/oauth-route.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { apiSigninCodes, oauthAccounts, oauthStates, sessions, users } from '#db/schema.ts'
import { api as apiRouter } from '#workers/api/index.ts'
import {
  STRONG_PASSWORD,
  api,
  codeIn,
  lastEmailTo,
  newIp,
  signupAndConfirm,
  signupBody,
  unique,
} from './helpers/accounts.ts'
import { createEventType } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

/** The Worker's bindings with every provider sent to a local OpenID provider, and one registered app URL. */
const bindings = { ...env, OAUTH_MOCK_ISSUER: 'http://issuer.test', OAUTH_API_REDIRECT_URLS: 'fastslot://auth/done' }
const db = () => getDb(env.DB)
const VERIFIER = 'a-verifier-of-the-client-that-is-long-enough-0123456789'

afterEach(() => vi.restoreAllMocks())

function idToken(claims: Record<string, unknown>) {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replaceAll('=', '')
      .replaceAll('+', '-')
      .replaceAll('/', '_')
  return `${part({ alg: 'none' })}.${part(claims)}.sig`
}

/** The provider's token endpoint, at the fetch boundary. */
function stubProvider(claims: Record<string, unknown>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url !== 'http://issuer.test/token') throw new Error(`unexpected fetch ${url}`)
    return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) })
  })
}

/** `GET /api/v3/identity/signup/{service}` with the providers configured. */
async function start(service: string, query: Record<string, string>) {
  const response = await apiRouter.fetch(
    new Request(`http://localhost/api/v3/identity/signup/${service}?${new URLSearchParams(query)}`, {
      headers: { 'CF-Connecting-IP': newIp(), 'Accept-Language': 'en' },
    }),
    bindings,
    createExecutionContext(),
  )
  const body = (await response.json()) as { isOk: boolean; data: { url: string } | null; apiErrors: { text: string }[] }
  return { status: response.status, body, cookie: response.headers.get('Set-Cookie') }
}

/** The provider sends the browser back to the callback: a redirect, or the error page's data and status. */
async function callback(service: 'google' | 'yandex', query: Record<string, string>, cookie = '') {
  const page = service === 'google' ? 'confirmGoogleOauth' : 'confirmYandexOauth'
  const request = new Request(`http://localhost/${page}?${new URLSearchParams(query)}`, {
    headers: { Cookie: cookie, 'CF-Connecting-IP': newIp() },
  })
  const args = { request, context: { cloudflare: { env: bindings, ctx: createExecutionContext() } }, params: {} }
  const answer = (await oauthCallback(service, args as unknown as LoaderFunctionArgs)) as
    | Response
    | { data: { error: string }; init: { status: number } }
  if (answer instanceof Response) return { status: answer.status, headers: answer.headers, error: null }
  return { status: answer.init.status, headers: new Headers(), error: answer.data.error }
}

async function exchange(body: Record<string, unknown>) {
  const response = await SELF.fetch('http://localhost/api/v3/apiKey/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': newIp() },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { token: string; refreshToken: string } | null
      apiErrors: { text: string }[]
    },
  }
}

/** A whole API sign-in with a code challenge, up to the one-time code in the URL it comes back to. */
async function signInThroughApi(email: string, redirectUrl = '/app/auth?from=api') {
  const started = await start('google', { redirectUrl, codeChallenge: await codeChallengeOf(VERIFIER) })
  expect(started.status).toBe(200)
  const state = new URL(started.body.data!.url).searchParams.get('state')!
  stubProvider({ sub: `g-${email}`, email, email_verified: true, given_name: 'Гоша' })
  const back = await callback('google', { code: 'provider-code', state })
  vi.restoreAllMocks()
  return back
}

describe('provider sign-in through the JSON API', () => {
  it('answers the provider URL, comes back with a one-time code, and the code buys a token pair once', async () => {
    const email = `${unique('api')}@gmail.example`
    const started = await start('google', { redirectUrl: '/app/auth', codeChallenge: await codeChallengeOf(VERIFIER) })
    expect(started.body.isOk).toBe(true)
    const authorize = new URL(started.body.data!.url)
    expect(authorize.origin + authorize.pathname).toBe('http://issuer.test/authorize')
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:8787/confirmGoogleOauth')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    // Bound by the client's challenge: no cookie is needed (a phone app's browser is not the app).
    expect(started.cookie).toBeNull()

    stubProvider({ sub: `g-${email}`, email, email_verified: true, given_name: 'Гоша' })
    const back = await callback('google', { code: 'provider-code', state: authorize.searchParams.get('state')! })
    expect(back.status).toBe(302)
    const location = new URL(back.headers.get('Location')!, 'http://localhost')
    expect(location.pathname).toBe('/app/auth')
    const code = location.searchParams.get('code')!
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // No web session: the API client gets tokens, not a cookie.
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith('session='))).toBe(false)
    const [user] = await db().select().from(users).where(eq(users.email, email))
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    // Stored only as its hash.
    const rows = await db().select().from(apiSigninCodes).where(eq(apiSigninCodes.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].codeHash).toBe(await sha256(code))
    expect(rows[0].expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60_000)

    const tokens = await exchange({ code, codeVerifier: VERIFIER })
    expect(tokens.status).toBe(200)
    const profile = await api<{ email: string; firstName: string }>('GET', '/profile', {
      auth: `Bearer ${tokens.body.data!.token}`,
    })
    expect(profile.body.data).toMatchObject({ email, firstName: 'Гоша' })
    // Single use.
    const again = await exchange({ code, codeVerifier: VERIFIER })
    expect(again.status).toBe(400)
    expect(again.body.apiErrors).toEqual([{ text: 'code: Код входа недействителен или устарел, войдите ещё раз' }])
  })

  it('refuses a code without the verifier of its challenge, or with another one, and the code is spent', async () => {
    for (const body of [{}, { codeVerifier: `${VERIFIER}-other` }]) {
      const back = await signInThroughApi(`${unique('v')}@gmail.example`)
      const code = new URL(back.headers.get('Location')!, 'http://localhost').searchParams.get('code')!
      expect((await exchange({ code, ...body })).status).toBe(400)
      expect((await exchange({ code, codeVerifier: VERIFIER })).status).toBe(400)
    }
  })

  it('refuses a malformed verifier with a translated error', async () => {
    const answer = await SELF.fetch('http://localhost/api/v3/apiKey/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ code: 'x', codeVerifier: 'short' }),
    })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { apiErrors: unknown[] }).apiErrors).toEqual([
      { text: 'codeVerifier: A codeVerifier of 43 to 128 characters is required' },
    ])
  })

  it('refuses an expired code', async () => {
    const back = await signInThroughApi(`${unique('x')}@gmail.example`)
    const code = new URL(back.headers.get('Location')!, 'http://localhost').searchParams.get('code')!
    await db()
      .update(apiSigninCodes)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(apiSigninCodes.codeHash, await sha256(code)))
    expect((await exchange({ code, codeVerifier: VERIFIER })).status).toBe(400)
  })

  it('without a challenge, binds the sign-in to the browser by the state cookie', async () => {
    const email = `${unique('c')}@gmail.example`
    const started = await start('google', { redirectUrl: 'http://localhost:8787/app/auth?x=1' })
    const cookie = started.cookie!.split(';')[0]
    expect(cookie).toMatch(/^oauth_state=/)
    const state = new URL(started.body.data!.url).searchParams.get('state')!
    // Someone else's browser (no cookie) cannot finish it.
    const forged = await callback('google', { code: 'c', state })
    expect(forged.status).toBe(400)
    expect(forged.error).toBe('Ссылка входа недействительна или устарела. Попробуйте войти ещё раз.')
    stubProvider({ sub: `g-${email}`, email, email_verified: true })
    const back = await callback('google', { code: 'c', state }, cookie)
    // An absolute URL of this site is kept as its path.
    const location = back.headers.get('Location')!
    expect(location).toMatch(/^\/app\/auth\?x=1&code=/)
    const code = new URL(location, 'http://localhost').searchParams.get('code')!
    expect((await exchange({ code })).status).toBe(200)
  })

  it('sends the code only to this site or a registered URL', async () => {
    for (const redirectUrl of [
      '',
      'https://evil.example/auth',
      '//evil.example/auth',
      '/\t/evil.example',
      'javascript:alert(1)',
      'fastslot://auth/other',
    ]) {
      const refused = await start('google', { redirectUrl })
      expect(refused.status).toBe(400)
      expect(refused.body.apiErrors).toEqual([
        { text: 'redirectUrl: The return address must be on this site or registered' },
      ])
    }
    const back = await signInThroughApi(`${unique('r')}@gmail.example`, 'fastslot://auth/done?device=1')
    expect(back.headers.get('Location')).toMatch(/^fastslot:\/\/auth\/done\?device=1&code=[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a malformed challenge, and answers 404 for an unknown service', async () => {
    const bad = await start('google', { redirectUrl: '/', codeChallenge: 'short' })
    expect(bad.status).toBe(400)
    expect(
      (await start('google', { redirectUrl: '/', codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'plain' })).status,
    ).toBe(400)
    expect((await start('github', { redirectUrl: '/' })).status).toBe(404)
    expect((await start('email', { redirectUrl: '/' })).status).toBe(404)
    // Without the local provider, the real providers need their secrets.
    const unconfigured = await SELF.fetch('http://localhost/api/v3/identity/signup/google?redirectUrl=%2F')
    expect(unconfigured.status).toBe(503)
  })
})

describe('unlinking a provider', () => {
  async function linked(providers: ('google' | 'yandex')[], withPassword: boolean) {
    const user = await createTestUser(withPassword ? {} : { passwordHash: null })
    for (const provider of providers)
      await db()
        .insert(oauthAccounts)
        .values({
          id: crypto.randomUUID(),
          provider,
          providerUserId: unique(provider),
          userId: user.id,
          email: user.email,
        })
    return { user, auth: await bearerFor(user.id) }
  }
  const links = (userId: string) => db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId))

  it('unlinks a provider from an account with a password', async () => {
    const { user, auth } = await linked(['google'], true)
    expect((await api('DELETE', '/identity/signup/google', { auth })).status).toBe(200)
    expect(await links(user.id)).toEqual([])
    expect((await api('DELETE', '/identity/signup/google', { auth })).status).toBe(404)
  })

  it('refuses to unlink the last way in of an account without a password', async () => {
    const { user, auth } = await linked(['google', 'yandex'], false)
    expect((await api('DELETE', '/identity/signup/google', { auth })).status).toBe(200)
    const last = await api('DELETE', '/identity/signup/yandex', { auth, language: 'en' })
    expect(last.status).toBe(400)
    expect(last.body.apiErrors).toEqual([
      { text: 'This is the only way to sign in to the account: set a password first' },
    ])
    expect((await links(user.id)).map((link) => link.provider)).toEqual(['yandex'])
  })

  it('needs a signed-in user and touches only their own links', async () => {
    expect((await api('DELETE', '/identity/signup/google')).status).toBe(401)
    const owner = await linked(['google'], true)
    const other = await linked([], true)
    expect((await api('DELETE', '/identity/signup/google', { auth: other.auth })).status).toBe(404)
    expect(await links(owner.user.id)).toHaveLength(1)
  })
})

describe('a pending registration and the profile’s event types', () => {
  it('invalidates the pending code and link of an unconfirmed registration', async () => {
    const body = signupBody()
    const created = await api<{ id: string }>('POST', '/identity/signup/email', { body })
    const code = codeIn((await lastEmailTo(body.email))!.text)
    const invalidated = await api('DELETE', `/identity/signup/email/code?id=${created.body.data.id}`)
    expect(invalidated.status).toBe(200)
    const refused = await api('POST', '/identity/signup/email/code', { body: { email: body.email, code } })
    expect(refused.status).toBe(400)
    expect(refused.body.apiErrors).toEqual([{ text: 'code: Срок действия кода истёк, запросите новый' }])
    const [user] = await db().select().from(users).where(eq(users.email, body.email))
    expect(user.emailVerifiedAt).toBeNull()
    // A confirmed account, or an unknown id: 404.
    const account = await signupAndConfirm()
    expect((await api('DELETE', `/identity/signup/email/code?id=${account.id}`)).status).toBe(404)
    expect((await api('DELETE', '/identity/signup/email/code?id=nope')).status).toBe(404)
    const signin = await api('POST', '/identity/signin/email', {
      body: { login: account.login, password: STRONG_PASSWORD },
    })
    expect(signin.status).toBe(200)
  })

  it('lists the signed-in user’s own event types in the short form', async () => {
    const user = await createTestUser()
    const other = await createTestUser()
    const mine = await createEventType(user.id, { name: 'Моя встреча' })
    await createEventType(other.id)
    const answer = await api<unknown[]>('GET', '/profile/eventTypes', { auth: await bearerFor(user.id) })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual([
      {
        id: mine.id,
        name: 'Моя встреча',
        link: mine.link,
        color: mine.color,
        durationInMinutes: 60,
        isActive: mine.isActive,
      },
    ])
    expect((await api('GET', '/profile/eventTypes')).status).toBe(401)
  })
})

/** The message an OAuth page shows (the page also embeds every translation, so search the element only). */
const shown = (html: string) => html.match(/data-testid="oauth-error">([^<]*)</)?.[1]

describe('cancelling at the provider', () => {
  it('shows a translated “sign-in was cancelled” and spends the state', async () => {
    const started = await start('yandex', { redirectUrl: '/' })
    const state = new URL(started.body.data!.url).searchParams.get('state')!
    const cancelled = await SELF.fetch(
      `http://localhost/confirmYandexOauth?error=access_denied&state=${encodeURIComponent(state)}`,
      { headers: { Cookie: 'lng=ImVuIg%3D%3D' } },
    )
    expect(cancelled.status).toBe(200)
    expect(shown(await cancelled.text())).toBe('Sign-in was cancelled. You can sign in again or choose another way.')
    expect(
      await db()
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, await sha256(state))),
    ).toEqual([])
    const ru = await SELF.fetch('http://localhost/confirmGoogleOauth?error=access_denied')
    expect(shown(await ru.text())).toBe('Вход отменён. Можно войти снова или выбрать другой способ.')
    // Any other provider error is a failure, not a cancellation.
    const failed = await SELF.fetch('http://localhost/confirmGoogleOauth?error=server_error')
    expect(failed.status).toBe(400)
    expect(shown(await failed.text())).toBe('Не удалось получить данные от сервиса. Попробуйте ещё раз.')
  })

  it('Apple’s cancelled form POST lands on the same message', async () => {
    const form = new FormData()
    form.set('error', 'user_cancelled_authorize')
    form.set('state', 'whatever')
    const posted = await SELF.fetch('http://localhost/confirmAppleOauth', {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Origin: 'https://appleid.apple.com' },
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe('/confirmAppleOauth?error=cancelled')
    const page = await SELF.fetch('http://localhost/confirmAppleOauth?error=cancelled')
    expect(page.status).toBe(200)
    expect(shown(await page.text())).toBe('Вход отменён. Можно войти снова или выбрать другой способ.')
  })
})
