import type { AccountOffer } from '#app/server/booking/after-booking.server.ts'
import type { WaitlistStepData } from './waitlist-step.tsx'
import type { Capability } from '#app/domain/plans.ts'
import type { PublicProfile } from './profile-card.tsx'
import type { MeetingLinkKind } from '#app/domain/meetings/meeting-link.ts'

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

export type Times = { start: number; date: string; from: string; to: string }
export type Chosen = Times & { id: string; active: boolean }

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

export type CalendarData = Extract<EventPageData, { step: 'calendar' }>['calendar']
