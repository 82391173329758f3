import { useTranslation } from 'react-i18next'
import type { previewWorkingHours } from '#app/domain/schedules/editing.ts'
import { isoToDmy } from '#app/domain/time/index.ts'
import { TitledSection } from '#app/components/ui/titled-section.tsx'

/** The coming days' working hours as the schedule stands (SPEC §5); none while the schedule has errors. */
export function SchedulePreview({ preview }: { preview: ReturnType<typeof previewWorkingHours> | null }) {
  const { t } = useTranslation()
  return (
    <TitledSection
      className="card p-5"
      id="preview-title"
      title={t('schedules:editor.preview')}
      testId="schedule-preview"
    >
      {preview ? (
        <ol className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
          {preview.map((day) => (
            <li
              key={day.date}
              className={`rounded-lg border p-2 text-sm ${day.source === 'weekly' ? 'border-line' : 'border-primary'}`}
            >
              <p className="font-medium">
                {t(`schedules:weekdaysShort.${day.weekday}`)} {isoToDmy(day.date)}
              </p>
              {day.intervals.length === 0 ? (
                <p className="text-muted">{t('schedules:editor.dayOff')}</p>
              ) : (
                day.intervals.map((interval) => (
                  <p key={interval.start}>
                    {interval.start}–{interval.end}
                  </p>
                ))
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-muted">{t('schedules:editor.previewInvalid')}</p>
      )}
    </TitledSection>
  )
}
