import { useTranslation } from 'react-i18next'
import type { ScheduleInterval } from '#app/domain/schedules/schema.ts'

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
  return (
    <div className="flex flex-col gap-2">
      {intervals.map((interval, index) => {
        const error = errors(`${index}.start`) ?? errors(`${index}.end`)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
          <div key={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                type="time"
                value={interval.start}
                onChange={(event) => update(index, 'start', event.target.value)}
                aria-label={t('schedules:editor.start', { label, index: index + 1 })}
                aria-invalid={error ? true : undefined}
                className={`rounded-lg border bg-card px-2 py-1.5 text-sm ${error ? 'border-error' : 'border-line'}`}
              />
              <span aria-hidden="true">–</span>
              <input
                type="time"
                value={interval.end}
                onChange={(event) => update(index, 'end', event.target.value)}
                aria-label={t('schedules:editor.end', { label, index: index + 1 })}
                aria-invalid={error ? true : undefined}
                className={`rounded-lg border bg-card px-2 py-1.5 text-sm ${error ? 'border-error' : 'border-line'}`}
              />
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
        onClick={() => {
          const last = intervals.at(-1)
          onChange([...intervals, last ? { start: last.end, end: last.end } : { start: '09:00', end: '18:00' }])
        }}
        aria-label={t('schedules:editor.addIntervalTo', { label })}
      >
        + {t('schedules:editor.addInterval')}
      </button>
    </div>
  )
}
