/** The public JSON shapes (SPEC §3 "Public user", API-CONTRACT.md "Public booking"): nothing else of the host leaks. */
import { type BookingChannel, type Capability, bookingPause, showsCostAndRedirect } from '#app/domain/plans.ts'
import { publicPlace } from '#app/domain/meetings/video-place.ts'
import type { EventTypeRow, HostRow, PublicEventContext } from './availability.server.ts'

export const CURRENCY_SYMBOLS = { RUB: '₽', USD: '$', EUR: '€' } as const

export function avatarUrl(host: Pick<HostRow, 'imageKey'>): string | null {
  return host.imageKey ? `/avatars/${host.imageKey}` : null
}

export function publicEventTypeSummary(eventType: EventTypeRow) {
  return {
    name: eventType.name,
    link: eventType.link,
    description: eventType.description,
    durationInMinutes: eventType.durationInMinutes,
    color: eventType.color,
    eventTypePlaceType: eventType.placeType,
    participantType: eventType.participantType,
  }
}

/** What the host's plan in force pauses of a new booking of this event type here (app/domain/plans.ts). */
export function pausedOf(
  context: { host: Pick<HostRow, 'plan'>; eventType: Pick<EventTypeRow, 'participantType'> },
  channel: BookingChannel = 'page',
): Capability | null {
  return bookingPause(context.host.plan, { participantType: context.eventType.participantType, channel })
}

export function publicHostView(host: HostRow, eventTypes: EventTypeRow[]) {
  return {
    userId: host.id,
    login: host.login,
    profileImageUrl: avatarUrl(host),
    firstName: host.firstName,
    lastName: host.lastName,
    description: host.description,
    eventTypes: eventTypes.map((eventType) => ({
      ...publicEventTypeSummary(eventType),
      bookingPaused: pausedOf({ host, eventType }) !== null,
    })),
  }
}

export function publicEventTypeView({ host, eventType, schedule }: PublicEventContext) {
  const group = eventType.participantType.startsWith('Group')
  // Cost and redirect are Pro's: on a plan without them they are neither shown nor applied (ADR 0097).
  const showCost = eventType.isShowCost && showsCostAndRedirect(host.plan)
  const redirect = eventType.isShowRedirection && showsCostAndRedirect(host.plan)
  const place = publicPlace(eventType)
  return {
    ...publicEventTypeSummary(eventType),
    // An address only: an online meeting's link reaches its participants, never the public page (issue 15).
    meetingPoint: place.kind === 'Meet' ? place.address : null,
    placeService: place.kind === 'Online' ? place.service : null,
    whoCallType: eventType.whoCallType,
    minSeats: group ? eventType.minSeats : null,
    totalSeats: group ? eventType.totalSeats : null,
    cost: showCost ? eventType.cost : null,
    currency: showCost ? eventType.currency : null,
    currencySymbol: showCost && eventType.currency ? CURRENCY_SYMBOLS[eventType.currency] : null,
    isShowRedirection: redirect,
    redirectUrl: redirect ? eventType.redirectUrl : null,
    redirectComment: redirect ? eventType.redirectComment : null,
    isLastNameRequired: eventType.isLastNameRequired,
    isPhoneRequired: eventType.isPhoneRequired,
    isMessengerRequired: eventType.isMessengerRequired,
    isOptionalInputsHidden: eventType.isOptionalInputsHidden,
    timeZone: schedule.timeZone,
    organizer: {
      login: host.login,
      firstName: host.firstName,
      lastName: host.lastName,
      description: host.description,
      profileImageUrl: avatarUrl(host),
    },
  }
}
