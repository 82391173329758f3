import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ScenarioError, parseScenario, parseScenarioJson, type scenarioSchema } from '#app/domain/availability/index.ts'

type ScenarioJson = z.input<typeof scenarioSchema>

const fixture: ScenarioJson = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'scenarios', 'dst-ny-spring.json'), 'utf8'),
)

// The fixture with one part replaced.
function variant(change: (scenario: ScenarioJson) => void): unknown {
  const copy = structuredClone(fixture)
  change(copy)
  return copy
}

function errorOf(data: unknown): string {
  try {
    parseScenario(data)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    return (error as Error).message
  }
  throw new Error('expected the scenario to be rejected')
}

describe('scenario loader', () => {
  it('reads a scenario into engine input', () => {
    const { name, input } = parseScenario(fixture)
    expect(name).toBe('dst-ny-spring')
    expect(input.now).toBe(Date.UTC(2027, 2, 1))
    expect(input.schedule.weekly[6]).toEqual([[30, 240]])
    expect(input.schedule.weekly[2]).toBeUndefined()
    expect(input.eventType.window).toEqual({ type: 'NoRestrictions' })
    expect(input.bookings).toEqual([])
  })

  it('defaults missing bookings, busy and adjustments, keeps missing seatsTaken', () => {
    const { input } = parseScenario(
      variant((scenario) => {
        delete scenario.bookings
        delete scenario.busy
        delete scenario.schedule.adjustments
      }),
    )
    expect(input.bookings).toEqual([])
    expect(input.busy).toEqual([])
    expect(input.schedule.adjustments).toEqual({})
    const withBooking = parseScenario(
      variant((scenario) => {
        scenario.bookings = [{ start: '2027-03-13T06:00:00Z', end: '2027-03-13T06:30:00Z', sameEventType: true }]
      }),
    )
    expect(withBooking.input.bookings[0].seatsTaken).toBeUndefined()
  })

  it('says what is wrong and where', () => {
    expect(errorOf(variant((scenario) => (scenario.schedule.weekly['1'] = [['09:00', '24:00']])))).toMatch(
      /HH:MM from 00:00 to 23:59[\s\S]*schedule\.weekly\.1/,
    )
    expect(errorOf(variant((scenario) => (scenario.schedule.weekly['1'] = [['10:00', '09:00']])))).toMatch(
      /later than the start/,
    )
    expect(
      errorOf(
        variant(
          (scenario) =>
            (scenario.schedule.weekly['1'] = [
              ['09:00', '11:00'],
              ['10:00', '12:00'],
            ]),
        ),
      ),
    ).toMatch(/intervals overlap/)
    expect(errorOf(variant((scenario) => Object.assign(scenario.schedule.weekly, { 8: [] })))).toMatch(/weekly/)
    expect(errorOf(variant((scenario) => (scenario.schedule.timeZone = 'Mars/Olympus')))).toMatch(/IANA time zone/)
    expect(errorOf(variant((scenario) => (scenario.schedule.adjustments = { '2027-02-30': 'dayOff' })))).toMatch(
      /Invalid key[\s\S]*2027-02-30/,
    )
    expect(errorOf(variant((scenario) => (scenario.now = '2027-03-01 12:00')))).toMatch(/UTC instant[\s\S]*now/)
    expect(errorOf(variant((scenario) => (scenario.range = { from: '2027-03-15', to: '2027-03-13' })))).toMatch(
      /before range.from/,
    )
    expect(errorOf(variant((scenario) => (scenario.eventType.durationMinutes = 1381)))).toMatch(/durationMinutes/)
    expect(errorOf(variant((scenario) => (scenario.eventType.seats = 0)))).toMatch(/seats/)
    expect(
      errorOf(
        variant((scenario) => (scenario.eventType.window = { type: 'Period', start: '2027-03-20', end: '2027-03-10' })),
      ),
    ).toMatch(/period ends before it starts/)
    expect(
      errorOf(
        variant((scenario) => (scenario.busy = [{ start: '2027-03-13T06:00:00Z', end: '2027-03-13T06:00:00Z' }])),
      ),
    ).toMatch(/end must be after start/)
  })

  it('reports text that is not JSON', () => {
    expect(() => parseScenarioJson('{"now": ')).toThrow(/Not valid JSON/)
  })
})
