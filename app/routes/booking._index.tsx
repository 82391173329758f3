import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { data } from '@remix-run/cloudflare'
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldSpec, contactFieldSpecs } from '#app/components/booking/form-fields.tsx'
import { PlaceLine, StatusCircle } from '#app/components/meetings/meeting-parts.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field, FormErrors, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { MESSENGERS } from '#app/domain/booking/messengers.ts'
import { oneTimeContactSchema } from '#app/domain/one-time/rules.ts'
import { zoneName } from '#app/domain/time-zones/zone-names.ts'
import { getLanguage } from '#app/i18n/i18n.server.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseForm } from '#app/server/forms/parse.server.ts'
import { addressKey } from '#app/server/booking/limits.server.ts'
import { viewerZone } from '#app/server/booking/viewer-zone.server.ts'
import { refusalProblems, refusalStatus } from '#app/domain/refusal.ts'
import { problemText, refusalOf } from '#app/server/refusal.server.ts'
import { answerOneTime, holdOneTimeSeat } from '#app/server/one-time/one-time.server.ts'
import { findOneTime, publicView } from '#app/server/one-time/public.server.ts'
import { pageMeta } from '#app/utils/title-meta.ts'

export const meta = pageMeta({ noindex: true })

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment'] as const
type Values = Record<(typeof FIELDS)[number], string>

function params(request: Request) {
  const url = new URL(request.url)
  return { id: url.searchParams.get('companyEventId') ?? '', token: url.searchParams.get('invite') }
}

async function load(request: Request, env: Parameters<typeof getDb>[0]) {
  const { id, token } = params(request)
  const row = await findOneTime(getDb(env), id)
  if (!row) throw new Response(null, { status: 404 })
  return { row, token }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await getLanguage(request)
  const t = getT(language)
  const { row, token } = await load(request, context.cloudflare.env.DB)
  // The guest's zone when they chose one on a public page (the kept cookie, or `?tz=`), else the meeting's; named by
  // its city in the page's language, never the IANA id (issue 18).
  const { zone } = viewerZone(request, row.meeting.timeZone)
  const view = await publicView(row, zone, Date.now(), token)
  return { title: `${view.name} — ${t('oneTime:booking.title')}`, view, zoneLabel: zoneName(zone, language) }
}

type HoldAnswer = { holdId: string | null; error: string | null }

type Answer =
  | { ok: true; confirmed: boolean; ics: string }
  | { ok: false; values: Values; errors: string[]; fieldErrors: Record<string, string[]> }

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env
  const language = await getLanguage(request)
  const t = getT(language)
  const { row, token } = await load(request, env.DB)
  const form = await request.formData()
  if (form.get('intent') === 'hold') {
    // A guest started filling in the form: their seat is held meanwhile (the Durable Object counts it as taken).
    try {
      const hold = await holdOneTimeSeat(env, getDb(env.DB), row.meeting.id, {
        clientId: String(form.get('clientId') ?? ''),
        address: await addressKey(request),
      })
      return data<HoldAnswer>({ holdId: hold.id, error: null })
    } catch (error) {
      const refusal = refusalOf(error)
      const text = refusalProblems(refusal)
        .map((problem) => problemText(problem, t))
        .join(' ')
      return data<HoldAnswer>({ holdId: null, error: text }, { status: refusalStatus(refusal) })
    }
  }
  const values = Object.fromEntries(FIELDS.map((key) => [key, String(form.get(key) ?? '')])) as Values
  const parsed = parseForm(form, oneTimeContactSchema(row.settings), t)
  if (!parsed.ok) {
    const { fieldErrors } = parsed.errors
    return data<Answer>(
      { ok: false, values, errors: [t('booking:event.form.fixErrors')], fieldErrors },
      { status: 400 },
    )
  }
  try {
    const result = await answerOneTime(env, getDb(env.DB), {
      id: row.meeting.id,
      token,
      contact: parsed.value,
      language,
      timeZone: row.meeting.timeZone,
      holdId: String(form.get('holdId') ?? '') || null,
    })
    return data<Answer>({ ok: true, confirmed: result.confirmed, ics: result.ics })
  } catch (error) {
    const refusal = refusalOf(error)
    const errors = refusalProblems(refusal).map((problem) => problemText(problem, t))
    return data<Answer>({ ok: false, values, errors, fieldErrors: {} }, { status: refusalStatus(refusal) })
  }
}

