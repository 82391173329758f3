/**
 * The browser's half of web push (issue 8, ADR 0041): the signed-in web session hands its FCM token to
 * `POST /push-token`, the page gets the public Firebase settings only when they are complete, and each push
 * carries SPEC §3's click action for the service worker.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { FcmSender } from '#app/server/notify/push.server.ts'
import { pushClientConfig } from '#app/server/notify/push-web.server.ts'
import { pushTokens } from '#db/schema.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const TOKEN = 'fcm-token_ABCdef0123456789:APA91b-example'

function post(token: string | null, cookie?: string, origin = 'http://localhost') {
  const body = new FormData()
  if (token !== null) body.set('token', token)
  return SELF.fetch('http://localhost/push-token', {
    method: 'POST',
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  })
}

const tokensOf = (userId: string) =>
  getDb(env.DB).select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, userId))

describe('POST /push-token', () => {
  it('stores the token for the signed-in person; the same browser signed in as another person moves to them', async () => {
    const first = await createTestUser()
    const second = await createTestUser()
    const response = await post(TOKEN, await sessionCookieFor(first.id))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(await tokensOf(first.id)).toEqual([{ token: TOKEN }])
    expect((await post(TOKEN, await sessionCookieFor(second.id))).status).toBe(200)
    expect(await tokensOf(first.id)).toEqual([])
    expect(await tokensOf(second.id)).toEqual([{ token: TOKEN }])
  })

  it('refuses without a session, a missing or malformed token, and a cross-site post, storing nothing', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    expect((await post(`${TOKEN}-anon`)).status).toBe(401)
    expect((await post(null, cookie)).status).toBe(400)
    expect((await post('short', cookie)).status).toBe(400)
    expect((await post('<script>alert(1)</script>-token-long-enough', cookie)).status).toBe(400)
    expect((await post(TOKEN, cookie, 'https://evil.example')).status).toBe(403)
    expect(await tokensOf(user.id)).toEqual([])
  })
})

describe('the pages’ Content-Security-Policy', () => {
  it('lets the Firebase messaging SDK reach the two APIs that give a token, and nothing else of Google', async () => {
    const csp = (await SELF.fetch('http://localhost/login')).headers.get('Content-Security-Policy') ?? ''
    const connect = csp.split('; ').find((part) => part.startsWith('connect-src'))
    expect(connect).toBe(
      "connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com",
    )
  })
})

describe('the page’s push settings', () => {
  const firebase = { apiKey: 'AIza-test', projectId: 'fastslot', messagingSenderId: '1234', appId: '1:1234:web:ab' }
  const bindings = (extra: Record<string, unknown>) => ({ ...env, ...extra })
  const config = (extra: Record<string, unknown>, environment: 'development' | 'production' = 'production') => {
    const raw = bindings({ ...extra, ENVIRONMENT: environment })
    return pushClientConfig(raw, parseEnv(raw))
  }

  it('are given only when both the Firebase web config and the VAPID key are set (else no banner)', () => {
    const full = { FIREBASE_WEB_CONFIG: JSON.stringify(firebase), FIREBASE_VAPID_KEY: 'BPublicKey' }
    expect(config(full)).toEqual({ firebase, vapidKey: 'BPublicKey', stub: false })
    expect(config({ FIREBASE_WEB_CONFIG: JSON.stringify(firebase) })).toBeNull()
    expect(config({ FIREBASE_VAPID_KEY: 'BPublicKey' })).toBeNull()
    // A malformed config is logged (push is off), not thrown.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(config({ ...full, FIREBASE_WEB_CONFIG: '{"apiKey":"only"}' })).toBeNull()
    expect(config({ ...full, FIREBASE_WEB_CONFIG: 'not json' })).toBeNull()
    expect(logged).toHaveBeenCalledTimes(2)
    expect(String(logged.mock.calls[0][0])).toContain('FIREBASE_WEB_CONFIG')
    logged.mockRestore()
  })

  it('never name the test token source in production, whatever PUSH_TOKEN_STUB says', () => {
    const full = { FIREBASE_WEB_CONFIG: JSON.stringify(firebase), FIREBASE_VAPID_KEY: 'B', PUSH_TOKEN_STUB: '1' }
    expect(config(full, 'production')?.stub).toBe(false)
    expect(config(full, 'development')?.stub).toBe(true)
    expect(config({ ...full, PUSH_TOKEN_STUB: undefined }, 'development')?.stub).toBe(false)
  })
})

describe('an FCM push', () => {
  it('carries SPEC §3’s click action as data next to the link', async () => {
    const bodies: unknown[] = []
    const fetcher: typeof fetch = async (input, init) => {
      const url = String(input)
      if (url.endsWith('/token')) return Response.json({ access_token: 'at', expires_in: 3600 })
      bodies.push(JSON.parse(String(init?.body)))
      return Response.json({ name: 'projects/p/messages/1' })
    }
    const keys = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair
    const pkcs8 = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey))))
    const sender = new FcmSender(
      { project_id: 'p', client_email: 'e@p.iam.gserviceaccount.com', private_key: pkcs8 },
      fetcher,
    )
    await sender.send(
      {
        id: 'm1',
        channel: 'push',
        recipient: TOKEN,
        subject: 'New booking',
        text: 'Paul — 10:00',
        html: null,
        payload: {
          link: 'https://app.example/meetings/m-1',
          onClickActionName: 'openEventOrganizer',
          onClickActionValue: 'm-1',
        },
      },
      AbortSignal.timeout(5000),
    )
    expect(bodies).toEqual([
      {
        message: {
          token: TOKEN,
          notification: { title: 'New booking', body: 'Paul — 10:00' },
          data: { onClickActionName: 'openEventOrganizer', onClickActionValue: 'm-1' },
          webpush: { fcm_options: { link: 'https://app.example/meetings/m-1' } },
        },
      },
    ])
  })
})
