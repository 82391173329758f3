import { useTranslation } from 'react-i18next'
import { REQUIRED_FIELD_FLAGS } from '#app/components/event-types/booking-form-sections.tsx'
import { ClosesBeforeFields } from '#app/components/event-types/amount-fields.tsx'
import { ReminderPicker } from '#app/components/event-types/reminder-picker.tsx'
import { CheckboxField, SelectField } from '#app/components/ui/field.tsx'
import { BUFFER_PRESETS } from '#app/domain/event-types/schema.ts'
import type { OneTimeSectionProps } from './section-props.ts'
import { FormCard } from './form-card.tsx'

/** Reminders, the booking form's required fields, when booking closes and the buffers around the meeting. */
export function SettingsSection({ values, set, fe }: OneTimeSectionProps) {
  const { t } = useTranslation()
  return (
    <FormCard title={t('oneTime:create.settings')}>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('eventTypes:form.reminders')}</legend>
        <ReminderPicker
          names={{ presets: 'reminders', custom: 'remindersCustom' }}
          values={{ presets: values.reminders, custom: values.remindersCustom, rows: values.customReminders }}
          onChange={(patch) =>
            set({
              reminders: patch.presets ?? values.reminders,
              remindersCustom: patch.custom ?? values.remindersCustom,
              customReminders: patch.rows ?? values.customReminders,
            })
          }
          errors={{ presets: fe('remindersInMinutes')?.[0] }}
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('oneTime:create.requiredFields')}</legend>
        {REQUIRED_FIELD_FLAGS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            checked={values[key]}
            onChange={(e) => set({ [key]: e.target.checked })}
            label={t(`eventTypes:form.${key}`)}
          />
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <ClosesBeforeFields
          value={values.whenClosesValue}
          unit={values.whenClosesType}
          onChange={set}
          error={fe('whenClosesValue')?.[0]}
        />
        {(['getTimeBeforeValue', 'getTimeAfterValue'] as const).map((key) => (
          <SelectField
            key={key}
            label={t(key === 'getTimeBeforeValue' ? 'eventTypes:form.before' : 'eventTypes:form.after')}
            name={key}
            value={values[key]}
            onChange={(e) => set({ [key]: e.target.value })}
            options={[
              { value: '', label: t('oneTime:create.noBuffer') },
              ...BUFFER_PRESETS.map((m) => ({ value: String(m), label: t('eventTypes:minutes', { count: m }) })),
            ]}
            errors={fe(key)}
          />
        ))}
      </div>
    </FormCard>
  )
}
