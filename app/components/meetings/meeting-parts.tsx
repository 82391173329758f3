import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { DateField, type DateFieldProps } from '#app/components/ui/date-time-inputs.tsx'
import { FormErrors } from '#app/components/ui/field.tsx'
import type { DisplayStatus, PlaceIcon } from '#app/domain/meetings/rules.ts'
import { type VideoService, recognizeMeetingLink } from '#app/domain/meetings/meeting-link.ts'
import { type ConflictData, MeetingConflicts } from './meeting-conflicts.tsx'

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

/** Inline SVG strokes (currentColor): no emoji, which shows as an empty box without an emoji font. */
function SvgIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** A known video service's badge: its initial in its own colour (SPEC §5 "own icons"). */
const SERVICE_BADGES: Record<VideoService, { text: string; className: string }> = {
  telemost: { text: 'T', className: 'bg-[#ffcc00] text-ink' },
  zoom: { text: 'Z', className: 'bg-[#2d8cff] text-white' },
  googleMeet: { text: 'M', className: 'bg-[#00897b] text-white' },
  teams: { text: 'T', className: 'bg-[#5059c9] text-white' },
  jitsi: { text: 'J', className: 'bg-[#1d76ba] text-white' },
  vkTeams: { text: 'VK', className: 'bg-[#0077ff] text-white' },
  skype: { text: 'S', className: 'bg-[#00aff0] text-white' },
}

const ICONS: Record<Exclude<PlaceIcon, VideoService>, ReactNode> = {
  link: (
    <SvgIcon>
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
    </SvgIcon>
  ),
  phone: (
    <SvgIcon>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </SvgIcon>
  ),
  place: (
    <SvgIcon>
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </SvgIcon>
  ),
}

/** A meeting's page: where it is (`PlaceLine`), then its description with its line breaks. */
export function PlaceAndDescription({
  icon,
  point,
  description,
}: {
  icon: PlaceIcon
  point: string | null
  description: string | null | undefined
}) {
  return (
    <>
      <PlaceLine icon={icon} point={point} />
      {description ? <p className="whitespace-pre-line text-sm text-muted">{description}</p> : null}
    </>
  )
}

/**
 * The meeting point with its service's, a link's, a phone's or an address's icon (SPEC §5). An online point is a link
 * only when the one recogniser accepts it (http or https), so a stored `javascript:` point never becomes an href.
 */
export function PlaceLine({ icon, point }: { icon: PlaceIcon; point: string | null }) {
  const { t } = useTranslation()
  const badge = icon in SERVICE_BADGES ? SERVICE_BADGES[icon as VideoService] : null
  const link = point && icon !== 'phone' && icon !== 'place' ? recognizeMeetingLink(point) : null
  const name = badge ? t(`common:videoService.${icon}`) : t(`meetings:place.${icon}`)
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="meeting-place" data-icon={icon}>
      <span
        className={`inline-flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-bold ${badge?.className ?? 'bg-surface'}`}
        role="img"
        aria-label={name}
      >
        {badge ? badge.text : ICONS[icon as Exclude<PlaceIcon, VideoService>]}
      </span>
      {point ? (
        link?.ok ? (
          <a href={link.url} target="_blank" rel="noreferrer noopener" className="break-all text-primary">
            {point}
          </a>
        ) : (
          <span className="break-words">{point}</span>
        )
      ) : (
        <span className="text-muted">{name}</span>
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
    start: string
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
  conflicts: ConflictData[]
}

/** A meeting card of the organizer's list (SPEC §2 Meetings). */
export function OrganizerMeetingCard({
  meeting,
  timeZone,
  zoneName,
}: {
  meeting: OrganizerCardData
  timeZone: string
  /** The zone's readable name (the loader's `zoneName`), shown beside the time. */
  zoneName: string
}) {
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
            {info.date}, {info.timeSlot} <span className="text-muted">({zoneName})</span>
          </p>
        </div>
        <StatusCircle status={info.status} />
      </div>
      <div className="mt-2 space-y-1">
        <MeetingConflicts conflicts={meeting.conflicts} zone={timeZone} meetingStart={info.start} />
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

/** The translated errors of a failed page action, above the meeting. */
export function ActionErrors({ errors, testId }: { errors: readonly string[]; testId?: string }) {
  return <FormErrors errors={errors} testId={testId} padding="p-3" />
}

/** The meeting's card head: colour stripe, name, time in the viewer's zone, organizer, status; details below. */
export function MeetingHead({
  color,
  name,
  date,
  timeSlot,
  zone,
  organizer,
  status,
  heading = 'h1',
  children,
}: {
  color: string
  name: string
  date: string
  timeSlot: string
  zone: string
  organizer?: string
  status: DisplayStatus
  heading?: 'h1' | 'h2'
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const Heading = heading
  return (
    <article className="card relative overflow-hidden p-5 pl-6">
      <span className="absolute inset-y-0 left-0 w-2" style={{ background: color }} aria-hidden="true" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading className={heading === 'h1' ? 'text-2xl font-semibold' : 'text-xl font-semibold'}>{name}</Heading>
          <p className="mt-1" data-testid="meeting-time">
            {date}, {timeSlot} <span className="text-muted">({zone})</span>
          </p>
          {organizer ? <p className="text-sm text-muted">{t('meetings:card.organizer', { name: organizer })}</p> : null}
        </div>
        <StatusCircle status={status} />
      </div>
      {children}
    </article>
  )
}

/** The new date of a meeting being moved (`date`, from `minDate` on), in the slot picker and a one-time meeting's form. */
export function RescheduleDate({
  minDate,
  ...field
}: { minDate: string } & Pick<DateFieldProps, 'value' | 'defaultValue' | 'onChange' | 'errors'>) {
  const { t } = useTranslation()
  return (
    <DateField
      label={t('meetings:reschedule.date')}
      name="date"
      required
      min={minDate}
      max="2099-12-31"
      className="w-full sm:w-44"
      {...field}
    />
  )
}

/**
 * The "change time" picker: a date (GET, so it works without script; `DD.MM.YYYY` as typed, read on the server),
 * then that date's free starts as radio buttons posted with `intent=reschedule`. The starts come from the
 * availability engine on the server.
 */
export function SlotPicker({
  minDate,
  picked,
  slots,
  zoneName,
  busy,
}: {
  minDate: string
  /** The date asked for (`YYYY-MM-DD`), what was typed, and the translated error when it is no date. */
  picked: { date: string | null; typed: string; error: string | null }
  slots: readonly { start: string; from: string }[] | null
  /** The zone's readable name (the loader's `zoneName`), never the IANA id. */
  zoneName: string
  busy: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      {/* Top-aligned, the button a label's height down: an error under the date does not pull the button down. */}
      <Form method="get" className="mt-3 flex flex-wrap items-start gap-2">
        <RescheduleDate
          minDate={minDate}
          defaultValue={picked.date ?? picked.typed}
          errors={[picked.error ?? undefined]}
        />
        <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]">
          {t('meetings:reschedule.show')}
        </Button>
      </Form>
      {slots ? (
        slots.length === 0 ? (
          <p className="mt-3 text-sm text-muted" data-testid="no-slots">
            {t('meetings:reschedule.none')}
          </p>
        ) : (
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="reschedule" />
            <fieldset>
              <legend className="text-sm font-medium">{t('meetings:reschedule.pick', { zone: zoneName })}</legend>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                {slots.map((slot) => (
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
    </>
  )
}
