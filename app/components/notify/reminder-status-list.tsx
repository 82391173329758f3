import { useTranslation } from 'react-i18next'
import { type ReminderProblem, problemText } from '#app/domain/reminders/problems.ts'
import { instantToZoned, isoToDmy } from '#app/domain/time/index.ts'
import type { DeliveryView, ReminderStatusView } from '#app/server/notify/statuses.server.ts'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { RowText } from '#app/components/ui/row-text.tsx'

const STATUS_STYLE = {
  scheduled: 'bg-surface text-muted',
  sent: 'bg-success-soft text-success',
  failed: 'bg-error-soft text-error',
  canceled: 'bg-surface text-muted line-through',
} as const

type T = (key: string, options?: Record<string, unknown>) => string

function offsetLabel(t: T, minutes: number): string {
  if (minutes % 1440 === 0) return t('notify:statuses.days', { count: minutes / 1440 })
  if (minutes % 60 === 0) return t('notify:statuses.hours', { count: minutes / 60 })
  return t('notify:statuses.minutes', { count: minutes })
}

function at(timeZone: string, iso: string): string {
  const zoned = instantToZoned(timeZone, Date.parse(iso))
  return `${isoToDmy(zoned.date)} ${zoned.time}`
}

/** One channel's delivery: delivered, failed, queued, or retrying with its attempts and next try. */
function deliveryText(t: T, delivery: DeliveryView, timeZone: string): string {
  const channel = t(`notify:statuses.channel.${delivery.channel}`)
  if (delivery.status === 'pending' && delivery.nextAttemptAt) {
    return `${channel}: ${t('notify:statuses.retrying', {
      count: delivery.attempts,
      next: at(timeZone, delivery.nextAttemptAt),
    })}`
  }
  return `${channel}: ${t(`notify:statuses.delivery.${delivery.status}`)}`
}

function Problem({ t, problem }: { t: T; problem: ReminderProblem }) {
  return (
    <p className="break-words text-xs text-error" data-testid="reminder-problem">
      {problemText(t, problem)}
      {problem.detail ? <span className="block break-all text-muted">{problem.detail}</span> : null}
    </p>
  )
}

/**
 * A meeting's reminders for its organizer (issue 8: no reminder fails silently): whom, how long before, when it is
 * (was) sent in `timeZone`, its status, and each channel's delivery with the last error of a failure.
 */
export function ReminderStatusList({ reminders, timeZone }: { reminders: ReminderStatusView[]; timeZone: string }) {
  const { t } = useTranslation()
  return (
    <TitledSection id="reminders-title" title={t('notify:statuses.title')}>
      {reminders.length === 0 ? <p className="mt-2 text-sm text-muted">{t('notify:statuses.empty')}</p> : null}
      <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-card">
        {reminders.map((reminder) => {
          // While the outbox retries a delivery, its last problem shows (the reminder's own come when it settles).
          const retrying = reminder.deliveries.flatMap((d) => (d.status === 'pending' && d.problem ? [d.problem] : []))
          const whom =
            reminder.recipientKind === 'organizer'
              ? t('notify:statuses.organizer')
              : t('notify:statuses.client', { name: reminder.recipientName ?? '' })
          return (
            <li
              key={reminder.id}
              className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="reminder-status"
            >
              <RowText
                title={`${whom} · ${t('notify:statuses.before', { value: offsetLabel(t, reminder.offsetMinutes) })}`}
              >
                <p className="text-muted">
                  {t('notify:statuses.due')}: {at(timeZone, reminder.dueAt)}
                  {reminder.deliveries.length > 0
                    ? ` · ${reminder.deliveries.map((d) => deliveryText(t, d, timeZone)).join(', ')}`
                    : null}
                  {reminder.attempts > 1 ? ` · ${t('notify:statuses.attempts', { count: reminder.attempts })}` : null}
                </p>
                {reminder.problems.map((problem) => (
                  <Problem key={`${problem.code}-${problem.channel ?? ''}`} t={t} problem={problem} />
                ))}
                {retrying.map((problem) => (
                  <Problem key={`retrying-${problem.channel ?? ''}`} t={t} problem={problem} />
                ))}
              </RowText>
              <span
                className={`self-start rounded-full px-2.5 py-0.5 text-xs font-medium sm:self-center ${STATUS_STYLE[reminder.status]}`}
                data-status={reminder.status}
              >
                {t(`notify:statuses.status.${reminder.status}`)}
              </span>
            </li>
          )
        })}
      </ul>
    </TitledSection>
  )
}
