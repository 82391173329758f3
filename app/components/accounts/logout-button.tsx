import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

/**
 * Logout asks for confirmation in a modal (SPEC §2). Without JavaScript the button posts the form
 * straight away; with it, the click opens the modal and the modal's button posts.
 */
export function LogoutButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Form method="post" action="/logout">
        <button
          type="submit"
          className={className}
          data-testid="logout"
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          {t('accounts:shell.logout')}
        </button>
      </Form>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('accounts:shell.logoutTitle')}
        description={t('accounts:shell.logoutText')}
        confirmLabel={t('accounts:shell.logoutConfirm')}
        form={{ action: '/logout' }}
      />
    </>
  )
}
