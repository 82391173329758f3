import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { PlanName } from '#app/domain/enums.ts'
import type { EventTypeFormValues } from '#app/domain/event-types/form-values.ts'
import { type Capability, cheapestPlanWith, plansPath } from '#app/domain/plans.ts'
import { useTranslation } from 'react-i18next'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { textBinding } from '#app/components/ui/text-binding.ts'
import type { UniqueState } from './use-unique-check.ts'

/** What each section of the event-type form gets from the form. */
export type SectionProps = {
  values: EventTypeFormValues
  set: (patch: Partial<EventTypeFormValues>) => void
  /** The first server text for a field path, unless a later change made it stale. */
  error: (path: string) => string | undefined
  locked: (capability: Capability) => boolean
  onLocked: (capability: Capability) => void
}

/** The section's text controls tied to the form: `{...text('name')}` (ui/text-binding.ts). */
export function sectionText({ values, set, error }: Pick<SectionProps, 'values' | 'set' | 'error'>) {
  return textBinding({ values, set, errors: (name) => [error(name)] })
}

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
 * "Available from Pro": the badge of a feature the plan lacks (SPEC §6). A link to the plans page with that plan
 * chosen; with script, clicking it explains first (the plan-limit modal, which leads to the same place).
 */
export function PlanBadge({ plan, onClick, testId }: { plan: PlanName; onClick?: () => void; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to={plansPath(plan)}
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
      {t('eventTypes:plan.badge', { plan })}
    </Link>
  )
}

/** A feature's checkbox with the plan badge beside it while the plan lacks the feature; checking it then explains. */
export function LockedCheckbox({
  label,
  name,
  checked,
  onChange,
  capability,
  locked,
  onLocked,
  badgeTestId,
}: {
  label: string
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
  capability: Capability
  locked: boolean
  onLocked: (capability: Capability) => void
  badgeTestId?: string
}) {
  return (
    <div className="flex items-center gap-2">
      <CheckboxField
        label={label}
        name={name}
        checked={checked}
        onChange={(event) => {
          if (event.target.checked && locked) return onLocked(capability)
          onChange(event.target.checked)
        }}
      />
      {locked ? (
        <PlanBadge plan={cheapestPlanWith(capability)} onClick={() => onLocked(capability)} testId={badgeTestId} />
      ) : null}
    </div>
  )
}

const MARKS = {
  free: { className: 'text-success', label: 'eventTypes:form.free', sign: '✓' },
  taken: { className: 'text-error', label: 'eventTypes:form.taken', sign: '✕' },
} as const

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
  if (state.status !== 'free' && state.status !== 'taken') return null
  const mark = MARKS[state.status]
  return (
    <span
      data-testid={testId}
      data-status={state.status}
      className={mark.className}
      role="img"
      aria-label={t(mark.label)}
    >
      {mark.sign}
    </span>
  )
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
