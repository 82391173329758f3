import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TrialModal } from '#app/domain/billing/trial.ts'
import { PostButton } from '#app/components/ui/post-button.tsx'
import { PageDialog } from './page-dialog.tsx'

const STEPS = 5

/** The trial offer's button: a plain form to the plans page's action, which goes on to bind a card. */
export function TrialStartForm({ label }: { label: string }) {
  return (
    <PostButton action="/tariff" reloadDocument fields={{ intent: 'startTrial' }} data-testid="trial-start">
      {label}
    </PostButton>
  )
}

/** "No, thanks": the offer stops opening by itself (a plain form; back to the page it was on). */
export function TrialOfferDismissForm({ from }: { from: 'home' | 'plans' }) {
  const { t } = useTranslation()
  return (
    <PostButton
      action="/tariff"
      fields={{ intent: 'dismissTrialOffer', from }}
      variant="secondary"
      data-testid="trial-offer-dismiss"
    >
      {t('billing:modal.notNow')}
    </PostButton>
  )
}

/** "Activated" with its five-step onboarding: every step listed (without script), the current one marked. */
function Onboarding({ validUntil }: { validUntil: string | null }) {
  const { t } = useTranslation()
  const [step, setStep] = useState(0)
  const steps = t('billing:modal.steps', { returnObjects: true }) as string[]
  return (
    <PageDialog
      title={t('billing:modal.activated.title')}
      testId="trial-activated"
      footer={
        step < STEPS - 1 ? (
          <button type="button" className="btn-primary" onClick={() => setStep(step + 1)}>
            {t('billing:modal.activated.next')}
          </button>
        ) : null
      }
    >
      <p>{t('billing:modal.activated.text', { date: validUntil })}</p>
      <p className="mt-2 text-muted">{t('billing:modal.activated.step', { n: step + 1, total: STEPS })}</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {steps.map((text, index) => (
          <li
            key={text}
            aria-current={index === step ? 'step' : undefined}
            className={index === step ? 'font-semibold' : 'text-muted'}
          >
            {text}
          </li>
        ))}
      </ol>
    </PageDialog>
  )
}

/** The SPEC §2 trial modal the page opens on arrival, if any. */
export function TrialModals({
  modal,
  validUntil,
  daysLeft,
}: {
  modal: TrialModal
  validUntil: string | null
  daysLeft: number | null
}) {
  const { t } = useTranslation()
  if (modal === 'activated') return <Onboarding validUntil={validUntil} />
  if (modal === 'newUser' || modal === 'oldUser')
    return (
      <PageDialog
        title={t(`billing:modal.${modal}.title`)}
        testId="trial-offer"
        footer={
          <>
            <TrialStartForm label={t('billing:page.trialStart')} />
            <TrialOfferDismissForm from="plans" />
          </>
        }
      >
        <p>{t(`billing:modal.${modal}.text`)}</p>
      </PageDialog>
    )
  if (modal === 'daysLeft')
    return (
      <PageDialog title={t('billing:modal.daysLeft', { count: daysLeft ?? 0 })} testId="trial-days-left">
        <p>{t('billing:modal.daysLeftText', { date: validUntil })}</p>
      </PageDialog>
    )
  if (modal === 'ended')
    return (
      <PageDialog title={t('billing:modal.ended.title')} testId="trial-ended">
        <p>{t('billing:modal.ended.text')}</p>
      </PageDialog>
    )
  return null
}
