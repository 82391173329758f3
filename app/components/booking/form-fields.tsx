import { useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_MESSENGER, MESSENGERS } from '#app/domain/booking/messengers.ts'
import type { ActionAnswer } from '#app/server/booking/page/flow.server.ts'

/**
 * The event page's answer to one form's post (named by its `intent`s): its field errors and the values typed in,
 * shown again; nothing when the page answered another form or nothing was posted.
 */
export function useFormAnswer(...intents: string[]) {
  const answer = useActionData<ActionAnswer>()
  const mine = answer && intents.includes(answer.intent) ? answer : undefined
  return { answer, mine, errors: mine?.fieldErrors ?? {}, values: mine?.values ?? {} }
}

/** One field of a public booking form: an input, or a textarea when `rows` is given. */
export type FieldSpec = {
  name: string
  label: string
  required: boolean
  type?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'text'
  maxLength?: number
  rows?: number
  hint?: string
}

const inputClass = 'w-full rounded-lg border border-line bg-card px-3 py-2 aria-[invalid]:border-error'

/** A labelled field with its error under it; `children` replaces the input (a select). */
export function Field({
  prefix = 'field',
  error,
  value,
  children,
  ...spec
}: FieldSpec & { prefix?: string; error?: string; value?: string; children?: ReactNode }) {
  const { t } = useTranslation()
  const id = `${prefix}-${spec.name}`
  const described = [error ? `${id}-error` : null, spec.hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  const control = {
    id,
    name: spec.name,
    required: spec.required,
    defaultValue: value,
    maxLength: spec.maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    className: inputClass,
  }
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {spec.label}
        {spec.required ? (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="text-xs font-normal text-muted"> ({t('booking:event.form.optional')})</span>
        )}
      </label>
      {children ??
        (spec.rows ? (
          <textarea {...control} rows={spec.rows} />
        ) : (
          <input {...control} type={spec.type ?? 'text'} autoComplete={spec.autoComplete} inputMode={spec.inputMode} />
        ))}
      {spec.hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {spec.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-error" data-testid={`error-${spec.name}`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Several fields with their errors and typed-in values (after a refused post); `false` entries are skipped. */
export function Fields({
  paired = [],
  specs,
  errors,
  values,
  prefix,
}: {
  /** Fields side by side (two columns from a small screen up) above the others: a first and a last name. */
  paired?: (FieldSpec | false)[]
  specs: (FieldSpec | false)[]
  errors: Record<string, string>
  values: Record<string, string>
  prefix?: string
}) {
  const field = (spec: FieldSpec | false) =>
    spec ? (
      <Field key={spec.name} prefix={prefix} {...spec} error={errors[spec.name]} value={values[spec.name]} />
    ) : null
  return (
    <>
      {paired.length > 0 ? <div className="grid gap-4 sm:grid-cols-2">{paired.map(field)}</div> : null}
      {specs.map(field)}
    </>
  )
}

/**
 * The client's fields of a booking-like form (booking, waitlist, a one-time meeting's seat): the names (side by side
 * on the booking form), the email and phone, and the comment. `show` says whether a field the event type does not
 * require is shown.
 */
export function contactFieldSpecs(
  t: (key: string) => string,
  event: { isLastNameRequired: boolean; isPhoneRequired: boolean },
  show: (required: boolean) => boolean,
): { names: (FieldSpec | false)[]; reach: (FieldSpec | false)[]; comment: FieldSpec | false } {
  return {
    names: [
      { name: 'firstName', label: t('booking:event.form.firstName'), required: true, autoComplete: 'given-name' },
      show(event.isLastNameRequired) && {
        name: 'lastName',
        label: t('booking:event.form.lastName'),
        required: event.isLastNameRequired,
        autoComplete: 'family-name',
      },
    ],
    reach: [
      { name: 'email', type: 'email', label: t('booking:event.form.email'), required: true, autoComplete: 'email' },
      show(event.isPhoneRequired) && {
        name: 'phone',
        type: 'tel',
        label: t('booking:event.form.phone'),
        required: event.isPhoneRequired,
        autoComplete: 'tel',
      },
    ],
    comment: show(false) && {
      name: 'comment',
      label: t('booking:event.form.comment'),
      required: false,
      rows: 3,
      maxLength: 1500,
    },
  }
}

/** The messenger's type (a select) and handle, side by side; the handle is `required` when the event type asks. */
export function MessengerFields({
  required,
  errors,
  values,
}: {
  required: boolean
  errors: Record<string, string>
  values: Record<string, string>
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <Field
        name="messengerType"
        label={t('booking:event.form.messengerType')}
        required={false}
        error={errors.messengerType}
      >
        <select
          id="field-messengerType"
          name="messengerType"
          defaultValue={values.messengerType || DEFAULT_MESSENGER}
          className="w-full rounded-lg border border-line bg-card px-3 py-2"
        >
          {MESSENGERS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="messengerValue"
        label={t('booking:event.form.messengerValue')}
        required={required}
        error={errors.messengerValue}
        value={values.messengerValue}
      />
    </div>
  )
}

/** A form's error summary; `children` (a list of errors of fields the form does not show) go under the text. */
export function ErrorNote({ text, children }: { text?: string; children?: ReactNode }) {
  if (!text) return null
  return (
    <div role="alert" className="rounded-lg bg-error-soft px-3 py-2 text-sm text-error" data-testid="booking-error">
      {text}
      {children}
    </div>
  )
}

/** The submit button of a booking-flow form: disabled while a form is being submitted (no double posts). */
export function SubmitButton({
  className = 'btn-primary',
  testId,
  children,
}: {
  className?: string
  testId: string
  children: ReactNode
}) {
  const navigation = useNavigation()
  return (
    <button type="submit" className={className} disabled={navigation.state === 'submitting'} data-testid={testId}>
      {children}
    </button>
  )
}
