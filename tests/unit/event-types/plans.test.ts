import { describe, expect, it } from 'vitest'
import {
  PLANS,
  bookingPause,
  can,
  cheapestPlanAbove,
  capabilityForParticipantType,
  cheapestPlanWith,
  planComparison,
  planOptions,
  plansPath,
  withinLimit,
} from '#app/domain/plans.ts'

describe('plan gating matrix (SPEC §6)', () => {
  it('gives Standard and Pro the Standard features, Basic none of them', () => {
    for (const capability of ['adjustments', 'moreEventTypes', 'customReminders', 'widgets'] as const) {
      expect(can('Basic', capability)).toBe(false)
      expect(can('Standard', capability)).toBe(true)
      expect(can('Pro', capability)).toBe(true)
      expect(cheapestPlanWith(capability)).toBe('Standard')
    }
  })

  it('keeps group, collective, cost and redirect for Pro', () => {
    for (const capability of ['groupMeetings', 'collectiveMeetings', 'costAndRedirect'] as const) {
      expect(can('Basic', capability)).toBe(false)
      expect(can('Standard', capability)).toBe(false)
      expect(can('Pro', capability)).toBe(true)
      expect(cheapestPlanWith(capability)).toBe('Pro')
    }
  })

  it('limits how many event types and schedules Basic holds', () => {
    const limit = PLANS.Basic.limits.eventTypes as number
    expect(withinLimit('Basic', 'eventTypes', limit - 1)).toBe(true)
    expect(withinLimit('Basic', 'eventTypes', limit)).toBe(false)
    expect(withinLimit('Standard', 'eventTypes', 10_000)).toBe(true)
    expect(withinLimit('Basic', 'schedules', PLANS.Basic.limits.schedules as number)).toBe(false)
    expect(withinLimit('Pro', 'schedules', 10_000)).toBe(true)
  })

  it('names the capability each participant type needs', () => {
    expect(capabilityForParticipantType('SimpleNotCollective')).toBeNull()
    expect(capabilityForParticipantType('SimpleCollective')).toBe('collectiveMeetings')
    expect(capabilityForParticipantType('GroupNotCollective')).toBe('groupMeetings')
    expect(capabilityForParticipantType('GroupCollective')).toBe('groupMeetings')
  })

  it('lists the options of a plan with the cheapest plan of each', () => {
    const options = planOptions('Standard')
    expect(options.capabilities.widgets).toBe(true)
    expect(options.capabilities.costAndRedirect).toBe(false)
    expect(options.availableFrom.costAndRedirect).toBe('Pro')
  })
})

describe('what a downgrade pauses (ADR 0097)', () => {
  it('pauses group and collective types without the capability, and the widget and one-time links', () => {
    expect(bookingPause('Basic', { participantType: 'GroupCollective', channel: 'page' })).toBe('groupMeetings')
    expect(bookingPause('Pro', { participantType: 'GroupCollective', channel: 'widget' })).toBeNull()
    expect(bookingPause('Basic', { participantType: 'SimpleNotCollective', channel: 'page' })).toBeNull()
    expect(bookingPause('Basic', { participantType: 'SimpleNotCollective', channel: 'widget' })).toBe('widgets')
    expect(bookingPause('Basic', { participantType: null, channel: 'oneTime' })).toBe('oneTimeMeetings')
    expect(bookingPause('Standard', { participantType: null, channel: 'oneTime' })).toBeNull()
    // The kind comes first: a Basic host's group type in the widget needs Pro, not only Standard.
    expect(bookingPause('Basic', { participantType: 'GroupNotCollective', channel: 'widget' })).toBe('groupMeetings')
  })
})

describe('one matrix for the badge, the 403 and the comparison (issue 16)', () => {
  it('marks exactly what `can` allows and names the cheapest plan as the badge does', () => {
    const prices = { Basic: 220, Standard: 950, Pro: 1600 }
    const comparison = planComparison(prices)
    expect(comparison.plans.map((p) => [p.name, p.priceRub])).toEqual([
      ['Basic', 220],
      ['Standard', 950],
      ['Pro', 1600],
    ])
    for (const row of comparison.capabilities) {
      for (const plan of ['Basic', 'Standard', 'Pro'] as const) {
        expect(row.included[plan]).toBe(can(plan, row.capability))
        expect(planOptions(plan).capabilities[row.capability]).toBe(row.included[plan])
      }
      expect(row.availableFrom).toBe(cheapestPlanWith(row.capability))
      // The badge's plan is the first column with the capability.
      expect(comparison.plans.find((p) => row.included[p.name])?.name).toBe(row.availableFrom)
    }
  })

  it('leads a limit to the next plan with room, and every badge to /tariff?plan=X', () => {
    expect(cheapestPlanAbove('Basic', 'schedules')).toBe('Standard')
    expect(cheapestPlanAbove('Standard', 'schedules')).toBe('Pro')
    expect(cheapestPlanAbove('Pro', 'schedules')).toBeNull()
    expect(plansPath('Pro')).toBe('/tariff?plan=Pro')
    expect(plansPath(null)).toBe('/tariff')
  })
})
