import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Fields, MessengerFields, SubmitButton, contactFieldSpecs, useFormAnswer } from './form-fields.tsx'
import { CompanionFields, SignInNote } from './form-extras.tsx'
import { withParams } from './search-params.ts'
import type { EventPageData } from './event-page-data.ts'
import { ChosenList } from './calendar-step.tsx'

/** The booking form's fields, each with its label under `booking:event.form.<name>`. */
const FORM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment']

export function FormStep({ data }: { data: Extract<EventPageData, { step: 'form' }> }) {
  const { t } = useTranslation()
  const { event } = data
  const { mine, errors } = useFormAnswer('book')
  // A refused post keeps what was typed; a fresh form starts from the signed-in client's details (the login step).
  const values = mine?.values ?? { ...data.client }
  const hideOptional = event.isOptionalInputsHidden
  const show = (required: boolean) => required || !hideOptional
  const contact = contactFieldSpecs(t, event, show)
  // The fields this form shows; an error about any other (or about the form as a whole) is named in the summary.
  const shown = new Set(['firstName', 'email'])
  if (show(event.isLastNameRequired)) shown.add('lastName')
  if (show(event.isPhoneRequired)) shown.add('phone')
  if (show(event.isMessengerRequired)) shown.add('messengerType').add('messengerValue')
  if (!hideOptional) shown.add('comment')
  const unshown = Object.entries(errors).filter(([name]) => !shown.has(name) && !name.startsWith('emails'))
  return (
    <div className="space-y-5">
      <ChosenList data={data} chosen={data.chosen} />
      <p className="text-xs text-muted">{t('booking:event.holdNote', { count: data.holdMinutes })}</p>
      <Link
        to={`${data.basePath}${data.keptWithHolds}`}
        className="text-sm text-primary underline"
        data-testid="add-more"
      >
        {t('booking:event.addMore')}
      </Link>
      <Form
        method="post"
        action={`${data.basePath}${withParams(data.keptWithHolds, { step: 'form' })}`}
        className="grid gap-4"
        data-testid="booking-form"
        noValidate
      >
        <h2 className="text-lg font-semibold">{t('booking:event.form.title')}</h2>
        <SignInNote client={data.client} loginUrl={data.loginUrl} inWidget={data.mode === 'widget'} />
        <ErrorNote text={mine?.error}>
          {unshown.length > 0 ? (
            <ul className="mt-1 list-disc pl-5" data-testid="form-errors">
              {unshown.map(([name, text]) => (
                <li key={name}>
                  {FORM_FIELDS.includes(name) ? `${t(`booking:event.form.${name}`)}: ` : ''}
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
        </ErrorNote>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        {/* Enter in a field presses the form's first submit: booking, not "add one more" further down. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <Fields errors={errors} values={values} paired={contact.names} specs={contact.reach} />
        {show(event.isMessengerRequired) ? (
          <MessengerFields required={event.isMessengerRequired} errors={errors} values={values} />
        ) : null}
        <Fields errors={errors} values={values} specs={[contact.comment]} />
        <CompanionFields
          group={event.totalSeats !== null}
          typed={mine?.companions ?? []}
          errors={Object.fromEntries(Object.entries(errors).filter(([name]) => name.startsWith('emails')))}
          max={data.maxCompanions}
        />
        <SubmitButton testId="book">{t('booking:event.form.submit')}</SubmitButton>
      </Form>
    </div>
  )
}
