import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { buildIcs, safeParam } from '#app/domain/booking/ics.ts'

/**
 * Parses a file with ical.js using only the file's own VTIMEZONEs (the parser has no zone database besides UTC),
 * so the instants it reads come from the zone definitions we wrote.
 */
function parse(text: string) {
  ICAL.TimezoneService.reset()
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e)) }
}

const meeting = {
  id: '0190-abc',
  sequence: 2,
  start: Date.UTC(2027, 2, 1, 6, 0),
  end: Date.UTC(2027, 2, 1, 6, 30),
  timeZone: 'Europe/Moscow',
  summary: 'Разбор; кейсов, "важно"\nEND:VEVENT\nBEGIN:VEVENT',
  description: `Описание ${'длинное '.repeat(30)}`,
  location: 'https://telemost.yandex.ru/j/123',
  organizer: { name: 'Анна "Д" Демидова', email: 'demo@example.com' },
  attendees: [{ name: 'Иван\r\nATTENDEE:evil', email: 'ivan@example.com' }],
}

describe('buildIcs', () => {
  const text = buildIcs([meeting], Date.UTC(2026, 10, 1, 12, 0, 0))
  const lines = text.split('\r\n')

  it('is a REQUEST calendar with UID, DTSTAMP (UTC), SEQUENCE, and the times in the meeting zone', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('METHOD:REQUEST')
    expect(lines).toContain('UID:0190-abc@fastslot')
    expect(lines).toContain('SEQUENCE:2')
    expect(lines).toContain('DTSTAMP:20261101T120000Z')
    expect(lines).toContain('DTSTART;TZID=Europe/Moscow:20270301T090000')
    expect(lines).toContain('DTEND;TZID=Europe/Moscow:20270301T093000')
    expect(lines).toContain('X-WR-TIMEZONE:Europe/Moscow')
    expect(text).toContain('URL;VALUE=URI:https://telemost.yandex.ru/j/123')
    // RFC 5545 §3.1: every line ends with CRLF, the last one too.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.endsWith('\r\n\r\n')).toBe(false)
  })

  it('carries a VTIMEZONE for the zone, before the events', () => {
    const zone = text.slice(text.indexOf('BEGIN:VTIMEZONE'), text.indexOf('END:VTIMEZONE'))
    expect(text.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(text.indexOf('BEGIN:VEVENT'))
    expect(zone).toContain('TZID:Europe/Moscow')
    expect(zone).toContain('TZOFFSETTO:+0300')
  })

  it('escapes text and parameters, so names and comments cannot inject properties', () => {
    expect(text.match(/^BEGIN:VEVENT$/gm)).toHaveLength(1)
    expect(text.match(/^END:VEVENT$/gm)).toHaveLength(1)
    const unfolded = text.replace(/\r\n /g, '')
    expect(unfolded).toContain('SUMMARY:Разбор\\; кейсов\\, "важно"\\nEND:VEVENT\\nBEGIN:VEVENT')
    expect(unfolded).toContain('CN="Анна Д Демидова"')
    expect(unfolded).toContain('CN="Иван ATTENDEE:evil"')
    expect(unfolded.split('\r\n').filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(1)
  })

  it('folds lines at 75 octets and uses CRLF only', () => {
    const encoder = new TextEncoder()
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('reads back with a real iCalendar parser (ical.js): the same instants, texts and people', () => {
    const { calendar, events } = parse(text)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    const zones = calendar.getAllSubcomponents('vtimezone')
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Moscow'])
    expect(events).toHaveLength(1)
    const [event] = events
    expect(event.uid).toBe('0190-abc@fastslot')
    expect(event.summary).toBe(meeting.summary)
    expect(event.description).toBe(meeting.description)
    expect(event.startDate.zone?.tzid).toBe('Europe/Moscow')
    expect(event.startDate.toJSDate().getTime()).toBe(meeting.start)
    expect(event.endDate.toJSDate().getTime()).toBe(meeting.end)
    expect(event.attendees.map((a) => a.getParameter('cn'))).toEqual(['Иван ATTENDEE:evil'])
    expect(event.organizer).toBe('mailto:demo@example.com')
    const stamp = event.component.getFirstPropertyValue('dtstamp') as ICAL.Time
    expect(stamp.zone?.tzid).toBe('UTC')
  })

  it('gives a zone with summer time both offsets when the events span a change (America/New_York, March)', () => {
    // 12 March 10:00 EST (UTC-5) and 16 March 11:00 EDT (UTC-4): summer time starts on 14 March 2027.
    const before = Date.UTC(2027, 2, 12, 15, 0)
    const after = Date.UTC(2027, 2, 16, 15, 0)
    const ny = buildIcs(
      [
        { ...meeting, id: 'a', timeZone: 'America/New_York', start: before, end: before + 3600_000 },
        { ...meeting, id: 'b', timeZone: 'America/New_York', start: after, end: after + 3600_000 },
      ],
      0,
    )
    expect(ny).toContain('DTSTART;TZID=America/New_York:20270312T100000')
    expect(ny).toContain('DTSTART;TZID=America/New_York:20270316T110000')
    const zone = ny.slice(ny.indexOf('BEGIN:VTIMEZONE'), ny.indexOf('END:VTIMEZONE'))
    expect(zone).toMatch(/BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400/)
    const { events } = parse(ny)
    expect(events.map((e) => e.startDate.zone?.tzid)).toEqual(['America/New_York', 'America/New_York'])
    expect(events.map((e) => e.startDate.toJSDate().getTime())).toEqual([before, after])
    expect(events.map((e) => e.endDate.toJSDate().getTime())).toEqual([before + 3600_000, after + 3600_000])
  })

  it('holds one event per booked slot', () => {
    const two = buildIcs(
      [meeting, { ...meeting, id: 'second', start: meeting.start + 3600_000, end: meeting.end + 3600_000 }],
      0,
    )
    expect(two.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2)
    expect(two).toContain('UID:second@fastslot')
  })

  it('safeParam drops quotes and control characters', () => {
    expect(safeParam(' a"b\n\tc ')).toBe('a b c')
  })
})
