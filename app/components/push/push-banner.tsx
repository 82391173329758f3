import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PushClientConfig } from '#app/domain/push/config.ts'
import { type PushOffer, type PushPermission, afterPrompt, pushOffer } from '#app/domain/push/offer.ts'
import { showToast } from '../ui/toast.ts'
import { registerPush } from './token-source.ts'

const REFUSED_KEY = 'fastslot.push.refusedAt'
const REGISTERED_KEY = 'fastslot.push.registered'

function refusedAt(): number | null {
  const value = Number(localStorage.getItem(REFUSED_KEY))
  return Number.isFinite(value) && value > 0 ? value : null
}

function supported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** SPEC §8: push setup errors are only logged. */
async function register(config: PushClientConfig) {
  try {
    await registerPush(config)
    sessionStorage.setItem(REGISTERED_KEY, '1')
    return true
  } catch (error) {
    console.error('Push setup failed', error)
    return false
  }
}

/**
 * "Turn on notifications" in the app shell (issue 8, ADR 0041): offered on small screens only (SPEC §9), the
 * browser's prompt opens only from its button, and a refusal is not asked again. With permission given before,
 * the token is refreshed silently once per browser session.
 */
export function PushBanner({ config }: { config: PushClientConfig | null }) {
  const { t } = useTranslation()
  const [offer, setOffer] = useState<PushOffer>('none')

  useEffect(() => {
    if (!config) return
    const isSupported = supported()
    const next = pushOffer({
      supported: isSupported,
      // Browser tests: a page without the test's token source behaves as if push were not set up.
      configured: !config.stub || Boolean(window.__fastslotPushTokenSource),
      permission: isSupported ? (Notification.permission as PushPermission) : 'default',
      width: window.innerWidth,
      refusedAt: refusedAt(),
      now: Date.now(),
    })
    if (next === 'register' && !sessionStorage.getItem(REGISTERED_KEY)) void register(config)
    setOffer(next)
  }, [config])

  if (!config || offer !== 'ask') return null

  const enable = async () => {
    // First, inside the tap: browsers open the prompt only from a user gesture.
    const answer = (await Notification.requestPermission()) as PushPermission
    setOffer('none')
    if (afterPrompt(answer) === 'refused') {
      localStorage.setItem(REFUSED_KEY, String(Date.now()))
      return
    }
    if (await register(config)) showToast(t('push:enabled'), { kind: 'success' })
  }

  const later = () => {
    localStorage.setItem(REFUSED_KEY, String(Date.now()))
    setOffer('none')
  }

  return (
    <section aria-label={t('push:title')} data-testid="push-banner" className="border-b border-line bg-primary-soft">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
        <p className="text-sm text-ink">{t('push:text')}</p>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={later}>
            {t('push:later')}
          </button>
          <button type="button" className="btn-primary" onClick={enable}>
            {t('push:enable')}
          </button>
        </div>
      </div>
    </section>
  )
}
