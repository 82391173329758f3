import { useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { SuccessStep } from './success-step.tsx'
import { PausedStep } from './paused-step.tsx'
import { WaitlistStep } from './waitlist-step.tsx'
import { useInFrame, useWidgetBridge } from './widget-bridge.ts'
import { ZONE_DEPENDENT_ATTRIBUTE, ZoneFirstRender } from './zone-first-render.tsx'
import { useZoneOptions } from './zone-options.ts'
import type { EventPageData } from './event-page-data.ts'
import { CalendarStep, useDetectedTimeZone } from './calendar-step.tsx'
import { ContactOrganizer, EventDetails } from './event-details.tsx'
import { FormStep } from './form-step.tsx'

export type { EventPageData, EventView } from './event-page-data.ts'
export { eventPageShouldRevalidate } from './live-calendar.ts'

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
