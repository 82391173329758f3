import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DeleteButton } from '#app/components/ui/confirm-dialog.tsx'
import type { EventTypeView } from '#app/server/event-types/event-types.server.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { ParticipantIcon } from './participant-icon.tsx'
import { PausedNote } from './paused-note.tsx'

/**
 * An event type's actions, each a plain post of its intent: copy, activate or deactivate, show on or hide from the
 * specialist's page; then delete, which asks first: in a list (`inList`, with `onDelete` opening the list's one dialog)
 * a post names the event type; on its page the delete button owns its dialog.
 */
export function EventTypeActions({
  eventType,
  inList = false,
  buttonClassName,
  onDelete,
}: {
  eventType: Pick<EventTypeView, 'id' | 'isActive' | 'isShowOnSpecialistPage'>
  inList?: boolean
  buttonClassName: string
  onDelete?: () => void
}) {
  const { t } = useTranslation()
  const intents = [
    'copy',
    eventType.isActive ? 'deactivate' : 'activate',
    eventType.isShowOnSpecialistPage ? 'hide' : 'show',
  ] as const
  return (
    <>
      {intents.map((intent) => (
        <Form key={intent} method="post">
          {inList ? <input type="hidden" name="id" value={eventType.id} /> : null}
          <button type="submit" name="intent" value={intent} className={buttonClassName}>
            {t(`eventTypes:actions.${intent}`)}
          </button>
        </Form>
      ))}
      {onDelete ? (
        <button type="button" className={`${buttonClassName} text-error`} onClick={onDelete}>
          {t('eventTypes:actions.delete')}
        </button>
      ) : (
        <DeleteButton keys="eventTypes:actions" action={`/eventTypes/${eventType.id}`} />
      )}
    </>
  )
}

/** SPEC §2 card: name, icon by participant type, duration, inactive styling, hint when hidden. */
export function EventTypeCard({
  eventType,
  plan,
  onDelete,
}: {
  eventType: EventTypeView
  /** The specialist's plan in force: what it pauses is marked (ADR 0097). */
  plan: PlanName
  onDelete: () => void
}) {
  const { t } = useTranslation()
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
        <PausedNote plan={plan} participantType={eventType.participantType} />
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
          {/* The list's posts name the event type; with no action they go to the list's own URL (search, page). */}
          <EventTypeActions
            eventType={eventType}
            inList
            buttonClassName="btn-ghost px-2 py-1 text-sm"
            onDelete={onDelete}
          />
        </div>
      </div>
    </li>
  )
}
