import { describe, expect, it } from 'vitest'
import { overlapping } from '#app/domain/availability/index.ts'
import {
  chooseTemplate,
  clearTemplate,
  emailList,
  formValuesFromFormData,
  newFormValues,
  payloadFromValues,
  templateValues,
  zoneOffsetHours,
} from '#app/domain/one-time/form.ts'
import { OneTimeEventSchema, instantOf, resolveDates, seatsOf } from '#app/domain/one-time/rules.ts'

const HOUR = 3_600_000
const NOW = Date.parse('2027-03-01T09:00:00Z')

const template = {
  name: 'Консультация',
  description: 'Описание',
  placeType: 'Online' as const,
  meetingPoint: 'https://zoom.us/j/1',
  whoCallType: null,
  color: '#2f80ed',
  remindersInMinutes: [60, 120, 2880],
  isLastNameRequired: true,
  isPhoneRequired: false,
  isMessengerRequired: true,
  isOptionalInputsHidden: true,
  whenClosesValue: 2,
  whenClosesType: 'Hours' as const,
  timeBeforeMinutes: 15,
  timeAfterMinutes: null,
}

function filled() {
  return {
    ...newFormValues({ date: '2027-03-05', timeZone: 'Europe/Moscow' }),
    timeFrom: '14:00',
    timeTo: '15:30',
    participantType: 'GroupNotCollective' as const,
    totalSeats: '4',
    minSeats: '2',
    existContacts: ['c1'],
    newContacts: [
      { firstName: 'Ян', lastName: '', email: 'yan@example.com' },
      { firstName: '', lastName: '', email: '' },
    ],
    adjutants: 'helper@example.com',
    visitors: 'guest1@example.com, guest2@example.com',
    name: 'Встреча',
    meetingPoint: 'Москва',
  }
}

describe('template choice (SPEC §4)', () => {
  it('fills the template fields and keeps what was typed elsewhere', () => {
    const values = chooseTemplate(filled(), 'et1', template)
    expect(values).toMatchObject({
      template: 'et1',
      templateSelect: 'template',
      name: 'Консультация',
      type: 'Online',
      meetingPoint: 'https://zoom.us/j/1',
      isLastNameRequired: true,
      whenClosesValue: '2',
      whenClosesType: 'Hours',
      getTimeBeforeValue: '15',
      getTimeAfterValue: '',
      date: '2027-03-05',
      timeFrom: '14:00',
      totalSeats: '4',
      existContacts: ['c1'],
      adjutants: 'helper@example.com',
    })
  })

  it('splits template reminders: presets apart, the rest custom in days, hours or minutes (SPEC §5)', () => {
    expect(templateValues(template)).toMatchObject({
      reminders: [60],
      remindersCustom: true,
      customReminders: [
        { amount: '2', unit: 'Hours' },
        { amount: '2', unit: 'Days' },
      ],
    })
    expect(templateValues({ ...template, remindersInMinutes: [1440] })).toMatchObject({
      reminders: [1440],
      remindersCustom: false,
      customReminders: [{ amount: '30', unit: 'Minutes' }],
    })
  })

  it('clearing keeps only date, zone, times, participant type, invitation, seats, contacts and the choice', () => {
    const cleared = clearTemplate(chooseTemplate({ ...filled(), inviteParticipant: 'visitors' }, 'et1', template))
    expect(cleared).toMatchObject({
      date: '2027-03-05',
      timeZone: 'Europe/Moscow',
      timeFrom: '14:00',
      timeTo: '15:30',
      participantType: 'GroupNotCollective',
      inviteParticipant: 'visitors',
      totalSeats: '4',
      minSeats: '2',
      existContacts: ['c1'],
      templateSelect: 'new',
      template: '',
      name: '',
      meetingPoint: '',
      type: 'Meet',
      isLastNameRequired: false,
      adjutants: '',
      visitors: '',
      reminders: [60, 1440],
    })
    expect(cleared.newContacts).toHaveLength(2)
  })
})

