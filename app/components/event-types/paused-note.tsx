import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PlanName } from '#app/domain/enums.ts'
import { bookingPause, cheapestPlanWith, plansPath } from '#app/domain/plans.ts'

/**
 * "Paused: needs Pro" on an event type the specialist's plan in force pauses (a group or collective type after a
 * downgrade, ADR 0097): clients cannot book it, nothing is deleted, the plan that brings it back is one click away.
 * Nothing when the plan allows it.
 */
export function PausedNote({
  plan,
  participantType,
  detailed = false,
}: {
  plan: PlanName
  participantType: string
  /** The form's longer text (what it means, that nothing is lost); the list's card shows the short one. */
  detailed?: boolean
}) {
  const { t } = useTranslation()
  const paused = bookingPause(plan, { participantType, channel: 'page' })
  if (!paused) return null
  const needed = cheapestPlanWith(paused)
  return (
    <p
      className="text-sm font-medium text-warning"
      data-testid="event-type-paused"
      role={detailed ? 'status' : undefined}
    >
      {t('eventTypes:paused.label', { plan: needed })}
      {detailed ? (
        <span className="block font-normal text-muted">{t('eventTypes:paused.text', { plan: needed })}</span>
      ) : (
        ' '
      )}
      <Link to={plansPath(needed)} className="text-primary underline" data-testid="event-type-paused-link">
        {t('eventTypes:paused.choose', { plan: needed })}
      </Link>
    </p>
  )
}
