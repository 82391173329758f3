import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountDeps } from '#app/server/accounts/deps.server.ts'
import type { Refused } from '#app/server/refusal.server.ts'
import { resolveOAuthUser } from '#app/server/accounts/oauth-accounts.server.ts'
import { providerConfig } from '#app/server/accounts/oauth-providers.server.ts'
import { finishOAuth, startOAuth } from '#app/server/accounts/oauth.server.ts'
import { oauthStart } from '#app/server/accounts/oauth-route.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { oauthAccounts, oauthStates, users } from '#db/schema.ts'
import { api, newIp, signupAndConfirm, signupBody, unique } from './helpers/accounts.ts'

const bindings = { ...env, OAUTH_MOCK_ISSUER: 'http://issuer.test' }
const config = providerConfig('google', bindings, parseEnv(bindings))!

function deps() {
  const request = new Request('http://localhost/', { headers: { 'CF-Connecting-IP': newIp() } })
  return accountDeps(env, { waitUntil: () => {} }, request, 'ru')
}

function idToken(claims: Record<string, unknown>) {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replaceAll('=', '')
      .replaceAll('+', '-')
      .replaceAll('/', '_')
  return `${part({ alg: 'none' })}.${part(claims)}.sig`
}

/** The provider's token endpoint, at the fetch boundary: answers an ID token with these claims. */
function stubTokenEndpoint(claims: Record<string, unknown>) {
  const bodies: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url !== 'http://issuer.test/token') throw new Error(`unexpected fetch ${url}`)
    bodies.push(input instanceof Request ? await input.clone().text() : String(init?.body ?? ''))
    return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) })
  })
  return bodies
}

afterEach(() => vi.restoreAllMocks())

describe('OAuth start', () => {
  it('uses PKCE (S256), a one-time state stored only as a hash, and the exact redirect URI', async () => {
    const d = deps()
    const { url, state } = await startOAuth(d, 'google', config, '/profile')
    const parsed = new URL(url)
    expect(parsed.origin + parsed.pathname).toBe('http://issuer.test/authorize')
    expect(parsed.searchParams.get('redirect_uri')).toBe('http://localhost:8787/confirmGoogleOauth')
    expect(parsed.searchParams.get('code_challenge_method')).toBe('S256')
    expect(parsed.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(parsed.searchParams.get('state')).toBe(state)
    const rows = await d.db.select().from(oauthStates)
    expect(rows.some((row) => row.stateHash === state)).toBe(false)
    expect(rows.some((row) => row.redirectTo === '/profile')).toBe(true)
  })

  it('keeps only a safe way back: a tab-split network path becomes `/`', async () => {
    const request = new Request(
      'http://localhost/oAuthRedirectPage?provider=yandex&redirectTo=%2F%09%2Fevil.example%2Fphish',
      { headers: { 'CF-Connecting-IP': newIp() } },
    )
    const response = (await oauthStart({
      request,
      context: { cloudflare: { env: bindings, ctx: { waitUntil: () => {} } } },
      params: {},
    } as unknown as LoaderFunctionArgs)) as Response
    expect(response.status).toBe(302)
    const state = response.headers.get('Set-Cookie')!.match(/oauth_state=([^;]+)/)![1]
    const [row] = await deps()
      .db.select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, await sha256(state)))
    expect(row.redirectTo).toBe('/')
  })

  it('is refused with a clear page when the provider is not configured', async () => {
    const response = await SELF.fetch('http://localhost/oAuthRedirectPage?provider=google')
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('Вход через этот сервис пока не настроен')
  })
})

describe('OAuth callback', () => {
  it('refuses a forged state: not this browser’s, unknown, or used twice', async () => {
    const d = deps()
    const { state } = await startOAuth(d, 'google', config, '/')
    const other = await startOAuth(d, 'google', config, '/')
    const forged = (input: { state: string; cookieState: string }) =>
      finishOAuth(d, 'google', config, { code: 'c', ...input }).catch((error: Refused) => error.refusal.code)
    expect(await forged({ state, cookieState: other.state })).toBe('oauthState')
    expect(await forged({ state: 'made-up', cookieState: 'made-up' })).toBe('oauthState')
    stubTokenEndpoint({ sub: 'g-1', email: `${unique()}@example.com`, email_verified: true })
    await finishOAuth(d, 'google', config, { code: 'c', state, cookieState: state })
    expect(await forged({ state, cookieState: state })).toBe('oauthState')
  })

  it('refuses a state started for another provider', async () => {
    const d = deps()
    const { state } = await startOAuth(d, 'yandex', config, '/')
    const key = await finishOAuth(d, 'google', config, { code: 'c', state, cookieState: state }).catch(
      (error: Refused) => error.refusal.code,
    )
    expect(key).toBe('oauthState')
  })

  it('reads the person from the ID token and sends the way back', async () => {
    const d = deps()
    const { state } = await startOAuth(d, 'google', config, '/profile')
    const bodies = stubTokenEndpoint({ sub: 'g-2', email: 'X@Example.com', email_verified: true, given_name: 'Ира' })
    const result = await finishOAuth(d, 'google', config, { code: 'the-code', state, cookieState: state })
    expect(result.redirectTo).toBe('/profile')
    expect(result.identity).toMatchObject({ providerUserId: 'g-2', email: 'X@Example.com', emailVerified: true })
    const body = bodies[0]
    expect(body).toContain('code_verifier=')
    expect(body).toContain('code=the-code')
  })
})

describe('which account a provider sign-in enters', () => {
  const identity = (email: string, overrides = {}) => ({
    providerUserId: unique('sub'),
    email,
    emailVerified: true,
    firstName: 'Ира',
    lastName: 'Лебедева',
    ...overrides,
  })

  it('links a verified email to the confirmed local account, then finds it by the link', async () => {
    const account = await signupAndConfirm()
    const person = identity(account.email.toUpperCase())
    const user = await resolveOAuthUser(deps(), 'google', person)
    expect(user.id).toBe(account.id)
    const again = await resolveOAuthUser(deps(), 'google', { ...person, email: 'changed@example.com' })
    expect(again.id).toBe(account.id)
  })

  it('never enters an account pre-registered by someone else with an unconfirmed address', async () => {
    const squatter = signupBody()
    await api('POST', '/identity/signup/email', { body: squatter })
    const [preRegistered] = await deps().db.select().from(users).where(eq(users.email, squatter.email))
    const user = await resolveOAuthUser(deps(), 'google', identity(squatter.email as string))
    expect(user.id).not.toBe(preRegistered.id)
    expect(user.emailVerifiedAt).not.toBeNull()
    expect(user.passwordHash).toBeNull()
    expect(await deps().db.select().from(users).where(eq(users.id, preRegistered.id))).toEqual([])
  })

  it('refuses an email the provider did not verify, for an existing account or a new one', async () => {
    const account = await signupAndConfirm()
    for (const email of [account.email, `${unique()}@example.com`]) {
      const refused = await resolveOAuthUser(deps(), 'microsoft', identity(email, { emailVerified: false })).catch(
        (error: Refused) => error.refusal.code,
      )
      expect(refused).toBe('oauthUnverifiedEmail')
    }
    expect(await deps().db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, account.id))).toEqual([])
  })

  it('creates a confirmed account with a free login for a new person', async () => {
    const account = await signupAndConfirm()
    const email = `${account.login}@other.example`
    const user = await resolveOAuthUser(deps(), 'yandex', identity(email))
    expect(user.login).not.toBe(account.login)
    expect(user.login.startsWith(account.login)).toBe(true)
    expect(user).toMatchObject({ email, firstName: 'Ира', lastName: 'Лебедева' })
  })
})
