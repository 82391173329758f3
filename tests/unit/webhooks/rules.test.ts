import { describe, expect, it } from 'vitest'
import { meetingsOfEvent, webhookBody, webhookCreateSchema, webhookTypeOf } from '#app/domain/webhooks/rules.ts'

describe('webhookTypeOf', () => {
  it('maps the host events a receiver of bookings needs, and no others', () => {
    expect(webhookTypeOf('BookingConfirmed', { newMeeting: { name: 'x' } })).toBe('booking.created')
    expect(webhookTypeOf('BookingConfirmed', { newMeeting: null })).toBe('booking.participants_changed')
    expect(webhookTypeOf('OneTimeCreated', {})).toBe('booking.created')
    expect(webhookTypeOf('MeetingCanceled', {})).toBe('booking.cancelled')
    expect(webhookTypeOf('MeetingMoved', {})).toBe('booking.moved')
    for (const type of [
      'OneTimeSeatBooked',
      'InvitationConfirmed',
      'ParticipantCanceled',
      'ParticipantsMoved',
      'VisitorsAdded',
    ])
      expect(webhookTypeOf(type, {})).toBe('booking.participants_changed')
    for (const type of ['SeatsAdded', 'MeetingHeld', 'AdjutantsChanged', 'Unknown'])
      expect(webhookTypeOf(type, {})).toBeNull()
  })

  it('names the meetings participants left as well as the one they joined', () => {
    expect(meetingsOfEvent('m1', { fromMeetingIds: ['m0', 'm1'] })).toEqual(['m1', 'm0'])
    expect(meetingsOfEvent(null, {})).toEqual([])
  })
})

describe('webhookCreateSchema', () => {
  const parse = (production: boolean, url: string) =>
    webhookCreateSchema(production).safeParse({ url, events: ['booking.created'] }).success

  it('takes only https on a public host in production', () => {
    expect(parse(true, 'https://hooks.example.com/fastslot')).toBe(true)
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://intranet/x',
      'https://user:pass@hooks.example.com/x',
      'not a url',
    ])
      expect(parse(true, url), url).toBe(false)
  })

  it('takes local http receivers in development', () => {
    expect(parse(false, 'http://127.0.0.1:8951/hook')).toBe(true)
    expect(parse(false, 'ftp://127.0.0.1/hook')).toBe(false)
  })
})

describe('webhookBody', () => {
  it('is the Standard Webhooks body with the meeting facts', () => {
    const body = JSON.parse(
      webhookBody({
        messageId: 'msg_1',
        type: 'booking.moved',
        reason: 'MeetingMoved',
        at: Date.UTC(2027, 0, 2, 3, 4, 5),
        meeting: {
          id: 'm1',
          eventTypeId: 'e1',
          name: 'Consultation',
          start: Date.UTC(2027, 0, 3, 9),
          end: Date.UTC(2027, 0, 3, 9, 30),
          status: 'upcoming',
          participants: [{ firstName: 'Anna', lastName: '', email: 'a@example.com' }],
        },
      }),
    )
    expect(body).toEqual({
      id: 'msg_1',
      type: 'booking.moved',
      createdAt: '2027-01-02T03:04:05.000Z',
      data: {
        reason: 'MeetingMoved',
        meetingId: 'm1',
        eventTypeId: 'e1',
        name: 'Consultation',
        start: '2027-01-03T09:00:00.000Z',
        end: '2027-01-03T09:30:00.000Z',
        status: 'upcoming',
        participants: [{ name: 'Anna', email: 'a@example.com' }],
      },
    })
  })
})
