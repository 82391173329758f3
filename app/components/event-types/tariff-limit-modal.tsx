import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Tariff } from '#app/domain/enums.ts'
import { Modal } from '../ui/modal.tsx'

/** SPEC §6: a limit of the plan is reached; the way out leads to the tariffs page. */
export function TariffLimitModal({
  open,
  onClose,
  availableFrom,
}: {
  open: boolean
  onClose: () => void
  availableFrom?: Tariff
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
          <Link to="/tariff" className="btn-primary">
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
