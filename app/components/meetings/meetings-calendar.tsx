import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type DisplayStatus, agendaTitle, monthTitle } from '#app/domain/meetings/rules.ts'
import { addDays, isoToDmy, isoWeekday, monthDates } from '#app/domain/time/index.ts'
import { ConflictMark } from './meeting-conflicts.tsx'

export type CalendarEntry = {
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
  dayLink,
}: {
  year: number
  month: number
  today: string
  entries: CalendarEntry[]
  prevLink: string
  nextLink: string
  /** The day view of a date (its number in the grid links there). */
  dayLink: (date: string) => string
}) {
  const { i18n } = useTranslation()
  const { from, to } = monthDates(year, month)
  const first = addDays(from, 1 - isoWeekday(from))
  const last = addDays(to, 7 - isoWeekday(to))
  const days: string[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  const byDate = new Map<string, CalendarEntry[]>()
  for (const entry of entries) byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry])
  const title = monthTitle(i18n.language, year, month)
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)),
  )
  return (
    <section className="card p-3 sm:p-4" data-testid="meetings-calendar" aria-label={title}>
      <CalendarHead title={title} prevLink={prevLink} nextLink={nextLink} span="month" />
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
              className={`min-h-16 p-1 sm:min-h-24 ${inMonth ? 'bg-card' : 'bg-surface'}`}
              data-testid="calendar-day"
              data-date={day}
            >
              <div className="mb-1 text-right">
                <Link
                  to={dayLink(day)}
                  className={`inline-flex min-h-6 min-w-6 items-center justify-center rounded hover:bg-primary-soft ${day === today ? 'font-bold text-primary' : 'text-muted'}`}
                  aria-label={agendaTitle(i18n.language, [day])}
                  data-testid="calendar-day-link"
                >
                  {Number(day.slice(8, 10))}
                </Link>
              </div>
              <ul className="space-y-0.5">
                {list.map((entry) => (
                  <li key={entry.id}>
                    <Link
                      to={entry.href}
                      className={`block min-h-6 truncate rounded border-l-4 bg-surface px-1 py-1 text-[11px] leading-4 text-ink hover:bg-primary-soft ${entry.status === 'canceled' ? 'line-through' : ''}`}
                      style={{ borderLeftColor: entry.color }}
                      title={[`${entry.time} ${entry.name}`, ...entry.conflicts].join('\n')}
                      data-testid="calendar-entry"
                    >
                      {entry.conflicts.length > 0 ? <ConflictMark className="mr-0.5 size-3 text-[9px]" /> : null}
                      <span className="hidden sm:inline">{entry.time.slice(0, 5)} </span>
                      {entry.name}
                      <ConflictTexts conflicts={entry.conflicts} />
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

/** The heading of a month, week or day: its title between the links to the previous and the next one. */
function CalendarHead({
  title,
  prevLink,
  nextLink,
  span,
}: {
  title: string
  prevLink: string
  nextLink: string
  span: 'month' | 'week' | 'day'
}) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <StepLink to={prevLink} direction="previous" span={span} />
      <h2 className="text-center font-semibold" data-testid="calendar-title">
        {title}
      </h2>
      <StepLink to={nextLink} direction="next" span={span} />
    </div>
  )
}

/**
 * The week and day views (issue 18): each day a heading and its meetings as a list, time first; seven columns on
 * wide screens, one under another on phones, so every line stays readable.
 */
export function MeetingsAgenda({
  days,
  today,
  entries,
  prevLink,
  nextLink,
  dayLink,
}: {
  days: string[]
  today: string
  entries: CalendarEntry[]
  prevLink: string
  nextLink: string
  dayLink: (date: string) => string
}) {
  const { t, i18n } = useTranslation()
  const title = agendaTitle(i18n.language, days)
  const span = days.length === 1 ? 'day' : 'week'
  const dayName = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  return (
    <section className="card p-3 sm:p-4" data-testid={`meetings-${span}`} aria-label={title}>
      <CalendarHead title={title} prevLink={prevLink} nextLink={nextLink} span={span} />
      <ol className={`grid gap-3 ${span === 'week' ? 'lg:grid-cols-7 lg:gap-2' : ''}`}>
        {days.map((day) => {
          const list = entries.filter((entry) => entry.date === isoToDmy(day))
          return (
            <li key={day} className="min-w-0" data-testid="agenda-day" data-date={day}>
              <h3 className={`mb-1 text-sm font-medium ${day === today ? 'text-primary' : 'text-muted'}`}>
                {span === 'week' ? (
                  <Link to={dayLink(day)} className="inline-flex min-h-6 items-center hover:underline">
                    {dayName.format(Date.parse(`${day}T00:00:00Z`))}
                  </Link>
                ) : (
                  dayName.format(Date.parse(`${day}T00:00:00Z`))
                )}
              </h3>
              {list.length === 0 ? (
                <p className="text-sm text-muted">{t('meetings:calendar.none')}</p>
              ) : (
                <ul className="space-y-1">
                  {list.map((entry) => (
                    <li key={entry.id}>
                      <Link
                        to={entry.href}
                        className={`block min-h-6 rounded border-l-4 bg-surface px-2 py-1 text-sm hover:bg-primary-soft ${entry.status === 'canceled' ? 'line-through' : ''}`}
                        style={{ borderLeftColor: entry.color }}
                        data-testid="agenda-entry"
                      >
                        {entry.conflicts.length > 0 ? <ConflictMark className="mr-1 size-4 text-[10px]" /> : null}
                        <span className="font-medium tabular-nums">{entry.time}</span>{' '}
                        <span className="break-words">{entry.name}</span>
                        <ConflictTexts conflicts={entry.conflicts} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/** A meeting's conflicts for screen readers, after its name (the mark shows them to the eye). */
function ConflictTexts({ conflicts }: { conflicts: string[] }) {
  return conflicts.map((text) => (
    <span key={text} className="sr-only" data-testid="calendar-conflict">
      {`. ${text}`}
    </span>
  ))
}

/** The previous or next month, week or day. */
function StepLink({ to, direction, span }: { to: string; direction: 'previous' | 'next'; span: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to={to}
      className="btn-ghost"
      aria-label={t(`meetings:calendar.${direction}.${span}`)}
      data-testid={direction === 'previous' ? 'calendar-prev' : 'calendar-next'}
    >
      {direction === 'previous' ? '←' : '→'}
    </Link>
  )
}
