import { z } from 'zod'
import type { PushClientConfig } from '#app/domain/push/config.ts'
import type { AppEnv, Bindings } from '../env.server.ts'

/**
 * The browser's half of web push (issue 8, ADR 0041): the Firebase web app's public settings
 * (`FIREBASE_WEB_CONFIG`, JSON with apiKey, projectId, messagingSenderId, appId) and the Web Push certificate's
 * public key (`FIREBASE_VAPID_KEY`). Both are public by nature (they ship in the page). Without them the app
 * never offers push.
 */
const FirebaseWebConfig: z.ZodType<PushClientConfig['firebase']> = z.object({
  apiKey: z.string().min(1),
  projectId: z.string().min(1),
  messagingSenderId: z.string().min(1),
  appId: z.string().min(1),
})

export function pushClientConfig(bindings: Bindings, env: AppEnv): PushClientConfig | null {
  const raw = bindings.FIREBASE_WEB_CONFIG
  const vapidKey = typeof bindings.FIREBASE_VAPID_KEY === 'string' ? bindings.FIREBASE_VAPID_KEY.trim() : ''
  if (typeof raw !== 'string' || !raw.trim() || !vapidKey) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = null
  }
  const firebase = FirebaseWebConfig.safeParse(parsed)
  if (!firebase.success) {
    console.error('FIREBASE_WEB_CONFIG must be JSON with apiKey, projectId, messagingSenderId and appId: push is off')
    return null
  }
  const { apiKey, projectId, messagingSenderId, appId } = firebase.data
  return {
    firebase: { apiKey, projectId, messagingSenderId, appId },
    vapidKey,
    stub: env.ENVIRONMENT === 'development' && bindings.PUSH_TOKEN_STUB === '1',
  }
}
