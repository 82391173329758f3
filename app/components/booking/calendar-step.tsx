import { Form, useActionData, useNavigate, useSubmit } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isoToDmy } from '#app/domain/time/index.ts'
import type { ActionAnswer } from '#app/server/booking/page/flow.server.ts'
import { MonthCalendar, SlotOptions, monthKey } from './month-calendar.tsx'
import { ErrorNote, SubmitButton } from './form-fields.tsx'
import { withParams } from './search-params.ts'
import { WaitlistSlots } from './waitlist-step.tsx'
import { keepZone } from '#app/utils/zone-cookie.ts'
import type { ZoneOption } from './zone-options.ts'
import { ZoneSelect } from './zone-select.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { CalendarData, Chosen, EventPageData } from './event-page-data.ts'
import { useLiveCalendar } from './live-calendar.ts'

/** In the browser, show slots in the browser's own zone unless the viewer chose one (SPEC: detected, changeable). */
export function useDetectedTimeZone(data: EventPageData, zones: ZoneOption[] | null) {
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

export function ZonePicker({
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

export function CalendarStep({
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

export function SlotPicker({
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
        <SlotOptions
          slots={calendar.slots}
          type="checkbox"
          name="slot"
          testId="slot"
          columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-1"
          note={(slot) =>
            group ? (
              <span className="text-xs font-normal opacity-80">
                {t('booking:event.seatsLeft', { count: slot.seatsLeft })}
              </span>
            ) : null
          }
        />
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

export function ChosenList({ data, chosen }: { data: EventPageData; chosen: Chosen[] }) {
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
