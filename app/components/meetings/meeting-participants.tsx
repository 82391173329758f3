import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { TitledSection } from '#app/components/ui/titled-section.tsx'
import { ContactLinks, type OrganizerCardData } from './meeting-parts.tsx'

/** A participant as the organizer's meeting page lists them. */
export type ParticipantView = OrganizerCardData['contactInfos'][number] & {
  comment: string | null
  tempCustomField: string | null
  visitors: readonly { id: string; email: string }[]
  companions: readonly { email: string }[]
}

export const participantName = (contact: { firstName: string; lastName: string }) =>
  `${contact.firstName} ${contact.lastName}`.trim()

/**
 * "Add visitors": emails posted with `intent=visitors`, on the organizer's page for one participant
 * (`participantId`) and on a participant's own page for their booking.
 */
export function VisitorsForm({
  label,
  busy,
  participantId,
}: {
  label: string
  busy: boolean
  /** The organizer's page names the participant; a participant's own page posts for their own booking. */
  participantId?: string
}) {
  const { t } = useTranslation()
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      data-testid={participantId ? 'visitors-form' : undefined}
    >
      <input type="hidden" name="intent" value="visitors" />
      {participantId ? <input type="hidden" name="participantId" value={participantId} /> : null}
      <label className="flex grow flex-col gap-1 text-sm">
        {label}
        <input
          name="emails"
          type="text"
          inputMode="email"
          required
          placeholder={participantId ? 'guest@example.com' : undefined}
          className="rounded-lg border border-line bg-card px-3 py-2"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={busy}>
        {t('meetings:visitors.submit')}
      </Button>
    </Form>
  )
}

/** A participant's visitors as chips; while the meeting is upcoming each has a remove button (a plain form post). */
function VisitorChips({ contact, upcoming }: { contact: ParticipantView; upcoming: boolean }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('meetings:visitors.title')}>
      {contact.visitors.map((visitor) => (
        <li
          key={visitor.id}
          className="flex items-center gap-1 rounded-full bg-surface px-3 py-1 text-xs"
          data-testid="visitor"
        >
          {visitor.email}
          {upcoming ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removeVisitor" />
              <input type="hidden" name="participantId" value={contact.id} />
              <input type="hidden" name="visitorId" value={visitor.id} />
              <button
                type="submit"
                className="text-muted hover:text-error"
                aria-label={t('meetings:visitors.remove', { email: visitor.email })}
              >
                ×
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** The organizer's list of participants: contacts, comments, companions, visitors, cancel one. */
export function ParticipantsSection({
  participants,
  upcoming,
  busy,
  onCancel,
}: {
  participants: readonly ParticipantView[]
  upcoming: boolean
  busy: boolean
  onCancel: (participant: { id: string; name: string }) => void
}) {
  const { t } = useTranslation()
  return (
    <TitledSection className="card p-5" id="participants-title" title={t('meetings:participants.title')}>
      <ul className="mt-3 divide-y divide-line">
        {participants.map((contact) => {
          const name = participantName(contact)
          const live = upcoming && !contact.isCanceled
          return (
            <li key={contact.id} className="space-y-2 py-3" data-testid="participant">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className={`font-medium ${contact.isCanceled ? 'text-muted line-through' : ''}`}>{name}</p>
                  <ContactLinks contact={contact} />
                  {contact.comment ? <p className="text-sm text-muted">{contact.comment}</p> : null}
                  {contact.tempCustomField ? (
                    <p className="text-sm text-muted" data-testid="participant-custom-field">
                      {t('meetings:participants.tempCustomField')}: {contact.tempCustomField}
                    </p>
                  ) : null}
                  {contact.companions.length > 0 ? (
                    <p className="text-sm text-muted" data-testid="participant-companions">
                      {t('meetings:participants.companions')}: {contact.companions.map((c) => c.email).join(', ')}
                    </p>
                  ) : null}
                </div>
                {live ? (
                  <Button
                    variant="secondary"
                    onClick={() => onCancel({ id: contact.id, name })}
                    data-testid="cancel-participant"
                  >
                    {t('meetings:actions.cancelParticipant')}
                  </Button>
                ) : null}
              </div>
              {contact.visitors.length > 0 ? <VisitorChips contact={contact} upcoming={upcoming} /> : null}
              {live ? (
                <VisitorsForm label={t('meetings:visitors.add', { name })} busy={busy} participantId={contact.id} />
              ) : null}
            </li>
          )
        })}
      </ul>
    </TitledSection>
  )
}

/** The adjutants of a meeting: their emails one a line, saved with `intent=adjutants`. */
export function AdjutantsSection({ adjutants, busy }: { adjutants: readonly { email: string }[]; busy: boolean }) {
  const { t } = useTranslation()
  const emails = adjutants.map((a) => a.email)
  return (
    <TitledSection className="card p-5" id="adjutants-title" title={t('meetings:adjutants.title')}>
      <Form method="post" className="mt-3 space-y-3" data-testid="adjutants-form">
        <input type="hidden" name="intent" value="adjutants" />
        <TextareaField
          label={t('meetings:adjutants.label')}
          hint={t('meetings:adjutants.hint')}
          name="adjutantEmails"
          defaultValue={emails.join('\n')}
          key={emails.join(',')}
        />
        <Button type="submit" disabled={busy}>
          {t('meetings:adjutants.submit')}
        </Button>
      </Form>
    </TitledSection>
  )
}

/** Move ticked participants into another upcoming meeting of the organizer (SPEC §4, §8: seats added if needed). */
export function MoveParticipantsSection({
  participants,
  targets,
  busy,
}: {
  participants: readonly ParticipantView[]
  targets: readonly { id: string; label: string }[]
  busy: boolean
}) {
  const { t } = useTranslation()
  return (
    <TitledSection className="card p-5" id="move-title" title={t('meetings:move.title')}>
      <Form method="post" className="mt-3 space-y-3" data-testid="move-form">
        <input type="hidden" name="intent" value="move" />
        <fieldset>
          <legend className="text-sm font-medium">{t('meetings:move.who')}</legend>
          {participants.map((contact) => (
            <label key={contact.id} className="flex items-center gap-2 py-1 text-sm">
              <input type="checkbox" name="participantIds" value={contact.id} />
              {participantName(contact)}
            </label>
          ))}
        </fieldset>
        <SelectField
          label={t('meetings:move.target')}
          name="target"
          required
          options={targets.map((target) => ({ value: target.id, label: target.label }))}
        />
        <p className="text-xs text-muted">{t('meetings:move.seatsHint')}</p>
        <Button type="submit" disabled={busy}>
          {t('meetings:move.submit')}
        </Button>
      </Form>
    </TitledSection>
  )
}
