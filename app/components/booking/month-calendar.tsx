import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { daysInMonth, isoToDmy, isoWeekday } from '#app/domain/time/index.ts'
import { Spinner } from '../ui/spinner.tsx'

export function monthKey(year: number, month: number) {
  return `${year}-${String(month).padStart(2, '0')}`
}

export function shiftMonth(year: number, month: number, delta: number) {
  const index = year * 12 + (month - 1) + delta
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/**
 * A month of days, the free ones links (`?month=&date=`, plain GET links, so they work without script): the public
 * event page's calendar step and the guest's "move to another time" (booking.manage.$token.tsx) show the same one.
 * `link` builds the address of a month and day; the caller keeps its other parameters.
 */
export function MonthCalendar({
  year,
  month,
  days,
  date,
  isCurrentMonth,
  busy,
  link,
}: {
  year: number
  month: number
  /** The month's days with free time (`YYYY-MM-DD`). */
  days: readonly string[]
  /** The chosen day. */
  date: string | null
  isCurrentMonth: boolean
  busy: boolean
  link: (params: { month: string; date: string | null }) => string
}) {
  const { t } = useTranslation()
  const prev = shiftMonth(year, month, -1)
  const next = shiftMonth(year, month, 1)
  const key = monthKey(year, month)
  const offset = isoWeekday(`${key}-01`) - 1
  const free = new Set(days)
  const cells: (string | null)[] = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, i) => `${key}-${String(i + 1).padStart(2, '0')}`),
  ]
  const nextLink = link({ month: monthKey(next.year, next.month), date: null })
  return (
    <nav aria-label={t('booking:event.calendar')} aria-busy={busy} data-testid="month-calendar">
      <div className="mb-3 flex items-center justify-between gap-2">
        {isCurrentMonth ? (
          <span className="btn-ghost invisible" aria-hidden="true">
            ‹
          </span>
        ) : (
          <MonthLink
            to={link({ month: monthKey(prev.year, prev.month), date: null })}
            label={t('booking:event.prevMonth')}
          >
            ‹
          </MonthLink>
        )}
        <h2 className="flex items-center gap-2 text-lg font-semibold" data-testid="month-title">
          {t(`booking:months.${month}`)} {year}
          {busy ? <Spinner className="size-4 text-primary" /> : null}
        </h2>
        <MonthLink to={nextLink} label={t('booking:event.nextMonth')} testId="next-month">
          ›
        </MonthLink>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted" aria-hidden="true">
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <span key={d}>{t(`booking:event.weekdays.${d}`)}</span>
        ))}
      </div>
      <ul className="mt-1 grid grid-cols-7 gap-1">
        {cells.map((day, i) => (
          <li key={day ?? `blank-${i}`} className="aspect-square">
            {day && free.has(day) ? (
              <Link
                to={link({ month: key, date: day })}
                preventScrollReset
                aria-label={t('booking:event.dayHasSlots', { date: isoToDmy(day) })}
                aria-current={day === date ? 'date' : undefined}
                data-testid="free-day"
                data-date={day}
                className={`flex h-full items-center justify-center rounded-lg text-sm font-semibold ${
                  day === date
                    ? 'bg-primary text-white'
                    : 'bg-primary-soft text-primary hover:bg-primary hover:text-white'
                }`}
              >
                {Number(day.slice(8))}
              </Link>
            ) : day ? (
              <span className="flex h-full items-center justify-center text-sm text-muted">{Number(day.slice(8))}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {days.length === 0 ? (
        <div className="mt-4 text-sm" data-testid="no-slots">
          <p className="text-muted">{t('booking:event.noSlotsMonth')}</p>
          <Link className="text-primary underline" to={nextLink}>
            {t('booking:event.nextFreeMonth')}
          </Link>
        </div>
      ) : null}
    </nav>
  )
}

function MonthLink({
  to,
  label,
  testId,
  children,
}: {
  to: string
  label: string
  testId?: string
  children: ReactNode
}) {
  return (
    <Link to={to} className="btn-ghost" aria-label={label} data-testid={testId} preventScrollReset>
      {children}
    </Link>
  )
}

/**
 * A day's times to choose, each a hidden checkbox (several slots) or radio (one new time) inside its label, which
 * draws the choice and the keyboard focus ring; `note` adds a line under a time (a group's seats left).
 */
export function SlotOptions<S extends { start: number | string; from: string; to: string }>({
  slots,
  type,
  name,
  testId,
  columns,
  note,
}: {
  slots: readonly S[]
  type: 'checkbox' | 'radio'
  name: string
  testId: string
  /** The list's grid columns by screen width. */
  columns: string
  note?: (slot: S) => ReactNode
}) {
  return (
    <ul className={`mt-3 grid max-h-96 gap-2 overflow-y-auto ${columns}`}>
      {slots.map((slot) => (
        <li key={slot.start}>
          <label className="flex cursor-pointer flex-col items-center justify-center rounded-lg border border-primary px-2 py-2 text-sm font-medium text-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary">
            <input
              type={type}
              name={name}
              value={slot.start}
              className="sr-only"
              data-testid={testId}
              required={type === 'radio'}
            />
            <span className="whitespace-nowrap">
              {slot.from}–{slot.to}
            </span>
            {note?.(slot)}
          </label>
        </li>
      ))}
    </ul>
  )
}
