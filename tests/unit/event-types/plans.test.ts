import { describe, expect, it } from 'vitest'
import {
  PLANS,
  can,
  capabilityForParticipantType,
  cheapestPlanWith,
  tariffOptions,
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
    const options = tariffOptions('Standard')
    expect(options.capabilities.widgets).toBe(true)
    expect(options.capabilities.costAndRedirect).toBe(false)
    expect(options.availableFrom.costAndRedirect).toBe('Pro')
  })
})
