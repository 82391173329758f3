/** The public JSON shapes (SPEC §3 "Public user", API-CONTRACT.md "Public booking"): nothing else of the host leaks. */
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

export function publicHostView(host: HostRow, eventTypes: EventTypeRow[]) {
  return {
    userId: host.id,
    login: host.login,
    profileImageUrl: avatarUrl(host),
    firstName: host.firstName,
    lastName: host.lastName,
    description: host.description,
    eventTypes: eventTypes.map(publicEventTypeSummary),
  }
}

export function publicEventTypeView({ host, eventType, schedule }: PublicEventContext) {
  const group = eventType.participantType.startsWith('Group')
  return {
    ...publicEventTypeSummary(eventType),
    meetingPoint: eventType.placeType === 'Phone' ? null : eventType.meetingPoint,
    whoCallType: eventType.whoCallType,
    minSeats: group ? eventType.minSeats : null,
    totalSeats: group ? eventType.totalSeats : null,
    cost: eventType.isShowCost ? eventType.cost : null,
    currency: eventType.isShowCost ? eventType.currency : null,
    currencySymbol: eventType.isShowCost && eventType.currency ? CURRENCY_SYMBOLS[eventType.currency] : null,
    isShowRedirection: eventType.isShowRedirection,
    redirectUrl: eventType.isShowRedirection ? eventType.redirectUrl : null,
    redirectComment: eventType.isShowRedirection ? eventType.redirectComment : null,
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
