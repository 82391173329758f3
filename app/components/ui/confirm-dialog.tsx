import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonVariant } from './button.tsx'
import { Modal } from './modal.tsx'
import { PostButton } from './post-button.tsx'

export type ConfirmDialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  confirmLabel?: ReactNode
  cancelLabel?: ReactNode
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>
  loading?: boolean
  /** Called on confirm, unless `form` is given. */
  onConfirm?: () => void
  /** Confirm posts this form instead (works with Remix actions): `action` and hidden `fields`. */
  form?: { action: string; fields?: Record<string, string> }
  children?: ReactNode
}

/** "Are you sure?": a modal with a confirm and a cancel button. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  loading = false,
  onConfirm,
  form,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  const cancel = (
    <Button variant="secondary" onClick={onClose} disabled={loading}>
      {cancelLabel ?? t('ui.cancel')}
    </Button>
  )
  const confirmText = confirmLabel ?? t('ui.confirm')
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {children}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {cancel}
        {form ? (
          <PostButton action={form.action} fields={form.fields ?? {}} variant={variant} loading={loading}>
            {confirmText}
          </PostButton>
        ) : (
          <Button variant={variant} loading={loading} onClick={onConfirm}>
            {confirmText}
          </Button>
        )}
      </div>
    </Modal>
  )
}

/**
 * "Delete …?" for one item: the texts under `keys` (`deleteTitle`, `deleteText`, `delete`), and confirming posts
 * `intent=delete` to the item's page.
 */
export function DeleteDialog({
  open,
  onClose,
  keys,
  action,
}: {
  open: boolean
  onClose: () => void
  keys: 'schedules:list' | 'eventTypes:actions'
  action: string
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t(`${keys}.deleteTitle`)}
      description={t(`${keys}.deleteText`)}
      confirmLabel={t(`${keys}.delete`)}
      variant="danger"
      form={{ action, fields: { intent: 'delete' } }}
    />
  )
}
