import { describe, expect, it } from 'vitest'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'
import { eventTypeBodyFromForm } from '#app/domain/event-types/form-values.ts'

const schema = eventTypeSchema({ today: '2027-03-10' })

const valid = {
  name: 'Консультация',
  link: 'consultation',
  color: '#2F80ED',
  eventTypePlaceType: 'Online',
  meetingPoint: 'telemost.yandex.ru/j/123',
  durationInMinutes: 30,
  stepValue: 30,
  scheduleId: 'schedule-1',
}

/** Field path -> message key of every issue; a field with more than one message gets the list of them. */
function issues(input: Record<string, unknown>) {
  const result = schema.safeParse({ ...valid, ...input })
  if (result.success) return {}
  const byPath: Record<string, string | string[]> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    const seen = byPath[path]
    byPath[path] = seen === undefined ? issue.message : [seen, issue.message].flat()
  }
  return byPath
}

describe('event type rules (SPEC §5)', () => {
  it('accepts a minimal event type and fills the SPEC defaults', () => {
    const value = schema.parse(valid)
    expect(value).toMatchObject({
      name: 'Консультация',
      link: 'consultation',
      color: '#2f80ed',
      meetingPoint: 'http://telemost.yandex.ru/j/123',
      whoCallType: null,
      remindersInMinutes: [60, 1440],
      whenClosesValue: 0,
      whenClosesType: 'Minutes',
      recordIsOpenType: 'NoRestrictions',
      maximumRecordsPerDayValue: 0,
      participantType: 'SimpleNotCollective',
      minSeats: 1,
      totalSeats: 1,
      isActive: true,
      isShowOnSpecialistPage: true,
      cost: null,
      currency: null,
      redirectUrl: null,
    })
  })

  it('gives the SPEC §9 default reminders when the list is left out, and keeps an explicit empty list', () => {
    expect(schema.parse(valid).remindersInMinutes).toEqual([60, 1440])
    expect(schema.parse({ ...valid, remindersInMinutes: [] }).remindersInMinutes).toEqual([])
  })

  it('strips slashes from the name and requires what is left', () => {
    expect(schema.parse({ ...valid, name: ' a/b ' }).name).toBe('ab')
    expect(issues({ name: ' // ' })).toEqual({ name: 'validation:required' })
    expect(issues({ name: 'x'.repeat(201) })).toEqual({ name: 'validation:maxChars' })
  })

  it('normalises the link and refuses bad or reserved ones', () => {
    expect(schema.parse({ ...valid, link: ' My Link ' }).link).toBe('my_link')
    expect(issues({ link: 'Встреча' })).toEqual({ link: 'validation:required' })
    expect(issues({ link: 'a!b' })).toEqual({ link: 'eventTypes:errors.linkChars' })
    expect(issues({ link: '..' })).toEqual({ link: 'eventTypes:errors.linkDots' })
    expect(issues({ link: 'signup' })).toEqual({ link: 'eventTypes:errors.linkReserved' })
    expect(issues({ link: 'EventTypes' })).toEqual({ link: 'eventTypes:errors.linkReserved' })
  })

  it('requires a colour and a schedule', () => {
    expect(issues({ color: '' })).toEqual({ color: 'eventTypes:errors.color' })
    expect(issues({ scheduleId: '' })).toEqual({ scheduleId: 'validation:required' })
  })

  it('requires a meeting point unless phone, a link when online, and clears it for phone', () => {
    expect(issues({ eventTypePlaceType: 'Meet', meetingPoint: '' })).toEqual({ meetingPoint: 'validation:required' })
    expect(issues({ meetingPoint: 'not a link' })).toEqual({ meetingPoint: 'eventTypes:errors.url' })
    const phone = schema.parse({ ...valid, eventTypePlaceType: 'Phone', meetingPoint: 'x' })
    expect(phone.meetingPoint).toBeNull()
    expect(phone.whoCallType).toBe('MemberCallToOrganizer')
  })

  it('bounds duration to 1-1380 minutes and buffers to 5-60', () => {
    expect(issues({ durationInMinutes: 0 })).toEqual({ durationInMinutes: 'validation:positive' })
    expect(issues({ durationInMinutes: 1381 })).toEqual({ durationInMinutes: 'eventTypes:errors.durationMax' })
    expect(issues({ durationInMinutes: 1.5 })).toEqual({ durationInMinutes: 'validation:integer' })
    expect(issues({ stepValue: 0 })).toEqual({ stepValue: 'validation:positive' })
    expect(issues({ getTimeBeforeValue: 4 })).toEqual({ getTimeBeforeValue: 'validation:min' })
    expect(issues({ getTimeAfterValue: 61 })).toEqual({ getTimeAfterValue: 'validation:max' })
    expect(schema.parse({ ...valid, getTimeBeforeValue: null }).getTimeBeforeValue).toBeNull()
  })

  it('checks custom reminders against 90 minutes, 23 hours and 30 days', () => {
    expect(
      issues({ remindersInMinutesCustom: true, remindersInMinutesCustomValues: [{ amount: 91, unit: 'Minutes' }] }),
    ).toEqual({ 'remindersInMinutesCustomValues.0.amount': 'eventTypes:errors.reminderMinutes' })
    expect(
      issues({ remindersInMinutesCustom: true, remindersInMinutesCustomValues: [{ amount: 24, unit: 'Hours' }] }),
    ).toEqual({ 'remindersInMinutesCustomValues.0.amount': 'eventTypes:errors.reminderHours' })
    expect(
      issues({ remindersInMinutesCustom: true, remindersInMinutesCustomValues: [{ amount: 31, unit: 'Days' }] }),
    ).toEqual({ 'remindersInMinutesCustomValues.0.amount': 'eventTypes:errors.reminderDays' })
    expect(issues({ remindersInMinutes: [61 * 24] })).toEqual({ remindersInMinutes: 'eventTypes:errors.reminder' })
    // Zero or less is "above 0" only, not also "at most 30 days".
    for (const unit of ['Minutes', 'Hours', 'Days'])
      expect(issues({ remindersInMinutesCustom: true, remindersInMinutesCustomValues: [{ amount: 0, unit }] })).toEqual(
        { 'remindersInMinutesCustomValues.0.amount': 'validation:positive' },
      )
    expect(
      issues({ remindersInMinutesCustom: true, remindersInMinutesCustomValues: [{ amount: 1.5, unit: 'Days' }] }),
    ).toEqual({ 'remindersInMinutesCustomValues.0.amount': 'validation:integer' })
    const value = schema.parse({
      ...valid,
      remindersInMinutes: [1440, 60],
      remindersInMinutesCustom: true,
      remindersInMinutesCustomValues: [{ amount: 2, unit: 'Days' }],
    })
    expect(value.remindersInMinutes).toEqual([60, 1440, 2880])
    const off = schema.parse({
      ...valid,
      remindersInMinutes: [60],
      remindersInMinutesCustomValues: [{ amount: 2, unit: 'Days' }],
    })
    expect(off.remindersInMinutes).toEqual([60])
  })

  it('checks the booking period: both dates, valid, start not past, end not before start', () => {
    const period = { recordIsOpenType: 'Period' }
    expect(issues(period)).toEqual({
      recordIsOpenPeriodStart: 'validation:required',
      recordIsOpenPeriodEnd: 'validation:required',
    })
    expect(issues({ ...period, recordIsOpenPeriodStart: '31.02.2027', recordIsOpenPeriodEnd: '01.04.2027' })).toEqual({
      recordIsOpenPeriodStart: 'validation:invalidDate',
    })
    expect(issues({ ...period, recordIsOpenPeriodStart: '09.03.2027', recordIsOpenPeriodEnd: '01.04.2027' })).toEqual({
      recordIsOpenPeriodStart: 'eventTypes:errors.periodStartPast',
    })
    expect(issues({ ...period, recordIsOpenPeriodStart: '12.03.2027', recordIsOpenPeriodEnd: '11.03.2027' })).toEqual({
      recordIsOpenPeriodEnd: 'eventTypes:errors.periodEndBeforeStart',
    })
    const kept = eventTypeSchema({ today: '2027-03-10', savedPeriodStart: '01.03.2027' }).safeParse({
      ...valid,
      ...period,
      recordIsOpenPeriodStart: '01.03.2027',
      recordIsOpenPeriodEnd: '01.04.2027',
    })
    expect(kept.success).toBe(true)
    const cleared = schema.parse({
      ...valid,
      recordIsOpenPeriodStart: '12.03.2027',
      recordIsOpenPeriodEnd: '13.03.2027',
    })
    expect([cleared.recordIsOpenPeriodStart, cleared.recordIsOpenPeriodEnd]).toEqual([null, null])
  })

  it('checks group seats and sets the defaults of the other kinds', () => {
    const group = { participantType: 'GroupNotCollective' }
    expect(issues({ ...group, minSeats: 0, totalSeats: 1 })).toEqual({
      minSeats: 'validation:positive',
      totalSeats: 'eventTypes:errors.totalSeatsAboveOne',
    })
    expect(issues({ ...group, minSeats: 5, totalSeats: 3 })).toEqual({
      minSeats: 'eventTypes:errors.minSeatsAboveTotal',
    })
    expect(issues({ ...group, minSeats: 1.5, totalSeats: 3 })).toEqual({ minSeats: 'validation:integer' })
    expect(schema.parse({ ...valid, ...group, minSeats: 2, totalSeats: 5 })).toMatchObject({
      minSeats: 2,
      totalSeats: 5,
    })
    expect(schema.parse({ ...valid, participantType: 'SimpleCollective', totalSeats: 9 })).toMatchObject({
      minSeats: 0,
      totalSeats: 0,
    })
  })

  it('needs a positive cost and a link-shaped redirect when enabled, and clears them when off', () => {
    expect(issues({ isShowCost: true })).toEqual({ cost: 'validation:required' })
    expect(issues({ isShowCost: true, cost: 0 })).toEqual({ cost: 'validation:positive' })
    expect(schema.parse({ ...valid, isShowCost: true, cost: 1500 })).toMatchObject({ cost: 1500, currency: 'RUB' })
    expect(schema.parse({ ...valid, isShowCost: false, cost: 1500, currency: 'USD' })).toMatchObject({
      cost: null,
      currency: null,
    })
    expect(issues({ isShowRedirection: true })).toEqual({ redirectUrl: 'validation:required' })
    expect(issues({ isShowRedirection: true, redirectUrl: 'example' })).toEqual({
      redirectUrl: 'eventTypes:errors.url',
    })
    expect(
      schema.parse({ ...valid, isShowRedirection: false, redirectUrl: 'https://example.com', redirectComment: 'x' }),
    ).toMatchObject({ redirectUrl: null, redirectComment: null })
  })

  it('requires whole non-negative daily limits and closing times', () => {
    expect(issues({ maximumRecordsPerDayValue: -1 })).toEqual({ maximumRecordsPerDayValue: 'validation:min' })
    expect(issues({ whenClosesValue: 1.5 })).toEqual({ whenClosesValue: 'validation:integer' })
  })
})

describe('the event type page form (posted without script too)', () => {
  it('reads the booking window dates as the date fields post them, the old YYYY-MM-DD too', () => {
    const form = new FormData()
    form.set('recordIsOpenPeriodStart', '5.3.2027')
    form.set('recordIsOpenPeriodEnd', '2027-04-01')
    expect(eventTypeBodyFromForm(form)).toMatchObject({
      recordIsOpenPeriodStart: '05.03.2027',
      recordIsOpenPeriodEnd: '01.04.2027',
    })
    form.set('recordIsOpenPeriodEnd', '31.02.2027')
    // Kept as typed for the schema to name ("Invalid date").
    expect(eventTypeBodyFromForm(form).recordIsOpenPeriodEnd).toBe('31.02.2027')
  })
})
