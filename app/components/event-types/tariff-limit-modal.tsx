import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Tariff } from '#app/domain/enums.ts'
import { tariffPath } from '#app/domain/plans.ts'
import { Modal } from '../ui/modal.tsx'

/** SPEC §6: a limit of the plan is reached; the way out leads to the tariffs page. */
export function TariffLimitModal({
  open,
  onClose,
  availableFrom,
}: {
  open: boolean
  onClose: () => void
  /** The cheapest plan that has what was refused: the way out chooses it (null: no plan has more). */
  availableFrom: Tariff | null
}) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('eventTypes:tariff.title')}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('ui.close')}
          </button>
          <Link to={tariffPath(availableFrom)} className="btn-primary" data-testid="tariff-limit-link">
            {t('eventTypes:tariff.toTariffs')}
          </Link>
        </>
      }
    >
      <p className="text-sm text-muted" data-testid="tariff-limit">
        {availableFrom ? t('eventTypes:tariff.availableFrom', { plan: availableFrom }) : t('eventTypes:tariff.text')}
      </p>
    </Modal>
  )
}
