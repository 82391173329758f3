import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation, useSubmit } from '@remix-run/react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isoToDmy } from '#app/domain/time/index.ts'
import type { AccountOffer } from '#app/server/booking/after-booking.server.ts'
import type { ActionAnswer } from '#app/server/booking/page/flow.server.ts'
import type { CalendarAnswer } from '#app/server/booking/page/calendar.server.ts'
import { MonthCalendar, SlotOption, monthKey } from './month-calendar.tsx'
import { ErrorNote, Fields, MessengerFields, SubmitButton, contactFieldSpecs } from './form-fields.tsx'
import { CompanionFields, SignInNote } from './form-extras.tsx'
import { Linkified } from './linkify.tsx'
import { withParams } from './search-params.ts'
import { SuccessStep } from './success-step.tsx'
import { PausedStep } from './paused-step.tsx'
import { WaitlistSlots, WaitlistStep, type WaitlistStepData } from './waitlist-step.tsx'
import type { Capability } from '#app/domain/plans.ts'
import { ProfilePopup, type PublicProfile } from './profile-card.tsx'
import { useInFrame, useWidgetBridge } from './widget-bridge.ts'
import { keepZone } from '#app/utils/zone-cookie.ts'
import { ZONE_DEPENDENT_ATTRIBUTE, ZoneFirstRender } from './zone-first-render.tsx'
import { type ZoneOption, useZoneOptions } from './zone-options.ts'
import { ZoneSelect } from './zone-select.tsx'
import type { MeetingLinkKind } from '#app/domain/meetings/meeting-link.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export type EventView = {
  name: string
  link: string
  description: string
  durationInMinutes: number
  color: string
  eventTypePlaceType: 'Meet' | 'Online' | 'Phone'
  participantType: string
  meetingPoint: string | null
  placeService: MeetingLinkKind | null
  totalSeats: number | null
  cost: number | null
  currencySymbol: string | null
  redirectComment: string | null
  isLastNameRequired: boolean
  isPhoneRequired: boolean
  isMessengerRequired: boolean
  isOptionalInputsHidden: boolean
  organizer: PublicProfile & { login: string }
}

type Times = { start: number; date: string; from: string; to: string }
type Chosen = Times & { id: string; active: boolean }

export type EventPageData = {
  mode: 'page' | 'widget'
  basePath: string
  size: 'small' | 'large'
  event: EventView
  viewerTimeZone: string
  tzFromUrl: boolean
  /** The guest chose the zone (`?tz=` or the `tz` cookie); otherwise it is the host's (zone-first-render.tsx). */
  zoneChosen: boolean
  viewerZoneName: string
  kept: string
  keptWithHolds: string
  holdMinutes: number
} & (
  | {
      step: 'calendar'
      chosen: Chosen[]
      /** The hold client id the server issued for this page (ADR 0094). */
      clientId: string
      calendar: {
        year: number
        month: number
        isCurrentMonth: boolean
        days: string[]
        date: string | null
        monthRequested: string | null
        dateRequested: string | null
        slots: { start: number; from: string; to: string; seatsLeft: number }[]
        /** Full slots with a waitlist (ADR 0108). */
        full: { start: number; from: string; to: string }[]
      }
    }
  | ({ step: 'waitlist' } & Pick<WaitlistStepData, 'waitlist'>)
  | {
      step: 'form'
      chosen: Chosen[]
      idempotencyKey: string
      /** The signed-in client whose details fill the form (the login step), or null. */
      client: { firstName: string; lastName: string; email: string; phone: string } | null
      loginUrl: string
      maxCompanions: number
    }
  /** The host's plan pauses new bookings here (ADR 0097): what is missing, and the full page (for the widget). */
  | { step: 'paused'; paused: Capability; pageUrl: string }
  | {
      step: 'success'
      success: {
        bookingId: string
        email: string
        meetingIds: string[]
        /** Each booked meeting with its self-service link and its "add to calendar" links (issue 18). */
        items: (Times & { manageUrl: string | null; calendarLinks: { google: string; outlook: string } })[]
        redirect: { url: string; comment: string; seconds: number } | null
        icsUrl: string
        telegram: { suggested: boolean; connected: boolean } | null
        /** Null inside a frame: the offer links to `pageUrl`, the full page. */
        account: AccountOffer | null
        pageUrl: string
      }
    }
)

