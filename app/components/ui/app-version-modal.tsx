import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppOutdated } from './app-version.ts'
import { Modal } from './modal.tsx'

/** SPEC §2 "A modal asks users of an old installed PWA to update"; SPEC §8 "outdated app version (reinstall)". */
export function AppVersionModal() {
  const { t } = useTranslation()
  const outdated = useAppOutdated()
  const [dismissed, setDismissed] = useState(false)
  return (
    <Modal
      open={outdated && !dismissed}
      onClose={() => setDismissed(true)}
      title={t('appVersion.title')}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={() => setDismissed(true)}>
            {t('appVersion.later')}
          </button>
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            {t('appVersion.reload')}
          </button>
        </>
      }
    >
      <p data-testid="app-version-outdated">{t('appVersion.text')}</p>
    </Modal>
  )
}