describe('form to payload (SPEC §5 "One-time event")', () => {
  it('sends group seats, only filled new contacts with empty values null, adjutants, the zone offset', () => {
    const payload = payloadFromValues(filled(), 3)
    expect(payload.form).toMatchObject({ participantType: 'GroupNotCollective', totalSeats: 4, minSeats: 2 })
    expect(payload.contacts).toEqual([{ firstName: 'Ян', lastName: null, email: 'yan@example.com' }])
    expect(payload.contactIds).toEqual(['c1'])
    expect(payload.adjutantEmails).toEqual(['helper@example.com'])
    expect(payload.dates).toEqual([{ from: '2027-03-05T14:00', to: '2027-03-05T15:30', gmtOffset: 3 }])
    expect(OneTimeEventSchema.safeParse(payload).success).toBe(true)
  })

  it('a Telemost link for each meeting needs no fixed link, is sent only for an online place, and a template brings it', () => {
    const online = { ...filled(), type: 'Online' as const, meetingPoint: '', videoLinkService: 'telemost' as const }
    const payload = payloadFromValues(online, 3)
    expect(payload.form).toMatchObject({ type: 'Online', meetingPoint: null, videoLinkService: 'telemost' })
    const parsed = OneTimeEventSchema.parse(payload)
    expect(parsed.form).toMatchObject({ meetingPoint: null, videoLinkService: 'telemost' })
    // What was typed in the hidden link field is ignored.
    const typed = OneTimeEventSchema.parse(payloadFromValues({ ...online, meetingPoint: 'not a link' }, 3))
    expect(typed.form).toMatchObject({ meetingPoint: null, videoLinkService: 'telemost' })
    // Without the service an online meeting still needs its link.
    expect(OneTimeEventSchema.safeParse(payloadFromValues({ ...online, videoLinkService: '' }, 3)).success).toBe(false)
    expect(payloadFromValues({ ...online, type: 'Meet', meetingPoint: 'Офис' }, 3).form.videoLinkService).toBeNull()
    const form = new FormData()
    form.set('videoLinkService', 'telemost')
    expect(formValuesFromFormData(form).videoLinkService).toBe('telemost')
    form.set('videoLinkService', 'zoom')
    expect(formValuesFromFormData(form).videoLinkService).toBe('')
    expect(templateValues({ ...template, meetingPoint: null, videoLinkService: 'telemost' }).videoLinkService).toBe(
      'telemost',
    )
    expect(templateValues(template).videoLinkService).toBe('')
  })

  it('totalSeats 1 for an individual meeting; visitors make it simple collective with their emails as adjutants', () => {
    const single = payloadFromValues({ ...filled(), participantType: 'SimpleNotCollective' }, null)
    expect(single.form).toMatchObject({ totalSeats: 1, minSeats: 1 })
    const visitors = payloadFromValues({ ...filled(), inviteParticipant: 'visitors' }, null)
    expect(visitors.form).toMatchObject({ participantType: 'SimpleCollective', totalSeats: 1 })
    expect(visitors.adjutantEmails).toEqual(['helper@example.com', 'guest1@example.com', 'guest2@example.com'])
    const none = payloadFromValues({ ...filled(), adjutants: '' }, null)
    expect(none.adjutantEmails).toBeNull()
  })

  it('uses custom reminders only when their flag is set', () => {
    const values = { ...filled(), reminders: [60], customReminders: [{ amount: '3', unit: 'Hours' as const }] }
    expect(payloadFromValues(values, null).form.remindersInMinutes).toEqual([60])
    expect(payloadFromValues({ ...values, remindersCustom: true }, null).form.remindersInMinutes).toEqual([60, 180])
  })

  it('falls back to the browser offset when the zone cannot be read', () => {
    expect(payloadFromValues({ ...filled(), timeZone: 'Mars/Base' }, 5).dates[0].gmtOffset).toBe(5)
    expect(zoneOffsetHours('Asia/Kolkata', '2027-03-05', '10:00')).toBe(5.5)
    expect(zoneOffsetHours('Europe/Berlin', '2027-07-05', '10:00')).toBe(2)
  })

  it('reads the date and times as the fields post them (DD.MM.YYYY, HH:mm, the old YYYY-MM-DD) and names the rest', () => {
    const posted = (date: string, timeFrom: string, timeTo: string) => {
      const form = new FormData()
      form.set('date', date)
      form.set('timeFrom', timeFrom)
      form.set('timeTo', timeTo)
      return formValuesFromFormData(form)
    }
    expect(posted('05.03.2027', '9:30', '1045')).toMatchObject({
      date: '2027-03-05',
      timeFrom: '09:30',
      timeTo: '10:45',
    })
    expect(posted('2027-03-05', '09:30', '10:45')).toMatchObject({ date: '2027-03-05', timeFrom: '09:30' })
    // The page's schema names what stays unread (page-form.test.ts): kept as typed for the person to see.
    expect(posted('31.02.2027', '09:30 AM', '')).toMatchObject({ date: '31.02.2027', timeFrom: '09:30 AM', timeTo: '' })
  })

  it('reads emails separated by lines, commas or semicolons', () => {
    expect(emailList(' a@x.ru,b@x.ru;\nc@x.ru  ')).toEqual(['a@x.ru', 'b@x.ru', 'c@x.ru'])
  })
})

