import { describe, expect, it } from 'vitest'
import {
  calendarDetails,
  calendarEventOf,
  calendarLinks,
  googleCalendarUrl,
  outlookCalendarUrl,
} from '#app/domain/booking/calendar-links.ts'

const event = {
  title: 'Консультация & план',
  start: Date.UTC(2026, 10, 27, 6, 0),
  end: Date.UTC(2026, 10, 27, 6, 45),
  details: 'Line one\n\nCancel: https://app.example/booking/manage/abc?lang=en',
  location: 'https://telemost.yandex.ru/j/123?x=1',
}

describe('add-to-calendar links', () => {
  it('fills Google Calendar’s template with UTC times and encoded values', () => {
    const url = new URL(googleCalendarUrl(event))
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render')
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('text')).toBe('Консультация & план')
    expect(url.searchParams.get('dates')).toBe('20261127T060000Z/20261127T064500Z')
    expect(url.searchParams.get('details')).toBe(event.details)
    expect(url.searchParams.get('location')).toBe(event.location)
    // Percent-encoded throughout: a space is %20, `&` and `?` inside values never split the query.
    expect(googleCalendarUrl({ ...event, title: 'a b' })).toContain('text=a%20b&')
    expect(googleCalendarUrl(event)).toContain('location=https%3A%2F%2Ftelemost.yandex.ru%2Fj%2F123%3Fx%3D1')
  })

  it('fills Outlook’s compose link with extended UTC times', () => {
    const url = new URL(outlookCalendarUrl(event))
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose')
    expect(url.searchParams.get('subject')).toBe('Консультация & план')
    expect(url.searchParams.get('startdt')).toBe('2026-11-27T06:00:00Z')
    expect(url.searchParams.get('enddt')).toBe('2026-11-27T06:45:00Z')
    expect(url.searchParams.get('body')).toBe(event.details)
    expect(url.searchParams.get('location')).toBe(event.location)
  })

  it('leaves out an empty place and empty details', () => {
    const links = calendarLinks({ ...event, location: null, details: '' })
    expect(new URL(links.google).searchParams.has('location')).toBe(false)
    expect(new URL(links.google).searchParams.has('details')).toBe(false)
    expect(new URL(links.outlook).searchParams.has('location')).toBe(false)
  })

  it('puts the self-service link after the description', () => {
    expect(calendarDetails('  About  ', { label: 'Cancel or move', url: 'https://x/m/t' })).toBe(
      'About\n\nCancel or move: https://x/m/t',
    )
    expect(calendarDetails('', null)).toBe('')
  })

  it('takes a meeting: an online point as a link, the manage link after the description', () => {
    const meeting = {
      name: 'Call',
      description: 'Bring notes',
      startAt: 1,
      endAt: 2,
      placeType: 'Online' as const,
      meetingPoint: ' zoom.us/j/1 ',
    }
    expect(calendarEventOf(meeting, { label: 'Manage', url: 'https://x/m' })).toEqual({
      title: 'Call',
      start: 1,
      end: 2,
      details: 'Bring notes\n\nManage: https://x/m',
      location: 'http://zoom.us/j/1',
    })
    expect(calendarEventOf({ ...meeting, placeType: 'Meet', meetingPoint: 'Office 5' }, null).location).toBe('Office 5')
    expect(calendarEventOf({ ...meeting, meetingPoint: null }, null).location).toBeNull()
  })
})
