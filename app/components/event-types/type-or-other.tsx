import { useTranslation } from 'react-i18next'
import {
  DURATION_TYPES,
  DURATION_UNITS,
  type DurationUnit,
  STEP_TYPES,
  presetMinutes,
} from '#app/domain/event-types/duration-step.ts'
import { Field, SelectField } from '#app/components/ui/field.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { SectionProps } from './form-parts.tsx'

/**
 * A duration or step by the SPEC's fields (`durationType`/`stepType`, `...Value`, `...ValueType`): the type, and for
 * "Another" a value in minutes or hours. Without script the value inputs always show (a select cannot reveal them);
 * the form reads them only with "Another".
 */
export function TypeOrOther({
  field,
  values,
  set,
  error: errorOf,
}: Pick<SectionProps, 'values' | 'set' | 'error'> & { field: 'duration' | 'step' }) {
  const type: string = values[`${field}Type`]
  const value = values[`${field}Value`]
  const unit = values[`${field}ValueType`]
  const types: readonly string[] = field === 'duration' ? DURATION_TYPES : STEP_TYPES
  const error = errorOf(`${field}Value`) ?? errorOf(`${field}InMinutes`) ?? errorOf(`${field}Type`)
  const onChange = (type: string, value: string, unit: DurationUnit) =>
    set({ [`${field}Type`]: type, [`${field}Value`]: value, [`${field}ValueType`]: unit })
  const { t } = useTranslation()
  const label = t(`eventTypes:form.${field}`)
  const hydrated = useHydrated()
  const another = type === 'Another'
  const typeLabel = (option: string) => {
    const minutes = presetMinutes(option as (typeof STEP_TYPES)[number])
    if (minutes !== null) return t('eventTypes:minutes', { count: minutes })
    return t(option === 'Duration' ? 'eventTypes:form.stepEqualsDuration' : 'eventTypes:form.other')
  }
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid={`${field}-fields`}>
      <SelectField
        label={label}
        name={`${field}Type`}
        value={type}
        errors={another ? [] : [error]}
        onChange={(event) => onChange(event.target.value, value, unit)}
        options={types.map((option) => ({ value: option, label: typeLabel(option) }))}
      />
      {another || !hydrated ? (
        <>
          <Field
            type="number"
            min={1}
            max={1380}
            step={1}
            label={t('eventTypes:form.otherValue', { label })}
            name={`${field}Value`}
            value={value}
            errors={[another ? error : undefined]}
            onChange={(event) => onChange(type, event.target.value, unit)}
          />
          <SelectField
            label={t('eventTypes:form.otherUnit', { label })}
            name={`${field}ValueType`}
            value={unit}
            onChange={(event) => onChange(type, value, event.target.value as DurationUnit)}
            options={DURATION_UNITS.map((option) => ({ value: option, label: t(`eventTypes:units.${option}`) }))}
          />
        </>
      ) : null}
    </div>
  )
}
