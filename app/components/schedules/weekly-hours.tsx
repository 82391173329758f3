import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { WEEKDAYS, type WeeklyDay, copyDay, daysToReplace, intervalsOf, setDay } from '#app/domain/schedules/editing.ts'
import { ReplaceDialog } from './replace-dialog.tsx'
import { IntervalRows } from './interval-rows.tsx'

/**
 * The weekly hours (SPEC §5): each weekday's intervals, or a day off; "copy to" puts a day's hours on other days,
 * asking first when that replaces hours they have.
 */
export function WeeklyHours({
  weekly,
  onChange: setWeekly,
  fieldErrors,
}: {
  weekly: WeeklyDay[]
  onChange: (weekly: WeeklyDay[]) => void
  fieldErrors: Record<string, string | undefined>
}) {
  const { t } = useTranslation()
  const [copyFrom, setCopyFrom] = useState<number | null>(null)
  const [copyTargets, setCopyTargets] = useState<number[]>([])
  const [confirmCopy, setConfirmCopy] = useState<number[] | null>(null)
  const weekdayName = (weekday: number) => t(`schedules:weekdays.${weekday}`)

  function applyCopy(targets: number[]) {
    if (copyFrom === null) return
    setWeekly(copyDay(weekly, copyFrom, targets))
    setCopyFrom(null)
    setConfirmCopy(null)
  }

  return (
    <fieldset className="card p-5">
      <legend className="px-1 text-lg font-semibold">{t('schedules:editor.weekly')}</legend>
      <ul className="divide-y divide-line">
        {WEEKDAYS.map((weekday) => {
          const intervals = intervalsOf(weekly, weekday)
          return (
            <li
              key={weekday}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start"
              data-testid={`weekday-${weekday}`}
            >
              <div className="w-40 shrink-0">
                <p className="font-medium">{weekdayName(weekday)}</p>
                {intervals.length === 0 ? <p className="text-sm text-muted">{t('schedules:editor.dayOff')}</p> : null}
              </div>
              <div className="flex-1">
                <IntervalRows
                  label={weekdayName(weekday)}
                  intervals={intervals}
                  onChange={(next) => setWeekly(setDay(weekly, weekday, next))}
                  errors={(key) => fieldErrors[`weekly.${weekday - 1}.intervals.${key}`]}
                />
              </div>
              <button
                type="button"
                className="btn-ghost self-start px-2 py-1"
                disabled={intervals.length === 0}
                onClick={() => {
                  setCopyFrom(weekday)
                  setCopyTargets([])
                }}
              >
                {t('schedules:editor.copyTo')}
              </button>
            </li>
          )
        })}
      </ul>
      <Modal
        open={copyFrom !== null}
        onClose={() => setCopyFrom(null)}
        title={t('schedules:editor.copyTitle', { day: copyFrom ? t(`schedules:weekdaysAccusative.${copyFrom}`) : '' })}
        size="sm"
        footer={
          <button
            type="button"
            className="btn-primary"
            disabled={copyTargets.length === 0}
            onClick={() => {
              const replaced = copyFrom === null ? [] : daysToReplace(weekly, copyFrom, copyTargets)
              if (replaced.length > 0) setConfirmCopy(replaced)
              else applyCopy(copyTargets)
            }}
          >
            {t('schedules:editor.copyApply')}
          </button>
        }
      >
        <div className="flex flex-col gap-2">
          {WEEKDAYS.filter((weekday) => weekday !== copyFrom).map((weekday) => (
            <CheckboxField
              key={weekday}
              label={weekdayName(weekday)}
              checked={copyTargets.includes(weekday)}
              onChange={(event) =>
                setCopyTargets(
                  event.target.checked ? [...copyTargets, weekday] : copyTargets.filter((item) => item !== weekday),
                )
              }
            />
          ))}
        </div>
      </Modal>
      <ReplaceDialog
        pending={confirmCopy}
        onClose={() => setConfirmCopy(null)}
        texts="replaceDays"
        describe={(days) => ({ days: days.map((weekday) => t(`schedules:weekdaysInText.${weekday}`)).join(', ') })}
        onConfirm={() => applyCopy(copyTargets)}
      />
    </fieldset>
  )
}
