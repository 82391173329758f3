import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MAX_OCCURRENCES, busyFromIcs } from '#app/domain/calendars/ical-busy.ts'
import type { BusyWindow } from '#app/domain/calendars/types.ts'

// Expected instants are written out by hand as Date.UTC(...) (months 0-based); Moscow is UTC+3 all year, New York
// moves from UTC-5 to UTC-4 on 2026-03-08 at 02:00.

const JANUARY_TO_MARCH: BusyWindow = {
  from: Date.UTC(2026, 0, 1),
  to: Date.UTC(2026, 3, 1),
  timeZone: 'Europe/Moscow',
  ownEmails: ['Me@Example.com', 'second@example.org'],
}
const IN_NEW_YORK: BusyWindow = { ...JANUARY_TO_MARCH, timeZone: 'America/New_York' }

function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//FastSlot tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n')
}

function vevent(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', 'DTSTAMP:20251201T000000Z', ...lines, 'END:VEVENT']
}

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
}

/** [start, end] pairs of the items, for compact expectations. */
function spans(ics: string, window: BusyWindow = JANUARY_TO_MARCH): [number, number][] {
  return busyFromIcs(ics, window).items.map((item) => [item.start, item.end])
}

describe('busyFromIcs: recurrence', () => {
  it('expands a weekly rule with an EXDATE, a moved override and a cancelled override (IANA TZID, no VTIMEZONE)', () => {
    const ics = calendar(
      ...vevent(
        'UID:standup-1',
        'SUMMARY:Standup',
        'DTSTART;TZID=Europe/Moscow:20260105T100000',
        'DTEND;TZID=Europe/Moscow:20260105T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'EXDATE;TZID=Europe/Moscow:20260112T100000',
      ),
      ...vevent(
        'UID:standup-1',
        'RECURRENCE-ID;TZID=Europe/Moscow:20260119T100000',
        'SUMMARY:Standup (moved)',
        'DTSTART;TZID=Europe/Moscow:20260120T150000',
        'DTEND;TZID=Europe/Moscow:20260120T160000',
      ),
      // The override names its occurrence in UTC, as some servers write it.
      ...vevent(
        'UID:standup-1',
        'RECURRENCE-ID:20260126T070000Z',
        'SUMMARY:Standup',
        'STATUS:CANCELLED',
        'DTSTART;TZID=Europe/Moscow:20260126T100000',
        'DTEND;TZID=Europe/Moscow:20260126T110000',
      ),
    )
    const window = { ...JANUARY_TO_MARCH, to: Date.UTC(2026, 1, 10) }
    expect(busyFromIcs(ics, window)).toEqual({
      uid: 'standup-1',
      items: [
        { uid: 'standup-1', title: 'Standup', start: Date.UTC(2026, 0, 5, 7), end: Date.UTC(2026, 0, 5, 8) },
        {
          uid: 'standup-1',
          title: 'Standup (moved)',
          start: Date.UTC(2026, 0, 20, 12),
          end: Date.UTC(2026, 0, 20, 13),
        },
        { uid: 'standup-1', title: 'Standup', start: Date.UTC(2026, 1, 2, 7), end: Date.UTC(2026, 1, 2, 8) },
        { uid: 'standup-1', title: 'Standup', start: Date.UTC(2026, 1, 9, 7), end: Date.UTC(2026, 1, 9, 8) },
      ],
    })
  })

  it('stops a rule at COUNT', () => {
    const ics = calendar(
      ...vevent('UID:count', 'DTSTART:20260105T090000Z', 'DTEND:20260105T093000Z', 'RRULE:FREQ=DAILY;COUNT=3'),
    )
    expect(spans(ics)).toEqual([
      [Date.UTC(2026, 0, 5, 9), Date.UTC(2026, 0, 5, 9, 30)],
      [Date.UTC(2026, 0, 6, 9), Date.UTC(2026, 0, 6, 9, 30)],
      [Date.UTC(2026, 0, 7, 9), Date.UTC(2026, 0, 7, 9, 30)],
    ])
  })

  it('stops a rule at UNTIL, which is inclusive', () => {
    const ics = calendar(
      ...vevent(
        'UID:until',
        'DTSTART:20260106T120000Z',
        'DTEND:20260106T130000Z',
        'RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260115T120000Z',
      ),
    )
    expect(spans(ics).map(([start]) => start)).toEqual([
      Date.UTC(2026, 0, 6, 12),
      Date.UTC(2026, 0, 8, 12),
      Date.UTC(2026, 0, 13, 12),
      Date.UTC(2026, 0, 15, 12),
    ])
  })

  it('adds RDATEs to the rule, each with the event length', () => {
    const ics = calendar(
      ...vevent(
        'UID:rdate',
        'DTSTART:20260105T100000Z',
        'DTEND:20260105T110000Z',
        'RDATE:20260107T150000Z,20260109T150000Z',
      ),
    )
    expect(spans(ics)).toEqual([
      [Date.UTC(2026, 0, 5, 10), Date.UTC(2026, 0, 5, 11)],
      [Date.UTC(2026, 0, 7, 15), Date.UTC(2026, 0, 7, 16)],
      [Date.UTC(2026, 0, 9, 15), Date.UTC(2026, 0, 9, 16)],
    ])
  })

  it('keeps the wall-clock time of a zoned rule across a DST change and matches a UTC EXDATE to it', () => {
    const ics = calendar(
      ...vevent(
        'UID:ny-weekly',
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DTEND;TZID=America/New_York:20260302T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        // 09:00 EDT on 2026-03-16
        'EXDATE:20260316T130000Z',
      ),
    )
    expect(spans(ics)).toEqual([
      [Date.UTC(2026, 2, 2, 14), Date.UTC(2026, 2, 2, 15)],
      [Date.UTC(2026, 2, 9, 13), Date.UTC(2026, 2, 9, 14)],
    ])
  })

  it('reads a Google export: IANA TZID, EXDATEs in zone and in UTC, an override named in UTC', () => {
    const window = { ...IN_NEW_YORK, from: Date.UTC(2026, 2, 1) }
    const { uid, items } = busyFromIcs(fixture('google-weekly.ics'), window)
    expect(uid).toBe('7kukuqrfedlm2f9t0vn8k4aatq@google.com')
    expect(items.map((item) => [item.title, item.start, item.end])).toEqual([
      ['Sync with NY', Date.UTC(2026, 2, 2, 14), Date.UTC(2026, 2, 2, 14, 30)],
      ['Sync with NY (afternoon)', Date.UTC(2026, 2, 9, 18), Date.UTC(2026, 2, 9, 18, 30)],
      ['Sync with NY', Date.UTC(2026, 2, 16, 13), Date.UTC(2026, 2, 16, 13, 30)],
      ['Sync with NY', Date.UTC(2026, 2, 18, 13), Date.UTC(2026, 2, 18, 13, 30)],
      ['Sync with NY', Date.UTC(2026, 2, 23, 13), Date.UTC(2026, 2, 23, 13, 30)],
      ['Sync with NY', Date.UTC(2026, 2, 25, 13), Date.UTC(2026, 2, 25, 13, 30)],
      ['Sync with NY', Date.UTC(2026, 2, 30, 13), Date.UTC(2026, 2, 30, 13, 30)],
    ])
  })

  it('counts an override that moves an occurrence from before the window into it', () => {
    const ics = calendar(
      ...vevent('UID:moved-in', 'DTSTART:20251222T100000Z', 'DTEND:20251222T110000Z', 'RRULE:FREQ=WEEKLY;COUNT=2'),
      ...vevent('UID:moved-in', 'RECURRENCE-ID:20251229T100000Z', 'DTSTART:20260102T100000Z', 'DTEND:20260102T110000Z'),
    )
    expect(spans(ics)).toEqual([[Date.UTC(2026, 0, 2, 10), Date.UTC(2026, 0, 2, 11)]])
  })

  it('shifts the occurrences after a RANGE=THISANDFUTURE override', () => {
    const ics = calendar(
      ...vevent(
        'UID:range',
        'SUMMARY:Early',
        'DTSTART:20260105T100000Z',
        'DTEND:20260105T110000Z',
        'RRULE:FREQ=DAILY;COUNT=4',
      ),
      ...vevent(
        'UID:range',
        'SUMMARY:Later',
        'RECURRENCE-ID;RANGE=THISANDFUTURE:20260107T100000Z',
        'DTSTART:20260107T120000Z',
        'DTEND:20260107T130000Z',
      ),
    )
    expect(busyFromIcs(ics, JANUARY_TO_MARCH).items.map((item) => [item.title, item.start, item.end])).toEqual([
      ['Early', Date.UTC(2026, 0, 5, 10), Date.UTC(2026, 0, 5, 11)],
      ['Early', Date.UTC(2026, 0, 6, 10), Date.UTC(2026, 0, 6, 11)],
      ['Later', Date.UTC(2026, 0, 7, 12), Date.UTC(2026, 0, 7, 13)],
      ['Later', Date.UTC(2026, 0, 8, 12), Date.UTC(2026, 0, 8, 13)],
    ])
  })

  it('lets an override replace the one occurrence of a non-recurring master', () => {
    const ics = calendar(
      ...vevent('UID:single', 'DTSTART:20260105T100000Z', 'DTEND:20260105T110000Z'),
      ...vevent('UID:single', 'RECURRENCE-ID:20260105T100000Z', 'DTSTART:20260105T120000Z', 'DTEND:20260105T130000Z'),
    )
    expect(spans(ics)).toEqual([[Date.UTC(2026, 0, 5, 12), Date.UTC(2026, 0, 5, 13)]])
  })

  it('expands a daily rule running since 2000 fully inside a later window (not cut by the occurrence cap)', () => {
    const ics = calendar(
      ...vevent(
        'UID:daily-since-2000',
        'DTSTART;TZID=Europe/Moscow:20000103T093000',
        'DTEND;TZID=Europe/Moscow:20000103T100000',
        'RRULE:FREQ=DAILY',
        'EXDATE;TZID=Europe/Moscow:20260102T093000',
      ),
    )
    const window = { ...JANUARY_TO_MARCH, to: Date.UTC(2026, 0, 5) }
    expect(spans(ics, window)).toEqual([
      [Date.UTC(2026, 0, 1, 6, 30), Date.UTC(2026, 0, 1, 7)],
      [Date.UTC(2026, 0, 3, 6, 30), Date.UTC(2026, 0, 3, 7)],
      [Date.UTC(2026, 0, 4, 6, 30), Date.UTC(2026, 0, 4, 7)],
    ])
  })

  it('keeps a biweekly BYDAY rule since 2015 aligned to its first week', () => {
    // 2015-01-05 is a Monday; every other week from there, Mondays and Wednesdays.
    const ics = calendar(
      ...vevent(
        'UID:biweekly',
        'DTSTART:20150105T080000Z',
        'DTEND:20150105T090000Z',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
      ),
    )
    const window = { ...JANUARY_TO_MARCH, to: Date.UTC(2026, 0, 20) }
    // 2026-01-05 is 574 weeks (an even number) after 2015-01-05: an "on" week; the week of 2026-01-12 is "off".
    expect(spans(ics, window).map(([start]) => start)).toEqual([
      Date.UTC(2026, 0, 5, 8),
      Date.UTC(2026, 0, 7, 8),
      Date.UTC(2026, 0, 19, 8),
    ])
  })

  it('caps a runaway rule instead of expanding it without end', () => {
    const ics = calendar(...vevent('UID:runaway', 'DTSTART:20260101T000000Z', 'DURATION:PT30S', 'RRULE:FREQ=MINUTELY'))
    const { items } = busyFromIcs(ics, JANUARY_TO_MARCH)
    expect(items.length).toBe(MAX_OCCURRENCES)
    expect(items[0]).toMatchObject({ start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 1, 0, 0, 30) })
  })
})

