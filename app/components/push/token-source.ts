import type { PushClientConfig } from '#app/domain/push/config.ts'

/** Where a browser's push registration token comes from (Firebase Cloud Messaging in production). */
export interface PushTokenSource {
  token(registration: ServiceWorkerRegistration): Promise<string>
}

declare global {
  interface Window {
    /** Browser tests only, read only when the server says `stub` (development with PUSH_TOKEN_STUB=1). */
    __fastslotPushTokenSource?: PushTokenSource
  }
}

/**
 * The token source, loaded only when needed: the Firebase SDK is a separate chunk fetched after the person
 * turned notifications on (or had before), never with the page.
 */
export async function loadTokenSource(config: PushClientConfig): Promise<PushTokenSource> {
  if (config.stub) {
    const stub = window.__fastslotPushTokenSource
    if (!stub) throw new Error('PUSH_TOKEN_STUB is set but the page has no test token source')
    return stub
  }
  const { firebaseTokenSource } = await import('./firebase-token-source.ts')
  return firebaseTokenSource(config.firebase, config.vapidKey)
}

/** The service worker that shows pushes and opens their page on a click (public/push-sw.js). */
export const PUSH_SERVICE_WORKER = '/push-sw.js'

/** Registers the service worker, gets this browser's token and hands it to the server (`/push-token`). */
export async function registerPush(config: PushClientConfig): Promise<void> {
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER, { scope: '/' })
  await navigator.serviceWorker.ready
  const source = await loadTokenSource(config)
  const token = await source.token(registration)
  const body = new FormData()
  body.set('token', token)
  const response = await fetch('/push-token', { method: 'POST', body, credentials: 'same-origin' })
  if (!response.ok) throw new Error(`push token refused: ${response.status}`)
}
