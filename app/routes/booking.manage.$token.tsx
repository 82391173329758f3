import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MonthCalendar, SlotOption } from '#app/components/booking/month-calendar.tsx'
import { ActionErrors, MeetingHead, PlaceLine } from '#app/components/meetings/meeting-parts.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { CANCEL_REASON_MAX, parseCancelReason } from '#app/domain/meetings/cancel-reason.ts'
import { meetingTimeText, placeIcon } from '#app/domain/meetings/rules.ts'
import { isoToDmy } from '#app/domain/time/index.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { getLanguage, languageCookie } from '#app/i18n/i18n.server.ts'
import { eventPath, monthOf } from '#app/server/booking/page.server.ts'
import { currentMonth } from '#app/server/booking/public.server.ts'
import { meetingCommand } from '#app/server/meetings/commands.server.ts'
import { Refused, orNotFoundPage, refuse } from '#app/server/refusal.server.ts'
import { findByManageToken, manageState } from '#app/server/meetings/manage.server.ts'
import { findOwnedMeeting } from '#app/server/meetings/meetings.server.ts'
import { type ActionAnswer, pageAction } from '#app/server/meetings/page-errors.server.ts'
import { moveCalendar } from '#app/server/meetings/reschedule.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
]

async function load(db: ReturnType<typeof getDb>, token: string) {
  return orNotFoundPage(findByManageToken(db, token))
}

/** Opened without a month: the first of this month and the next two that has a free day (like the event page). */
async function moveMonth(
  find: (month: { year: number; month: number }) => ReturnType<typeof moveCalendar>,
  monthParam: string | null,
  current: { year: number; month: number },
) {
  const asked = monthOf(monthParam)
  let calendar = await find(asked ?? current)
  for (let ahead = 1; !asked && calendar && calendar.days.length === 0 && ahead <= 2; ahead++) {
    const index = current.year * 12 + current.month - 1 + ahead
    const later = await find({ year: Math.floor(index / 12), month: (index % 12) + 1 })
    if (later && later.days.length > 0) calendar = later
  }
  return calendar
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
        url.searchParams.get('month'),
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

type Data = ReturnType<typeof useLoaderData<typeof loader>>

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
        {data.canChange ? <CancelSection data={data} busy={busy} /> : null}
      </main>
    </>
  )
}

/** The address of this page with some search params changed (null removes one); `cancel` is always dropped. */
function useHere() {
  const location = useLocation()
  return (params: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search)
    next.delete('cancel')
    for (const [name, value] of Object.entries(params)) {
      if (value === null) next.delete(name)
      else next.set(name, value)
    }
    const text = next.toString()
    return `${location.pathname}${text ? `?${text}` : ''}`
  }
}

/** "Move to another time": the event page's month calendar of free days, then the chosen day's starts. */
function MoveSection({
  calendar,
  zoneName,
  busy,
}: {
  calendar: NonNullable<Data['calendar']>
  zoneName: string
  busy: boolean
}) {
  const { t } = useTranslation()
  const here = useHere()
  return (
    <section className="card space-y-4 p-5" aria-labelledby="manage-move" data-testid="manage-move">
      <h2 id="manage-move" className="text-lg font-semibold">
        {t('meetings:manage.move')}
      </h2>
      <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,13rem)]">
        <MonthCalendar {...calendar} busy={busy} link={here} />
        {calendar.date ? (
          <Form method="post" className="min-w-0 space-y-3" data-testid="move-slots">
            <input type="hidden" name="intent" value="reschedule" />
            <fieldset>
              <legend className="font-semibold">{t('booking:event.slotsOf', { date: isoToDmy(calendar.date) })}</legend>
              <p className="mt-1 text-xs text-muted">{t('meetings:reschedule.pick', { zone: zoneName })}</p>
              <ul className="mt-3 grid max-h-96 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-1">
                {calendar.slots.map((slot) => (
                  <li key={slot.start}>
                    <SlotOption type="radio" name="start" value={slot.start} testId="move-slot">
                      <span className="whitespace-nowrap">
                        {slot.from}–{slot.to}
                      </span>
                    </SlotOption>
                  </li>
                ))}
              </ul>
            </fieldset>
            <Button type="submit" disabled={busy} className="w-full" data-testid="move-submit">
              {t('meetings:reschedule.submit')}
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  )
}

/**
 * Cancel, confirmed first, with an optional reason for the specialist. With script the button opens a dialog; without
 * it, the button is a link to `?cancel=1`, where the same form shows on the page (also after a refused post).
 */
function CancelSection({ data, busy }: { data: Data; busy: boolean }) {
  const { t } = useTranslation()
  const answer = useActionData<ActionAnswer<unknown>>()
  const here = useHere()
  const [open, setOpen] = useState(false)
  const refused = answer && !answer.ok && answer.intent === 'cancel' ? answer : null
  const inline = data.confirmCancel || refused !== null
  const ask = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(true)
  }
  return (
    <section aria-labelledby="manage-cancel-title">
      <h2 id="manage-cancel-title" className="sr-only">
        {t('meetings:manage.cancel')}
      </h2>
      {inline ? (
        <div className="card space-y-3 p-5" id="cancel-confirm" data-testid="manage-cancel-inline">
          <p className="text-lg font-semibold">{t('meetings:manage.confirmTitle')}</p>
          <CancelForm busy={busy} errors={refused?.errors ?? []} reason={refused?.submitted?.reason ?? ''}>
            <Link to={here({})} className="btn-secondary" data-testid="manage-keep">
              {t('meetings:manage.keep')}
            </Link>
          </CancelForm>
        </div>
      ) : (
        <Link
          to={`${here({ cancel: '1' })}#cancel-confirm`}
          onClick={ask}
          className="btn bg-error text-white hover:opacity-90"
          data-testid="manage-cancel"
        >
          {t('meetings:manage.cancel')}
        </Link>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={t('meetings:manage.confirmTitle')} size="md">
        <CancelForm busy={busy} errors={[]} reason="">
          <Button variant="secondary" onClick={() => setOpen(false)} data-testid="manage-keep">
            {t('meetings:manage.keep')}
          </Button>
        </CancelForm>
      </Modal>
    </section>
  )
}

function CancelForm({
  busy,
  errors,
  reason,
  children,
}: {
  busy: boolean
  errors: string[]
  reason: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="grid gap-3" data-testid="manage-cancel-form">
      <input type="hidden" name="intent" value="cancel" />
      <p className="text-sm text-muted">{t('meetings:manage.confirmText')}</p>
      {errors.length > 0 ? <ActionErrors errors={errors} /> : null}
      <label className="grid gap-1 text-sm" htmlFor="cancel-reason">
        <span className="font-medium">{t('meetings:manage.reason')}</span>
        <span className="text-xs text-muted" id="cancel-reason-hint">
          {t('meetings:manage.reasonHint')}
        </span>
      </label>
      <textarea
        id="cancel-reason"
        name="reason"
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        defaultValue={reason}
        aria-describedby="cancel-reason-hint"
        aria-invalid={errors.length > 0 ? true : undefined}
        className="w-full rounded-lg border border-line bg-card px-3 py-2"
        data-testid="manage-cancel-reason"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy} data-testid="manage-cancel-confirm">
          {t('meetings:manage.confirm')}
        </Button>
        {children}
      </div>
    </Form>
  )
}
