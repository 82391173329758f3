/**
 * Web push through Firebase Cloud Messaging's HTTP v1 API
 * (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages/send): a service-account JWT
 * (RS256, WebCrypto) is exchanged for an OAuth access token, then one message per registration token.
 */
import type { MessageSender, OutgoingMessage } from '../outbox/senders.server.ts'

export type ServiceAccount = { project_id: string; client_email: string; private_key: string; token_uri?: string }

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token'

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const jsonPart = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)))

export function parseServiceAccount(json: string): ServiceAccount {
  let value: Partial<ServiceAccount>
  try {
    value = JSON.parse(json) as Partial<ServiceAccount>
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT is not valid JSON')
  }
  if (!value.project_id || !value.client_email || !value.private_key) {
    throw new Error('FCM_SERVICE_ACCOUNT lacks project_id, client_email or private_key')
  }
  return value as ServiceAccount
}

async function signJwt(account: ServiceAccount, now: number): Promise<string> {
  const pem = account.private_key.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '')
  const der = Uint8Array.from(atob(pem), (c) => c.charCodeAt(0))
  const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const iat = Math.floor(now / 1000)
  const unsigned = `${jsonPart({ alg: 'RS256', typ: 'JWT' })}.${jsonPart({
    iss: account.client_email,
    scope: SCOPE,
    aud: account.token_uri ?? DEFAULT_TOKEN_URI,
    iat,
    exp: iat + 3600,
  })}`
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(unsigned))
  return `${unsigned}.${base64Url(new Uint8Array(signature))}`
}

export class FcmSender implements MessageSender {
  private accessToken: { value: string; expiresAt: number } | null = null

  constructor(
    private readonly account: ServiceAccount,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private async token(now: number): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > now + 60_000) return this.accessToken.value
    const fetcher = this.fetcher
    const response = await fetcher(this.account.token_uri ?? DEFAULT_TOKEN_URI, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: await signJwt(this.account, now),
      }),
    })
    const answer = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null
    if (!response.ok || !answer?.access_token) throw new Error(`FCM OAuth token request answered ${response.status}`)
    this.accessToken = { value: answer.access_token, expiresAt: now + (answer.expires_in ?? 3600) * 1000 }
    return answer.access_token
  }

  async send(message: OutgoingMessage): Promise<void> {
    const now = Date.now()
    const link = typeof message.payload?.link === 'string' ? message.payload.link : undefined
    // SPEC §3's click action, for the service worker (public/push-sw.js); FCM data values are strings.
    const action = message.payload?.onClickActionName
    const value = message.payload?.onClickActionValue
    const data =
      typeof action === 'string' && typeof value === 'string'
        ? { onClickActionName: action, onClickActionValue: value }
        : undefined
    const fetcher = this.fetcher
    const response = await fetcher(
      `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await this.token(now)}` },
        body: JSON.stringify({
          message: {
            token: message.recipient,
            notification: { title: message.subject, body: message.text },
            ...(data ? { data } : {}),
            ...(link ? { webpush: { fcm_options: { link } } } : {}),
          },
        }),
      },
    )
    if (!response.ok) {
      throw new Error(`FCM answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    }
  }
}
