import { describe, expect, it } from 'vitest'
import { durationStepFields, resolveDurationStep } from '#app/domain/event-types/duration-step.ts'
import { eventTypeBodyFromForm, newEventTypeValues, savedEventTypeValues } from '#app/domain/event-types/form-values.ts'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'

const schema = eventTypeSchema({ today: '2027-03-10' })
const base = {
  name: 'Консультация',
  link: 'consultation',
  color: '#2F80ED',
  eventTypePlaceType: 'Meet',
  meetingPoint: 'Москва',
  scheduleId: 'schedule-1',
}

describe('duration and slot step: stored minutes -> the SPEC fields (SPEC §3)', () => {
  it('reads presets as their type, in minutes', () => {
    expect(durationStepFields(45, 15)).toEqual({
      durationInMinutes: 45,
      durationType: 'Minutes45',
      durationValue: 45,
      durationValueType: 'Minutes',
      stepType: 'Minutes15',
      stepValue: 15,
      stepValueType: 'Minutes',
    })
  })

  it('reads a step equal to the duration as Duration, and other values in whole hours when they are', () => {
    expect(durationStepFields(120, 120)).toMatchObject({
      durationType: 'Another',
      durationValue: 2,
      durationValueType: 'Hours',
      stepType: 'Duration',
      stepValue: 120,
      stepValueType: 'Minutes',
    })
    expect(durationStepFields(50, 20)).toMatchObject({
      durationType: 'Another',
      durationValue: 50,
      durationValueType: 'Minutes',
      stepType: 'Another',
      stepValue: 20,
      stepValueType: 'Minutes',
    })
    expect(durationStepFields(30, 180)).toMatchObject({ stepType: 'Another', stepValue: 3, stepValueType: 'Hours' })
  })

  it('gives back the same minutes for every answer it makes (a GET body PUT back changes nothing)', () => {
    for (const [duration, step] of [
      [15, 5],
      [30, 30],
      [45, 20],
      [60, 90],
      [120, 120],
      [1380, 60],
      [7, 13],
    ]) {
      expect(resolveDurationStep(durationStepFields(duration, step))).toEqual({
        durationInMinutes: duration,
        stepMinutes: step,
        issues: [],
      })
    }
  })
})

