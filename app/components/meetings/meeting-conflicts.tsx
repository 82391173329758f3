import { useTranslation } from 'react-i18next'
import type { Conflict } from '#app/domain/calendars/types.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { formatRangeOn } from '#app/domain/time/readable.ts'

/** An outside event the meeting overlaps, as the loaders answer it. */
export type ConflictData = Conflict

/**
 * "Пересекается с «Стоматолог» (Яндекс Календарь, Работа), 10:00–11:00": the time in the viewer's zone, only the
 * times when the event falls within the meeting's day (the card already writes the date and zone). A CalDAV
 * server is named by its host, the others by the provider's name.
 */
export function useConflictText() {
  const { t, i18n } = useTranslation()
  return (conflict: ConflictData, zone: string, meetingStart: string) =>
    t('meetings:conflict.line', {
      name: conflict.name || t('meetings:conflict.untitled'),
      calendar:
        conflict.calendarType === 'CalDav'
          ? conflict.calendar
          : t(`meetings:conflict.calendars.${conflict.calendarType}`),
      calendarName: conflict.calendarName,
      time: formatRangeOn(
        { start: Date.parse(conflict.time.start), end: Date.parse(conflict.time.end) },
        zone,
        i18n.language,
        instantToZoned(zone, Date.parse(meetingStart)).date,
      ),
    })
}

/** The meeting's conflicts as text with a warning mark (not colour alone), or nothing. */
export function MeetingConflicts({
  conflicts,
  zone,
  meetingStart,
}: {
  conflicts: readonly ConflictData[]
  zone: string
  meetingStart: string
}) {
  const text = useConflictText()
  // Two copies of one event (the same title, calendar and time) read as one line.
  const lines = [...new Set(conflicts.map((conflict) => text(conflict, zone, meetingStart)))]
  if (lines.length === 0) return null
  return (
    <ul className="space-y-1" data-testid="meeting-conflicts">
      {lines.map((line) => (
        <li
          key={line}
          className="flex items-start gap-2 rounded-md border border-warning bg-surface px-2 py-1 text-sm"
          data-testid="meeting-conflict"
        >
          <ConflictMark />
          <span>{line}</span>
        </li>
      ))}
    </ul>
  )
}

/** A "!" in a circle in the warning colour; decorative, the text beside it says what it is. */
export function ConflictMark({ className = 'size-4 text-[11px]' }: { className?: string }) {
  return (
    <span
      className={`mt-0.5 inline-flex shrink-0 items-center justify-center rounded-full bg-warning font-bold text-white ${className}`}
      aria-hidden="true"
    >
      !
    </span>
  )
}
