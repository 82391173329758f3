import type { ReactNode } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A dialog the server renders open (`<dialog open>`): it shows without JavaScript, and its close button is a
 * `<form method="dialog">`, which the browser handles without script too. For the outcome modals a page opens on
 * arrival (the trial modals of SPEC §2); modals opened by a click use ui/modal.tsx.
 */
export function PageDialog({
  title,
  children,
  footer,
  testId,
}: {
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  testId?: string
}) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <dialog
      open
      aria-labelledby={titleId}
      data-testid={testId}
      className="fixed inset-x-0 top-16 z-50 mx-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-line bg-card p-6 text-ink shadow-xl"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
      {/* The footer's own forms sit beside the close form, never inside it (a form in a form is dropped). */}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {footer}
        <form method="dialog">
          <button type="submit" className="btn-secondary">
            {t('billing:modal.close')}
          </button>
        </form>
      </div>
    </dialog>
  )
}
