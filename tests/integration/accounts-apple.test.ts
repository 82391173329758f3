/**
 * Sign in with Apple configured as in production (vitest.config.ts sets APPLE_CLIENT_ID, APPLE_TEAM_ID,
 * APPLE_KEY_ID and a fresh APPLE_PRIVATE_KEY): Apple itself is replaced at the fetch boundary by its token
 * endpoint and its published keys, signed here with a key of the test's own.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appleSettings, fromBase64Url } from '#app/server/accounts/apple.server.ts'
import { accountDeps } from '#app/server/accounts/deps.server.ts'
import { oauthAccounts, users } from '#db/schema.ts'
import { newIp, unique } from './helpers/accounts.ts'

const encoder = new TextEncoder()
const TOKEN_URL = 'https://appleid.apple.com/auth/token'
const KEYS_URL = 'https://appleid.apple.com/auth/keys'
const KID = 'apple-test-kid'

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const jsonPart = (value: unknown) => base64Url(encoder.encode(JSON.stringify(value)))

let appleKeys: CryptoKeyPair
let strangerKeys: CryptoKeyPair

const rsa = () =>
  crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  ) as Promise<CryptoKeyPair>

beforeAll(async () => {
  appleKeys = await rsa()
  strangerKeys = await rsa()
})

/** An ID token as Apple signs it (RS256, its key id in the header). */
async function signIdToken(claims: Record<string, unknown>, key = appleKeys.privateKey) {
  const message = `${jsonPart({ alg: 'RS256', kid: KID })}.${jsonPart(claims)}`
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, encoder.encode(message))
  return `${message}.${base64Url(new Uint8Array(signature))}`
}

type Claims = Record<string, unknown>

/** Apple at the fetch boundary: its keys, and a token endpoint answering an ID token built from the request. */
function stubApple(claims: (request: URLSearchParams) => Promise<Claims> | Claims, options: { key?: CryptoKey } = {}) {
  const tokenRequests: URLSearchParams[] = []
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (request.url === KEYS_URL) {
      const jwk = await crypto.subtle.exportKey('jwk', appleKeys.publicKey)
      return Response.json({ keys: [{ ...jwk, kid: KID, use: 'sig', alg: 'RS256' }] })
    }
    if (request.url === TOKEN_URL) {
      const body = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()))
      tokenRequests.push(body)
      const idToken = await signIdToken(await claims(body), options.key)
      return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken })
    }
    return original(input, init)
  })
  return tokenRequests
}

afterEach(() => vi.restoreAllMocks())

/** The browser starts: off to Apple, with the state in a cookie for the callback path only. */
async function start(redirectTo = '/profile') {
  const response = await SELF.fetch(`http://localhost/oAuthRedirectPage?provider=apple&redirectTo=${redirectTo}`, {
    redirect: 'manual',
    headers: { 'CF-Connecting-IP': newIp() },
  })
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('Location')!)
  const cookie = response.headers.get('Set-Cookie')!
  return { location, cookie, state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')! }
}

/** Apple's answer: a cross-site form POST from appleid.apple.com. */
function post(fields: Record<string, string>, cookieState: string | null) {
  const headers: Record<string, string> = {
    Origin: 'https://appleid.apple.com',
    'Sec-Fetch-Site': 'cross-site',
    'Content-Type': 'application/x-www-form-urlencoded',
    'CF-Connecting-IP': newIp(),
  }
  if (cookieState) headers.Cookie = `oauth_state_apple=${cookieState}`
  return SELF.fetch('http://localhost/confirmAppleOauth', {
    method: 'POST',
    redirect: 'manual',
    headers,
    body: new URLSearchParams(fields),
  })
}

/** A refused POST goes back to the callback page (303), which shows the translated reason. */
async function refusal(response: Response) {
  expect(response.status).toBe(303)
  expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false)
  expect(response.headers.getSetCookie().some((c) => c.startsWith('oauth_state_apple=;'))).toBe(true)
  const page = await SELF.fetch(new URL(response.headers.get('Location')!, 'http://localhost'))
  expect(page.status).toBe(400)
  return page.text()
}

const db = () => accountDeps(env, { waitUntil: () => {} }, new Request('http://localhost/'), 'ru').db

const person = (nonce: string, overrides: Claims = {}) => {
  const email = `${unique('apple')}@privaterelay.appleid.com`
  return {
    iss: 'https://appleid.apple.com',
    aud: 'com.fastslot.web',
    sub: `001234.${unique('sub')}`,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 600,
    nonce,
    email,
    // Apple sends it as a string.
    email_verified: 'true',
    is_private_email: 'true',
    ...overrides,
  }
}

describe('Sign in with Apple: start', () => {
  it('asks Apple for a form POST with PKCE, a nonce, the exact redirect URI and a SameSite=None state cookie', async () => {
    const { location, cookie, state } = await start()
    expect(location.origin + location.pathname).toBe('https://appleid.apple.com/auth/authorize')
    expect(location.searchParams.get('response_mode')).toBe('form_post')
    expect(location.searchParams.get('scope')).toBe('name email')
    expect(location.searchParams.get('client_id')).toBe('com.fastslot.web')
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:8787/confirmAppleOauth')
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(cookie).toContain(`oauth_state_apple=${state};`)
    for (const part of ['Path=/confirmAppleOauth', 'SameSite=None', 'HttpOnly', 'Secure', 'Max-Age=600']) {
      expect(cookie).toContain(part)
    }
  })
})

