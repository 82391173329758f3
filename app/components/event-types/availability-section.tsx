import { useTranslation } from 'react-i18next'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { CheckboxField, Field, RadioChoices, SelectField } from '#app/components/ui/field.tsx'
import { BUFFER_PRESETS, isGroup } from '#app/domain/event-types/schema.ts'
import { isIsoDate } from '#app/domain/time/index.ts'
import { Section, type SectionProps, sectionText } from './form-parts.tsx'
import { ClosesBeforeFields, SeatFields } from './amount-fields.tsx'
import { TypeOrOther } from './type-or-other.tsx'

/** When the event type can be booked (SPEC §4): step, buffers, booking window, closing time, daily limit, seats. */
export function AvailabilitySection({ values, set, error }: Pick<SectionProps, 'values' | 'set' | 'error'>) {
  const { t } = useTranslation()
  const text = sectionText({ values, set, error })
  return (
    <Section title={t('eventTypes:form.availability')} testId="section-availability">
      <TypeOrOther field="step" values={values} set={set} error={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        {(['before', 'after'] as const).map((side) => {
          const on = side === 'before' ? values.beforeOn : values.afterOn
          const path = side === 'before' ? 'getTimeBeforeValue' : 'getTimeAfterValue'
          return (
            <div key={side} className="flex flex-col gap-2">
              <CheckboxField
                label={t(`eventTypes:form.${side}`)}
                name={`${side}On`}
                checked={on}
                onChange={(event) =>
                  set(side === 'before' ? { beforeOn: event.target.checked } : { afterOn: event.target.checked })
                }
              />
              {on ? (
                <SelectField
                  label={t(`eventTypes:form.${side}Value`)}
                  name={path}
                  value={values[path]}
                  errors={[error(path)]}
                  onChange={(event) => set({ [path]: event.target.value })}
                  options={BUFFER_PRESETS.map((minutes) => ({
                    value: String(minutes),
                    label: t('eventTypes:minutes', { count: minutes }),
                  }))}
                />
              ) : null}
            </div>
          )
        })}
      </div>
      <BookingWindow values={values} set={set} error={error} />
      <div className="grid gap-3 sm:grid-cols-2">
        <ClosesBeforeFields
          value={values.whenClosesValue}
          unit={values.whenClosesType}
          onChange={set}
          error={error('whenClosesValue')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <CheckboxField
          label={t('eventTypes:form.noDailyLimit')}
          name="noDailyLimit"
          checked={values.noDailyLimit}
          onChange={(event) =>
            set({
              noDailyLimit: event.target.checked,
              ...(event.target.checked ? { maximumRecordsPerDayValue: '0' } : {}),
            })
          }
        />
        {values.noDailyLimit ? null : (
          <Field
            type="number"
            min={0}
            step={1}
            label={t('eventTypes:form.dailyLimit')}
            {...text('maximumRecordsPerDayValue')}
          />
        )}
      </div>
      {isGroup(values.participantType) ? (
        <div className="grid gap-3 sm:grid-cols-2" data-testid="seats">
          <SeatFields
            minSeats={values.minSeats}
            totalSeats={values.totalSeats}
            onChange={set}
            errors={{ minSeats: error('minSeats'), totalSeats: error('totalSeats') }}
          />
        </div>
      ) : null}
    </Section>
  )
}

/** The booking window (SPEC §4): no restrictions, or a period; a start after the end resets the end. */
function BookingWindow({ values, set, error }: Pick<SectionProps, 'values' | 'set' | 'error'>) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-2">
      <RadioChoices
        legend={t('eventTypes:form.window')}
        legendClassName="text-sm font-medium"
        name="recordIsOpenType"
        value={values.recordIsOpenType}
        options={(['NoRestrictions', 'Period'] as const).map((type) => ({
          value: type,
          label: t(`eventTypes:window.${type}`),
        }))}
        onChange={(type) =>
          set(
            type === 'NoRestrictions'
              ? { recordIsOpenType: type, recordIsOpenPeriodStart: '', recordIsOpenPeriodEnd: '' }
              : { recordIsOpenType: type },
          )
        }
      />
      {values.recordIsOpenType === 'Period' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField
            label={t('eventTypes:form.periodStart')}
            name="recordIsOpenPeriodStart"
            value={values.recordIsOpenPeriodStart}
            min="1900-01-01"
            max="2099-12-31"
            errors={[error('recordIsOpenPeriodStart')]}
            onChange={(start) => {
              const end = values.recordIsOpenPeriodEnd
              const resetEnd = isIsoDate(start) && isIsoDate(end) && start > end
              set({ recordIsOpenPeriodStart: start, ...(resetEnd ? { recordIsOpenPeriodEnd: '' } : {}) })
            }}
          />
          <DateField
            label={t('eventTypes:form.periodEnd')}
            name="recordIsOpenPeriodEnd"
            value={values.recordIsOpenPeriodEnd}
            min={isIsoDate(values.recordIsOpenPeriodStart) ? values.recordIsOpenPeriodStart : '1900-01-01'}
            max="2099-12-31"
            errors={[error('recordIsOpenPeriodEnd')]}
            onChange={(end) => set({ recordIsOpenPeriodEnd: end })}
          />
        </div>
      ) : null}
    </div>
  )
}