/** The calendar params a month or day link changes; everything else in the URL needs the page loader. */
const CALENDAR_PARAMS = ['month', 'date']

function withoutCalendarParams(url: URL) {
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

function calendarKey(month: string | null | undefined, date: string | null | undefined) {
  return `${month ?? ''}|${date ?? ''}`
}

type CalendarData = Extract<EventPageData, { step: 'calendar' }>['calendar']

/**
 * The calendar the page shows: the loader's, then whatever the URL's month and date ask for, fetched from the
 * calendar resource (a month: its free days and first free day's slots; a day of the shown month: its slots).
 */
function useLiveCalendar(data: Extract<EventPageData, { step: 'calendar' }>) {
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

export function EventPage({ data: loaded }: { data: EventPageData }) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  // Inside a frame the page is the widget (SPEC §2), also when the server could not tell (no Sec-Fetch-Dest).
  const framed = useInFrame()
  // Memoized: the widget bridge and the zone detection run again only when the data changes.
  const data = useMemo(
    () => (framed && loaded.mode !== 'widget' ? { ...loaded, mode: 'widget' as const } : loaded),
    [framed, loaded],
  )
  const widget = data.mode === 'widget'
  // The zone list: the calendar's picker shows it; detecting the browser's zone checks against it.
  const zones = useZoneOptions(i18n.language, data.step === 'calendar' || (data.step === 'form' && !data.tzFromUrl))
  useWidgetBridge(data)
  useDetectedTimeZone(data, zones)
  return (
    <main
      className={widget ? 'mx-auto w-full max-w-4xl p-3 sm:p-4' : 'container-page py-6 sm:py-10'}
      data-testid="event-page"
      data-step={data.step}
    >
      {data.step === 'success' ? null : <ZoneFirstRender {...data} />}
      <div
        aria-hidden={!busy}
        className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-primary transition-transform duration-300 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <div className={`grid gap-6 ${data.size === 'small' ? '' : 'lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]'}`}>
        <EventDetails data={data} />
        <section className="card min-w-0 p-4 sm:p-6" aria-busy={busy} {...{ [ZONE_DEPENDENT_ATTRIBUTE]: '' }}>
          {busy ? (
            <p className="sr-only" role="status">
              {t('booking:event.loading')}
            </p>
          ) : null}
          {data.step === 'calendar' ? <CalendarStep data={data} zones={zones} /> : null}
          {data.step === 'form' ? <FormStep data={data} /> : null}
          {data.step === 'success' ? <SuccessStep data={data} /> : null}
          {data.step === 'paused' ? <PausedStep data={data} /> : null}
          {data.step === 'waitlist' ? <WaitlistStep data={data} /> : null}
        </section>
      </div>
      {data.step !== 'success' ? <ContactOrganizer data={data} /> : null}
    </main>
  )
}

function EventDetails({ data }: { data: EventPageData }) {
  const { t } = useTranslation()
  const { event } = data
  const place =
    event.eventTypePlaceType === 'Phone'
      ? t('booking:event.placePhone')
      : event.eventTypePlaceType === 'Online'
        ? event.placeService && event.placeService !== 'link'
          ? t('common:onlineWith', { service: t(`common:videoService.${event.placeService}`) })
          : t('booking:event.placeOnline')
        : event.meetingPoint
  const hostUrl = `/user/${event.organizer.login}${withParams(data.kept, { tz: null, size: null })}`
  return (
    <aside className="card relative overflow-visible p-4 sm:p-6">
      <span
        aria-hidden="true"
        className="absolute inset-y-4 left-0 w-1.5 rounded-r"
        style={{ background: event.color }}
      />
      <Link
        to={hostUrl}
        className="text-sm text-primary hover:underline"
        target={data.mode === 'widget' ? '_blank' : undefined}
      >
        ← {t('booking:event.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold break-words" data-testid="event-name">
        {event.name}
      </h1>
      <div className="mt-3">
        <ProfilePopup profile={event.organizer} />
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <Detail label={t('booking:event.duration')}>
          {t('booking:host.minutes', { count: event.durationInMinutes })}
        </Detail>
        {place ? (
          <Detail label={t('booking:event.place')}>
            <Linkified text={place} />
          </Detail>
        ) : null}
        {event.totalSeats ? (
          <Detail label={t('booking:event.seats')}>{t('booking:event.seatsOf', { count: event.totalSeats })}</Detail>
        ) : null}
        {event.cost !== null ? (
          <Detail label={t('booking:event.cost')}>
            {event.cost} {event.currencySymbol}
          </Detail>
        ) : null}
      </dl>
      {event.description ? (
        <p className="mt-4 whitespace-pre-line break-words text-sm text-muted">
          <Linkified text={event.description} />
        </p>
      ) : null}
      {event.redirectComment ? <p className="mt-3 text-sm text-muted">{event.redirectComment}</p> : null}
    </aside>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  )
}

/** In the browser, show slots in the browser's own zone unless the viewer chose one (SPEC: detected, changeable). */
function useDetectedTimeZone(data: EventPageData, zones: ZoneOption[] | null) {
  const navigate = useNavigate()
  useEffect(() => {
    if (data.zoneChosen || data.step === 'success' || !zones) return
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone
    // Kept for the next visit, so its first render is already in this zone (zone-first-render.tsx).
    if (detected) keepZone(detected)
    if (detected && detected !== data.viewerTimeZone && zones.some((z) => z.id === detected)) {
      navigate(
        `${data.basePath}${withParams(data.keptWithHolds, { tz: detected, step: data.step === 'form' ? 'form' : null })}`,
        {
          replace: true,
          preventScrollReset: true,
        },
      )
    }
  }, [data, zones, navigate])
}

function ZonePicker({
  data,
  zones,
  extra,
}: {
  data: EventPageData
  zones: ZoneOption[] | null
  extra: Record<string, string | null>
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  // The select submits itself on change; the button is for pages without script.
  const hydrated = useHydrated()
  const hidden = Object.entries(
    Object.fromEntries(new URLSearchParams(withParams(data.keptWithHolds, { tz: null, ...extra }))),
  )
  return (
    <Form method="get" action={data.basePath} className="flex flex-wrap items-end gap-2" data-testid="zone-picker">
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="text-muted">{t('booking:event.timeZone')}</span>
        <ZoneSelect
          zones={zones}
          value={data.viewerTimeZone}
          valueName={data.viewerZoneName}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        />
      </div>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          {t('booking:event.changeTimeZone')}
        </button>
      )}
    </Form>
  )
}

function CalendarStep({
  data,
  zones,
}: {
  data: Extract<EventPageData, { step: 'calendar' }>
  zones: ZoneOption[] | null
}) {
  const { t } = useTranslation()
  const answer = useActionData<ActionAnswer>()
  const { calendar, busy } = useLiveCalendar(data)
  const activeChosen = data.chosen.filter((c) => c.active)
  return (
    <div className="space-y-5">
      <ZonePicker data={data} zones={zones} extra={{ month: monthKey(calendar.year, calendar.month) }} />
      {answer?.intent === 'hold' ? <ErrorNote text={answer.error} /> : null}
      {activeChosen.length > 0 ? <ChosenList data={data} chosen={activeChosen} /> : null}
      <div className={`grid gap-6 ${data.size === 'small' ? '' : 'md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]'}`}>
        <MonthCalendar
          {...calendar}
          busy={busy}
          link={(params) => `${data.basePath}${withParams(data.keptWithHolds, params)}`}
        />
        <SlotPicker data={data} calendar={calendar} busy={busy} />
      </div>
      {busy ? (
        <p className="sr-only" role="status" data-testid="calendar-loading">
          {t('booking:event.loading')}
        </p>
      ) : null}
    </div>
  )
}

function SlotPicker({
  data,
  calendar,
  busy,
}: {
  data: Extract<EventPageData, { step: 'calendar' }>
  calendar: CalendarData
  busy: boolean
}) {
  const { t } = useTranslation()
  // Kept for the page's life: revalidations issue new ids, while holds already made belong to the first.
  const [clientId] = useState(data.clientId)
  if (!calendar.date) return null
  const group = data.event.totalSeats !== null
  return (
    <Form
      method="post"
      action={`${data.basePath}${data.keptWithHolds}`}
      className={`min-w-0 transition-opacity ${busy ? 'opacity-50' : ''}`}
      aria-busy={busy}
      data-testid="slot-picker"
      preventScrollReset
    >
      <h3 className="font-semibold">{t('booking:event.slotsOf', { date: isoToDmy(calendar.date) })}</h3>
      <p className="mt-1 text-xs text-muted">{t('booking:event.chooseSlots')}</p>
      <input type="hidden" name="intent" value="hold" />
      <input type="hidden" name="clientId" value={clientId} />
      {calendar.slots.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('booking:errors.noSlots')}</p>
      ) : (
        <ul className="mt-3 grid max-h-96 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3 md:grid-cols-1">
          {calendar.slots.map((slot) => (
            <li key={slot.start}>
              <SlotOption type="checkbox" name="slot" value={slot.start} testId="slot">
                <span className="whitespace-nowrap">
                  {slot.from}–{slot.to}
                </span>
                {group ? (
                  <span className="text-xs font-normal opacity-80">
                    {t('booking:event.seatsLeft', { count: slot.seatsLeft })}
                  </span>
                ) : null}
              </SlotOption>
            </li>
          ))}
        </ul>
      )}
      <SubmitButton className="btn-primary mt-4 w-full" testId="continue">
        {t('booking:event.continue')}
      </SubmitButton>
      <WaitlistSlots
        slots={calendar.full}
        link={(start) => `${data.basePath}${withParams(data.kept, { waitlist: String(start) })}`}
      />
    </Form>
  )
}