describe('busyFromIcs: all-day events cover their dates in the host zone', () => {
  it('covers a single date and a multi-day span in Moscow', () => {
    const ics = (...lines: string[]) => calendar(...vevent('UID:day', ...lines))
    expect(spans(ics('DTSTART;VALUE=DATE:20260110', 'DTEND;VALUE=DATE:20260111'))).toEqual([
      [Date.UTC(2026, 0, 9, 21), Date.UTC(2026, 0, 10, 21)],
    ])
    expect(spans(ics('DTSTART;VALUE=DATE:20260110', 'DTEND;VALUE=DATE:20260113'))).toEqual([
      [Date.UTC(2026, 0, 9, 21), Date.UTC(2026, 0, 12, 21)],
    ])
    // Neither DTEND nor DURATION: the one date.
    expect(spans(ics('DTSTART;VALUE=DATE:20260110'))).toEqual([[Date.UTC(2026, 0, 9, 21), Date.UTC(2026, 0, 10, 21)]])
    expect(spans(ics('DTSTART;VALUE=DATE:20260110', 'DURATION:P2D'))).toEqual([
      [Date.UTC(2026, 0, 9, 21), Date.UTC(2026, 0, 11, 21)],
    ])
  })

  it('covers dates across the New York DST change, single and recurring', () => {
    const single = calendar(...vevent('UID:weekend', 'DTSTART;VALUE=DATE:20260307', 'DTEND;VALUE=DATE:20260309'))
    expect(spans(single, IN_NEW_YORK)).toEqual([[Date.UTC(2026, 2, 7, 5), Date.UTC(2026, 2, 9, 4)]])
    const daily = calendar(
      ...vevent(
        'UID:daily-days',
        'DTSTART;VALUE=DATE:20260307',
        'DTEND;VALUE=DATE:20260308',
        'RRULE:FREQ=DAILY;COUNT=3',
      ),
    )
    expect(spans(daily, IN_NEW_YORK)).toEqual([
      [Date.UTC(2026, 2, 7, 5), Date.UTC(2026, 2, 8, 5)],
      [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 2, 9, 4)],
      [Date.UTC(2026, 2, 9, 4), Date.UTC(2026, 2, 10, 4)],
    ])
  })
})