describe('Sign in with Apple: the POST callback', () => {
  it('signs a new person in with the name Apple posts once, after a signed ES256 client secret', async () => {
    const { state, nonce } = await start('/profile')
    let claims: Claims = {}
    const requests = stubApple(() => {
      claims = person(nonce)
      return claims
    })
    const user = JSON.stringify({ name: { firstName: 'Анна', lastName: 'Яблокова' }, email: 'ignored@example.com' })
    const response = await post({ code: 'apple-code', state, user }, state)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile')
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('session=') && !c.includes('Max-Age=0'))).toBe(true)
    expect(cookies.some((c) => c.startsWith('oauth_state_apple=;') && c.includes('Max-Age=0'))).toBe(true)

    const [body] = requests
    expect(body.get('code')).toBe('apple-code')
    expect(body.get('redirect_uri')).toBe('http://localhost:8787/confirmAppleOauth')
    expect(body.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    // The client secret: a JWT signed by the team's key with ES256.
    const [header, payload, signature] = body.get('client_secret')!.split('.')
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(header)))).toMatchObject({
      alg: 'ES256',
      kid: 'KEY1234567',
    })
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(payload)))).toMatchObject({
      iss: 'TEAM123456',
      sub: 'com.fastslot.web',
      aud: 'https://appleid.apple.com',
    })
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      JSON.parse(env.TEST_APPLE_PUBLIC_JWK as string),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    const signed = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      fromBase64Url(signature),
      encoder.encode(`${header}.${payload}`),
    )
    expect(signed).toBe(true)

    const [created] = await db()
      .select()
      .from(users)
      .where(eq(users.email, claims.email as string))
    expect(created).toMatchObject({ firstName: 'Анна', lastName: 'Яблокова' })
    expect(created.emailVerifiedAt).not.toBeNull()
    const [link] = await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, created.id))
    expect(link).toMatchObject({ provider: 'apple', providerUserId: claims.sub })
  })

  it('refuses a forged state: another browser’s, a made-up one, or none', async () => {
    const first = await start()
    const second = await start()
    const requests = stubApple(() => person(first.nonce))
    for (const [state, cookie] of [
      [first.state, second.state],
      ['made-up', 'made-up'],
      [first.state, null],
    ] as const) {
      const response = await post({ code: 'c', state }, cookie)
      expect(await refusal(response)).toContain('Ссылка входа недействительна или устарела')
    }
    expect(requests).toHaveLength(0)
  })

  it('refuses a replayed POST: the state is used once', async () => {
    const { state, nonce } = await start()
    stubApple(() => person(nonce))
    const first = await post({ code: 'once', state }, state)
    expect(first.status).toBe(302)
    const replay = await post({ code: 'once', state }, state)
    expect(await refusal(replay)).toContain('Ссылка входа недействительна или устарела')
  })

  it('refuses an ID token not signed by Apple, for another audience, or for another sign-in', async () => {
    for (const [overrides, key] of [
      [{}, 'stranger'],
      [{ aud: 'com.someone.else' }, 'apple'],
      [{ nonce: 'another-sign-in' }, 'apple'],
      [{ exp: Math.floor(Date.now() / 1000) - 3600 }, 'apple'],
    ] as const) {
      const { state, nonce } = await start()
      let email = ''
      stubApple(
        () => {
          const claims = person(nonce, overrides)
          email = claims.email
          return claims
        },
        { key: key === 'stranger' ? strangerKeys.privateKey : appleKeys.privateKey },
      )
      const response = await post({ code: 'c', state }, state)
      expect(await refusal(response)).toContain('Не удалось получить данные от сервиса')
      expect(await db().select().from(users).where(eq(users.email, email))).toEqual([])
      vi.restoreAllMocks()
    }
  })

  it('refuses an email Apple did not verify', async () => {
    const { state, nonce } = await start()
    stubApple(() => person(nonce, { email_verified: 'false' }))
    const response = await post({ code: 'c', state }, state)
    expect(await refusal(response)).toContain('Сервис не подтвердил ваш email')
  })

  it('lets only this path through the Origin check: other pages still refuse a cross-site POST', async () => {
    const refused = await SELF.fetch('http://localhost/login', {
      method: 'POST',
      headers: { Origin: 'https://appleid.apple.com', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'login=a&password=b',
    })
    expect(refused.status).toBe(403)
    const withQuery = await SELF.fetch('http://localhost/confirmAppleOauth?index', {
      method: 'POST',
      headers: { Origin: 'https://appleid.apple.com', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=a&state=b',
    })
    expect(withQuery.status).toBe(403)
  })

  it('answers a GET of the callback with the invalid-link message', async () => {
    const response = await SELF.fetch('http://localhost/confirmAppleOauth?code=a&state=b')
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Ссылка входа недействительна или устарела')
  })
})

describe('Apple configuration', () => {
  it('is "not set up" with nothing set, and a clear error naming what is missing when partly set', () => {
    expect(appleSettings({})).toBeNull()
    expect(() => appleSettings({ APPLE_CLIENT_ID: 'com.x', APPLE_TEAM_ID: 'T' })).toThrow(
      /APPLE_KEY_ID, APPLE_PRIVATE_KEY not set/,
    )
  })
})
