import { queryInt } from '#app/domain/query-number.ts'
import { type LoaderFunctionArgs, createCookie, data } from '@remix-run/cloudflare'
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StatusCircle, OrganizerMeetingCard, PlaceLine } from '#app/components/meetings/meeting-parts.tsx'
import { useConflictText } from '#app/components/meetings/meeting-conflicts.tsx'
import { type CalendarEntry, MeetingsAgenda, MeetingsCalendar } from '#app/components/meetings/meetings-calendar.tsx'
import { MEETINGS_PAGE_SIZE } from '#app/domain/constants.ts'
import {
  LIST_STATUSES,
  MEETING_VIEWS,
  MeetingListQuerySchema,
  type MeetingView,
  PERIODS,
  type Side,
  agendaSpan,
  isMeetingView,
} from '#app/domain/meetings/rules.ts'
import { instantToZoned, isIsoDate } from '#app/domain/time/index.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { useQueryLink } from '#app/utils/query-link.ts'
import { listOrganizerMeetings, listParticipantMeetings } from '#app/server/meetings/meetings.server.ts'
import { titleMeta } from '#app/utils/title-meta.ts'
import { signedInPage } from '#app/server/signed-in-page.server.ts'

export const meta = titleMeta

/**
 * The layout choice is kept in the browser (SPEC §4 "Event view type persisted locally, default list") as a cookie
 * the loader reads, so a full load renders the kept layout at once: no navigation after hydration, which would race
 * the hydration's own requests. An address that names a layout, a status tab or a period wins (home's statistics
 * link to `/meetings?filter=canceled`, which must open that list).
 */
const viewCookie = createCookie('meetings_view', {
  path: '/meetings',
  sameSite: 'lax',
  httpOnly: true,
  secure: true,
  maxAge: 60 * 60 * 24 * 365,
})
/** The calendar loads a whole month (SPEC §2); "events page 1000" (SPEC §9) bounds it. */
const CALENDAR_LIMIT = 1000

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, language, t } = await signedInPage(request, context)
  const url = new URL(request.url)
  const params = Object.fromEntries(url.searchParams)
  const kept = await viewCookie.parse(request.headers.get('Cookie'))
  const named = isMeetingView(params.view) ? params.view : null
  const view: MeetingView = named ?? (params.filter || params.period ? 'list' : isMeetingView(kept) ? kept : 'list')
  // Choosing a layout (a link naming it) keeps it for the next visits.
  const headers: HeadersInit = named && named !== kept ? { 'Set-Cookie': await viewCookie.serialize(named) } : {}
  const now = Date.now()
  const today = instantToZoned(user.timeZone, now).date
  const side: Side = params.side === 'participant' ? 'participant' : 'organizer'
  // The week's or day's date: another that is not a real date in the API's years shows today.
  const anchor =
    params.date && isIsoDate(params.date) && params.date >= '1900-01-08' && params.date <= '2099-12-24'
      ? params.date
      : today
  // The calendar's month (by default the date's): a year or month the API's schema would refuse shows that one.
  const year = queryInt(params.year, { min: 1900, max: 2099 }) ?? Number(anchor.slice(0, 4))
  const month = queryInt(params.month, { min: 1, max: 12 }) ?? Number(anchor.slice(5, 7))
  const agenda = view === 'week' || view === 'day' ? agendaSpan(view, anchor) : null
  const parsed = MeetingListQuerySchema.safeParse(
    view === 'calendar'
      ? { side, filter: 'upcomingAndCompleted', year, monthNumber: month, limit: CALENDAR_LIMIT }
      : agenda
        ? {
            side,
            filter: 'upcomingAndCompleted',
            from: agenda.days[0],
            to: agenda.days[agenda.days.length - 1],
            limit: CALENDAR_LIMIT,
          }
        : {
            side,
            filter: params.filter || undefined,
            period: params.period || undefined,
            limit: params.limit,
            held: params.held || undefined,
          },
  )
  const query = parsed.success ? parsed.data : MeetingListQuerySchema.parse({ side })
  const viewer = { id: user.id, email: user.email, timeZone: user.timeZone }
  const base = {
    title: t('meetings:title'),
    view,
    side,
    timeZone: user.timeZone,
    timeZoneName: zoneName(user.timeZone, language),
    year,
    month,
    today,
    agenda,
  }
  if (side === 'organizer') {
    const list = await listOrganizerMeetings(db, viewer, query, now)
    return data(
      {
        ...base,
        filter: list.filter,
        held: list.held,
        period: query.period ?? null,
        organizer: list.items,
        participant: [] as Awaited<ReturnType<typeof listParticipantMeetings>>['items'],
        ...list.pagination,
      },
      { headers },
    )
  }
  const list = await listParticipantMeetings(db, viewer, query, now)
  return data(
    {
      ...base,
      filter: list.filter,
      held: false,
      period: query.period ?? null,
      organizer: [] as Awaited<ReturnType<typeof listOrganizerMeetings>>['items'],
      participant: list.items,
      ...list.pagination,
    },
    { headers },
  )
}

