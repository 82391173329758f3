import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PlaceLine, StatusCircle } from '#app/components/meetings/meeting-parts.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { meetingTimeText, placeIcon } from '#app/domain/meetings/rules.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { ActionError } from '#app/server/meetings/errors.server.ts'
import { cancelByToken, findByManageToken, manageState, requireChangeable } from '#app/server/meetings/manage.server.ts'
import { type ActionAnswer, pageAction } from '#app/server/meetings/page-errors.server.ts'
import { pickerSlots, rescheduleAsParticipant } from '#app/server/meetings/reschedule.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
]

async function load(db: ReturnType<typeof getDb>, token: string) {
  return findByManageToken(db, token).catch((error) => {
    if (error instanceof ActionError) throw new Response(null, { status: 404 })
    throw error
  })
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const t = getT(await getLanguage(request))
  const row = await load(db, params.token ?? '')
  const now = Date.now()
  const state = manageState(row, now)
  const zone = row.participant.timeZone
  const time = meetingTimeText(row.meeting, zone)
  const url = new URL(request.url)
  const dateParam = url.searchParams.get('date') ?? ''
  const pickedDate = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : null
  const soleMember = row.participant.role === 'member'
  const canMove = state.canChange && soleMember && row.meeting.eventTypeId !== null
  const slots =
    canMove && pickedDate
      ? (
          await pickerSlots(context.cloudflare.env, db, row.meeting.ownerId, row.meeting.id, pickedDate, zone, now)
        ).filter((slot) => Date.parse(slot.start) - now >= 0)
      : null
  return {
    title: `${row.meeting.name} — ${t('meetings:manage.title')}`,
    name: row.meeting.name,
    color: row.meeting.color,
    organizer: `${row.organizer.firstName} ${row.organizer.lastName}`.trim(),
    date: time.date,
    timeSlot: time.timeSlot,
    zone,
    icon: placeIcon(row.meeting.placeType, row.meeting.meetingPoint),
    point: row.meeting.meetingPoint,
    ...state,
    canMove,
    pickedDate,
    slots,
    minDate: instantToZoned(zone, now).date,
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const db = getDb(context.cloudflare.env.DB)
  const t = getT(await getLanguage(request))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const token = params.token ?? ''
  const now = Date.now()
  await load(db, token)
  return pageAction(intent, t, async () => {
    if (intent === 'cancel') return cancelByToken(db, token, now, parseEnv(context.cloudflare.env))
    if (intent === 'reschedule') {
      const row = await findByManageToken(db, token)
      requireChangeable(row, now)
      const start = Date.parse(String(form.get('start') ?? ''))
      if (Number.isNaN(start)) throw new ActionError(400, [{ field: 'start', key: 'validation:required' }])
      return rescheduleAsParticipant(context.cloudflare.env, db, row.meeting, row.participant, start)
    }
    throw new Response(null, { status: 400 })
  })
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
        {answer && !answer.ok ? (
          <div role="alert" className="rounded-lg border border-error bg-error-soft p-3 text-sm text-error">
            {answer.errors.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        ) : null}
        <article className="card relative overflow-hidden p-5 pl-6">
          <span className="absolute inset-y-0 left-0 w-2" style={{ background: data.color }} aria-hidden="true" />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-xl font-semibold">{data.name}</h2>
              <p>
                {data.date}, {data.timeSlot} <span className="text-muted">({data.zone})</span>
              </p>
              <p className="text-sm text-muted">{t('meetings:card.organizer', { name: data.organizer })}</p>
            </div>
            <StatusCircle status={data.status} />
          </div>
          <div className="mt-3">
            <PlaceLine icon={data.icon} point={data.point} />
          </div>
        </article>
        {data.status === 'upcoming' && data.insideNotice ? (
          <p className="rounded-lg bg-surface p-3 text-sm" data-testid="manage-notice">
            {t('meetings:errors.noticeTooShort')}
          </p>
        ) : null}
        {data.canMove ? (
          <section className="card space-y-3 p-5" aria-labelledby="manage-move">
            <h2 id="manage-move" className="text-lg font-semibold">
              {t('meetings:manage.move')}
            </h2>
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('meetings:reschedule.date')}
                <input
                  type="date"
                  name="date"
                  min={data.minDate}
                  required
                  defaultValue={data.pickedDate ?? ''}
                  className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
                />
              </label>
              <Button type="submit" variant="secondary">
                {t('meetings:reschedule.show')}
              </Button>
            </Form>
            {data.slots ? (
              data.slots.length === 0 ? (
                <p className="text-sm text-muted">{t('meetings:reschedule.none')}</p>
              ) : (
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="intent" value="reschedule" />
                  <fieldset>
                    <legend className="text-sm font-medium">
                      {t('meetings:reschedule.pick', { zone: data.zone })}
                    </legend>
                    <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                      {data.slots.map((slot) => (
                        <label
                          key={slot.start}
                          className="flex cursor-pointer items-center justify-center rounded-lg border border-primary px-2 py-2 text-sm text-primary has-[:checked]:bg-primary has-[:checked]:text-white"
                        >
                          <input type="radio" name="start" value={slot.start} required className="sr-only" />
                          {slot.from}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <Button type="submit" disabled={busy}>
                    {t('meetings:reschedule.submit')}
                  </Button>
                </Form>
              )
            ) : null}
          </section>
        ) : null}
        {data.canChange ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="danger" disabled={busy} data-testid="manage-cancel">
              {t('meetings:manage.cancel')}
            </Button>
          </Form>
        ) : null}
      </main>
    </>
  )
}
