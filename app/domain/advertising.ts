/**
 * Home page advertising cards (SPEC §3 "Advertising", §7 `GET /eventAdvertising`): each suggests one next step, is
 * never shown for what the specialist already has, and once closed stays closed (advertising_closures).
 */
import type { PlanName } from './enums.ts'
import { plansPath } from './plans.ts'

export const ADVERTISING_CARDS = ['connectCalendar', 'telegramBot', 'upgrade', 'shareLink'] as const
export type AdvertisingCardId = (typeof ADVERTISING_CARDS)[number]

/** Where each card leads. */
export const ADVERTISING_LINKS: Record<AdvertisingCardId, string> = {
  connectCalendar: '/integrations',
  telegramBot: '/integrations/tgBot',
  upgrade: plansPath('Pro'),
  shareLink: '/shareLink',
}

/** What the specialist already has, as far as the cards care. */
export type SpecialistHas = {
  /** An active calendar integration. */
  calendar: boolean
  /** The Telegram bot bound to a chat. */
  telegramBot: boolean
  plan: PlanName
  /** A meeting booked by a client: the link is out there already. */
  bookings: boolean
}

const ALREADY: Record<AdvertisingCardId, (has: SpecialistHas) => boolean> = {
  connectCalendar: (has) => has.calendar,
  telegramBot: (has) => has.telegramBot,
  upgrade: (has) => has.plan === 'Pro',
  shareLink: (has) => has.bookings,
}

export function isAdvertisingCardId(value: string): value is AdvertisingCardId {
  return (ADVERTISING_CARDS as readonly string[]).includes(value)
}

/** The cards to show, in their order: none the specialist closed, none for what they already have. */
export function advertisingCards(has: SpecialistHas, closed: ReadonlySet<string>): AdvertisingCardId[] {
  return ADVERTISING_CARDS.filter((id) => !closed.has(id) && !ALREADY[id](has))
}