describe('duration and slot step: a body -> minutes (SPEC §5)', () => {
  it('reads the type fields: presets, Another in minutes or hours, a step equal to the duration', () => {
    expect(resolveDurationStep({ durationType: 'Minutes45', stepType: 'Minutes10' })).toMatchObject({
      durationInMinutes: 45,
      stepMinutes: 10,
    })
    expect(
      resolveDurationStep({
        durationType: 'Another',
        durationValue: 2,
        durationValueType: 'Hours',
        stepType: 'Duration',
      }),
    ).toMatchObject({ durationInMinutes: 120, stepMinutes: 120, issues: [] })
    expect(
      resolveDurationStep({ durationType: 'Minutes30', stepType: 'Another', stepValue: 1, stepValueType: 'Hours' }),
    ).toMatchObject({ durationInMinutes: 30, stepMinutes: 60 })
  })

  it('still reads the older body: durationInMinutes and a step in minutes, or no step at all', () => {
    expect(resolveDurationStep({ durationInMinutes: 45, stepValue: 20 })).toMatchObject({
      durationInMinutes: 45,
      stepMinutes: 20,
    })
    expect(resolveDurationStep({ durationInMinutes: 50 })).toMatchObject({ durationInMinutes: 50, stepMinutes: 50 })
  })

  it('refuses Another without a value, above 23 hours, or a value that is not a whole number above 0', () => {
    expect(resolveDurationStep({ durationType: 'Another', stepType: 'Duration' }).issues).toEqual([
      { path: 'durationValue', message: 'validation:required' },
    ])
    expect(
      resolveDurationStep({ durationType: 'Another', durationValue: 24, durationValueType: 'Hours' }).issues,
    ).toEqual([{ path: 'durationValue', message: 'eventTypes:errors.durationMax' }])
    expect(
      resolveDurationStep({ durationType: 'Another', durationValue: 23, durationValueType: 'Hours' }).issues,
    ).toEqual([])
    expect(resolveDurationStep({ durationType: 'Minutes30', stepType: 'Another', stepValue: 0 }).issues).toEqual([
      { path: 'stepValue', message: 'validation:positive' },
    ])
    expect(resolveDurationStep({ durationType: 'Minutes30', stepType: 'Another', stepValue: 1.5 }).issues).toEqual([
      { path: 'stepValue', message: 'validation:integer' },
    ])
    expect(resolveDurationStep({}).issues).toEqual([{ path: 'durationInMinutes', message: 'validation:required' }])
  })

  it('refuses a body whose fields say two different things', () => {
    expect(resolveDurationStep({ durationType: 'Minutes30', durationInMinutes: 45 }).issues).toEqual([
      { path: 'durationInMinutes', message: 'eventTypes:errors.valueNotOfType' },
    ])
    expect(resolveDurationStep({ durationType: 'Minutes30', durationValue: 45 }).issues).toEqual([
      { path: 'durationValue', message: 'eventTypes:errors.valueNotOfType' },
    ])
    expect(
      resolveDurationStep({ durationType: 'Minutes60', durationValue: 1, durationValueType: 'Hours' }).issues,
    ).toEqual([])
    expect(resolveDurationStep({ durationType: 'Minutes45', stepType: 'Duration', stepValue: 30 }).issues).toEqual([
      { path: 'stepValue', message: 'eventTypes:errors.valueNotOfType' },
    ])
    expect(resolveDurationStep({ durationType: 'Minutes45', stepType: 'Minutes15', stepValue: 20 }).issues).toEqual([
      { path: 'stepValue', message: 'eventTypes:errors.valueNotOfType' },
    ])
  })

  it('the schema stores minutes and refuses unknown types with the field named', () => {
    const parsed = schema.parse({ ...base, durationType: 'Another', durationValue: 90, stepType: 'Minutes45' })
    expect(parsed).toMatchObject({ durationInMinutes: 90, stepMinutes: 45 })
    const refused = schema.safeParse({ ...base, durationType: 'Minutes20', stepType: 'Sometimes' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['durationType', 'stepType'])
  })
})

describe('the event type form: duration and step fields', () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData()
    for (const [name, value] of entries) data.append(name, value)
    return data
  }

  it('a new event type starts at 30 minutes with the step equal to the duration', () => {
    const values = newEventTypeValues('schedule-1')
    expect(values).toMatchObject({ durationType: 'Minutes30', stepType: 'Duration' })
  })

  it('reads the value inputs only with Another (without script they are posted always)', () => {
    const preset = eventTypeBodyFromForm(
      form([
        ['durationType', 'Minutes45'],
        ['durationValue', '7'],
        ['durationValueType', 'Hours'],
        ['stepType', 'Duration'],
        ['stepValue', ''],
        ['stepValueType', 'Minutes'],
      ]),
    )
    expect(preset).toMatchObject({
      durationType: 'Minutes45',
      durationValue: null,
      stepType: 'Duration',
      stepValue: null,
    })
    const another = eventTypeBodyFromForm(
      form([
        ['durationType', 'Another'],
        ['durationValue', '2'],
        ['durationValueType', 'Hours'],
        ['stepType', 'Another'],
        ['stepValue', '20'],
        ['stepValueType', 'Minutes'],
      ]),
    )
    expect(another).toMatchObject({
      durationValue: 2,
      durationValueType: 'Hours',
      stepValue: 20,
      stepValueType: 'Minutes',
    })
    expect(schema.parse({ ...another, ...base })).toMatchObject({ durationInMinutes: 120, stepMinutes: 20 })
  })

  it('a saved event type fills the form from its SPEC fields', () => {
    const saved = { ...newEventTypeValues('s'), ...durationStepFields(120, 20) }
    const values = savedEventTypeValues({
      ...saved,
      videoLinkService: null,
      meetingPoint: null,
      whoCallType: null,
      getTimeBeforeValue: null,
      getTimeAfterValue: null,
      remindersInMinutes: [],
      whenClosesValue: 0,
      recordIsOpenPeriodStart: null,
      recordIsOpenPeriodEnd: null,
      maximumRecordsPerDayValue: 0,
      minSeats: 1,
      totalSeats: 1,
      cost: null,
      currency: null,
      redirectUrl: null,
      redirectComment: null,
    })
    expect(values).toMatchObject({
      durationType: 'Another',
      durationValue: '2',
      durationValueType: 'Hours',
      stepType: 'Another',
      stepValue: '20',
      stepValueType: 'Minutes',
    })
  })
})