describe('dates and seats', () => {
  it('reads instants with an offset, wall times with gmtOffset, and nothing else', () => {
    expect(instantOf('2027-03-05T14:00:00Z', null)).toBe(Date.parse('2027-03-05T14:00:00Z'))
    expect(instantOf('2027-03-05T14:00+03:00', null)).toBe(Date.parse('2027-03-05T11:00:00Z'))
    expect(instantOf('2027-03-05T14:00', 3)).toBe(Date.parse('2027-03-05T11:00:00Z'))
    expect(instantOf('2027-03-05T14:00', null)).toBeNull()
    expect(instantOf('tomorrow', 3)).toBeNull()
  })

  it('refuses past, reversed, too long and mutually overlapping dates', () => {
    const date = (from: string, to: string) => ({ from, to, gmtOffset: 0 })
    const check = (dates: ReturnType<typeof date>[]) => resolveDates(dates, () => null, NOW)
    expect(check([date('2027-03-02T10:00', '2027-03-02T11:00')])).toEqual({
      ok: true,
      times: [{ start: Date.parse('2027-03-02T10:00:00Z'), end: Date.parse('2027-03-02T11:00:00Z') }],
    })
    const codes = (dates: ReturnType<typeof date>[]) => {
      const result = check(dates)
      return result.ok ? [] : result.problems.map((p) => p.code)
    }
    expect(codes([date('2027-02-28T10:00', '2027-02-28T11:00')])).toEqual(['dateNotInPast'])
    expect(codes([date('2027-03-02T11:00', '2027-03-02T10:00')])).toEqual(['endAfterStart'])
    expect(codes([date('2027-03-02T00:00', '2027-03-03T00:00')])).toEqual(['oneTimeTooLong'])
    expect(codes([date('2027-03-02T10:00', '2027-03-02T11:00'), date('2027-03-02T10:30', '2027-03-02T12:00')])).toEqual(
      ['datesOverlap'],
    )
  })

  it('keeps group seats and makes every simple kind one seat', () => {
    expect(seatsOf('GroupCollective', 5, 2)).toEqual({ totalSeats: 5, minSeats: 2 })
    expect(seatsOf('SimpleNotCollective', 5, 2)).toEqual({ totalSeats: 1, minSeats: 1 })
    expect(seatsOf('SimpleCollective', 5, 2)).toEqual({ totalSeats: 1, minSeats: 1 })
  })
})

describe('overlap check (the engine conflict rule)', () => {
  const time = { start: 10 * HOUR, end: 11 * HOUR }
  const items = [
    { id: 'before', start: 9 * HOUR, end: 10 * HOUR },
    { id: 'inside', start: 10.5 * HOUR, end: 10.75 * HOUR },
    { id: 'after', start: 11.2 * HOUR, end: 12 * HOUR },
  ]
  it('finds what the time overlaps; touching is no overlap', () => {
    expect(overlapping(time, { beforeMinutes: 0, afterMinutes: 0 }, items).map((i) => i.id)).toEqual(['inside'])
  })
  it('widens the time by its buffers', () => {
    expect(overlapping(time, { beforeMinutes: 5, afterMinutes: 15 }, items).map((i) => i.id)).toEqual([
      'before',
      'inside',
      'after',
    ])
    expect(overlapping(time, { beforeMinutes: 0, afterMinutes: 0 }, [])).toEqual([])
  })
})
