import { Form, Link } from '@remix-run/react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { LONG_TEXT_MAX } from '#app/domain/constants.ts'
import { recipientChips } from '#app/domain/contacts/rules.ts'
import { cheapestPlanWith, plansPath } from '#app/domain/plans.ts'

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

function PlanNote() {
  const { t } = useTranslation()
  return (
    <p className="rounded-lg bg-surface p-3 text-sm" data-testid="contacts-plan-note">
      {t('contacts:dialog.planNote')}{' '}
      <Link to={plansPath(cheapestPlanWith('emailContacts'))} className="font-medium text-primary">
        {t('contacts:dialog.plansLink')}
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

/**
 * A dialog that sends something to the chosen contacts: the intent and the contacts' ids go with the form, their
 * chips and (without the plan's emails) the plan note show above `children`; "Send" needs the plan and `ready`.
 */
function RecipientsDialog({
  open,
  onClose,
  recipients,
  canEmail,
  busy,
  intent,
  title,
  ready = true,
  children,
}: DialogProps & { intent: 'message' | 'invite'; title: string; ready?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <Form method="post" className="space-y-4" data-testid={`contact-${intent}-form`}>
        <input type="hidden" name="intent" value={intent} />
        {recipients.map((recipient) => (
          <input key={recipient.id} type="hidden" name="contactIds" value={recipient.id} />
        ))}
        <RecipientChips recipients={recipients} />
        {canEmail ? null : <PlanNote />}
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('contacts:dialog.cancel')}
          </Button>
          <Button type="submit" disabled={!canEmail || !ready} loading={busy}>
            {t('contacts:dialog.send')}
          </Button>
        </div>
      </Form>
    </Modal>
  )
}

export function ContactMessageDialog(props: DialogProps) {
  const { t } = useTranslation()
  const [message, setMessage] = useState('')
  return (
    <RecipientsDialog
      {...props}
      intent="message"
      title={t('contacts:dialog.messageTitle')}
      ready={message.trim() !== ''}
    >
      <TextareaField
        label={t('contacts:dialog.message')}
        name="message"
        required
        maxLength={LONG_TEXT_MAX}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        hint={t('contacts:dialog.counter', { count: message.length, max: LONG_TEXT_MAX })}
      />
    </RecipientsDialog>
  )
}

export function ContactInviteDialog({
  eventTypes,
  ...props
}: DialogProps & { eventTypes: { id: string; name: string }[] }) {
  const { t } = useTranslation()
  return (
    <RecipientsDialog {...props} intent="invite" title={t('contacts:dialog.inviteTitle')}>
      <SelectField
        label={t('contacts:dialog.eventType')}
        name="eventTypeId"
        options={[
          { value: '', label: t('contacts:dialog.publicPage') },
          ...eventTypes.map((eventType) => ({ value: eventType.id, label: eventType.name })),
        ]}
      />
    </RecipientsDialog>
  )
}
