import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ActionErrors, MeetingHead, PlaceLine } from '#app/components/meetings/meeting-parts.tsx'
import { CancelSection, MoveSection } from '#app/components/meetings/move-and-cancel.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { parseCancelReason } from '#app/domain/meetings/cancel-reason.ts'
import { meetingTimeText, placeIcon } from '#app/domain/meetings/rules.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { getLanguage, languageCookie } from '#app/i18n/i18n.server.ts'
import { eventPath, monthOf } from '#app/server/booking/page/flow.server.ts'
import { currentMonth } from '#app/server/booking/public.server.ts'
import { meetingCommand } from '#app/server/meetings/commands.server.ts'
import { Refused, orNotFoundPage, refuse } from '#app/server/refusal.server.ts'
import { findByManageToken, manageState } from '#app/server/meetings/manage.server.ts'
import { findOwnedMeeting } from '#app/server/meetings/meetings.server.ts'
import { pageAction } from '#app/server/forms/page-action.server.ts'
import type { ActionAnswer } from '#app/utils/action-answer.ts'
import { moveCalendar, moveMonth } from '#app/server/meetings/reschedule.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'

export const meta = pageMeta({ noindex: true })

async function load(db: ReturnType<typeof getDb>, token: string) {
  return orNotFoundPage(findByManageToken(db, token))
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const language = await getLanguage(request)
  const t = getT(language)
  const row = await load(db, params.token ?? '')
  // The page speaks the language the guest booked in unless this browser chose one (`?lang=` or the cookie): links
  // without `?lang=` (older emails, reminders) still open in the booking's language. Not after a form post (Remix
  // renders it with the post's headers): the action's answer would be lost in a redirect.
  const url = new URL(request.url)
  if (
    !request.headers.has('Content-Type') &&
    !url.searchParams.has('lang') &&
    (await languageCookie.parse(request.headers.get('Cookie'))) === null
  ) {
    url.searchParams.set('lang', row.participant.language)
    throw redirect(`${url.pathname}${url.search}`)
  }
  const now = Date.now()
  const state = manageState(row, now)
  const zone = row.participant.timeZone
  const time = meetingTimeText(row.meeting, zone)
  // A guest moves only a meeting they are the sole member of: moving a group meeting would move other people.
  const { participants } = await findOwnedMeeting(db, row.meeting.ownerId, row.meeting.id)
  const soleMember =
    row.participant.role === 'member' &&
    !participants.some((p) => p.role === 'member' && p.status === 'booked' && p.id !== row.participant.id)
  const canMove = state.canChange && soleMember && row.meeting.eventTypeId !== null
  const current = currentMonth(zone, now)
  const calendar = canMove
    ? await moveMonth(
        (month) =>
          moveCalendar(context.cloudflare.env, db, row.meeting, zone, month, url.searchParams.get('date'), now),
        monthOf(url.searchParams.get('month')),
        current,
      )
    : null
  // "Book again" after a cancel: the event type's public page, in this page's language and the guest's zone.
  const bookAgain =
    row.eventTypeLink !== null
      ? `${eventPath(row.organizer.login, row.eventTypeLink)}?${new URLSearchParams({ lang: language, tz: zone })}`
      : null
  return {
    title: `${row.meeting.name} — ${t('meetings:manage.title')}`,
    name: row.meeting.name,
    color: row.meeting.color,
    organizer: `${row.organizer.firstName} ${row.organizer.lastName}`.trim(),
    date: time.date,
    timeSlot: time.timeSlot,
    // What the guest reads: the zone's city in the page's language, never the IANA id (issue 18).
    zoneName: zoneName(zone, language),
    icon: placeIcon(row.meeting.placeType, row.meeting.meetingPoint),
    point: row.meeting.meetingPoint,
    ...state,
    canMove,
    calendar: calendar
      ? { ...calendar, isCurrentMonth: calendar.year === current.year && calendar.month === current.month }
      : null,
    // Without script, "Cancel my booking" is a link to this page with `?cancel=1`, which shows the confirmation.
    confirmCancel: url.searchParams.has('cancel'),
    bookAgain,
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const t = getT(await getLanguage(request))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const token = params.token ?? ''
  const ownerId = (await load(db, token)).meeting.ownerId
  const env = context.cloudflare.env
  const submitted = { reason: String(form.get('reason') ?? '') }
  return pageAction(
    intent,
    t,
    async () => {
      // Both run in the host's Durable Object, which re-reads the booking and its notice there.
      if (intent === 'cancel') {
        const parsed = parseCancelReason(form.get('reason'))
        if (!parsed.ok) throw new Refused(parsed.refusal)
        return meetingCommand(env, { kind: 'cancelByToken', ownerId, token, reason: parsed.reason })
      }
      if (intent === 'reschedule') {
        const start = Date.parse(String(form.get('start') ?? ''))
        if (Number.isNaN(start)) refuse('required', 'start')
        return meetingCommand(env, { kind: 'rescheduleByToken', ownerId, token, start })
      }
      throw new Response(null, { status: 400 })
    },
    submitted,
  )
}

/** `/booking/manage/{token}`: the guest's own booking, to cancel or move without an account. */
export default function ManageBooking() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer<unknown>>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const busy = navigation.state !== 'idle'
  return (
    <>
      <SiteHeader />
      <main className="container-page max-w-2xl space-y-5 py-8" data-testid="manage-booking">
        <h1 className="text-2xl font-semibold">{t('meetings:manage.title')}</h1>
        {answer?.ok ? (
          <p role="status" className="rounded-lg bg-success-soft p-3 text-sm text-success" data-testid="manage-done">
            {t(`meetings:manage.done.${answer.intent}`)}
          </p>
        ) : null}
        {answer && !answer.ok && answer.intent !== 'cancel' ? <ActionErrors errors={answer.errors} /> : null}
        <MeetingHead
          heading="h2"
          color={data.color}
          name={data.name}
          date={data.date}
          timeSlot={data.timeSlot}
          zone={data.zoneName}
          organizer={data.organizer}
          status={data.status}
        >
          <div className="mt-3">
            <PlaceLine icon={data.icon} point={data.point} />
          </div>
        </MeetingHead>
        {data.status === 'upcoming' && data.insideNotice ? (
          <p className="rounded-lg bg-surface p-3 text-sm" data-testid="manage-notice">
            {t('meetings:errors.noticeTooShort')}
          </p>
        ) : null}
        {data.status === 'canceled' && data.bookAgain ? (
          <p>
            <a href={data.bookAgain} className="btn-primary" data-testid="manage-book-again">
              {t('meetings:manage.bookAgain')}
            </a>
          </p>
        ) : null}
        {data.calendar ? <MoveSection calendar={data.calendar} zoneName={data.zoneName} busy={busy} /> : null}
        {data.canChange ? <CancelSection confirmCancel={data.confirmCancel} busy={busy} /> : null}
      </main>
    </>
  )
}
