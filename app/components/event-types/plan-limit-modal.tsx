import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PlanName } from '#app/domain/enums.ts'
import { plansPath } from '#app/domain/plans.ts'
import { Modal } from '../ui/modal.tsx'

/** SPEC §6: a limit of the plan is reached; the way out leads to the plans page. */
export function PlanLimitModal({
  open,
  onClose,
  availableFrom,
}: {
  open: boolean
  onClose: () => void
  /** The cheapest plan that has what was refused: the way out chooses it (null: no plan has more). */
  availableFrom: PlanName | null
}) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('eventTypes:plan.title')}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('ui.close')}
          </button>
          <Link to={plansPath(availableFrom)} className="btn-primary" data-testid="plan-limit-link">
            {t('eventTypes:plan.toPlans')}
          </Link>
        </>
      }
    >
      <p className="text-sm text-muted" data-testid="plan-limit">
        {availableFrom ? t('eventTypes:plan.availableFrom', { plan: availableFrom }) : t('eventTypes:plan.text')}
      </p>
    </Modal>
  )
}