function ChosenList({ data, chosen }: { data: EventPageData; chosen: Chosen[] }) {
  const { t } = useTranslation()
  return (
    <div className="rounded-xl bg-surface p-3" data-testid="chosen">
      <p className="text-sm font-semibold">{t('booking:event.selected')}</p>
      <ul className="mt-2 space-y-1">
        {chosen.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span data-testid="chosen-slot">
              {isoToDmy(c.date)} {c.from}–{c.to}
              {c.active ? null : <span className="ml-2 text-error">({t('booking:event.expired')})</span>}
            </span>
            <Form method="post" action={`${data.basePath}${data.keptWithHolds}`} preventScrollReset>
              <input type="hidden" name="intent" value="release" />
              <input type="hidden" name="holdId" value={c.id} />
              <button type="submit" className="text-xs text-primary underline">
                {t('booking:event.remove')}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The booking form's fields, each with its label under `booking:event.form.<name>`. */
const FORM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment']

function FormStep({ data }: { data: Extract<EventPageData, { step: 'form' }> }) {
  const { t } = useTranslation()
  const answer = useActionData<ActionAnswer>()
  const { event } = data
  const mine = answer?.intent === 'book' ? answer : undefined
  const errors = mine?.fieldErrors ?? {}
  // A refused post keeps what was typed; a fresh form starts from the signed-in client's details (the login step).
  const values = mine?.values ?? { ...data.client }
  const hideOptional = event.isOptionalInputsHidden
  const show = (required: boolean) => required || !hideOptional
  const contact = contactFieldSpecs(t, event, show)
  // The fields this form shows; an error about any other (or about the form as a whole) is named in the summary.
  const shown = new Set(['firstName', 'email'])
  if (show(event.isLastNameRequired)) shown.add('lastName')
  if (show(event.isPhoneRequired)) shown.add('phone')
  if (show(event.isMessengerRequired)) shown.add('messengerType').add('messengerValue')
  if (!hideOptional) shown.add('comment')
  const unshown = Object.entries(errors).filter(([name]) => !shown.has(name) && !name.startsWith('emails'))
  return (
    <div className="space-y-5">
      <ChosenList data={data} chosen={data.chosen} />
      <p className="text-xs text-muted">{t('booking:event.holdNote', { count: data.holdMinutes })}</p>
      <Link
        to={`${data.basePath}${data.keptWithHolds}`}
        className="text-sm text-primary underline"
        data-testid="add-more"
      >
        {t('booking:event.addMore')}
      </Link>
      <Form
        method="post"
        action={`${data.basePath}${withParams(data.keptWithHolds, { step: 'form' })}`}
        className="grid gap-4"
        data-testid="booking-form"
        noValidate
      >
        <h2 className="text-lg font-semibold">{t('booking:event.form.title')}</h2>
        <SignInNote client={data.client} loginUrl={data.loginUrl} inWidget={data.mode === 'widget'} />
        <ErrorNote text={mine?.error}>
          {unshown.length > 0 ? (
            <ul className="mt-1 list-disc pl-5" data-testid="form-errors">
              {unshown.map(([name, text]) => (
                <li key={name}>
                  {FORM_FIELDS.includes(name) ? `${t(`booking:event.form.${name}`)}: ` : ''}
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
        </ErrorNote>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        {/* Enter in a field presses the form's first submit: booking, not "add one more" further down. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Fields errors={errors} values={values} specs={contact.names} />
        </div>
        <Fields errors={errors} values={values} specs={contact.reach} />
        {show(event.isMessengerRequired) ? (
          <MessengerFields required={event.isMessengerRequired} errors={errors} values={values} />
        ) : null}
        <Fields
          errors={errors}
          values={values}
          specs={[
            !hideOptional && {
              name: 'comment',
              label: t('booking:event.form.comment'),
              required: false,
              rows: 3,
              maxLength: 1500,
            },
          ]}
        />
        <CompanionFields
          group={event.totalSeats !== null}
          typed={mine?.companions ?? []}
          errors={Object.fromEntries(Object.entries(errors).filter(([name]) => name.startsWith('emails')))}
          max={data.maxCompanions}
        />
        <SubmitButton testId="book">{t('booking:event.form.submit')}</SubmitButton>
      </Form>
    </div>
  )
}

function ContactOrganizer({ data }: { data: EventPageData }) {
  const { t } = useTranslation()
  const answer = useActionData<ActionAnswer>()
  const mine = answer?.intent === 'message' ? answer : undefined
  const errors = mine?.fieldErrors ?? {}
  const values = mine?.values ?? {}
  return (
    <details className="card mt-6 p-4 sm:p-6" open={mine ? true : undefined} data-testid="contact-organizer">
      <summary className="cursor-pointer font-semibold">{t('booking:event.contact.title')}</summary>
      {mine?.messageSent ? (
        <p role="status" className="mt-3 text-success">
          {t('booking:event.contact.sent')}
        </p>
      ) : (
        <Form
          method="post"
          action={`${data.basePath}${data.keptWithHolds}`}
          className="mt-4 grid gap-4"
          preventScrollReset
          noValidate
        >
          <input type="hidden" name="intent" value="message" />
          <ErrorNote text={mine?.error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Fields
              prefix="contact"
              errors={errors}
              values={values}
              specs={[
                { name: 'name', label: t('booking:event.contact.name'), required: true },
                { name: 'email', type: 'email', label: t('booking:event.contact.email'), required: true },
              ]}
            />
          </div>
          <Fields
            prefix="contact"
            errors={errors}
            values={values}
            specs={[
              { name: 'phone', type: 'tel', label: t('booking:event.contact.phone'), required: false },
              { name: 'text', label: t('booking:event.contact.text'), required: true, rows: 4, maxLength: 1500 },
            ]}
          />
          <button type="submit" className="btn-secondary justify-self-start">
            {t('booking:event.contact.send')}
          </button>
        </Form>
      )}
    </details>
  )
}

export function EventNotFound() {
  const { t } = useTranslation()
  return (
    <main className="container-page py-16 text-center" data-testid="event-not-found">
      <h1 className="text-2xl font-semibold">{t('booking:event.notFoundTitle')}</h1>
      <p className="mt-2 text-muted">{t('booking:event.notFoundText')}</p>
    </main>
  )
}
