import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Fields, useFormAnswer } from './form-fields.tsx'
import { Linkified } from './linkify.tsx'
import { withParams } from './search-params.ts'
import { ProfilePopup } from './profile-card.tsx'
import type { EventPageData } from './event-page-data.ts'

export function EventDetails({ data }: { data: EventPageData }) {
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

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  )
}

export function ContactOrganizer({ data }: { data: EventPageData }) {
  const { t } = useTranslation()
  const { mine, errors, values } = useFormAnswer('message')
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
          <Fields
            prefix="contact"
            errors={errors}
            values={values}
            paired={[
              { name: 'name', label: t('booking:event.contact.name'), required: true },
              { name: 'email', type: 'email', label: t('booking:event.contact.email'), required: true },
            ]}
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
