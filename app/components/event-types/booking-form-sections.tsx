import { useTranslation } from 'react-i18next'
import { CheckboxField, Field, SelectField } from '#app/components/ui/field.tsx'
import type { EventTypeFormValues } from '#app/domain/event-types/form-values.ts'
import { CURRENCY_SYMBOLS } from '#app/domain/event-types/schema.ts'
import { LockedCheckbox, Section, type SectionProps, sectionText } from './form-parts.tsx'

/** The booking form's optional fields that the event type requires or hides (SPEC §4). */
export const REQUIRED_FIELD_FLAGS = [
  'isLastNameRequired',
  'isMessengerRequired',
  'isPhoneRequired',
  'isOptionalInputsHidden',
] as const

/** What the guest's booking form asks (SPEC §4), and the cost and the redirect after booking (Pro, SPEC §6). */
export function BookingFormSections({
  values,
  set,
  error,
  locked,
  onLocked,
  saved,
}: SectionProps & {
  /** The saved values: toggling cost or redirect on fills from them (SPEC §4). */
  saved: EventTypeFormValues
}) {
  const { t } = useTranslation()
  const text = sectionText({ values, set, error })
  // SPEC §4, §6: a paid option (Pro); turned on it fills its fields (`on`, from the saved values), off clears them.
  const paidOption = (
    name: 'isShowCost' | 'isShowRedirection',
    badgeTestId: string,
    on: Partial<EventTypeFormValues>,
    off: Partial<EventTypeFormValues>,
  ) => ({
    capability: 'costAndRedirect' as const,
    locked: locked('costAndRedirect'),
    onLocked,
    label: t(`eventTypes:form.${name}`),
    name,
    checked: values[name],
    badgeTestId,
    onChange: (checked: boolean) => set({ [name]: checked, ...(checked ? on : off) }),
  })
  return (
    <>
      <Section title={t('eventTypes:form.fields')} testId="section-fields">
        <p className="text-sm text-muted">{t('eventTypes:form.fieldsHint')}</p>
        {REQUIRED_FIELD_FLAGS.map((flag) => (
          <CheckboxField
            key={flag}
            label={t(`eventTypes:form.${flag}`)}
            name={flag}
            checked={values[flag]}
            onChange={(event) => set({ [flag]: event.target.checked })}
          />
        ))}
      </Section>
      <Section title={t('eventTypes:form.payment')} testId="section-cost">
        <LockedCheckbox
          {...paidOption(
            'isShowCost',
            'plan-badge-cost',
            { cost: saved.isShowCost ? saved.cost : '', currency: saved.currency },
            { cost: '', currency: 'RUB' },
          )}
        />
        {values.isShowCost ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field type="number" min={0} step="0.01" label={t('eventTypes:form.cost')} {...text('cost')} />
            <SelectField
              label={t('eventTypes:form.currency')}
              name="currency"
              value={values.currency}
              onChange={(event) => set({ currency: event.target.value as EventTypeFormValues['currency'] })}
              options={(['RUB', 'USD', 'EUR'] as const).map((currency) => ({
                value: currency,
                label: `${currency} ${CURRENCY_SYMBOLS[currency]}`,
              }))}
            />
          </div>
        ) : null}
        {/* SPEC §6: the redirect after booking needs Pro, like the cost. */}
        <LockedCheckbox
          {...paidOption(
            'isShowRedirection',
            'plan-badge-redirect',
            {
              redirectUrl: saved.redirectUrl,
              redirectComment: saved.redirectComment || t('eventTypes:form.defaultRedirectComment'),
            },
            { redirectUrl: '', redirectComment: '' },
          )}
        />
        {values.isShowRedirection ? (
          <div className="grid gap-3">
            <Field label={t('eventTypes:form.redirectUrl')} {...text('redirectUrl')} inputMode="url" />
            <Field label={t('eventTypes:form.redirectComment')} {...text('redirectComment')} maxLength={200} />
          </div>
        ) : null}
      </Section>
    </>
  )
}
