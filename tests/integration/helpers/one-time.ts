import { DAY, HOUR } from './meetings.ts'

/** A whole hour a few days ahead, as an instant. */
export function hourAhead(days: number, plusHours = 0) {
  return Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR + plusHours * HOUR
}

/** A `POST /companyEvent/organizer` body: one hour-long Online group meeting for nobody yet, in Moscow. */
export function oneTimeBody(
  overrides: Record<string, unknown> = {},
  form: Record<string, unknown> = {},
  start = hourAhead(3),
) {
  return {
    contactIds: [],
    contacts: [],
    adjutantEmails: null,
    timeZone: 'Europe/Moscow',
    dates: [{ from: new Date(start).toISOString(), to: new Date(start + HOUR).toISOString() }],
    form: {
      name: 'Разбор проекта',
      description: 'Обсудим план',
      type: 'Online',
      meetingPoint: 'https://zoom.us/j/42',
      participantType: 'GroupNotCollective',
      totalSeats: 3,
      minSeats: 1,
      remindersInMinutes: [60],
      ...form,
    },
    ...overrides,
  }
}
