import { describe, expect, it } from 'vitest'
import {
  adjustmentConflict,
  copyDay,
  daysToReplace,
  nextInterval,
  previewWorkingHours,
  putAdjustment,
  toEngineSchedule,
} from '#app/domain/schedules/editing.ts'
import { intervalIssues, scheduleSchema } from '#app/domain/schedules/schema.ts'

const base = { name: 'Рабочие часы', timeZone: 'Europe/Moscow' }
/** 10.03.2027, 15:00 in Moscow. */
const NOW = Date.UTC(2027, 2, 10, 12)
const ScheduleSchema = scheduleSchema({ now: NOW })

/** Field path -> message key of every issue; a field with more than one message gets the list of them. */
function issues(input: Record<string, unknown>, schema = ScheduleSchema) {
  const result = schema.safeParse({ ...base, ...input })
  if (result.success) return {}
  const byPath: Record<string, string | string[]> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    const seen = byPath[path]
    byPath[path] = seen === undefined ? issue.message : [seen, issue.message].flat()
  }
  return byPath
}

describe('schedule rules (SPEC §5)', () => {
  it('accepts weekly intervals and sorts them', () => {
    const value = ScheduleSchema.parse({
      ...base,
      weekly: [
        {
          weekday: 3,
          intervals: [
            { start: '14:00', end: '18:00' },
            { start: '09:00', end: '13:00' },
          ],
        },
        { weekday: 1, intervals: [{ start: '09:00', end: '18:00' }] },
        { weekday: 2, intervals: [] },
      ],
    })
    expect(value.weekly.map((day) => day.weekday)).toEqual([1, 3])
    expect(value.weekly[1].intervals[0].start).toBe('09:00')
  })

  it('refuses invalid times, ends not after starts and overlaps; touching is fine', () => {
    expect(issues({ weekly: [{ weekday: 1, intervals: [{ start: '25:00', end: '26:00' }] }] })).toEqual({
      'weekly.0.intervals.0.start': 'validation:invalidTime',
      'weekly.0.intervals.0.end': 'validation:invalidTime',
    })
    expect(issues({ weekly: [{ weekday: 1, intervals: [{ start: '10:00', end: '10:00' }] }] })).toEqual({
      'weekly.0.intervals.0.end': 'validation:endAfterStart',
    })
    expect(
      issues({
        weekly: [
          {
            weekday: 1,
            intervals: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        ],
      }),
    ).toEqual({ 'weekly.0.intervals.1.start': 'schedules:errors.overlap' })
    expect(
      issues({
        weekly: [
          {
            weekday: 1,
            intervals: [
              { start: '09:00', end: '12:00' },
              { start: '12:00', end: '13:00' },
            ],
          },
        ],
      }),
    ).toEqual({})
  })

  it('refuses unknown time zones, empty names, repeated days and dates', () => {
    expect(issues({ timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'validation:invalidTimeZone' })
    expect(issues({ name: ' ' })).toEqual({ name: 'validation:required' })
    expect(
      issues({
        weekly: [
          { weekday: 1, intervals: [] },
          { weekday: 1, intervals: [] },
        ],
      }),
    ).toEqual({ 'weekly.1.weekday': 'schedules:errors.duplicateDay' })
    expect(
      issues({
        adjustments: [
          { date: '01.01.2028', isDayOff: true },
          { date: '01.01.2028', isDayOff: true },
        ],
      }),
    ).toEqual({ 'adjustments.1.date': 'schedules:errors.duplicateDate' })
  })

  it('needs intervals in an adjustment that is not a day-off and drops them from a day-off', () => {
    expect(issues({ adjustments: [{ date: '31.12.2027', isDayOff: false, intervals: [] }] })).toEqual({
      'adjustments.0.intervals': 'validation:required',
    })
    expect(issues({ adjustments: [{ date: '32.12.2027', isDayOff: true }] })).toEqual({
      'adjustments.0.date': 'validation:invalidDate',
    })
    const value = ScheduleSchema.parse({
      ...base,
      adjustments: [{ date: '31.12.2027', isDayOff: true, intervals: [{ start: '09:00', end: '10:00' }] }],
    })
    expect(value.adjustments).toEqual([{ date: '31.12.2027', isDayOff: true, intervals: [] }])
  })
})

describe('adjustments not in the past (SPEC §5)', () => {
  it('refuses a date before today in the schedule’s own zone, accepts today', () => {
    expect(issues({ adjustments: [{ date: '01.01.2020', isDayOff: true }] })).toEqual({
      'adjustments.0.date': 'schedules:errors.datePast',
    })
    expect(issues({ adjustments: [{ date: '09.03.2027', isDayOff: true }] })).toEqual({
      'adjustments.0.date': 'schedules:errors.datePast',
    })
    expect(issues({ adjustments: [{ date: '10.03.2027', isDayOff: true }] })).toEqual({})
    // 22:30 UTC on 09.03: already 10.03 in Moscow, still 09.03 in New York.
    const late = scheduleSchema({ now: Date.UTC(2027, 2, 9, 22, 30) })
    const dayOff = { adjustments: [{ date: '09.03.2027', isDayOff: true }] }
    expect(issues(dayOff, late)).toEqual({ 'adjustments.0.date': 'schedules:errors.datePast' })
    expect(issues({ ...dayOff, timeZone: 'America/New_York' }, late)).toEqual({})
  })

  it('keeps a past adjustment the schedule already had, unchanged; a changed one is refused', () => {
    const saved = [{ date: '01.03.2027', isDayOff: false, intervals: [{ start: '10:00', end: '12:00' }] }]
    const withSaved = scheduleSchema({ now: NOW, saved })
    expect(issues({ adjustments: saved }, withSaved)).toEqual({})
    expect(
      issues({ adjustments: [{ ...saved[0], intervals: [{ start: '10:00', end: '13:00' }] }] }, withSaved),
    ).toEqual({ 'adjustments.0.date': 'schedules:errors.datePast' })
    expect(issues({ adjustments: [{ date: '01.03.2027', isDayOff: true }] }, withSaved)).toEqual({
      'adjustments.0.date': 'schedules:errors.datePast',
    })
  })
})

describe('interval issues, as the editor shows them while typing', () => {
  it('names the end that is not after its start and the later of two overlapping intervals', () => {
    expect(intervalIssues([{ start: '09:00', end: '08:00' }])).toEqual([
      { index: 0, part: 'end', message: 'validation:endAfterStart' },
    ])
    expect(
      intervalIssues([
        { start: '17:00', end: '19:00' },
        { start: '09:00', end: '18:00' },
      ]),
    ).toEqual([{ index: 0, part: 'start', message: 'schedules:errors.overlap' }])
    expect(intervalIssues([{ start: '', end: '25:00' }])).toEqual([
      { index: 0, part: 'start', message: 'validation:invalidTime' },
      { index: 0, part: 'end', message: 'validation:invalidTime' },
    ])
    expect(
      intervalIssues([
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toEqual([])
  })
})

describe('schedule editing (SPEC §4)', () => {
  const weekly = [
    { weekday: 1, intervals: [{ start: '09:00', end: '18:00' }] },
    { weekday: 2, intervals: [{ start: '10:00', end: '12:00' }] },
  ]

  it('proposes a valid interval to add: the hour after the latest end, cut at 23:59', () => {
    expect(nextInterval([])).toEqual({ start: '09:00', end: '18:00' })
    expect(nextInterval([{ start: '09:00', end: '18:00' }])).toEqual({ start: '18:00', end: '19:00' })
    expect(
      nextInterval([
        { start: '19:00', end: '20:00' },
        { start: '09:00', end: '13:00' },
      ]),
    ).toEqual({ start: '20:00', end: '21:00' })
    expect(nextInterval([{ start: '20:00', end: '23:30' }])).toEqual({ start: '23:30', end: '23:59' })
    expect(nextInterval([{ start: '20:00', end: '23:59' }])).toBeNull()
    expect(nextInterval([{ start: '20:00', end: '' }])).toBeNull()
    for (const intervals of [[{ start: '09:00', end: '18:00' }], [{ start: '22:00', end: '23:58' }]]) {
      const next = nextInterval(intervals)
      expect(intervalIssues([...intervals, next as { start: string; end: string }])).toEqual([])
    }
  })

  it('copies a day onto others and says which ones it replaces', () => {
    expect(daysToReplace(weekly, 1, [1, 2, 3])).toEqual([2])
    const copied = copyDay(weekly, 1, [2, 3])
    expect(copied.map((day) => [day.weekday, day.intervals[0].start])).toEqual([
      [1, '09:00'],
      [2, '09:00'],
      [3, '09:00'],
    ])
  })

  it('asks before replacing an adjustment and offers nothing on a day already off', () => {
    const adjustments = [{ date: '2027-12-31', isDayOff: true, intervals: [] }]
    expect(adjustmentConflict(adjustments, '2027-12-30', true)).toBe('none')
    expect(adjustmentConflict(adjustments, '2027-12-31', true)).toBe('alreadyDayOff')
    expect(adjustmentConflict(adjustments, '2027-12-31', false)).toBe('replace')
    const replaced = putAdjustment(adjustments, {
      date: '2027-12-31',
      isDayOff: false,
      intervals: [{ start: '10:00', end: '11:00' }],
    })
    expect(replaced).toEqual([{ date: '2027-12-31', isDayOff: false, intervals: [{ start: '10:00', end: '11:00' }] }])
  })

  it('previews two weeks of working hours through the engine', () => {
    const schedule = toEngineSchedule({
      timeZone: 'Europe/Moscow',
      weekly,
      adjustments: [
        { date: '2027-03-01', isDayOff: true, intervals: [] },
        { date: '2027-03-02', isDayOff: false, intervals: [{ start: '15:00', end: '16:00' }] },
      ],
    })
    const preview = previewWorkingHours(schedule, '2027-03-01')
    expect(preview).toHaveLength(14)
    expect(preview[0]).toEqual({ date: '2027-03-01', weekday: 1, source: 'dayOff', intervals: [] })
    expect(preview[1]).toEqual({
      date: '2027-03-02',
      weekday: 2,
      source: 'adjustment',
      intervals: [{ start: '15:00', end: '16:00' }],
    })
    expect(preview[7]).toEqual({
      date: '2027-03-08',
      weekday: 1,
      source: 'weekly',
      intervals: [{ start: '09:00', end: '18:00' }],
    })
    expect(preview[2].intervals).toEqual([])
  })
})