describe('busyFromIcs: zones', () => {
  it('reads an Outlook export with custom-named VTIMEZONEs, an EXDATE, a moved and a cancelled override', () => {
    const { uid, items } = busyFromIcs(fixture('outlook-weekly.ics'), JANUARY_TO_MARCH)
    expect(uid).toBe('040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5A601000000000000000010000000F1E2D3C4B5A69788')
    const monday = (month: number, day: number) => [
      'Планёрка',
      Date.UTC(2026, month, day, 7),
      Date.UTC(2026, month, day, 8),
    ]
    expect(items.map((item) => [item.title, item.start, item.end])).toEqual([
      monday(0, 5),
      // Moved to 08:00 "Eastern Standard Time" (EST before 2026-03-08).
      ['Планёрка (перенесена)', Date.UTC(2026, 0, 20, 13), Date.UTC(2026, 0, 20, 14)],
      monday(1, 2),
      monday(1, 9),
      monday(1, 16),
      monday(1, 23),
      monday(2, 2),
      monday(2, 9),
      monday(2, 16),
    ])
  })

  it("follows a VTIMEZONE's DST rules", () => {
    const ics = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Eastern Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      ...vevent(
        'UID:est',
        'DTSTART;TZID=Eastern Standard Time:20260302T090000',
        'DTEND;TZID=Eastern Standard Time:20260302T093000',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
    )
    expect(spans(ics)).toEqual([
      [Date.UTC(2026, 2, 2, 14), Date.UTC(2026, 2, 2, 14, 30)],
      [Date.UTC(2026, 2, 9, 13), Date.UTC(2026, 2, 9, 13, 30)],
    ])
  })

  it("reads each object with its own VTIMEZONE of a shared name, never another object's", () => {
    const customized = (offset: string) =>
      calendar(
        'BEGIN:VTIMEZONE',
        'TZID:Customized Time Zone',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        `TZOFFSETFROM:${offset}`,
        `TZOFFSETTO:${offset}`,
        'END:STANDARD',
        'END:VTIMEZONE',
        ...vevent(
          'UID:custom',
          'DTSTART;TZID=Customized Time Zone:20260105T100000',
          'DTEND;TZID=Customized Time Zone:20260105T110000',
        ),
      )
    expect(spans(customized('+0300'))).toEqual([[Date.UTC(2026, 0, 5, 7), Date.UTC(2026, 0, 5, 8)]])
    expect(spans(customized('+0500'))).toEqual([[Date.UTC(2026, 0, 5, 5), Date.UTC(2026, 0, 5, 6)]])
    // Without a definition in the text and not an IANA name: read like a floating time, in the host's zone.
    const undefinedZone = calendar(
      ...vevent(
        'UID:custom',
        'DTSTART;TZID=Customized Time Zone:20260105T100000',
        'DTEND;TZID=Customized Time Zone:20260105T110000',
      ),
    )
    expect(spans(undefinedZone, IN_NEW_YORK)).toEqual([[Date.UTC(2026, 0, 5, 15), Date.UTC(2026, 0, 5, 16)]])
  })

  it('reads an IANA TZID without VTIMEZONE through the platform zone data', () => {
    const ics = calendar(
      ...vevent('UID:iana', 'DTSTART;TZID=Asia/Kolkata:20260105T100000', 'DTEND;TZID=Asia/Kolkata:20260105T103000'),
    )
    expect(spans(ics)).toEqual([[Date.UTC(2026, 0, 5, 4, 30), Date.UTC(2026, 0, 5, 5)]])
  })

  it('takes UTC times as they are and reads floating times in the host zone', () => {
    const utc = calendar(...vevent('UID:utc', 'DTSTART:20260115T100000Z', 'DTEND:20260115T113000Z'))
    expect(spans(utc, IN_NEW_YORK)).toEqual([[Date.UTC(2026, 0, 15, 10), Date.UTC(2026, 0, 15, 11, 30)]])
    const floating = calendar(...vevent('UID:floating', 'DTSTART:20260115T100000', 'DTEND:20260115T113000'))
    expect(spans(floating)).toEqual([[Date.UTC(2026, 0, 15, 7), Date.UTC(2026, 0, 15, 8, 30)]])
    expect(spans(floating, IN_NEW_YORK)).toEqual([[Date.UTC(2026, 0, 15, 15), Date.UTC(2026, 0, 15, 16, 30)]])
  })
})

