import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { nextInterval } from '#app/domain/schedules/editing.ts'
import type { ScheduleInterval } from '#app/domain/schedules/schema.ts'
import { TimeInput } from '#app/components/ui/date-time-inputs.tsx'

/** Editable `start–end` rows of one day; errors are keyed by `${index}.start` / `${index}.end`. */
export function IntervalRows({
  intervals,
  onChange,
  errors,
  label,
}: {
  intervals: ScheduleInterval[]
  onChange: (intervals: ScheduleInterval[]) => void
  errors: (key: string) => string | undefined
  label: string
}) {
  const { t } = useTranslation()
  const update = (index: number, part: 'start' | 'end', value: string) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, [part]: value } : interval)))
  // The row "+ Add interval" adds is valid at once: the hour after the day's latest end (cut at 23:59).
  const next = nextInterval(intervals)
  return (
    <div className="flex flex-col gap-2">
      {intervals.map((interval, index) => {
        const error = errors(`${index}.start`) ?? errors(`${index}.end`)
        const inputClass = `w-20 rounded-lg border bg-card px-2 py-1.5 text-center text-sm tabular-nums ${error ? 'border-error' : 'border-line'}`
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
          <div key={index} className="flex flex-col gap-1" data-testid="interval">
            <div className="flex items-center gap-2">
              {(['start', 'end'] as const).map((part) => (
                <Fragment key={part}>
                  {part === 'end' ? <span aria-hidden="true">–</span> : null}
                  <TimeInput
                    value={interval[part]}
                    onChange={(value) => update(index, part, value)}
                    aria-label={t(`schedules:editor.${part}`, { label, index: index + 1 })}
                    aria-invalid={error ? true : undefined}
                    className={inputClass}
                  />
                </Fragment>
              ))}
              <button
                type="button"
                className="btn-ghost px-2 py-1"
                onClick={() => onChange(intervals.filter((_, i) => i !== index))}
                aria-label={t('schedules:editor.removeInterval', { label, index: index + 1 })}
              >
                ×
              </button>
            </div>
            {error ? (
              <p className="text-xs text-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        )
      })}
      <button
        type="button"
        className="btn-ghost self-start px-2 py-1"
        disabled={next === null}
        title={next === null ? t('schedules:editor.noRoomAfter') : undefined}
        onClick={() => {
          if (next) onChange([...intervals, next])
        }}
        aria-label={t('schedules:editor.addIntervalTo', { label })}
      >
        + {t('schedules:editor.addInterval')}
      </button>
    </div>
  )
}
