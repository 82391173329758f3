import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { DisplayStatus, PlaceIcon } from '#app/domain/meetings/rules.ts'
import { meetingLink } from '#app/domain/meetings/rules.ts'

/** SPEC §4: upcoming an empty circle, completed a filled primary circle, cancelled a filled error circle. */
export function StatusCircle({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation()
  const style =
    status === 'upcoming'
      ? 'border-2 border-primary bg-transparent'
      : status === 'completed'
        ? 'bg-primary'
        : 'bg-error'
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-muted"
      data-testid="meeting-status"
      data-status={status}
    >
      <span className={`inline-block size-3 rounded-full ${style}`} aria-hidden="true" />
      {t(`meetings:status.${status}`)}
    </span>
  )
}

const ICONS: Record<PlaceIcon, string> = { zoom: 'Z', telemost: 'T', link: '🔗', phone: '☎', place: '📍' }

/** The meeting point with the Zoom, Telemost or generic icon (SPEC §5); online points are links. */
export function PlaceLine({ icon, point }: { icon: PlaceIcon; point: string | null }) {
  const { t } = useTranslation()
  const online = icon === 'zoom' || icon === 'telemost' || icon === 'link'
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="meeting-place" data-icon={icon}>
      <span
        className={`inline-flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-bold ${icon === 'zoom' ? 'bg-[#2d8cff] text-white' : icon === 'telemost' ? 'bg-[#ffcc00] text-ink' : 'bg-surface'}`}
        role="img"
        aria-label={t(`meetings:place.${icon}`)}
      >
        {ICONS[icon]}
      </span>
      {point ? (
        online ? (
          <a href={meetingLink(point)} target="_blank" rel="noreferrer noopener" className="break-all text-primary">
            {point}
          </a>
        ) : (
          <span className="break-words">{point}</span>
        )
      ) : (
        <span className="text-muted">{t(`meetings:place.${icon}`)}</span>
      )}
    </p>
  )
}

function messengerHref(type: string | null, value: string): string {
  const digits = value.replace(/[^\d]/g, '')
  if (type === 'Telegram') return `https://t.me/${value.replace(/^@/, '')}`
  if (type === 'Viber') return `viber://chat?number=%2B${digits}`
  return `https://wa.me/${digits}`
}

/** Messenger, phone and email links of a participant. */
export function ContactLinks({
  contact,
}: {
  contact: { email: string; phone: string | null; messengerType: string | null; messengerValue: string | null }
}) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <a className="text-primary" href={`mailto:${contact.email}`}>
        {contact.email}
      </a>
      {contact.phone ? (
        <a className="text-primary" href={`tel:${contact.phone}`}>
          {contact.phone}
        </a>
      ) : null}
      {contact.messengerValue ? (
        <a
          className="text-primary"
          href={messengerHref(contact.messengerType, contact.messengerValue)}
          target="_blank"
          rel="noreferrer noopener"
        >
          {contact.messengerType}: {contact.messengerValue}
        </a>
      ) : null}
    </span>
  )
}

export type OrganizerCardData = {
  userEventInfo: {
    id: string
    status: DisplayStatus
    isFaild: boolean | null
    date: string
    timeSlot: string
    participantCount: number
    isBelowMinSeats: boolean
    totalSeats: number
    participantType: string
  }
  eventTypeInfo: {
    eventTypeName: string
    color: string
    meetingPoint: string | null
    placeIcon: PlaceIcon
    description: string
  }
  contactInfos: {
    id: string
    firstName: string
    lastName: string
    email: string
    phone: string | null
    messengerType: string | null
    messengerValue: string | null
    isCanceled: boolean
  }[]
}

/** A meeting card of the organizer's list (SPEC §2 Meetings). */
export function OrganizerMeetingCard({ meeting, timeZone }: { meeting: OrganizerCardData; timeZone: string }) {
  const { t } = useTranslation()
  const info = meeting.userEventInfo
  const type = meeting.eventTypeInfo
  return (
    <article
      className="card relative overflow-hidden p-4 pl-5"
      data-testid="meeting-card"
      data-meeting-id={info.id}
      aria-labelledby={`meeting-${info.id}`}
    >
      <span className="absolute inset-y-0 left-0 w-1.5" style={{ background: type.color }} aria-hidden="true" />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`meeting-${info.id}`} className="font-semibold">
            <Link to={`/meetings/${info.id}`} className="hover:text-primary">
              {type.eventTypeName}
            </Link>
          </h3>
          <p className="text-sm" data-testid="meeting-time">
            {info.date}, {info.timeSlot} <span className="text-muted">({timeZone})</span>
          </p>
        </div>
        <StatusCircle status={info.status} />
      </div>
      <div className="mt-2 space-y-1">
        <PlaceLine icon={type.placeIcon} point={type.meetingPoint} />
        {type.description ? <p className="line-clamp-2 text-sm text-muted">{type.description}</p> : null}
        <ul className="space-y-1">
          {meeting.contactInfos
            .filter((c) => !c.isCanceled)
            .map((contact) => (
              <li key={contact.id} className="flex flex-wrap items-center gap-x-3 text-sm">
                <span className="font-medium">{`${contact.firstName} ${contact.lastName}`.trim()}</span>
                <ContactLinks contact={contact} />
              </li>
            ))}
        </ul>
        <p
          className={`text-sm ${info.isBelowMinSeats ? 'font-medium text-error' : 'text-muted'}`}
          data-testid="meeting-count"
          data-below-min={info.isBelowMinSeats || undefined}
        >
          {t('meetings:card.participants', { count: info.participantCount })}
        </p>
      </div>
    </article>
  )
}
