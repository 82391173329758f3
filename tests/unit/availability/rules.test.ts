import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { computeSlots, explainDate, parseScenarioJson } from '#app/domain/availability/index.ts'

const { input } = parseScenarioJson(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'scenarios', 'seats-group.json'), 'utf8'),
)

describe('rule guards', () => {
  it('refuses a step of 0 instead of looping', () => {
    const broken = { ...input, eventType: { ...input.eventType, stepMinutes: 0 } }
    expect(() => computeSlots(broken)).toThrow(/stepMinutes must be above 0/)
    expect(() => explainDate(broken, '2027-04-07')).toThrow(RangeError)
    expect(() => computeSlots({ ...input, eventType: { ...input.eventType, beforeMinutes: -5 } })).toThrow(
      /beforeMinutes/,
    )
  })
})
