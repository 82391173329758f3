import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { showToast } from '#app/components/ui/toast.ts'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { PlanBadge } from './form-parts.tsx'

/** What the page knows of the specialist's Telemost (app/server/video/grants.server.ts `TelemostState`). */
export type TelemostInfo = { configured: boolean; connected: boolean; revoked: boolean; login: string }

/** The message the consent popup's return page posts to its opener (app/routes/TelemostOAuth.Code.tsx). */
export const TELEMOST_MESSAGE = 'fastslot:telemost'

/** Where connecting Telemost starts: a plain link without script, a popup with it (SPEC §4). */
export function telemostConnectHref(returnTo: string, popup: boolean): string {
  return `/telemost/connect?${new URLSearchParams(popup ? { popup: '1' } : { returnTo })}`
}

/**
 * "Create a Yandex Telemost link for each meeting" (issue 15; SPEC §2 "a modal offers creating an online meeting
 * link", §4 the consent popup): the option, its plan badge, and connecting Telemost in a popup whose return page tells
 * this page by `postMessage` from our own origin; without script the link is a plain redirect there and back.
 */
export function TelemostOption(props: {
  checked: boolean
  onChange: (checked: boolean) => void
  locked: boolean
  onLocked: () => void
  telemost: TelemostInfo
  returnTo: string
  error?: string
}) {
  const { t } = useTranslation()
  const { revalidate } = useRevalidator()
  const { telemost } = props

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== TELEMOST_MESSAGE) return
      if (event.data.ok) {
        showToast(t('eventTypes:telemost.connected'), { kind: 'success' })
        revalidate()
      } else {
        showToast(t(`eventTypes:telemost.problem.${event.data.problem ?? 'failed'}`), { kind: 'error' })
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [t, revalidate])

  const openPopup = (event: React.MouseEvent) => {
    event.preventDefault()
    const popup = window.open(telemostConnectHref(props.returnTo, true), 'telemost', 'popup,width=600,height=720')
    // SPEC §8 "popup blocked (shown 5 seconds)".
    if (!popup) showToast(t('eventTypes:telemost.popupBlocked'), { kind: 'error', duration: 5000 })
  }

  const needsConnect = !telemost.connected || telemost.revoked
  return (
    <div className="flex flex-col gap-2" data-testid="telemost-option">
      <div className="flex flex-wrap items-center gap-2">
        <CheckboxField
          label={t('eventTypes:telemost.option')}
          name="videoLinkService"
          value="telemost"
          checked={props.checked}
          errors={[props.error]}
          onChange={(event) => {
            if (event.target.checked && props.locked) return props.onLocked()
            props.onChange(event.target.checked)
          }}
        />
        {props.locked ? (
          <PlanBadge
            plan={cheapestPlanWith('videoMeetingLinks')}
            onClick={props.onLocked}
            testId="plan-badge-telemost"
          />
        ) : null}
      </div>
      <p className="text-xs text-muted">{t('eventTypes:telemost.privacy')}</p>
      {!telemost.configured ? (
        <p className="text-sm text-warning" data-testid="telemost-not-configured">
          {t('eventTypes:telemost.notConfigured')}
        </p>
      ) : needsConnect ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t(telemost.revoked ? 'eventTypes:telemost.revoked' : 'eventTypes:telemost.notConnectedYet')}</span>
          <a
            href={telemostConnectHref(props.returnTo, false)}
            onClick={openPopup}
            className="text-primary underline"
            data-testid="telemost-connect"
          >
            {t('eventTypes:telemost.connect')}
          </a>
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="telemost-connected">
          {t('eventTypes:telemost.connectedAs', { login: telemost.login || 'Yandex' })}
        </p>
      )}
    </div>
  )
}
