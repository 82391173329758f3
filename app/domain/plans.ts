/**
 * Plan gating (SPEC §6) as one matrix: what each tariff may do and how many of a thing it may hold.
 * The server enforces it (403 with the tariff text in the API, the tariff-limit modal in pages); the pages
 * read the same matrix to show "Available from" badges. Limits the SPEC leaves open are chosen in
 * docs/decisions/0020-plan-gating-matrix.md.
 */
import { TARIFFS, type Tariff } from '#app/domain/enums.ts'

/** What Standard adds to Basic (Pro has all). */
const STANDARD = [
  'adjustments',
  'oneTimeMeetings',
  'moreEventTypes',
  'customReminders',
  'emailContacts',
  'widgets',
  'extraCalendarOfSameType',
] as const

export const CAPABILITIES = [
  ...STANDARD,
  'groupMeetings',
  'collectiveMeetings',
  'videoMeetingLinks',
  'costAndRedirect',
] as const
export type Capability = (typeof CAPABILITIES)[number]

export type PlanLimits = {
  /** Event types the specialist may hold (active or not); null = no limit. */
  eventTypes: number | null
  /** Schedules the specialist may hold, the default one included; null = no limit. */
  schedules: number | null
}

export type Plan = { capabilities: ReadonlySet<Capability>; limits: PlanLimits }

export const PLANS: Record<Tariff, Plan> = {
  Basic: { capabilities: new Set(), limits: { eventTypes: 2, schedules: 2 } },
  Standard: { capabilities: new Set(STANDARD), limits: { eventTypes: null, schedules: 5 } },
  Pro: {
    capabilities: new Set(CAPABILITIES),
    limits: { eventTypes: null, schedules: null },
  },
}

/** Tariffs in ascending order: the cheapest one that allows a capability is the badge's "Available from". */
const ORDER: readonly Tariff[] = TARIFFS

export function can(tariff: Tariff, capability: Capability): boolean {
  return PLANS[tariff].capabilities.has(capability)
}

export function cheapestPlanWith(capability: Capability): Tariff {
  const found = ORDER.find((tariff) => can(tariff, capability))
  if (!found) throw new Error(`No plan allows ${capability}`)
  return found
}

/**
 * The cheapest plan that holds more of a limited thing than this plan does (where a limit modal leads); null when
 * no plan holds more.
 */
export function cheapestPlanAbove(tariff: Tariff, kind: keyof PlanLimits): Tariff | null {
  const limit = PLANS[tariff].limits[kind]
  if (limit === null) return null
  return (
    ORDER.find((other) => {
      const more = PLANS[other].limits[kind]
      return more === null || more > limit
    }) ?? null
  )
}

/** The tariffs page with a plan chosen: where every "Available from" badge and limit modal leads (issue 16). */
export function tariffPath(plan?: Tariff | null): string {
  return plan ? `/tariff?plan=${plan}` : '/tariff'
}

/** Whether one more of a limited thing fits the plan, given how many the specialist holds. */
export function withinLimit(tariff: Tariff, kind: keyof PlanLimits, held: number): boolean {
  const limit = PLANS[tariff].limits[kind]
  return limit === null || held < limit
}

/** The capability a participant type needs, if any (SPEC §6: group and collective need Pro). */
export function capabilityForParticipantType(participantType: string): Capability | null {
  if (participantType === 'SimpleCollective') return 'collectiveMeetings'
  if (participantType === 'GroupNotCollective' || participantType === 'GroupCollective') return 'groupMeetings'
  return null
}

/** The plan's options as the API's getEventTypeTariffOptions answers them. */
export function tariffOptions(tariff: Tariff) {
  const plan = PLANS[tariff]
  return {
    tariff,
    limits: plan.limits,
    capabilities: Object.fromEntries(CAPABILITIES.map((capability) => [capability, plan.capabilities.has(capability)])),
    availableFrom: Object.fromEntries(CAPABILITIES.map((capability) => [capability, cheapestPlanWith(capability)])),
  }
}

/**
 * Where a new booking comes from: the public event page (and the public API), the site widget, or a one-time
 * meeting's link. The widget and one-time links are capabilities of their own (SPEC §6).
 */
export type BookingChannel = 'page' | 'widget' | 'oneTime'

const CHANNEL_CAPABILITY: Record<BookingChannel, Capability | null> = {
  page: null,
  widget: 'widgets',
  oneTime: 'oneTimeMeetings',
}

/**
 * What the host's plan in force pauses of a new booking (issue 16 "Downgrade", ADR 0097): the capability the event
 * type's kind or the channel needs and the plan lacks; null when the booking may go ahead. Computed on every request
 * from `users.tariff`, never written: a downgrade deletes nothing and an upgrade restores everything by itself.
 */
export function bookingPause(
  tariff: Tariff,
  booking: { participantType: string | null; channel: BookingChannel },
): Capability | null {
  const kind = booking.participantType ? capabilityForParticipantType(booking.participantType) : null
  if (kind && !can(tariff, kind)) return kind
  const channel = CHANNEL_CAPABILITY[booking.channel]
  return channel && !can(tariff, channel) ? channel : null
}

/** Cost and redirect show on public pages and apply after booking only while the host's plan has them. */
export function showsCostAndRedirect(tariff: Tariff): boolean {
  return can(tariff, 'costAndRedirect')
}

/**
 * The comparison of the plans (`/tariff/features`), read from the one matrix: a badge ("Available from" =
 * `cheapestPlanWith`), a 403 (`can`) and this table can never disagree. Prices come from the one price table.
 */
export function planComparison(prices: Record<Tariff, number>) {
  return {
    plans: ORDER.map((tariff) => ({ tariff, priceRub: prices[tariff], limits: PLANS[tariff].limits })),
    capabilities: CAPABILITIES.map((capability) => ({
      capability,
      availableFrom: cheapestPlanWith(capability),
      included: Object.fromEntries(ORDER.map((tariff) => [tariff, can(tariff, capability)])) as Record<Tariff, boolean>,
    })),
  }
}
