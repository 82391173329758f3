import { describe, expect, it } from 'vitest'
import { buildIcs, safeParam } from '#app/domain/booking/ics.ts'

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

  it('is a REQUEST calendar with UID, DTSTAMP, SEQUENCE, UTC times and the zone', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('METHOD:REQUEST')
    expect(lines).toContain('UID:0190-abc@fastslot')
    expect(lines).toContain('SEQUENCE:2')
    expect(lines).toContain('DTSTAMP:20261101T120000Z')
    expect(lines).toContain('DTSTART:20270301T060000Z')
    expect(lines).toContain('DTEND:20270301T063000Z')
    expect(lines).toContain('X-WR-TIMEZONE:Europe/Moscow')
    expect(text).toContain('URL;VALUE=URI:https://telemost.yandex.ru/j/123')
    expect(text.endsWith('END:VCALENDAR')).toBe(true)
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
