import { describe, expect, it } from 'vitest'
import { manageLink } from '#app/domain/reminders/links.ts'
import { reminderDueTimes, reminderMessageId, reminderMessageIds, reminderRowsFor } from '#app/domain/reminders/plan.ts'
import { meetingPlace } from '#app/domain/reminders/text.ts'
import { formatWhen } from '#app/domain/time/readable.ts'

const MIN = 60_000
const start = Date.UTC(2027, 2, 28, 9, 0)

describe('reminderDueTimes', () => {
  it('gives one due instant per distinct positive whole offset, largest first, skipping passed ones', () => {
    expect(reminderDueTimes(start, [60, 1440, 60, 0, -5, 2.5], start - 2 * 24 * 60 * MIN)).toEqual([
      { offsetMinutes: 1440, dueAt: start - 1440 * MIN },
      { offsetMinutes: 60, dueAt: start - 60 * MIN },
    ])
    expect(reminderDueTimes(start, [60, 1440], start - 120 * MIN)).toEqual([
      { offsetMinutes: 60, dueAt: start - 60 * MIN },
    ])
    expect(reminderDueTimes(start, [60], start - 60 * MIN)).toEqual([])
  })
})

describe('reminderRowsFor', () => {
  it('plans each offset for every booked client and once for the organizer', () => {
    const rows = reminderRowsFor(
      { id: 'm1', ownerId: 'u1', startAt: start },
      [
        { id: 'p1', status: 'booked', role: 'member' },
        { id: 'p2', status: 'canceled', role: 'member' },
        { id: 'p3', status: 'booked', role: 'adjutant' },
        { id: 'p4', status: 'booked', role: 'visitor' },
      ],
      { remindersInMinutes: [60, 1440] },
      start - 3 * 24 * 60 * MIN,
    )
    expect(rows.map((r) => [r.recipientKind, r.participantId, r.offsetMinutes, r.dueAt])).toEqual([
      ['client', 'p1', 1440, start - 1440 * MIN],
      ['client', 'p4', 1440, start - 1440 * MIN],
      ['organizer', null, 1440, start - 1440 * MIN],
      ['client', 'p1', 60, start - 60 * MIN],
      ['client', 'p4', 60, start - 60 * MIN],
      ['organizer', null, 60, start - 60 * MIN],
    ])
    expect(new Set(rows.map((r) => r.id)).size).toBe(6)
    expect(rows.every((r) => r.channel === 'email' && r.meetingId === 'm1' && r.ownerId === 'u1')).toBe(true)
  })

  it('message ids change with the due instant, so a moved reminder gets a new message', () => {
    expect(reminderMessageId('r1', 1000, 'email')).toBe('reminder-r1-1000-email')
    expect(reminderMessageId('r1', 2000, 'email')).not.toBe(reminderMessageId('r1', 1000, 'email'))
    expect(reminderMessageIds({ id: 'r1', dueAt: 1000 })).toEqual([
      { channel: 'email', id: 'reminder-r1-1000-email' },
      { channel: 'telegram', id: 'reminder-r1-1000-telegram' },
      { channel: 'push', id: 'reminder-r1-1000-push' },
    ])
  })
})

describe('reminder texts', () => {
  it('shows the time in the recipient zone, DST included', () => {
    // 28.03.2027: Europe/Berlin switches to summer time at 01:00 UTC.
    const when = (minutes: number, zone: string, language = 'ru') =>
      formatWhen({ start, end: start + minutes * MIN }, zone, language)
    expect(when(30, 'Europe/Berlin')).toBe('вс, 28.03.2027, 11:00–11:30 (Берлин)')
    expect(when(60, 'America/New_York', 'en')).toBe('Sun, 28.03.2027, 05:00–06:00 (New York)')
    expect(when(60, 'Asia/Kolkata')).toBe('вс, 28.03.2027, 14:30–15:30 (Калькутта)')
  })

  it('shows the place: a link with a scheme, an address, or the phone', () => {
    expect(meetingPlace('Online', 'zoom.us/j/1')).toBe('http://zoom.us/j/1')
    expect(meetingPlace('Online', 'https://telemost.yandex.ru/j/1')).toBe('https://telemost.yandex.ru/j/1')
    expect(meetingPlace('Meet', ' Москва, Тверская 1 ')).toBe('Москва, Тверская 1')
    expect(meetingPlace('Meet', null)).toBeNull()
  })

  it('builds the self-service link in one place', () => {
    expect(manageLink('https://fastslot.example', 'abc_DEF-1')).toBe(
      'https://fastslot.example/booking/manage/abc_DEF-1',
    )
  })
})
