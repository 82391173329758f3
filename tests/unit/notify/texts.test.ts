import { describe, expect, it } from 'vitest'
import { decodeProblems, encodeProblems, parseDeliveryError, problemText } from '#app/domain/reminders/problems.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { type MessageMeeting, clientReminder, organizerReminder } from '#app/server/notify/texts.server.ts'

const start = Date.UTC(2031, 5, 2, 9, 0)
const phoneMeeting = (whoCallType: MessageMeeting['whoCallType'], meetingPoint: string | null = null) => ({
  id: 'm1',
  name: 'Консультация',
  startAt: start,
  endAt: start + 3_600_000,
  placeType: 'Phone' as const,
  meetingPoint,
  whoCallType,
})

const client = (meeting: MessageMeeting, language: 'ru' | 'en', phone: string | null) =>
  clientReminder(getT(language), {
    meeting,
    firstName: 'Ivan',
    organizerName: 'Anna Smith',
    timeZone: 'Europe/Moscow',
    phone,
    manageUrl: 'https://app.example/booking/manage/tok',
  }).text

const organizer = (meeting: MessageMeeting, language: 'ru' | 'en', clients: { name: string; phone: string | null }[]) =>
  organizerReminder(getT(language), {
    meeting,
    firstName: 'Anna',
    clients,
    timeZone: 'Europe/Moscow',
    meetingUrl: 'https://app.example/meetings/m1',
  }).text

describe('phone meeting reminders (SPEC §3 whoCallType)', () => {
  it('the specialist calls: the client is told the number they will be called at, the specialist whom to call', () => {
    const meeting = phoneMeeting('OrganizerCallToMember')
    expect(client(meeting, 'en', '+7 900 111-22-33')).toContain(
      'Phone call: the specialist will call you at +7 900 111-22-33.',
    )
    expect(client(meeting, 'ru', '+7 900 111-22-33')).toContain(
      'Звонок по телефону: специалист позвонит вам по номеру +7 900 111-22-33.',
    )
    expect(client(meeting, 'en', null)).toContain('Phone call: the specialist will call you.')
    expect(
      organizer(meeting, 'en', [
        { name: 'Ivan Petrov', phone: '+7 900 111-22-33' },
        { name: 'Olga', phone: null },
      ]),
    ).toContain('Phone call: you call the client — Ivan Petrov, +7 900 111-22-33; Olga (no number given).')
    expect(organizer(meeting, 'ru', [{ name: 'Иван', phone: '+7 900 111-22-33' }])).toContain(
      'Звонок по телефону: вы звоните клиенту — Иван, +7 900 111-22-33.',
    )
  })

  it('the client calls: never their own number; the specialist’s when the meeting has one, and the specialist waits', () => {
    const withoutNumber = phoneMeeting('MemberCallToOrganizer')
    const text = client(withoutNumber, 'en', '+7 900 111-22-33')
    expect(text).toContain('Phone call: you call the specialist.')
    expect(text).not.toContain('+7 900 111-22-33')
    expect(client(phoneMeeting('MemberCallToOrganizer', '+7 495 000-00-00'), 'ru', '+7 900 111-22-33')).toContain(
      'Звонок по телефону: вы звоните специалисту по номеру +7 495 000-00-00.',
    )
    // No choice stored reads as the default (the client calls).
    expect(client(phoneMeeting(null), 'en', null)).toContain('Phone call: you call the specialist.')
    const forOrganizer = organizer(withoutNumber, 'en', [{ name: 'Ivan', phone: '+7 900 111-22-33' }])
    expect(forOrganizer).toContain('Phone call: the client will call you.')
  })

  it('other places keep their link or address line', () => {
    const online = { ...phoneMeeting(null, 'zoom.us/j/1'), placeType: 'Online' as const }
    expect(client(online, 'en', '+7 900')).toContain('Meeting link: http://zoom.us/j/1')
    expect(organizer(online, 'en', [{ name: 'Ivan', phone: null }])).toContain('Meeting link: http://zoom.us/j/1')
  })

  it('a visitor, who cannot cancel or move the booking, gets no manage line', () => {
    const meeting = { ...phoneMeeting(null, 'Office 1'), placeType: 'Meet' as const }
    const input = {
      meeting,
      firstName: 'Vera',
      organizerName: 'Anna',
      timeZone: 'Europe/Moscow',
      phone: null,
      manageUrl: null,
    }
    expect(clientReminder(getT('en'), { ...input, canManage: false }).text).not.toMatch(/cancel or reschedule/i)
    expect(clientReminder(getT('en'), input).text).toContain('use the link in your confirmation email')
  })
})

describe('reminder problems', () => {
  it('keeps codes with the provider detail and translates them on display', () => {
    const stored = encodeProblems([
      { code: 'rejected', channel: 'email', detail: 'Unisender Go answered 503: busy' },
      { code: 'meetingStarted' },
    ])
    const problems = decodeProblems(stored)
    expect(problems.map((p) => problemText(getT('ru'), p))).toEqual([
      'Email: сервис доставки отклонил сообщение',
      'не отправлено: встреча уже началась',
    ])
    expect(problems[0].detail).toBe('Unisender Go answered 503: busy')
    expect(problemText(getT('en'), problems[0])).toBe('Email: the provider refused the message')
  })

  it('reads the outbox error format and texts from before codes', () => {
    expect(parseDeliveryError('timeout: FCM did not answer in time')).toEqual({
      code: 'timeout',
      detail: 'FCM did not answer in time',
    })
    expect(parseDeliveryError('Something odd')).toEqual({ code: 'failed', detail: 'Something odd' })
    expect(parseDeliveryError(null)).toBeNull()
    expect(decodeProblems('email: Unisender Go answered 503')).toEqual([
      { code: 'failed', detail: 'email: Unisender Go answered 503' },
    ])
    expect(decodeProblems(null)).toEqual([])
    expect(encodeProblems([])).toBeNull()
  })
})
