import { describe, expect, it } from 'vitest'
import {
  InviteeEmailsSchema,
  displayStatus,
  isBelowMinSeats,
  meetingLink,
  participantCount,
  periodRange,
  placeIcon,
  seatsAfterMove,
} from '#app/domain/meetings/rules.ts'

const at = (iso: string) => Date.parse(iso)

describe('meeting rules', () => {
  it('derives completed from the end time; cancelled wins', () => {
    const now = at('2027-03-10T12:00:00Z')
    expect(displayStatus({ status: 'upcoming', endAt: now + 1 }, now)).toBe('upcoming')
    expect(displayStatus({ status: 'upcoming', endAt: now }, now)).toBe('completed')
    expect(displayStatus({ status: 'canceled', endAt: now + 1 }, now)).toBe('canceled')
  })

  it('counts periods in the viewer zone; the week starts on Monday', () => {
    // Wednesday 10 March 2027, 02:00 in Moscow (UTC+3) is still Tuesday 23:00 in UTC.
    const now = at('2027-03-09T23:00:00Z')
    expect(periodRange('today', now, 'Europe/Moscow')).toEqual({
      from: at('2027-03-09T21:00:00Z'),
      to: at('2027-03-10T21:00:00Z'),
    })
    expect(periodRange('tomorrow', now, 'Europe/Moscow').from).toBe(at('2027-03-10T21:00:00Z'))
    expect(periodRange('week', now, 'Europe/Moscow')).toEqual({
      from: at('2027-03-07T21:00:00Z'),
      to: at('2027-03-14T21:00:00Z'),
    })
    expect(periodRange('month', now, 'UTC')).toEqual({
      from: at('2027-03-01T00:00:00Z'),
      to: at('2027-04-01T00:00:00Z'),
    })
    expect(periodRange('year', now, 'UTC')).toEqual({
      from: at('2027-01-01T00:00:00Z'),
      to: at('2028-01-01T00:00:00Z'),
    })
  })

  it('gives Zoom and Telemost links their icons, other links a generic one (SPEC §5)', () => {
    expect(placeIcon('Online', 'https://us02web.zoom.us/j/123')).toBe('zoom')
    expect(placeIcon('Online', 'https://zoom.us/my/room')).toBe('zoom')
    expect(placeIcon('Online', 'http://zoom.us/j/123')).toBe('link')
    expect(placeIcon('Online', 'https://zoom.us/about')).toBe('link')
    expect(placeIcon('Online', 'telemost.yandex.ru/j/123')).toBe('telemost')
    expect(placeIcon('Online', 'meet.example.com/x')).toBe('link')
    expect(placeIcon('Phone', null)).toBe('phone')
    expect(placeIcon('Meet', 'Office 5')).toBe('place')
    expect(meetingLink('meet.example.com')).toBe('http://meet.example.com')
    expect(meetingLink('https://a.b')).toBe('https://a.b')
  })

  it('applies the seat and count rules', () => {
    expect(isBelowMinSeats({ participantType: 'GroupNotCollective', minSeats: 3 }, 2)).toBe(true)
    expect(isBelowMinSeats({ participantType: 'GroupNotCollective', minSeats: 3 }, 3)).toBe(false)
    expect(isBelowMinSeats({ participantType: 'SimpleNotCollective', minSeats: 1 }, 0)).toBe(false)
    expect(participantCount({ members: 2, visitors: 1, adjutants: 1 })).toBe(4)
    expect(participantCount({ members: 1, visitors: 0, adjutants: 0 })).toBe(1)
    expect(seatsAfterMove({ totalSeats: 2 }, 2, 1)).toBe(3)
    expect(seatsAfterMove({ totalSeats: 5 }, 2, 1)).toBe(5)
  })

  it('refuses repeated invitee emails and lowercases them', () => {
    expect(InviteeEmailsSchema.parse(['A@B.ru'])).toEqual(['a@b.ru'])
    expect(InviteeEmailsSchema.safeParse(['a@b.ru', 'A@b.ru']).success).toBe(false)
  })
})
