// Guards the engine against rules that would make no sense or never end (a
// step of 0 would enumerate one start forever). The scenario loader and
// eventTypeRulesFromSpec already refuse them; this covers direct callers.
import type { EventTypeRules } from './types.ts'

export function assertRules(rules: EventTypeRules): void {
  const positive = { durationMinutes: rules.durationMinutes, stepMinutes: rules.stepMinutes, seats: rules.seats }
  for (const [field, value] of Object.entries(positive)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${field} must be above 0, got ${value}`)
  }
  const nonNegative = {
    beforeMinutes: rules.beforeMinutes,
    afterMinutes: rules.afterMinutes,
    minimumNoticeMinutes: rules.minimumNoticeMinutes,
    maxPerDay: rules.maxPerDay,
  }
  for (const [field, value] of Object.entries(nonNegative)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${field} must be 0 or more, got ${value}`)
  }
}
