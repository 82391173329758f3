import { describe, expect, it } from 'vitest'
import { type OneTimeFormValues, newFormValues } from '#app/domain/one-time/form.ts'
import { oneTimePageSchema, pageFieldOf } from '#app/domain/one-time/page-form.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { issueErrors } from '#app/i18n/zod-errors.ts'

const ru = getT('ru')

/** A filled group meeting with one new contact and an assistant. */
function values(patch: Partial<OneTimeFormValues> = {}): OneTimeFormValues {
  return {
    ...newFormValues({ date: '2027-03-05', timeZone: 'Europe/Moscow' }),
    name: 'Встреча выпускников',
    meetingPoint: 'Москва, Тверская 1',
    participantType: 'GroupNotCollective',
    totalSeats: '4',
    minSeats: '2',
    newContacts: [
      { firstName: 'Ян', lastName: '', email: 'Yan@Example.com' },
      { firstName: '', lastName: '', email: '' },
    ],
    adjutants: 'helper@example.com',
    ...patch,
  }
}

/** The page's texts by field, as the action answers them. */
function fieldErrors(patch: Partial<OneTimeFormValues>) {
  const parsed = oneTimePageSchema(3).safeParse(values(patch))
  if (parsed.success) throw new Error('expected bad input')
  return issueErrors(parsed.error.issues, ru).fieldErrors
}

describe('the one-time creation page parses its form with one schema (the API payload at the end)', () => {
  it('gives the payload the API parses, empty contact rows left out', () => {
    const parsed = oneTimePageSchema(3).parse(values())
    expect(parsed).toEqual(OneTimeEventSchema.parse(parsed))
    expect(parsed.contacts).toEqual([{ firstName: 'Ян', lastName: '', email: 'yan@example.com', phone: null }])
    expect(parsed.adjutantEmails).toEqual(['helper@example.com'])
    expect(parsed.dates).toEqual([{ from: '2027-03-05T10:00', to: '2027-03-05T11:00', gmtOffset: 3 }])
    expect(parsed.form).toMatchObject({ participantType: 'GroupNotCollective', totalSeats: 4, minSeats: 2 })
  })

  it('says every problem under the page field it was typed in, the date and times beside the rest', () => {
    expect(
      fieldErrors({
        date: '31.02.2027',
        timeFrom: '12:00 PM',
        timeTo: '',
        name: '',
        totalSeats: '1',
        minSeats: '1',
        newContacts: [
          { firstName: '', lastName: '', email: '' },
          { firstName: 'Иван', lastName: '', email: 'not-an-email' },
        ],
        adjutants: 'helper@example.com, helper@example.com',
      }),
    ).toEqual({
      date: ['Некорректная дата'],
      timeFrom: ['Некорректное время'],
      timeTo: ['Обязательное поле'],
      name: ['Обязательное поле'],
      totalSeats: [ru('oneTime:errors.totalSeats')],
      'newContacts.1.email': ['Некорректный email'],
      adjutants: [ru('meetings:errors.emailRepeated')],
    })
  })

  it("says a visitor's email beside the visitors, a custom reminder beside the reminders", () => {
    expect(
      fieldErrors({
        inviteParticipant: 'visitors',
        visitors: 'guest@example.com\nnot-an-email',
        remindersCustom: true,
        customReminders: [{ amount: 'ten', unit: 'Minutes' }],
      }),
    ).toEqual({ visitors: ['Некорректный email'], 'remindersInMinutes.2': [ru('validation:number')] })
  })

  it("names a refusal's payload field by the page's field", () => {
    expect(['dates.0.from', 'dates.0.to', 'contactIds', 'contacts', 'form.videoLinkService'].map(pageFieldOf)).toEqual([
      'timeFrom',
      'timeTo',
      'existContacts',
      'newContacts',
      'videoLinkService',
    ])
  })
})
