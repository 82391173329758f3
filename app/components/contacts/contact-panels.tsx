import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import { type ContactFilterPageSchema, MESSENGER_TYPES } from '#app/domain/contacts/rules.ts'

/** SPEC §2: first name, last name, email, event types (scrollable checkboxes), period, "view not done". */
export function FilterPanel({
  filter,
  filterErrors,
  typedPeriod,
  eventTypes,
  open,
}: {
  filter: z.infer<typeof ContactFilterPageSchema>
  /** Each problem of the filter as read, under its field. */
  filterErrors: Record<string, string[]>
  /** The period as typed, shown again when it could not be read. */
  typedPeriod: { from: string; to: string }
  eventTypes: readonly { id: string; name: string; color: string }[]
  open: boolean
}) {
  const { t } = useTranslation()
  return (
    <details className="card p-4" open={open}>
      <summary className="cursor-pointer font-medium">{t('contacts:filter.title')}</summary>
      <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="contacts-filter">
        {filter.viewArchive ? <input type="hidden" name="viewArchive" value="true" /> : null}
        <Field
          label={t('contacts:filter.firstName')}
          name="firstName"
          defaultValue={filter.firstName ?? ''}
          errors={filterErrors.firstName}
        />
        <Field
          label={t('contacts:filter.lastName')}
          name="lastName"
          defaultValue={filter.lastName ?? ''}
          errors={filterErrors.lastName}
        />
        <Field
          label={t('contacts:filter.email')}
          name="email"
          defaultValue={filter.email ?? ''}
          errors={filterErrors.email}
          className="sm:col-span-2"
        />
        {(['from', 'to'] as const).map((end) => (
          <DateField
            key={end}
            label={t(`contacts:filter.${end}`)}
            name={end}
            defaultValue={filter[end] ?? typedPeriod[end]}
            max="2099-12-31"
            errors={filterErrors[end]}
          />
        ))}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">{t('contacts:filter.eventTypes')}</legend>
          <div className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-line p-2">
            {eventTypes.length === 0 ? <p className="text-sm text-muted">{t('contacts:filter.noEventTypes')}</p> : null}
            {eventTypes.map((eventType) => (
              <label key={eventType.id} className="flex items-center gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  name="eventTypeIds"
                  value={eventType.id}
                  defaultChecked={filter.eventTypeIds.includes(eventType.id)}
                />
                <span className="size-3 rounded-full" style={{ background: eventType.color }} aria-hidden="true" />
                {eventType.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="viewNotDone" value="true" defaultChecked={filter.viewNotDone} />
          {t('contacts:filter.viewNotDone')}
        </label>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit">{t('contacts:filter.apply')}</Button>
          <Link to={filter.viewArchive ? '?viewArchive=true' : '?'} className="btn-secondary">
            {t('contacts:filter.reset')}
          </Link>
        </div>
      </Form>
    </details>
  )
}

/** A new contact: names, email, phone, messenger, clinic id, posted with `intent=add`. */
export function AddContactPanel({ open }: { open: boolean }) {
  const { t } = useTranslation()
  return (
    <details className="card p-4" open={open || undefined}>
      <summary className="cursor-pointer font-medium">{t('contacts:add.title')}</summary>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="contact-add-form">
        <input type="hidden" name="intent" value="add" />
        <Field label={t('contacts:add.firstName')} name="firstName" required maxLength={200} />
        <Field label={t('contacts:add.lastName')} name="lastName" maxLength={200} />
        <Field label={t('contacts:add.email')} name="email" type="email" required maxLength={200} />
        <Field label={t('contacts:add.phone')} name="phone" type="tel" maxLength={200} />
        <SelectField
          label={t('contacts:add.messengerType')}
          name="messengerType"
          options={MESSENGER_TYPES.map((value) => ({ value, label: value }))}
        />
        <Field label={t('contacts:add.messengerValue')} name="messengerValue" maxLength={200} />
        <Field label={t('contacts:add.clinicId')} name="customField" maxLength={200} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit">{t('contacts:add.submit')}</Button>
        </div>
      </Form>
    </details>
  )
}
