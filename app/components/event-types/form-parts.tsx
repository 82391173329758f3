import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Tariff } from '#app/domain/enums.ts'
import { tariffPath } from '#app/domain/plans.ts'
import { useTranslation } from 'react-i18next'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { UniqueState } from './use-unique-check.ts'

/** A titled section of the event-type form. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="card flex flex-col gap-4 p-5" data-testid={testId}>
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  )
}

/**
 * "Available from Pro": the badge of a feature the plan lacks (SPEC §6). A link to the tariffs page with that plan
 * chosen; with script, clicking it explains first (the tariff-limit modal, which leads to the same place).
 */
export function PlanBadge({ plan, onClick, testId }: { plan: Tariff; onClick?: () => void; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to={tariffPath(plan)}
      data-testid={testId ?? 'plan-badge'}
      onClick={
        onClick
          ? (event) => {
              event.preventDefault()
              onClick()
            }
          : undefined
      }
      className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary"
    >
      {t('eventTypes:tariff.badge', { plan })}
    </Link>
  )
}

/** The uniqueness status next to a field: spinner, then tick or cross (SPEC §4). */
export function UniqueMark({ state, testId }: { state: UniqueState; testId: string }) {
  const { t } = useTranslation()
  if (state.status === 'checking')
    return (
      <span data-testid={testId} data-status="checking" className="text-muted" role="status">
        <Spinner className="size-4" />
        <span className="sr-only">{t('eventTypes:form.checking')}</span>
      </span>
    )
  if (state.status === 'free')
    return (
      <span
        data-testid={testId}
        data-status="free"
        className="text-success"
        role="img"
        aria-label={t('eventTypes:form.free')}
      >
        ✓
      </span>
    )
  if (state.status === 'taken')
    return (
      <span
        data-testid={testId}
        data-status="taken"
        className="text-error"
        role="img"
        aria-label={t('eventTypes:form.taken')}
      >
        ✕
      </span>
    )
  return null
}

export function ErrorText({ text }: { text?: string | null }) {
  if (!text) return null
  return (
    <p className="text-xs text-error" role="alert">
      {text}
    </p>
  )
}

export const CONTROL =
  'w-full rounded-lg border border-line bg-card px-3 py-2.5 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none'
