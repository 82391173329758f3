import { Form, Link } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { LONG_TEXT_MAX } from '#app/domain/constants.ts'
import { recipientChips } from '#app/domain/contacts/rules.ts'
import { cheapestPlanWith, tariffPath } from '#app/domain/plans.ts'

type Recipient = { id: string; firstName: string; lastName: string; email: string | null }

const nameOf = (recipient: Recipient) => `${recipient.firstName} ${recipient.lastName}`.trim()

/** SPEC §2, §9: the first 5 recipients as chips, the rest in a menu with their count. */
export function RecipientChips({ recipients }: { recipients: Recipient[] }) {
  const { t } = useTranslation()
  const { shown, rest } = recipientChips(recipients)
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="recipient-chips">
      <span className="text-sm text-muted">{t('contacts:dialog.to')}</span>
      {shown.map((recipient) => (
        <span
          key={recipient.id}
          className="rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary"
          title={recipient.email ?? undefined}
          data-testid="recipient-chip"
        >
          {nameOf(recipient)}
        </span>
      ))}
      {rest.length > 0 ? (
        <details className="relative">
          <summary
            className="cursor-pointer list-none rounded-full border border-line px-3 py-1 text-xs font-medium"
            data-testid="recipient-more"
          >
            {t('contacts:dialog.more', { count: rest.length })}
          </summary>
          <ul className="absolute z-10 mt-1 max-h-48 w-56 overflow-y-auto rounded-lg border border-line bg-card p-2 shadow-lg">
            {rest.map((recipient) => (
              <li key={recipient.id} className="py-1 text-sm">
                {nameOf(recipient)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

function TariffNote() {
  const { t } = useTranslation()
  return (
    <p className="rounded-lg bg-surface p-3 text-sm" data-testid="contacts-tariff-note">
      {t('contacts:dialog.tariff')}{' '}
      <Link to={tariffPath(cheapestPlanWith('emailContacts'))} className="font-medium text-primary">
        {t('contacts:dialog.tariffLink')}
      </Link>
    </p>
  )
}

type DialogProps = {
  open: boolean
  onClose: () => void
  recipients: Recipient[]
  canEmail: boolean
  busy: boolean
}

export function ContactMessageDialog({ open, onClose, recipients, canEmail, busy }: DialogProps) {
  const { t } = useTranslation()
  const [message, setMessage] = useState('')
  return (
    <Modal open={open} onClose={onClose} title={t('contacts:dialog.messageTitle')}>
      <Form method="post" className="space-y-4" data-testid="contact-message-form">
        <input type="hidden" name="intent" value="message" />
        {recipients.map((recipient) => (
          <input key={recipient.id} type="hidden" name="contactIds" value={recipient.id} />
        ))}
        <RecipientChips recipients={recipients} />
        {canEmail ? null : <TariffNote />}
        <TextareaField
          label={t('contacts:dialog.message')}
          name="message"
          required
          maxLength={LONG_TEXT_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          hint={t('contacts:dialog.counter', { count: message.length, max: LONG_TEXT_MAX })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('contacts:dialog.cancel')}
          </Button>
          <Button type="submit" disabled={!canEmail || message.trim() === ''} loading={busy}>
            {t('contacts:dialog.send')}
          </Button>
        </div>
      </Form>
    </Modal>
  )
}

export function ContactInviteDialog({
  open,
  onClose,
  recipients,
  canEmail,
  busy,
  eventTypes,
}: DialogProps & { eventTypes: { id: string; name: string }[] }) {
  const { t } = useTranslation()
  return (
    <Modal open={open} onClose={onClose} title={t('contacts:dialog.inviteTitle')}>
      <Form method="post" className="space-y-4" data-testid="contact-invite-form">
        <input type="hidden" name="intent" value="invite" />
        {recipients.map((recipient) => (
          <input key={recipient.id} type="hidden" name="contactIds" value={recipient.id} />
        ))}
        <RecipientChips recipients={recipients} />
        {canEmail ? null : <TariffNote />}
        <SelectField
          label={t('contacts:dialog.eventType')}
          name="eventTypeId"
          options={[
            { value: '', label: t('contacts:dialog.publicPage') },
            ...eventTypes.map((eventType) => ({ value: eventType.id, label: eventType.name })),
          ]}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('contacts:dialog.cancel')}
          </Button>
          <Button type="submit" disabled={!canEmail} loading={busy}>
            {t('contacts:dialog.send')}
          </Button>
        </div>
      </Form>
    </Modal>
  )
}
