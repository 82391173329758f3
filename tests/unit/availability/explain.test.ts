import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type AvailabilityInput, computeSlots, explainDate, parseScenarioJson } from '#app/domain/availability/index.ts'
import { datesBetween, formatUtcInstant } from '#app/domain/time/index.ts'

const directory = join(import.meta.dirname, '..', '..', 'fixtures', 'scenarios')
const load = (name: string): AvailabilityInput =>
  parseScenarioJson(readFileSync(join(directory, `${name}.json`), 'utf8')).input

// Each candidate as 'start UTC: reasons' for compact expectations.
function summary(input: AvailabilityInput, date: string): string[] {
  return explainDate(input, date).candidates.map(
    (candidate) =>
      `${formatUtcInstant(candidate.start).slice(11, 16)} ${
        candidate.offered
          ? `offered ${candidate.seatsLeft}`
          : candidate.rejections.map((rejection) => rejection.reason).join(',')
      }`,
  )
}

describe('explainDate', () => {
  it('names the busy interval that blocks a buffered slot', () => {
    const input = load('buffers-busy')
    const explanation = explainDate(input, '2027-03-03')
    expect(explanation.source).toBe('weekly')
    expect(
      explanation.workingIntervals.map(({ start, end }) => [formatUtcInstant(start), formatUtcInstant(end)]),
    ).toEqual([['2027-03-03T06:00:00Z', '2027-03-03T10:00:00Z']])
    const blocked = explanation.candidates.find((candidate) => candidate.start === Date.UTC(2027, 2, 3, 7, 15))
    expect(blocked?.offered).toBe(false)
    expect(blocked?.rejections).toEqual([
      { reason: 'busy', conflict: { start: Date.UTC(2027, 2, 3, 7, 30), end: Date.UTC(2027, 2, 3, 8) } },
    ])
  })

  it('explains notice, seats, other bookings and the daily limit', () => {
    expect(summary(load('notice-midnight'), '2027-03-10').slice(0, 3)).toEqual([
      '06:00 notice',
      '06:30 notice',
      '07:00 notice',
    ])
    expect(summary(load('seats-group'), '2027-04-07')).toEqual([
      '14:00 booking',
      '15:00 offered 1',
      '16:00 offered 3',
      '17:00 seats',
      '18:00 booking',
      '19:00 booking',
      '20:00 offered 3',
    ])
    expect(summary(load('limit-maxperday'), '2027-04-13')).toEqual([
      '21:00 dailyLimit',
      '22:00 dailyLimit',
      '23:00 dailyLimit',
      '00:00 dailyLimit',
      '01:00 dailyLimit',
    ])
    const limit = explainDate(load('limit-maxperday'), '2027-04-13').candidates[0].rejections[0]
    expect(limit).toEqual({ reason: 'dailyLimit', bookedStarts: 2, maxPerDay: 2 })
  })

  it('explains the window and dates outside the range', () => {
    const input = load('window-period')
    expect(summary(input, '2027-03-03')).toEqual(['22:00 window', '23:00 window'])
    expect(summary(input, '2027-03-15')).toEqual(['22:00 range,window', '23:00 range,window'])
  })

  it('shows a day off and an empty adjustment', () => {
    const input = load('adjust-dayoff-intervals')
    expect(explainDate(input, '2027-03-03')).toMatchObject({ source: 'dayOff', candidates: [] })
    expect(explainDate(input, '2027-03-04')).toMatchObject({
      source: 'adjustment',
      workingIntervals: [],
      candidates: [],
    })
  })

  it('lists candidates skipped by a DST gap only once', () => {
    expect(summary(load('dst-ny-spring'), '2027-03-14')).toHaveLength(5)
  })

  it('offers exactly what computeSlots offers, on every fixture date', () => {
    for (const name of ['basic-moscow-week', 'buffers-bookings', 'limit-maxperday', 'seats-group', 'bench-month-ny']) {
      const input = load(name)
      const offered = datesBetween(input.range.from, input.range.to).flatMap((date) =>
        explainDate(input, date)
          .candidates.filter((candidate) => candidate.offered)
          .map(({ start, end, seatsLeft }) => ({ start, end, seatsLeft })),
      )
      expect(offered).toEqual(computeSlots(input))
    }
  })
})
