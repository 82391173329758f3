/**
 * Plan gating (SPEC §6) as one matrix: what each plan may do and how many of a thing it may hold.
 * The server enforces it (403 with the plan text in the API, the plan-limit modal in pages); the pages
 * read the same matrix to show "Available from" badges. Limits the SPEC leaves open are chosen in
 * docs/decisions/0020-plan-gating-matrix.md.
 */
import { PLAN_NAMES, type PlanName } from '#app/domain/enums.ts'

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

export const PLANS: Record<PlanName, Plan> = {
  Basic: { capabilities: new Set(), limits: { eventTypes: 2, schedules: 2 } },
  Standard: { capabilities: new Set(STANDARD), limits: { eventTypes: null, schedules: 5 } },
  Pro: {
    capabilities: new Set(CAPABILITIES),
    limits: { eventTypes: null, schedules: null },
  },
}

/** Plans in ascending order: the cheapest one that allows a capability is the badge's "Available from". */
const ORDER: readonly PlanName[] = PLAN_NAMES

export function can(plan: PlanName, capability: Capability): boolean {
  return PLANS[plan].capabilities.has(capability)
}

export function cheapestPlanWith(capability: Capability): PlanName {
  const found = ORDER.find((plan) => can(plan, capability))
  if (!found) throw new Error(`No plan allows ${capability}`)
  return found
}

/**
 * The cheapest plan that holds more of a limited thing than this plan does (where a limit modal leads); null when
 * no plan holds more.
 */
export function cheapestPlanAbove(plan: PlanName, kind: keyof PlanLimits): PlanName | null {
  const limit = PLANS[plan].limits[kind]
  if (limit === null) return null
  return (
    ORDER.find((other) => {
      const more = PLANS[other].limits[kind]
      return more === null || more > limit
    }) ?? null
  )
}

/** The plans page with a plan chosen: where every "Available from" badge and limit modal leads (issue 16). */
export function plansPath(plan?: PlanName | null): string {
  return plan ? `/tariff?plan=${plan}` : '/tariff'
}

/** Whether one more of a limited thing fits the plan, given how many the specialist holds. */
export function withinLimit(plan: PlanName, kind: keyof PlanLimits, held: number): boolean {
  const limit = PLANS[plan].limits[kind]
  return limit === null || held < limit
}

/** The capability a participant type needs, if any (SPEC §6: group and collective need Pro). */
export function capabilityForParticipantType(participantType: string): Capability | null {
  if (participantType === 'SimpleCollective') return 'collectiveMeetings'
  if (participantType === 'GroupNotCollective' || participantType === 'GroupCollective') return 'groupMeetings'
  return null
}

/** The plan's options as the API's getEventTypeTariffOptions answers them. */
export function planOptions(plan: PlanName) {
  const rules = PLANS[plan]
  return {
    tariff: plan,
    limits: rules.limits,
    capabilities: Object.fromEntries(
      CAPABILITIES.map((capability) => [capability, rules.capabilities.has(capability)]),
    ),
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
 * from `users.plan`, never written: a downgrade deletes nothing and an upgrade restores everything by itself.
 */
export function bookingPause(
  plan: PlanName,
  booking: { participantType: string | null; channel: BookingChannel },
): Capability | null {
  const kind = booking.participantType ? capabilityForParticipantType(booking.participantType) : null
  if (kind && !can(plan, kind)) return kind
  const channel = CHANNEL_CAPABILITY[booking.channel]
  return channel && !can(plan, channel) ? channel : null
}

/** Cost and redirect show on public pages and apply after booking only while the host's plan has them. */
export function showsCostAndRedirect(plan: PlanName): boolean {
  return can(plan, 'costAndRedirect')
}

/**
 * The comparison of the plans (`/tariff/features`), read from the one matrix: a badge ("Available from" =
 * `cheapestPlanWith`), a 403 (`can`) and this table can never disagree. Prices come from the one price table.
 */
export function planComparison(prices: Record<PlanName, number>) {
  return {
    plans: ORDER.map((plan) => ({ name: plan, priceRub: prices[plan], limits: PLANS[plan].limits })),
    capabilities: CAPABILITIES.map((capability) => ({
      capability,
      availableFrom: cheapestPlanWith(capability),
      included: Object.fromEntries(ORDER.map((plan) => [plan, can(plan, capability)])) as Record<PlanName, boolean>,
    })),
  }
}
