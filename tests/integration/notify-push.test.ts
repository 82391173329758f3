import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { organizerNotices, registerPushToken } from '#app/server/notify/notifications.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { outbox, pushTokens } from '#db/schema.ts'
import { createTestMeeting } from './helpers/meetings.ts'
import { createTestUser } from './helpers/users.ts'

afterEach(() => vi.restoreAllMocks())

const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)), (c) =>
    c.charCodeAt(0),
  )

describe('FCM HTTP v1 push', () => {
  it('signs a service-account JWT, gets an access token and sends the organizer notice to each browser', async () => {
    const keys = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair
    const pkcs8 = base64((await crypto.subtle.exportKey('pkcs8', keys.privateKey)) as ArrayBuffer)
    const account = {
      project_id: 'fastslot-test',
      client_email: 'push@fastslot-test.iam.gserviceaccount.com',
      private_key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n`,
      token_uri: 'https://oauth2.googleapis.com/token',
    }
    const sent: { token: string; title: string; body: string; link?: string }[] = []
    const assertions: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init)
      if (request.url === 'https://oauth2.googleapis.com/token') {
        const form = new URLSearchParams(await request.text())
        expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer')
        const [header, claims, signature] = (form.get('assertion') ?? '').split('.')
        const valid = await crypto.subtle.verify(
          'RSASSA-PKCS1-v1_5',
          keys.publicKey,
          fromBase64Url(signature),
          new TextEncoder().encode(`${header}.${claims}`),
        )
        if (!valid) return Response.json({ error: 'invalid_grant' }, { status: 400 })
        assertions.push(new TextDecoder().decode(fromBase64Url(claims)))
        return Response.json({ access_token: 'ya29.test-token', expires_in: 3599, token_type: 'Bearer' })
      }
      if (request.url === 'https://fcm.googleapis.com/v1/projects/fastslot-test/messages:send') {
        if (request.headers.get('Authorization') !== 'Bearer ya29.test-token') {
          return Response.json({ error: { code: 401, status: 'UNAUTHENTICATED' } }, { status: 401 })
        }
        const { message } = (await request.json()) as {
          message: {
            token: string
            notification: { title: string; body: string }
            webpush?: { fcm_options: { link: string } }
          }
        }
        if (message.token === 'dead-token') {
          return Response.json(
            { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' } },
            { status: 404 },
          )
        }
        sent.push({ token: message.token, ...message.notification, link: message.webpush?.fcm_options.link })
        return Response.json({ name: `projects/fastslot-test/messages/${sent.length}` })
      }
      return new Response('unexpected', { status: 599 })
    })

    const db = getDb(env.DB)
    const owner = await createTestUser({ culture: 'en', timeZone: 'Europe/Paris' })
    await registerPushToken(db, owner.id, 'browser-a')
    await registerPushToken(db, owner.id, 'dead-token')
    const { meeting } = await createTestMeeting({
      ownerId: owner.id,
      startAt: Date.UTC(2033, 4, 4, 8),
      bookedAt: Date.UTC(2033, 4, 1),
      secret: 'unused',
      clients: [{ firstName: 'Paul', email: 'paul@example.com', timeZone: 'Europe/Paris', language: 'en' }],
    })
    const config = parseEnv({ ...env, FCM_SERVICE_ACCOUNT: JSON.stringify(account) })
    const now = Date.UTC(2033, 4, 1, 12)
    const statements = await organizerNotices(db, config, { event: 'canceled', meeting, now })
    await db.batch([statements[0], ...statements.slice(1)])
    const result = await drainOutbox(db, config, now)
    expect(result.sent).toBeGreaterThanOrEqual(1)

    expect(sent).toEqual([
      {
        token: 'browser-a',
        title: 'Booking canceled: “Консультация”',
        body: 'Paul — Wed, 04.05.2033, 10:00–11:00 (Paris).',
        link: `http://localhost:8787/meetings/${meeting.id}`,
      },
    ])
    expect(JSON.parse(assertions[0])).toMatchObject({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: account.token_uri,
    })
    // FCM no longer knows the token: given up at once (no retries) and the token forgotten.
    const [dead] = await db.select().from(outbox).where(eq(outbox.recipient, 'dead-token'))
    expect(dead).toMatchObject({ status: 'failed', attempts: 1 })
    expect(dead.lastError).toMatch(/^unregistered: FCM answered 404/)
    const tokens = await db.select().from(pushTokens).where(eq(pushTokens.userId, owner.id))
    expect(tokens.map((row) => row.token)).toEqual(['browser-a'])

    // The next notices go to the live browser only, with the access token of the first drain (one exchange).
    await registerPushToken(db, owner.id, 'browser-b')
    const more = await organizerNotices(db, config, { event: 'moved', meeting, previousStartAt: meeting.startAt, now })
    await db.batch([more[0], ...more.slice(1)])
    await drainOutbox(db, config, now + 60_000)
    expect(sent.map((push) => push.token)).toEqual(['browser-a', 'browser-a', 'browser-b'])
    expect(assertions).toHaveLength(1)
  })
})
