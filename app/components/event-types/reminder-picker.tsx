import { useTranslation } from 'react-i18next'
import { CheckboxField } from '#app/components/ui/field.tsx'
import type { TimeUnit } from '#app/domain/event-types/form-values.ts'
import { REMINDER_PRESETS } from '#app/domain/event-types/reminders.ts'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useUnitOptions } from './amount-fields.tsx'
import { CONTROL, ErrorText, PlanBadge } from './form-parts.tsx'

export type ReminderRow = { amount: string; unit: TimeUnit }

/** What the reminder picker shows and changes (each form maps its own field names). */
export type ReminderValues = { presets: number[]; custom: boolean; rows: ReminderRow[] }

/**
 * Reminders before a meeting (SPEC §5): the presets (an hour, a day), and custom ones of an amount and a unit.
 * Without script the custom rows always show (a checkbox cannot reveal them); the server reads them only with the flag.
 */
export function ReminderPicker(props: {
  /** The field names of the presets and of the custom flag; the rows are `customAmount` and `customUnit`. */
  names: { presets: string; custom: string }
  values: ReminderValues
  onChange: (patch: Partial<ReminderValues>) => void
  /** Custom reminders need a higher plan. */
  locked?: boolean
  onLocked?: () => void
  errors: { presets?: string | null; rows?: string | null; row?: (index: number) => string | undefined }
}) {
  const { values, onChange, errors } = props
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const unitOptions = useUnitOptions()
  const setRow = (index: number, patch: Partial<ReminderRow>) =>
    onChange({ rows: values.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) })
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-4">
        {REMINDER_PRESETS.map((minutes) => (
          <CheckboxField
            key={minutes}
            label={t(`eventTypes:reminderPresets.${minutes}`)}
            name={props.names.presets}
            value={String(minutes)}
            checked={values.presets.includes(minutes)}
            onChange={(event) =>
              onChange({
                presets: event.target.checked
                  ? [...values.presets, minutes]
                  : values.presets.filter((item) => item !== minutes),
              })
            }
          />
        ))}
      </div>
      <ErrorText text={errors.presets} />
      <div className="flex items-center gap-2">
        <CheckboxField
          label={t('eventTypes:form.customReminders')}
          name={props.names.custom}
          checked={values.custom}
          onChange={(event) => {
            if (event.target.checked && props.locked) return props.onLocked?.()
            onChange({ custom: event.target.checked })
          }}
        />
        {props.locked ? (
          <PlanBadge plan={cheapestPlanWith('customReminders')} onClick={() => props.onLocked?.()} />
        ) : null}
      </div>
      {values.custom || !hydrated ? (
        <div className="flex flex-col gap-2" data-testid="custom-reminders">
          {values.rows.map((reminder, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
            <div key={index} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <input
                  type="number"
                  min={1}
                  name="customAmount"
                  aria-label={t('eventTypes:form.customAmount', { index: index + 1 })}
                  value={reminder.amount}
                  className={`${CONTROL} max-w-28`}
                  onChange={(event) => setRow(index, { amount: event.target.value })}
                />
                <select
                  name="customUnit"
                  aria-label={t('eventTypes:form.customUnit', { index: index + 1 })}
                  value={reminder.unit}
                  className={`${CONTROL} max-w-40`}
                  onChange={(event) => setRow(index, { unit: event.target.value as TimeUnit })}
                >
                  {unitOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {hydrated ? (
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1"
                    aria-label={t('eventTypes:form.removeReminder', { index: index + 1 })}
                    onClick={() => onChange({ rows: values.rows.filter((_, i) => i !== index) })}
                  >
                    ×
                  </button>
                ) : null}
              </div>
              <ErrorText text={errors.row?.(index)} />
            </div>
          ))}
          {hydrated ? (
            <button
              type="button"
              className="btn-ghost self-start px-2 py-1"
              onClick={() => onChange({ rows: [...values.rows, { amount: '30', unit: 'Minutes' }] })}
            >
              + {t('eventTypes:form.addReminder')}
            </button>
          ) : null}
          <ErrorText text={errors.rows} />
        </div>
      ) : null}
    </div>
  )
}
