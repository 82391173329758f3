import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '#app/components/ui/confirm-dialog.tsx'

/**
 * Logout asks for confirmation in a modal (SPEC §2). Without JavaScript the button posts the form
 * straight away; with it, the click opens the modal and the modal's button posts.
 */
export function LogoutButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <ConfirmButton
      texts="accounts:shell.logout"
      label={t('accounts:shell.logout')}
      className={className}
      testId="logout"
      form={{ action: '/logout' }}
      postsWithoutScript
    />
  )
}
