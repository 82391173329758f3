/**
 * Web push through Firebase Cloud Messaging's HTTP v1 API
 * (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages/send): a service-account JWT
 * (RS256, WebCrypto) is exchanged for an OAuth access token, then one message per registration token.
 */
import {
  DeliveryError,
  type MessageSender,
  type OutgoingMessage,
  answerText,
  providerFetch,
} from '../outbox/delivery.server.ts'

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

/**
 * Access tokens per service account, kept for this isolate until a minute before they expire: every drain (one a
 * minute) reuses the token instead of signing and exchanging a new JWT.
 */
const accessTokens = new Map<string, { value: string; expiresAt: number }>()

/** FCM's error body (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). */
type FcmErrorAnswer = { error?: { status?: string; message?: string; details?: { errorCode?: string }[] } }

export class FcmSender implements MessageSender {
  constructor(
    private readonly account: ServiceAccount,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private get cacheKey() {
    return `${this.account.client_email}\n${this.account.private_key}`
  }

  private async token(now: number, signal: AbortSignal): Promise<string> {
    const cached = accessTokens.get(this.cacheKey)
    if (cached && cached.expiresAt > now + 60_000) return cached.value
    const response = await providerFetch(
      'FCM OAuth',
      this.fetcher,
      this.account.token_uri ?? DEFAULT_TOKEN_URI,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: await signJwt(this.account, now),
        }),
      },
      signal,
    )
    const answer = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null
    if (!response.ok || !answer?.access_token) {
      if (signal.aborted) throw new DeliveryError('timeout', 'FCM OAuth did not answer in time')
      throw new DeliveryError('rejected', `FCM OAuth token request answered ${response.status}`)
    }
    accessTokens.set(this.cacheKey, { value: answer.access_token, expiresAt: now + (answer.expires_in ?? 3600) * 1000 })
    return answer.access_token
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    const now = Date.now()
    const link = typeof message.payload?.link === 'string' ? message.payload.link : undefined
    // SPEC §3's click action, for the service worker (public/push-sw.js); FCM data values are strings.
    const action = message.payload?.onClickActionName
    const value = message.payload?.onClickActionValue
    const data =
      typeof action === 'string' && typeof value === 'string'
        ? { onClickActionName: action, onClickActionValue: value }
        : undefined
    const response = await providerFetch(
      'FCM',
      this.fetcher,
      `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await this.token(now, signal)}` },
        body: JSON.stringify({
          message: {
            token: message.recipient,
            notification: { title: message.subject, body: message.text },
            ...(data ? { data } : {}),
            ...(link ? { webpush: { fcm_options: { link } } } : {}),
          },
        }),
      },
      signal,
    )
    if (response.ok) return
    const body = await answerText('FCM', response, signal)
    if (response.status === 401) accessTokens.delete(this.cacheKey)
    let answer: FcmErrorAnswer | null = null
    try {
      answer = JSON.parse(body) as FcmErrorAnswer
    } catch {
      answer = null
    }
    const unregistered =
      response.status === 404 || answer?.error?.details?.some((d) => d.errorCode === 'UNREGISTERED') === true
    // The browser's token is gone for good (unsubscribed, expired): retrying cannot help; the drain forgets it.
    if (unregistered) throw new DeliveryError('unregistered', `FCM answered ${response.status}: ${body}`, true)
    throw new DeliveryError('rejected', `FCM answered ${response.status}: ${body}`)
  }
}
