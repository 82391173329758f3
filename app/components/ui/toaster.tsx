import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type ToastKind } from './toast.ts'

const STYLES: Record<ToastKind, string> = {
  info: 'border-line bg-card text-ink',
  success: 'border-success bg-success-soft text-success',
  error: 'border-error bg-error-soft text-error',
  loading: 'border-line bg-card text-ink',
}

export function Toaster() {
  const { t } = useTranslation()
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts)
  return (
    <section
      aria-live="polite"
      aria-label={t('toast.regionLabel')}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${item.kind}`}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${STYLES[item.kind]}`}
        >
          {item.kind === 'loading' ? (
            <span className="mt-0.5 size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          ) : null}
          <p className="flex-1">{item.text}</p>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
            className="text-muted hover:text-ink"
            aria-label={t('toast.close')}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  )
}