describe('busyFromIcs: length', () => {
  it('takes DURATION instead of DTEND: time exactly, days on the wall clock', () => {
    const minutes = calendar(...vevent('UID:d', 'DTSTART:20260115T100000Z', 'DURATION:PT1H30M'))
    expect(spans(minutes)).toEqual([[Date.UTC(2026, 0, 15, 10), Date.UTC(2026, 0, 15, 11, 30)]])
    // P1D from 12:00 EST on the eve of the DST change ends at 12:00 EDT: 23 hours.
    const day = calendar(...vevent('UID:d', 'DTSTART;TZID=America/New_York:20260307T120000', 'DURATION:P1D'))
    expect(spans(day)).toEqual([[Date.UTC(2026, 2, 7, 17), Date.UTC(2026, 2, 8, 16)]])
  })

  it('gives no busy time for a date-time start with neither DTEND nor DURATION', () => {
    const ics = calendar(...vevent('UID:point', 'SUMMARY:Reminder', 'DTSTART:20260115T100000Z'))
    expect(busyFromIcs(ics, JANUARY_TO_MARCH)).toEqual({ uid: 'point', items: [] })
  })
})

describe('busyFromIcs: what is not busy', () => {
  const withLines = (...lines: string[]) =>
    calendar(...vevent('UID:flags', 'SUMMARY:Lunch', 'DTSTART:20260115T100000Z', 'DTEND:20260115T110000Z', ...lines))
  const busy = [[Date.UTC(2026, 0, 15, 10), Date.UTC(2026, 0, 15, 11)]]

  it('skips transparent and cancelled events', () => {
    expect(spans(withLines('TRANSP:OPAQUE', 'STATUS:CONFIRMED'))).toEqual(busy)
    expect(spans(withLines('TRANSP:TRANSPARENT'))).toEqual([])
    expect(spans(withLines('STATUS:CANCELLED'))).toEqual([])
  })

  it('skips an invitation declined by one of the account addresses, case-insensitively', () => {
    expect(spans(withLines('ATTENDEE;PARTSTAT=DECLINED;CN=Me:MAILTO:me@EXAMPLE.com'))).toEqual([])
    expect(spans(withLines('ATTENDEE;PARTSTAT=DECLINED:mailto:second@example.org'))).toEqual([])
  })

  it('keeps an invitation declined only by someone else', () => {
    expect(
      spans(
        withLines(
          'ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.com',
          'ATTENDEE;PARTSTAT=DECLINED:mailto:boss@example.com',
        ),
      ),
    ).toEqual(busy)
    expect(spans(withLines('ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.com'))).toEqual(busy)
  })

  it('lets an override be busy when the master was declined, and the other way round', () => {
    const ics = calendar(
      ...vevent(
        'UID:declined-master',
        'DTSTART:20260105T100000Z',
        'DTEND:20260105T110000Z',
        'RRULE:FREQ=DAILY;COUNT=3',
        'ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com',
      ),
      ...vevent(
        'UID:declined-master',
        'RECURRENCE-ID:20260106T100000Z',
        'DTSTART:20260106T100000Z',
        'DTEND:20260106T110000Z',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.com',
      ),
    )
    expect(spans(ics)).toEqual([[Date.UTC(2026, 0, 6, 10), Date.UTC(2026, 0, 6, 11)]])
  })
})

