import { useTranslation } from 'react-i18next'
import type { EventPageData } from './event-page.tsx'

/**
 * The event page when the host's plan in force pauses new bookings (a downgrade, ADR 0097): no slots, no form, a
 * plain statement. The widget paused on its own (the event type still takes bookings on its page) links to the page.
 */
export function PausedStep({ data }: { data: Extract<EventPageData, { step: 'paused' }> }) {
  const { t } = useTranslation()
  const widgetOnly = data.paused === 'widgets'
  return (
    <div data-testid="booking-paused" role="status">
      <h2 className="text-xl font-semibold">{t('booking:event.pausedTitle')}</h2>
      <p className="mt-2 text-muted">
        {widgetOnly ? t('booking:event.pausedWidgetText') : t('booking:event.pausedText')}
      </p>
      {widgetOnly ? (
        <a href={data.pageUrl} target="_blank" rel="noreferrer" className="btn-primary mt-4 inline-flex">
          {t('booking:event.pausedOpenPage')}
        </a>
      ) : null}
    </div>
  )
}