/** `/meetings`: "booked with me" and "I am booked", as a list, a month, a week or a day (SPEC §2 Meetings). */
export default function Meetings() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const conflictText = useConflictText()

  const link = useQueryLink()
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${active ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface'}`
  const dayLink = (date: string) => link({ view: 'day', date, year: null, month: null })
  const entries: CalendarEntry[] = [
    ...data.organizer.map((m) => ({
      id: m.userEventInfo.id,
      href: `/meetings/${m.userEventInfo.id}`,
      date: m.userEventInfo.date,
      time: m.userEventInfo.timeSlot,
      name: m.eventTypeInfo.eventTypeName,
      color: m.eventTypeInfo.color,
      status: m.userEventInfo.status,
      conflicts: [...new Set(m.conflicts.map((c) => conflictText(c, data.timeZone, m.userEventInfo.start)))],
    })),
    ...data.participant.map((m) => ({
      id: m.id,
      href: `/meetings/myMeetings/${m.id}`,
      date: m.meetingInfo.date,
      time: m.meetingInfo.timeSlot,
      name: m.meetingInfo.eventTypeName,
      color: m.meetingInfo.color,
      status: m.status,
      conflicts: [],
    })),
  ]
  const items = data.side === 'organizer' ? data.organizer : data.participant
  const shown = items.length

  return (
    <section className="space-y-5" data-testid="meetings-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('meetings:title')}</h1>
        <Link to="/meetings/one-time-event/create" className="btn-primary" data-testid="one-time-link">
          {t('oneTime:create.link')}
        </Link>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav className="flex gap-1 overflow-x-auto" aria-label={t('meetings:sides.label')}>
          {(['organizer', 'participant'] as const).map((side) => (
            <Link
              key={side}
              to={link({ side: side === 'organizer' ? null : side, filter: null, limit: null })}
              className={tab(data.side === side)}
              aria-current={data.side === side ? 'page' : undefined}
            >
              {t(`meetings:sides.${side}`)}
            </Link>
          ))}
        </nav>
        <nav className="flex flex-wrap gap-1" aria-label={t('meetings:view.label')}>
          {MEETING_VIEWS.map((view) => (
            <Link
              key={view}
              to={link({ view, limit: null })}
              className={tab(data.view === view)}
              aria-current={data.view === view ? 'page' : undefined}
              data-testid={`view-${view}`}
            >
              {t(`meetings:view.${view}`)}
            </Link>
          ))}
        </nav>
      </div>

      {data.view === 'list' ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <nav className="flex gap-1 overflow-x-auto" aria-label={t('meetings:tabs.label')}>
              {LIST_STATUSES.filter((s) => s !== 'upcomingAndCompleted' || data.side === 'organizer').map((status) => (
                <Link
                  key={status}
                  to={link({ filter: status, limit: null, held: null })}
                  className={tab(data.filter === status)}
                  aria-current={data.filter === status ? 'page' : undefined}
                >
                  {t(`meetings:tabs.${status}`)}
                </Link>
              ))}
              {data.held ? (
                <Link
                  to={link({ held: null, limit: null })}
                  className="flex items-center gap-1 self-center rounded-full bg-success-soft px-3 py-1 text-xs font-medium whitespace-nowrap text-success"
                  aria-label={t('meetings:heldOnly.remove')}
                  data-testid="held-only"
                >
                  {t('meetings:heldOnly.label')} <span aria-hidden="true">×</span>
                </Link>
              ) : null}
            </nav>
            <Form method="get" className="flex items-end gap-2">
              {[...searchParams.entries()]
                .filter(([key]) => key !== 'period' && key !== 'limit')
                .map(([key, value]) => (
                  <input key={key} type="hidden" name={key} value={value} />
                ))}
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('meetings:period.label')}
                <select
                  name="period"
                  defaultValue={data.period ?? ''}
                  className="rounded-lg border border-line bg-card px-3 py-2 text-sm"
                  onChange={(event) => event.currentTarget.form?.requestSubmit()}
                >
                  <option value="">{t('meetings:period.any')}</option>
                  {PERIODS.map((period) => (
                    <option key={period} value={period}>
                      {t(`meetings:period.${period}`)}
                    </option>
                  ))}
                </select>
              </label>
              <noscript>
                <button type="submit" className="btn-secondary">
                  {t('meetings:period.apply')}
                </button>
              </noscript>
            </Form>
          </div>

          {shown === 0 ? (
            <p className="card p-6 text-center text-muted" data-testid="meetings-empty">
              {t('meetings:empty')}
            </p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {data.organizer.map((meeting) => (
                <li key={meeting.userEventInfo.id}>
                  <OrganizerMeetingCard meeting={meeting} timeZone={data.timeZone} zoneName={data.timeZoneName} />
                  {meeting.userEventInfo.status === 'completed' ? (
                    <HeldSwitch id={meeting.userEventInfo.id} isFailed={meeting.userEventInfo.isFaild} />
                  ) : null}
                </li>
              ))}
              {data.participant.map((meeting) => (
                <li key={meeting.id}>
                  <article className="card relative overflow-hidden p-4 pl-5" data-testid="my-meeting-card">
                    <span
                      className="absolute inset-y-0 left-0 w-1.5"
                      style={{ background: meeting.meetingInfo.color }}
                      aria-hidden="true"
                    />
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 className="font-semibold">
                        <Link to={`/meetings/myMeetings/${meeting.id}`} className="hover:text-primary">
                          {meeting.meetingInfo.eventTypeName}
                        </Link>
                      </h3>
                      <StatusCircle status={meeting.status} />
                    </div>
                    <p className="text-sm">
                      {meeting.meetingInfo.date}, {meeting.meetingInfo.timeSlot}{' '}
                      <span className="text-muted">({data.timeZoneName})</span>
                    </p>
                    <p className="text-sm text-muted">
                      {t('meetings:card.organizer', {
                        name: `${meeting.organizerInfo.firstName} ${meeting.organizerInfo.lastName}`.trim(),
                      })}
                    </p>
                    <PlaceLine icon={meeting.meetingInfo.placeIcon} point={meeting.meetingInfo.meetingPoint} />
                  </article>
                </li>
              ))}
            </ul>
          )}
          {shown < data.totalCount ? (
            <div className="text-center">
              <Link
                to={link({ limit: String(shown + MEETINGS_PAGE_SIZE) })}
                preventScrollReset
                className="btn-secondary"
              >
                {t('meetings:more', { count: Math.min(MEETINGS_PAGE_SIZE, data.totalCount - shown) })}
              </Link>
            </div>
          ) : null}
        </>
      ) : data.agenda ? (
        <MeetingsAgenda
          days={data.agenda.days}
          today={data.today}
          prevLink={link({ date: data.agenda.prev })}
          nextLink={link({ date: data.agenda.next })}
          dayLink={dayLink}
          entries={entries}
        />
      ) : (
        <MeetingsCalendar
          year={data.year}
          month={data.month}
          today={data.today}
          prevLink={link(
            data.month === 1
              ? { year: String(data.year - 1), month: '12' }
              : { year: String(data.year), month: String(data.month - 1) },
          )}
          nextLink={link(
            data.month === 12
              ? { year: String(data.year + 1), month: '1' }
              : { year: String(data.year), month: String(data.month + 1) },
          )}
          dayLink={dayLink}
          entries={entries}
        />
      )}
    </section>
  )
}

/** SPEC §4: a completed booking's held/not-held switch; sends isFailed as the opposite of "held". */
function HeldSwitch({ id, isFailed }: { id: string; isFailed: boolean | null }) {
  const fetcher = useFetcher()
  const { t } = useTranslation()
  const pending = fetcher.formData?.get('isFailed')
  const held = pending !== undefined && pending !== null ? pending === 'false' : isFailed !== true
  return (
    <fetcher.Form method="post" action={`/meetings/${id}`} className="mt-1 flex items-center gap-2 px-1 text-sm">
      <input type="hidden" name="intent" value="held" />
      <input type="hidden" name="isFailed" value={held ? 'true' : 'false'} />
      <button
        type="submit"
        role="switch"
        aria-checked={held}
        className={`relative h-5 w-9 rounded-full transition ${held ? 'bg-primary' : 'bg-line'}`}
        data-testid="held-switch"
      >
        <span className="sr-only">{t('meetings:held.label')}</span>
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-white transition ${held ? 'left-4.5' : 'left-0.5'}`}
        />
      </button>
      <span>{held ? t('meetings:held.yes') : t('meetings:held.no')}</span>
    </fetcher.Form>
  )
}
