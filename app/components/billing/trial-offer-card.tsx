import { useTranslation } from 'react-i18next'
import type { TrialOffer } from '#app/domain/billing/trial.ts'
import { TrialOfferDismissForm, TrialStartForm } from './trial-modals.tsx'

/**
 * The trial offer on the home page (SPEC §2 new-user / old-user offer; ADR 0095 "Update"): it shows by itself while
 * the account can start the trial, until "No, thanks" or the trial; both buttons are plain forms.
 */
export function TrialOfferCard({ offer }: { offer: TrialOffer | null }) {
  const { t } = useTranslation()
  if (!offer) return null
  return (
    <section
      aria-labelledby="trial-offer-title"
      className="card mb-6 flex flex-wrap items-center gap-4 border-primary p-5"
      data-testid="trial-offer-home"
    >
      <div className="min-w-0 grow basis-64">
        <h2 id="trial-offer-title" className="text-lg font-semibold">
          {t(`billing:modal.${offer}.title`)}
        </h2>
        <p className="mt-1 text-sm text-muted">{t(`billing:modal.${offer}.text`)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <TrialStartForm label={t('billing:page.trialStart')} />
        <TrialOfferDismissForm from="home" />
      </div>
    </section>
  )
}
