import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { EventTypeView } from '#app/server/event-types/event-types.server.ts'
import type { Tariff } from '#app/domain/enums.ts'
import { ParticipantIcon } from './participant-icon.tsx'
import { PausedNote } from './paused-note.tsx'

/** SPEC §2 card: name, icon by participant type, duration, inactive styling, hint when hidden. */
export function EventTypeCard({
  eventType,
  tariff,
  onDelete,
}: {
  eventType: EventTypeView
  /** The specialist's plan in force: what it pauses is marked (ADR 0097). */
  tariff: Tariff
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const action = (intent: string, label: string, className = 'btn-ghost px-2 py-1 text-sm') => (
    // No action: the post goes to the list's own URL, so the search and page stay as they are.
    <Form method="post">
      <input type="hidden" name="id" value={eventType.id} />
      <button type="submit" name="intent" value={intent} className={className}>
        {label}
      </button>
    </Form>
  )
  return (
    <li
      className={`card flex flex-col overflow-hidden ${eventType.isActive ? '' : 'opacity-60'}`}
      data-testid="event-type-card"
      data-active={eventType.isActive}
    >
      <span className="h-1.5" style={{ backgroundColor: eventType.color }} aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <ParticipantIcon type={eventType.participantType} />
          <Link to={`/eventTypes/${eventType.id}`} className="flex-1 font-semibold hover:text-primary">
            {eventType.name}
          </Link>
        </div>
        <p className="text-sm text-muted">
          {t('eventTypes:minutes', { count: eventType.durationInMinutes })} · /{eventType.link}
        </p>
        {eventType.isActive ? null : <p className="text-sm font-medium text-muted">{t('eventTypes:list.inactive')}</p>}
        <PausedNote tariff={tariff} participantType={eventType.participantType} />
        {eventType.isShowOnSpecialistPage ? null : (
          <p className="text-sm text-warning" data-testid="hidden-hint">
            {t('eventTypes:list.hiddenHint')}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-1 pt-2">
          <Link to={`/eventTypes/${eventType.id}`} className="btn-ghost px-2 py-1 text-sm">
            {t('eventTypes:actions.edit')}
          </Link>
          <Link to={`/eventTypes/${eventType.id}?tab=share`} className="btn-ghost px-2 py-1 text-sm">
            {t('eventTypes:actions.share')}
          </Link>
          {action('copy', t('eventTypes:actions.copy'))}
          {action(
            eventType.isActive ? 'deactivate' : 'activate',
            t(eventType.isActive ? 'eventTypes:actions.deactivate' : 'eventTypes:actions.activate'),
          )}
          {action(
            eventType.isShowOnSpecialistPage ? 'hide' : 'show',
            t(eventType.isShowOnSpecialistPage ? 'eventTypes:actions.hide' : 'eventTypes:actions.show'),
          )}
          <button type="button" className="btn-ghost px-2 py-1 text-sm text-error" onClick={onDelete}>
            {t('eventTypes:actions.delete')}
          </button>
        </div>
      </div>
    </li>
  )
}
