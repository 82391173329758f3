import { useTranslation } from 'react-i18next'
import { DateField, TimeField } from '#app/components/ui/date-time-inputs.tsx'
import { SelectField } from '#app/components/ui/field.tsx'
import { textBinding } from '#app/components/ui/text-binding.ts'
import type { OneTimeSectionProps } from './section-props.ts'
import { FormCard } from './form-card.tsx'

/** When the meeting is: date, time zone, start and end. */
export function WhenFields({
  values,
  set,
  fe,
  zones,
  minDate,
}: OneTimeSectionProps & { zones: { value: string; label: string }[]; minDate: string }) {
  const { t } = useTranslation()
  const text = textBinding({ values, set, errors: fe })
  return (
    <FormCard
      title={t('oneTime:create.when')}
      className="card grid gap-4 p-5 sm:grid-cols-2"
      titleClassName="text-lg font-semibold sm:col-span-2"
    >
      <DateField
        label={t('oneTime:create.date')}
        name="date"
        min={minDate}
        max="2099-12-31"
        value={values.date}
        onChange={(date) => set({ date })}
        errors={fe('date')}
        required
      />
      <SelectField label={t('oneTime:create.timeZone')} {...text('timeZone')} options={zones} />
      {(['timeFrom', 'timeTo'] as const).map((name) => (
        <TimeField
          key={name}
          label={t(`oneTime:create.${name}`)}
          name={name}
          value={values[name]}
          onChange={(time) => set({ [name]: time })}
          errors={fe(name)}
          required
        />
      ))}
    </FormCard>
  )
}
