/** Amount fields the event-type form and the one-time meeting form share (issue 13). */
import { useTranslation } from 'react-i18next'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import { TIME_UNITS } from '#app/domain/enums.ts'
import type { TimeUnit } from '#app/domain/event-types/form-values.ts'

/** The units of a time amount as select options ("minutes", "hours", "days"). */
export function useUnitOptions() {
  const { t } = useTranslation()
  return TIME_UNITS.map((unit) => ({ value: unit, label: t(`eventTypes:units.${unit}`) }))
}

/** "Booking closes before the meeting" (SPEC §4): an amount and its unit, `whenClosesValue` and `whenClosesType`. */
export function ClosesBeforeFields({
  value,
  unit,
  onChange,
  error,
}: {
  value: string
  unit: TimeUnit
  onChange: (patch: { whenClosesValue?: string; whenClosesType?: TimeUnit }) => void
  error?: string | null
}) {
  const { t } = useTranslation()
  const unitOptions = useUnitOptions()
  return (
    <>
      <Field
        type="number"
        min={0}
        step={1}
        label={t('eventTypes:form.whenCloses')}
        name="whenClosesValue"
        value={value}
        errors={[error ?? undefined]}
        onChange={(event) => onChange({ whenClosesValue: event.target.value })}
      />
      <SelectField
        label={t('eventTypes:form.whenClosesUnit')}
        name="whenClosesType"
        value={unit}
        options={unitOptions}
        onChange={(event) => onChange({ whenClosesType: event.target.value as TimeUnit })}
      />
    </>
  )
}

/** A group's seats (SPEC §2): the fewest that hold the meeting and the most it takes, `minSeats` and `totalSeats`. */
export function SeatFields({
  minSeats,
  totalSeats,
  onChange,
  errors,
  hint,
}: {
  minSeats: string
  totalSeats: string
  onChange: (patch: { minSeats?: string; totalSeats?: string }) => void
  errors: { minSeats?: string | null; totalSeats?: string | null }
  hint?: string
}) {
  const { t } = useTranslation()
  return (
    <>
      {(['minSeats', 'totalSeats'] as const).map((name) => (
        <Field
          key={name}
          type="number"
          min={name === 'minSeats' ? 1 : 2}
          step={1}
          label={t(`eventTypes:form.${name}`)}
          name={name}
          value={name === 'minSeats' ? minSeats : totalSeats}
          errors={[errors[name] ?? undefined]}
          hint={name === 'totalSeats' ? hint : undefined}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      ))}
    </>
  )
}
