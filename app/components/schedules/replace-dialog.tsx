import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

/**
 * "Replace …?" before the editor overwrites what a schedule already has (a day's intervals, a date's adjustment):
 * open while `pending` holds what would be replaced; confirming applies it and closes.
 */
export function ReplaceDialog<T>({
  pending,
  onClose,
  texts,
  describe,
  onConfirm,
}: {
  pending: T | null
  onClose: () => void
  /** `schedules:editor.${texts}Title` and `…Text`, the text filled by `describe`. */
  texts: 'replaceDays' | 'replaceAdjustment'
  describe: (pending: T) => Record<string, string>
  onConfirm: (pending: T) => void
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onClose}
      title={t(`schedules:editor.${texts}Title`)}
      description={pending === null ? null : t(`schedules:editor.${texts}Text`, describe(pending))}
      confirmLabel={t('schedules:editor.replace')}
      onConfirm={() => {
        if (pending !== null) onConfirm(pending)
        onClose()
      }}
    />
  )
}
