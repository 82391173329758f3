import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type DisplayStatus, monthTitle } from '#app/domain/meetings/rules.ts'
import { addDays, isoToDmy, isoWeekday, monthDates } from '#app/domain/time/index.ts'
import { ConflictMark } from './meeting-conflicts.tsx'

type Entry = {
  id: string
  href: string
  date: string
  time: string
  name: string
  color: string
  status: DisplayStatus
  /** The texts of the outside events it overlaps (the organizer's own meetings only). */
  conflicts: string[]
}

/** A month grid starting on Monday (SPEC §9), each day listing its meetings. */
export function MeetingsCalendar({
  year,
  month,
  today,
  entries,
  prevLink,
  nextLink,
}: {
  year: number
  month: number
  today: string
  entries: Entry[]
  prevLink: string
  nextLink: string
}) {
  const { t, i18n } = useTranslation()
  const { from, to } = monthDates(year, month)
  const first = addDays(from, 1 - isoWeekday(from))
  const last = addDays(to, 7 - isoWeekday(to))
  const days: string[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  const byDate = new Map<string, Entry[]>()
  for (const entry of entries) byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry])
  const title = monthTitle(i18n.language, year, month)
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)),
  )
  return (
    <section className="card p-3 sm:p-4" data-testid="meetings-calendar" aria-label={title}>
      <div className="mb-3 flex items-center justify-between">
        <Link to={prevLink} className="btn-ghost" aria-label={t('meetings:calendar.previous')}>
          ←
        </Link>
        <h2 className="font-semibold" data-testid="calendar-title">
          {title}
        </h2>
        <Link to={nextLink} className="btn-ghost" aria-label={t('meetings:calendar.next')}>
          →
        </Link>
      </div>
      <div className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-line bg-line text-xs">
        {weekdays.map((name) => (
          <div key={name} className="bg-surface p-1 text-center font-medium text-muted">
            {name}
          </div>
        ))}
        {days.map((day) => {
          const inMonth = day >= from && day <= to
          const list = byDate.get(isoToDmy(day)) ?? []
          return (
            <div
              key={day}
              className={`min-h-16 bg-card p-1 sm:min-h-24 ${inMonth ? '' : 'opacity-50'}`}
              data-testid="calendar-day"
              data-date={day}
            >
              <div className={`mb-1 text-right ${day === today ? 'font-bold text-primary' : 'text-muted'}`}>
                {Number(day.slice(8, 10))}
              </div>
              <ul className="space-y-0.5">
                {list.map((entry) => (
                  <li key={entry.id}>
                    <Link
                      to={entry.href}
                      className={`block truncate rounded px-1 py-0.5 text-[11px] text-white ${entry.status === 'canceled' ? 'line-through opacity-60' : ''}`}
                      style={{ background: entry.color }}
                      title={[`${entry.time} ${entry.name}`, ...entry.conflicts].join('\n')}
                      data-testid="calendar-entry"
                    >
                      {entry.conflicts.length > 0 ? (
                        <ConflictMark className="mr-0.5 size-3 bg-white text-[9px] text-warning" />
                      ) : null}
                      <span className="hidden sm:inline">{entry.time.slice(0, 5)} </span>
                      {entry.name}
                      {entry.conflicts.map((text) => (
                        <span key={text} className="sr-only" data-testid="calendar-conflict">
                          {`. ${text}`}
                        </span>
                      ))}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    </section>
  )
}
