import { getApp, getApps, initializeApp } from 'firebase/app'
import { getMessaging, getToken } from 'firebase/messaging'
import type { PushClientConfig } from '#app/domain/push/config.ts'
import type { PushTokenSource } from './token-source.ts'

const APP_NAME = 'fastslot-push'

/**
 * The Firebase Cloud Messaging registration token of this browser, for the server's FCM HTTP v1 sender. Only
 * `firebase/app` and `firebase/messaging`, in their own chunk (token-source.ts imports this file dynamically).
 * Pushes arrive at our own service worker (public/push-sw.js), not Firebase's default one.
 */
export function firebaseTokenSource(options: PushClientConfig['firebase'], vapidKey: string): PushTokenSource {
  return {
    async token(registration) {
      const app = getApps().some((a) => a.name === APP_NAME) ? getApp(APP_NAME) : initializeApp(options, APP_NAME)
      const token = await getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration })
      if (!token) throw new Error('Firebase gave no registration token')
      return token
    },
  }
}
