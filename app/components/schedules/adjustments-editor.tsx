import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorText, PlanBadge } from '#app/components/event-types/form-parts.tsx'
import { DateField } from '#app/components/ui/date-time-inputs.tsx'
import { SelectField } from '#app/components/ui/field.tsx'
import { adjustmentConflict, putAdjustment } from '#app/domain/schedules/editing.ts'
import { type ScheduleInterval, intervalIssues } from '#app/domain/schedules/schema.ts'
import { cheapestPlanWith } from '#app/domain/plans.ts'
import { instantToZoned, isIsoDate, isoToDmy } from '#app/domain/time/index.ts'
import { ReplaceDialog } from './replace-dialog.tsx'
import { IntervalRows } from './interval-rows.tsx'

export type DatedAdjustment = { date: string; isDayOff: boolean; intervals: ScheduleInterval[] }

/**
 * Dated adjustments (SPEC §5, a paid feature): a day off or other hours on a date. Adding one checks the date (not
 * in the past, in the schedule's zone) and asks before replacing the date's adjustment.
 */
export function AdjustmentsEditor({
  adjustments,
  onChange: setAdjustments,
  fieldErrors,
  canAdjust,
  onLocked,
  today,
  timeZone,
}: {
  adjustments: DatedAdjustment[]
  onChange: (adjustments: DatedAdjustment[]) => void
  fieldErrors: Record<string, string | undefined>
  canAdjust: boolean
  /** The plan lacks adjustments: explain (the plan-limit modal). */
  onLocked: () => void
  today: string
  timeZone: string
}) {
  const { t } = useTranslation()
  const [newDate, setNewDate] = useState('')
  const [newKind, setNewKind] = useState<'dayOff' | 'hours'>('dayOff')
  const [newIntervals, setNewIntervals] = useState<ScheduleInterval[]>([{ start: '10:00', end: '14:00' }])
  const [adjustmentNote, setAdjustmentNote] = useState<string | null>(null)
  const [confirmReplace, setConfirmReplace] = useState<DatedAdjustment | null>(null)
  const newIntervalErrors = Object.fromEntries(
    intervalIssues(newIntervals).map((issue) => [`${issue.index}.${issue.part}`, t(issue.message)]),
  )

  function addAdjustment() {
    setAdjustmentNote(null)
    if (!canAdjust) {
      onLocked()
      return
    }
    if (!isIsoDate(newDate)) {
      setAdjustmentNote(t('validation:invalidDate'))
      return
    }
    // SPEC §5 "not in past", in the schedule's own zone.
    if (newDate < instantToZoned(timeZone, Date.now()).date) {
      setAdjustmentNote(t('schedules:errors.datePast'))
      return
    }
    if (newKind === 'hours' && Object.keys(newIntervalErrors).length > 0) {
      setAdjustmentNote(Object.values(newIntervalErrors)[0])
      return
    }
    const adjustment = {
      date: newDate,
      isDayOff: newKind === 'dayOff',
      intervals: newKind === 'dayOff' ? [] : newIntervals,
    }
    const conflict = adjustmentConflict(adjustments, newDate, adjustment.isDayOff)
    if (conflict === 'alreadyDayOff') setAdjustmentNote(t('schedules:editor.alreadyDayOff'))
    else if (conflict === 'replace') setConfirmReplace(adjustment)
    else setAdjustments(putAdjustment(adjustments, adjustment))
  }

  return (
    <fieldset className="card p-5" data-testid="adjustments">
      <legend className="px-1 text-lg font-semibold">
        {t('schedules:editor.adjustments')}
        {canAdjust ? null : (
          <span className="ml-2">
            <PlanBadge plan={cheapestPlanWith('adjustments')} onClick={onLocked} />
          </span>
        )}
      </legend>
      <p className="text-sm text-muted">{t('schedules:editor.adjustmentsHint')}</p>
      {adjustments.length > 0 ? (
        <ul className="mt-3 divide-y divide-line">
          {adjustments.map((adjustment, index) => (
            <li
              key={adjustment.date}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
              data-testid="adjustment"
            >
              <div className="w-40 shrink-0">
                <p className="font-medium">{isoToDmy(adjustment.date)}</p>
                <ErrorText text={fieldErrors[`adjustments.${index}.date`]} />
              </div>
              <div className="flex-1">
                {adjustment.isDayOff ? (
                  <p className="text-sm">{t('schedules:editor.dayOffAdjustment')}</p>
                ) : (
                  <IntervalRows
                    label={isoToDmy(adjustment.date)}
                    intervals={adjustment.intervals}
                    onChange={(next) =>
                      setAdjustments(adjustments.map((item, i) => (i === index ? { ...item, intervals: next } : item)))
                    }
                    errors={(key) => fieldErrors[`adjustments.${index}.intervals.${key}`]}
                  />
                )}
                <ErrorText text={fieldErrors[`adjustments.${index}.intervals`]} />
              </div>
              <button
                type="button"
                className="btn-ghost self-start px-2 py-1 text-error"
                onClick={() => setAdjustments(adjustments.filter((_, i) => i !== index))}
              >
                {t('schedules:editor.removeAdjustment')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 grid gap-3 rounded-xl bg-surface p-4 md:grid-cols-[auto_auto_1fr_auto] md:items-end">
        <DateField
          label={t('schedules:editor.adjustmentDate')}
          value={newDate}
          min={today}
          max="2099-12-31"
          onChange={setNewDate}
        />
        <SelectField
          label={t('schedules:editor.adjustmentKind')}
          value={newKind}
          onChange={(event) => setNewKind(event.target.value as 'dayOff' | 'hours')}
          options={[
            { value: 'dayOff', label: t('schedules:editor.kindDayOff') },
            { value: 'hours', label: t('schedules:editor.kindHours') },
          ]}
        />
        <div>
          {newKind === 'hours' ? (
            <IntervalRows
              label={t('schedules:editor.newAdjustment')}
              intervals={newIntervals}
              onChange={setNewIntervals}
              errors={(key) => newIntervalErrors[key]}
            />
          ) : null}
        </div>
        <button type="button" className="btn-secondary" onClick={addAdjustment}>
          {t('schedules:editor.addAdjustment')}
        </button>
        {adjustmentNote ? (
          <p className="text-sm text-warning md:col-span-4" role="status" data-testid="adjustment-note">
            {adjustmentNote}
          </p>
        ) : null}
      </div>
      <ReplaceDialog
        pending={confirmReplace}
        onClose={() => setConfirmReplace(null)}
        texts="replaceAdjustment"
        describe={(adjustment) => ({ date: isoToDmy(adjustment.date) })}
        onConfirm={(adjustment) => setAdjustments(putAdjustment(adjustments, adjustment))}
      />
    </fieldset>
  )
}