describe('busyFromIcs: window', () => {
  it('keeps the occurrences overlapping the window, whole, including those straddling either edge', () => {
    const ics = calendar(
      ...vevent('UID:clip', 'DTSTART:20251225T100000Z', 'DTEND:20251225T110000Z', 'RRULE:FREQ=DAILY;COUNT=20'),
    )
    const window = { ...JANUARY_TO_MARCH, from: Date.UTC(2026, 0, 1, 10, 30), to: Date.UTC(2026, 0, 3, 10, 30) }
    expect(spans(ics, window)).toEqual([
      [Date.UTC(2026, 0, 1, 10), Date.UTC(2026, 0, 1, 11)],
      [Date.UTC(2026, 0, 2, 10), Date.UTC(2026, 0, 2, 11)],
      [Date.UTC(2026, 0, 3, 10), Date.UTC(2026, 0, 3, 11)],
    ])
  })

  it('leaves out an occurrence ending exactly at the window start or starting exactly at its end', () => {
    const ics = calendar(
      ...vevent('UID:edges', 'DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=DAILY;COUNT=3'),
    )
    const window = { ...JANUARY_TO_MARCH, from: Date.UTC(2026, 0, 1, 10), to: Date.UTC(2026, 0, 3, 9) }
    expect(spans(ics, window)).toEqual([[Date.UTC(2026, 0, 2, 9), Date.UTC(2026, 0, 2, 10)]])
  })
})

