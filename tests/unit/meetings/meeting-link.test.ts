import { describe, expect, it } from 'vitest'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'
import { meetingLink, meetingLinkKind, recognizeMeetingLink } from '#app/domain/meetings/meeting-link.ts'
import { placeIcon } from '#app/domain/meetings/rules.ts'
import { publicPlace, videoPlace } from '#app/domain/meetings/video-place.ts'

describe('recognizeMeetingLink', () => {
  it.each([
    ['https://telemost.yandex.ru/j/12345678901234', 'telemost'],
    ['https://telemost.360.yandex.ru/j/1', 'telemost'],
    ['https://us02web.zoom.us/j/8123456789?pwd=abc', 'zoom'],
    ['https://zoom.us/my/irina', 'zoom'],
    ['https://meet.google.com/abc-defg-hij', 'googleMeet'],
    ['https://teams.microsoft.com/l/meetup-join/19%3ameeting', 'teams'],
    ['https://teams.live.com/meet/9876', 'teams'],
    ['https://meet.jit.si/FastSlotDemo', 'jitsi'],
    ['https://teams.vk.com/meet/abc', 'vkTeams'],
    ['https://join.skype.com/abcDEF', 'skype'],
  ])('knows %s as %s', (link, kind) => {
    expect(recognizeMeetingLink(link)).toEqual({ ok: true, url: new URL(link).toString(), kind })
  })

  it('counts Zoom only over https and on its documented paths; any other http(s) link is a plain link', () => {
    expect(meetingLinkKind('http://zoom.us/j/1')).toBe('link')
    expect(meetingLinkKind('telemost.yandex.ru/j/1')).toBe('telemost')
    expect(meetingLinkKind('https://zoom.us/pricing')).toBe('link')
    expect(meetingLinkKind('https://notzoom.us/j/1')).toBe('link')
    expect(meetingLinkKind('https://telemost.yandex.ru.evil.example/j/1')).toBe('link')
    expect(meetingLinkKind('https://example.com/room')).toBe('link')
  })

  it('adds http:// to a link without a scheme (SPEC §5), also to host:port', () => {
    expect(meetingLink('zoom.us/j/1')).toBe('http://zoom.us/j/1')
    expect(meetingLink('localhost:8080/room')).toBe('http://localhost:8080/room')
    expect(recognizeMeetingLink('example.com/room')).toEqual({ ok: true, url: 'http://example.com/room', kind: 'link' })
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'https://user:pass@example.com/',
    '',
    '   ',
  ])('refuses %j', (point) => {
    expect(recognizeMeetingLink(point)).toMatchObject({ ok: false })
    expect(meetingLinkKind(point)).toBeNull()
  })

  it('gives the place icon: the service, a plain link for anything refused, a phone, an address', () => {
    expect(placeIcon('Online', 'https://meet.google.com/abc')).toBe('googleMeet')
    expect(placeIcon('Online', 'javascript:alert(1)')).toBe('link')
    expect(placeIcon('Online', null)).toBe('link')
    expect(placeIcon('Phone', null)).toBe('phone')
    expect(placeIcon('Meet', 'https://zoom.us/j/1')).toBe('place')
  })
})

describe('what the public sees of a place', () => {
  const online = { placeType: 'Online' as const, meetingPoint: 'https://zoom.us/j/123', videoLinkService: null }

  it('shows the kind of an online place, never its link; an address stays visible', () => {
    expect(publicPlace(online)).toEqual({ kind: 'Online', service: 'zoom' })
    expect(publicPlace({ ...online, meetingPoint: null, videoLinkService: 'telemost' })).toEqual({
      kind: 'Online',
      service: 'telemost',
    })
    expect(publicPlace({ ...online, meetingPoint: 'https://example.com/r' })).toEqual({
      kind: 'Online',
      service: 'link',
    })
    expect(publicPlace({ placeType: 'Meet', meetingPoint: 'Москва, Тверская 1', videoLinkService: null })).toEqual({
      kind: 'Meet',
      address: 'Москва, Тверская 1',
    })
    expect(publicPlace({ placeType: 'Phone', meetingPoint: null, videoLinkService: null })).toEqual({ kind: 'Phone' })
  })

  it('a new meeting of a per-meeting-link type starts without a link; a fixed link is copied', () => {
    expect(videoPlace({ ...online, meetingPoint: null, videoLinkService: 'telemost' })).toEqual({
      meetingPoint: null,
      videoLinkService: 'telemost',
    })
    expect(videoPlace(online)).toEqual({ meetingPoint: 'https://zoom.us/j/123', videoLinkService: null })
    // Only an online type asks a service.
    expect(videoPlace({ placeType: 'Meet', meetingPoint: 'Office', videoLinkService: 'telemost' })).toEqual({
      meetingPoint: 'Office',
      videoLinkService: null,
    })
  })
})

describe('the event type schema and online places', () => {
  const base = {
    name: 'Видео',
    link: 'video',
    color: '#ff0000',
    eventTypePlaceType: 'Online',
    durationInMinutes: 30,
    stepValue: 30,
    scheduleId: 's1',
  }
  const parse = (extra: Record<string, unknown>) =>
    eventTypeSchema({ today: '2026-01-01' }).safeParse({ ...base, ...extra })
  const messages = (result: ReturnType<typeof parse>) =>
    result.success ? [] : result.error.issues.map((i) => i.message)

  it('refuses other schemes than http(s) with their own message', () => {
    expect(messages(parse({ meetingPoint: 'javascript:alert(1)' }))).toEqual(['eventTypes:errors.urlScheme'])
    expect(messages(parse({ meetingPoint: 'data:text/html,x' }))).toEqual(['eventTypes:errors.urlScheme'])
  })

  it('needs no fixed link when each meeting gets its own, and drops one that was sent', () => {
    const result = parse({ videoLinkService: 'telemost', meetingPoint: 'https://zoom.us/j/1' })
    expect(result.success && result.data).toMatchObject({ videoLinkService: 'telemost', meetingPoint: null })
    expect(parse({ videoLinkService: 'telemost' }).success).toBe(true)
    expect(messages(parse({ videoLinkService: 'skype' }))).not.toEqual([])
  })

  it('keeps the service only for an online place', () => {
    const result = parse({ eventTypePlaceType: 'Meet', meetingPoint: 'Office', videoLinkService: 'telemost' })
    expect(result.success && result.data).toMatchObject({ videoLinkService: null, meetingPoint: 'Office' })
  })
})
