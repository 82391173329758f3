import { Form } from '@remix-run/react'
import { type ReactNode, useState } from 'react'
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
 * `intent=delete` to the item's page, or to its list's with the item's `id`.
 */
export function DeleteDialog({
  open,
  onClose,
  keys,
  action,
  id,
  loading,
}: {
  open: boolean
  onClose: () => void
  keys: 'schedules:list' | 'eventTypes:actions'
  action: string
  id?: string
  loading?: boolean
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
      loading={loading}
      form={{ action, fields: id === undefined ? { intent: 'delete' } : { intent: 'delete', id } }}
    />
  )
}

/** A delete button that owns its "Delete …?" dialog (`DeleteDialog`): the item's page posts `intent=delete` to itself. */
export function DeleteButton({
  keys,
  action,
  className = 'btn-ghost text-error',
}: {
  keys: 'schedules:list' | 'eventTypes:actions'
  action: string
  className?: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {t(`${keys}.delete`)}
      </button>
      <DeleteDialog open={open} onClose={() => setOpen(false)} keys={keys} action={action} />
    </>
  )
}

/**
 * A button that asks first: it opens the "Are you sure?" dialog (texts `${texts}Title`, `${texts}Text`,
 * `${texts}Confirm`), whose confirm posts `form`. Without script the button does nothing, unless
 * `postsWithoutScript`: then it is the form's own submit button and posts straight away (logout, SPEC §2).
 */
export function ConfirmButton({
  texts,
  label,
  variant = 'primary',
  className,
  testId,
  loading,
  form,
  postsWithoutScript = false,
}: {
  texts: 'accounts:shell.logout' | 'accounts:profile.delete' | 'notify:telegram.disconnect'
  label: ReactNode
  /** The dialog's confirm button's; the trigger's too, unless it posts without script (then it is styled by `className`). */
  variant?: 'primary' | 'danger'
  className?: string
  testId?: string
  loading?: boolean
  form: { action: string; fields?: Record<string, string> }
  postsWithoutScript?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      {postsWithoutScript ? (
        <Form method="post" action={form.action}>
          <button
            type="submit"
            className={className}
            data-testid={testId}
            onClick={(event) => {
              event.preventDefault()
              setOpen(true)
            }}
          >
            {label}
          </button>
        </Form>
      ) : (
        <Button variant={variant} className={className} data-testid={testId} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(`${texts}Title`)}
        description={t(`${texts}Text`)}
        confirmLabel={t(`${texts}Confirm`)}
        variant={variant}
        loading={loading}
        form={form}
      />
    </>
  )
}
