import { describe, expect, it } from 'vitest'
import {
  bookingWindowFromSpec,
  eventTypeRulesFromSpec,
  minimumNoticeFromSpec,
  toMinutes,
} from '#app/domain/availability/index.ts'

describe('SPEC event-type fields -> engine rules', () => {
  it('converts Minutes, Hours and Days', () => {
    expect(toMinutes(45, 'Minutes')).toBe(45)
    expect(toMinutes(2, 'Hours')).toBe(120)
    expect(toMinutes(3, 'Days')).toBe(4320)
  })

  it('reads whenClosesValue/whenClosesType as the minimum notice, default 0', () => {
    expect(minimumNoticeFromSpec(2, 'Hours')).toBe(120)
    expect(minimumNoticeFromSpec(1, 'Days')).toBe(1440)
    expect(minimumNoticeFromSpec(null, null)).toBe(0)
    expect(minimumNoticeFromSpec(30, undefined)).toBe(30)
  })

  it('reads the booking window, DD.MM.YYYY dates', () => {
    expect(
      bookingWindowFromSpec({ recordIsOpenType: 'NoRestrictions', recordIsOpenPeriodStart: '01.03.2027' }),
    ).toEqual({
      type: 'NoRestrictions',
    })
    expect(
      bookingWindowFromSpec({
        recordIsOpenType: 'Period',
        recordIsOpenPeriodStart: '04.03.2027',
        recordIsOpenPeriodEnd: '09.03.2027',
      }),
    ).toEqual({ type: 'Period', start: '2027-03-04', end: '2027-03-09' })
    expect(() => bookingWindowFromSpec({ recordIsOpenType: 'Period', recordIsOpenPeriodStart: '04.03.2027' })).toThrow(
      RangeError,
    )
    expect(() =>
      bookingWindowFromSpec({
        recordIsOpenType: 'Period',
        recordIsOpenPeriodStart: '2027-03-04',
        recordIsOpenPeriodEnd: '09.03.2027',
      }),
    ).toThrow(RangeError)
  })

  it('builds the engine rules with SPEC defaults', () => {
    expect(
      eventTypeRulesFromSpec({
        durationInMinutes: 30,
        recordIsOpenType: 'NoRestrictions',
        getTimeBeforeValue: null,
        getTimeAfterValue: null,
        maximumRecordsPerDayValue: 0,
        totalSeats: 0,
      }),
    ).toEqual({
      durationMinutes: 30,
      stepMinutes: 30,
      beforeMinutes: 0,
      afterMinutes: 0,
      minimumNoticeMinutes: 0,
      window: { type: 'NoRestrictions' },
      maxPerDay: 0,
      seats: 1,
    })
    expect(
      eventTypeRulesFromSpec({
        durationInMinutes: 1380,
        stepValue: 1,
        stepValueType: 'Hours',
        getTimeBeforeValue: 15,
        getTimeAfterValue: 10,
        whenClosesValue: 3,
        whenClosesType: 'Hours',
        recordIsOpenType: 'Period',
        recordIsOpenPeriodStart: '01.03.2027',
        recordIsOpenPeriodEnd: '31.03.2027',
        maximumRecordsPerDayValue: 4,
        totalSeats: 5,
      }),
    ).toEqual({
      durationMinutes: 1380,
      stepMinutes: 60,
      beforeMinutes: 15,
      afterMinutes: 10,
      minimumNoticeMinutes: 180,
      window: { type: 'Period', start: '2027-03-01', end: '2027-03-31' },
      maxPerDay: 4,
      seats: 5,
    })
  })

  it('rejects durations outside 1..1380 minutes', () => {
    for (const durationInMinutes of [0, 1381, 12.5]) {
      expect(() => eventTypeRulesFromSpec({ durationInMinutes, recordIsOpenType: 'NoRestrictions' })).toThrow(
        RangeError,
      )
    }
  })
})