describe('busyFromIcs: malformed input', () => {
  it('throws a plain error for text that is not iCalendar', () => {
    expect(() => busyFromIcs('this is not a calendar', JANUARY_TO_MARCH)).toThrow(
      new Error('Unreadable iCalendar object'),
    )
    expect(() => busyFromIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', JANUARY_TO_MARCH)).toThrow(
      'Unreadable iCalendar object',
    )
    const badDate = calendar(...vevent('UID:bad', 'DTSTART:2026-13-45', 'DTEND:20260101T100000Z'))
    expect(() => busyFromIcs(badDate, JANUARY_TO_MARCH)).toThrow('Unreadable iCalendar object')
  })

  it('skips VEVENTs without DTSTART and reads the UID and title defaults', () => {
    const ics = calendar(
      ...vevent('UID:no-start', 'SUMMARY:Broken', 'DTEND:20260115T110000Z'),
      ...vevent('UID:no-start', 'RECURRENCE-ID:20260115T100000Z', 'DTEND:20260115T110000Z'),
    )
    expect(busyFromIcs(ics, JANUARY_TO_MARCH)).toEqual({ uid: 'no-start', items: [] })
    const untitled = calendar(...vevent('DTSTART:20260115T100000Z', 'DTEND:20260115T110000Z'))
    expect(busyFromIcs(untitled, JANUARY_TO_MARCH)).toEqual({
      uid: '',
      items: [{ uid: '', title: '', start: Date.UTC(2026, 0, 15, 10), end: Date.UTC(2026, 0, 15, 11) }],
    })
  })
})