/** `/booking?companyEventId=…[&invite=…]`: invited people confirm a one-time meeting; others book a free seat. */
export default function OneTimeBooking() {
  const { view, zoneLabel } = useLoaderData<typeof loader>()
  // A seat hold answers the fetcher; posted as a whole page (no script) it is no form answer.
  const posted = useActionData<Answer | HoldAnswer>()
  const answer = posted && 'ok' in posted ? posted : undefined
  const navigation = useNavigation()
  const { t } = useTranslation()
  const invitee = view.invitee
  const organizer = `${view.organizerInfo.firstName} ${view.organizerInfo.lastName}`.trim()
  const status = view.state === 'canceled' ? 'canceled' : view.state === 'completed' ? 'completed' : 'upcoming'
  const canAnswer =
    view.state === 'open' && (invitee ? !invitee.isCanceled : view.seatsLeft > 0 && !view.bookingPaused) && !answer?.ok
  const values: Values =
    answer && !answer.ok
      ? answer.values
      : {
          firstName: invitee?.firstName ?? '',
          lastName: invitee?.lastName ?? '',
          email: invitee?.email ?? '',
          phone: invitee?.phone ?? '',
          messengerType: invitee?.messengerType ?? 'WhatsApp',
          messengerValue: invitee?.messengerValue ?? '',
          comment: '',
        }
  const fieldErrors = answer && !answer.ok ? answer.fieldErrors : {}
  // A guest's seat is held once they start filling in the form (with script; without it the seat is taken on submit).
  const holder = useFetcher<HoldAnswer>()
  const [clientId] = useState(() =>
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2),
  )
  const holdSeat = () => {
    if (invitee || holder.state !== 'idle' || holder.data?.holdId) return
    holder.submit({ intent: 'hold', clientId }, { method: 'post' })
  }
  const show = (required: boolean) => required || !view.isOptionalInputsHidden
  const contact = contactFieldSpecs(t, view, show)
  // The booking form's fields in this page's look (the design system's); an invitee's email is the invitation's.
  const contactField = (spec: FieldSpec | false) => {
    if (!spec) return null
    const field = {
      id: `field-${spec.name}`,
      name: spec.name,
      label: spec.label,
      defaultValue: values[spec.name as keyof Values],
      errors: fieldErrors[spec.name],
      required: spec.required,
      maxLength: spec.maxLength,
    }
    if (spec.rows) return <TextareaField key={spec.name} {...field} rows={spec.rows} />
    const readOnly = spec.name === 'email' && Boolean(invitee)
    return <Field key={spec.name} {...field} type={spec.type} readOnly={readOnly} autoComplete={spec.autoComplete} />
  }
  return (
    <>
      <SiteHeader />
      <main className="container-page max-w-2xl space-y-5 py-8" data-testid="one-time-booking">
        <h1 className="text-2xl font-semibold">
          {invitee ? t('oneTime:booking.invited') : t('oneTime:booking.title')}
        </h1>
        <article className="card relative overflow-hidden p-5 pl-6">
          <span className="absolute inset-y-0 left-0 w-2" style={{ background: view.color }} aria-hidden="true" />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="space-y-1">
              <h2 className="text-xl font-semibold" data-testid="one-time-booking-name">
                {view.name}
              </h2>
              <p>
                {view.date}, {view.timeSlot} <span className="text-muted">({zoneLabel})</span>
              </p>
              <p className="text-sm text-muted">{t('meetings:card.organizer', { name: organizer })}</p>
              {view.participantType.startsWith('Group') ? (
                <p className="text-sm" data-testid="one-time-seats">
                  {t('oneTime:booking.seatsLeft', { count: view.seatsLeft, total: view.totalSeats })}
                </p>
              ) : null}
            </div>
            <StatusCircle status={status} />
          </div>
          {view.description ? <p className="mt-3 whitespace-pre-line text-sm">{view.description}</p> : null}
          <div className="mt-3">
            <PlaceLine icon={view.placeIcon} point={view.meetingPoint} />
          </div>
        </article>

        {answer?.ok ? (
          <div
            role="status"
            className="space-y-3 rounded-lg bg-success-soft p-4 text-success"
            data-testid="one-time-done"
          >
            <p className="font-medium">
              {answer.confirmed ? t('oneTime:booking.confirmed') : t('oneTime:booking.booked')}
            </p>
            <a
              className="btn-secondary inline-flex"
              download="meeting.ics"
              href={`data:text/calendar;charset=utf-8,${encodeURIComponent(answer.ics)}`}
            >
              {t('oneTime:booking.addToCalendar')}
            </a>
          </div>
        ) : null}

        {!answer?.ok && invitee?.isConfirmed && !invitee.isCanceled ? (
          <p className="rounded-lg bg-surface p-3 text-sm" data-testid="one-time-already">
            {t('oneTime:booking.alreadyConfirmed')}
          </p>
        ) : null}
        {invitee?.isCanceled ? (
          <p className="rounded-lg bg-surface p-3 text-sm">{t('oneTime:errors.invitationCanceled')}</p>
        ) : null}
        {view.state === 'closed' ? (
          <p className="rounded-lg bg-surface p-3 text-sm">{t('oneTime:errors.closed')}</p>
        ) : null}
        {view.state === 'open' && !invitee && view.bookingPaused ? (
          <p className="rounded-lg bg-surface p-3 text-sm" role="status" data-testid="booking-paused">
            {t('oneTime:errors.paused')}
          </p>
        ) : null}
        {view.state === 'open' && !invitee && !view.bookingPaused && view.seatsLeft === 0 ? (
          <p className="rounded-lg bg-surface p-3 text-sm">{t('oneTime:errors.noSeats')}</p>
        ) : null}
        {view.state === 'canceled' ? (
          <p className="rounded-lg bg-surface p-3 text-sm">{t('meetings:errors.canceled')}</p>
        ) : null}

        {canAnswer ? (
          <Form
            method="post"
            className="card grid gap-4 p-5"
            noValidate
            data-testid="one-time-booking-form"
            onFocusCapture={holdSeat}
          >
            <h2 className="text-lg font-semibold">
              {invitee ? t('oneTime:booking.confirmTitle') : t('booking:event.form.title')}
            </h2>
            {holder.data?.holdId ? (
              <>
                <input type="hidden" name="holdId" value={holder.data.holdId} />
                <p className="text-sm text-muted" data-testid="one-time-seat-held">
                  {t('oneTime:booking.seatHeld')}
                </p>
              </>
            ) : null}
            {holder.data?.error ? (
              <p className="text-sm text-error" role="alert">
                {holder.data.error}
              </p>
            ) : null}
            <FormErrors errors={answer && !answer.ok ? answer.errors : null} />
            <div className="grid gap-4 sm:grid-cols-2">{contact.names.map(contactField)}</div>
            {contact.reach.map(contactField)}
            {show(view.isMessengerRequired) ? (
              <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <SelectField
                  id="field-messengerType"
                  name="messengerType"
                  label={t('booking:event.form.messengerType')}
                  defaultValue={values.messengerType || 'WhatsApp'}
                  options={MESSENGERS.map((m) => ({ value: m, label: m }))}
                />
                {contactField({
                  name: 'messengerValue',
                  label: t('booking:event.form.messengerValue'),
                  required: view.isMessengerRequired,
                })}
              </div>
            ) : null}
            {contactField(contact.comment)}
            <Button type="submit" loading={navigation.state === 'submitting'} data-testid="one-time-answer">
              {invitee ? t('oneTime:booking.confirm') : t('booking:event.form.submit')}
            </Button>
          </Form>
        ) : null}
      </main>
    </>
  )
}
