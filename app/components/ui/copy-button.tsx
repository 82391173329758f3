import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { copyToClipboard } from './clipboard.ts'

/** A button copying `text`: the toast says `copied`, or asks to copy by hand when the browser refuses (clipboard.ts). */
export function CopyButton({
  text,
  copied,
  className = 'btn-ghost',
  testId,
  children,
}: {
  text: string
  copied: string
  className?: string
  testId?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() => copyToClipboard(text, { copied, failed: t('toast.clipboardFailed') })}
    >
      {children}
    </button>
  )
}
