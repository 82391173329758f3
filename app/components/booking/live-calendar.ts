import type { ShouldRevalidateFunction } from '@remix-run/react'
import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { CalendarAnswer } from '#app/server/booking/page/calendar.server.ts'
import { monthKey } from './month-calendar.tsx'
import type { EventPageData } from './event-page-data.ts'

/** The calendar params a month or day link changes; everything else in the URL needs the page loader. */
const CALENDAR_PARAMS = ['month', 'date']

export function withoutCalendarParams(url: URL) {
  const params = new URLSearchParams(url.search)
  for (const name of CALENDAR_PARAMS) params.delete(name)
  params.sort()
  return params.toString()
}

/**
 * With JavaScript, moving between months and days of the calendar step does not re-run the page loader: the
 * calendar fetches only what changed from `/booking/calendar/...` (useLiveCalendar). Without JavaScript the same
 * links are plain page loads. docs/decisions/0032-booking-calendar-fetch.md
 */
export const eventPageShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const calendarStep = !currentUrl.searchParams.has('step') && !currentUrl.searchParams.has('booking')
  if (
    !formMethod &&
    calendarStep &&
    currentUrl.pathname === nextUrl.pathname &&
    withoutCalendarParams(currentUrl) === withoutCalendarParams(nextUrl)
  ) {
    return false
  }
  return defaultShouldRevalidate
}

export function calendarKey(month: string | null | undefined, date: string | null | undefined) {
  return `${month ?? ''}|${date ?? ''}`
}

/**
 * The calendar the page shows: the loader's, then whatever the URL's month and date ask for, fetched from the
 * calendar resource (a month: its free days and first free day's slots; a day of the shown month: its slots).
 */
export function useLiveCalendar(data: Extract<EventPageData, { step: 'calendar' }>) {
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const wanted = calendarKey(search.get('month'), search.get('date'))
  const fromLoader = () => ({
    key: calendarKey(data.calendar.monthRequested, data.calendar.dateRequested),
    calendar: data.calendar,
  })
  const [shown, setShown] = useState(fromLoader)
  const requested = useRef<string | null>(wanted)
  const loaderCalendar = useRef(data.calendar)
  if (loaderCalendar.current !== data.calendar) {
    // The page loader ran (zone, holds): its calendar replaces what was fetched.
    loaderCalendar.current = data.calendar
    const next = fromLoader()
    requested.current = next.key
    setShown(next)
  }
  const { login } = data.event.organizer
  const eventLink = data.event.link
  useEffect(() => {
    if (wanted === shown.key || wanted === requested.current) return
    requested.current = wanted
    const params = new URLSearchParams(location.search)
    const month = params.get('month')
    const date = params.get('date')
    const query = new URLSearchParams()
    for (const name of ['tz', 'holds', 'lang', 'month', 'date']) {
      const value = params.get(name)
      if (value) query.set(name, value)
    }
    const sameMonth = month === monthKey(shown.calendar.year, shown.calendar.month)
    query.set('part', date && sameMonth && shown.calendar.days.includes(date) ? 'day' : 'month')
    const controller = new AbortController()
    let finished = false
    fetch(`/booking/calendar/${encodeURIComponent(login)}/${encodeURIComponent(eventLink)}?${query}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        const answer = (await response.json()) as CalendarAnswer
        if (!response.ok || 'error' in answer) throw new Error(response.statusText)
        finished = true
        setShown((previous) =>
          answer.part === 'month'
            ? { key: answer.key, calendar: answer.calendar }
            : {
                key: answer.key,
                calendar: {
                  ...previous.calendar,
                  date: answer.date,
                  dateRequested: answer.date,
                  slots: answer.slots,
                  full: answer.full,
                },
              },
        )
      })
      .catch(() => {
        // Gone meanwhile (event type disabled) or offline: the server renders what this URL really shows.
        if (!controller.signal.aborted) window.location.reload()
      })
    return () => {
      controller.abort()
      // Cut short (the viewer moved on): asking for this key again must fetch again.
      if (!finished && requested.current === wanted) requested.current = null
    }
  }, [wanted, shown, location.search, login, eventLink])
  return { calendar: shown.calendar, busy: wanted !== shown.key }
}
