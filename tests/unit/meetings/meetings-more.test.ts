import { describe, expect, it } from 'vitest'
import { buildIcs } from '#app/domain/booking/ics.ts'
import { MeetingListQuerySchema, OneTimeTimeSchema, monthTitle, pickedDate } from '#app/domain/meetings/rules.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { isInsideNotice, noticeMinutesOf } from '#app/server/meetings/notice.server.ts'

describe('meetings: more rules', () => {
  it('titles the calendar month with only its first letter raised', () => {
    expect(monthTitle('ru', 2026, 11)).toBe('Ноябрь 2026 г.')
    expect(monthTitle('en', 2026, 11)).toBe('November 2026')
  })

  it('reads a one-time meeting new time: a date and from/to, the end after the start', () => {
    expect(OneTimeTimeSchema.parse({ date: '2027-03-05', from: '09:30', to: '10:45' })).toEqual({
      date: '2027-03-05',
      from: '09:30',
      to: '10:45',
    })
    expect(OneTimeTimeSchema.safeParse({ date: '2027-03-05', from: '11:00', to: '10:00' }).success).toBe(false)
    expect(OneTimeTimeSchema.safeParse({ date: '2027-03-05', from: '25:00', to: '26:00' }).success).toBe(false)
    // The page's fields post DD.MM.YYYY as typed; YYYY-MM-DD still reads; anything else is named per field.
    expect(OneTimeTimeSchema.parse({ date: '05.03.2027', from: '9:00', to: '1000' })).toEqual({
      date: '2027-03-05',
      from: '09:00',
      to: '10:00',
    })
    const bad = OneTimeTimeSchema.safeParse({ date: '03/35/2027', from: '9 AM', to: '' })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['date', 'validation:invalidDate'],
      ['from', 'validation:invalidTime'],
      ['to', 'validation:required'],
    ])
  })

  it('reads the change-time picker date as typed, the old format too, and names one that is no date', () => {
    expect(pickedDate('05.03.2027')).toEqual({ date: '2027-03-05', typed: '05.03.2027', error: null })
    expect(pickedDate('2027-03-05')).toEqual({ date: '2027-03-05', typed: '2027-03-05', error: null })
    expect(pickedDate(null)).toEqual({ date: null, typed: '', error: null })
    expect(pickedDate('30.02.2027')).toEqual({ date: null, typed: '30.02.2027', error: 'validation:invalidDate' })
  })

  it('reads the held-only flag of the list', () => {
    expect(MeetingListQuerySchema.parse({ held: 'true' }).held).toBe(true)
    expect(MeetingListQuerySchema.parse({}).held).toBeUndefined()
    expect(MeetingListQuerySchema.safeParse({ held: 'yes' }).success).toBe(false)
  })

  it('takes the notice from the event type, else the one-time settings, else none', () => {
    const days = { whenClosesValue: 2, whenClosesType: 'Days' as const }
    const hours = { whenClosesValue: 3, whenClosesType: 'Hours' as const }
    expect(noticeMinutesOf(days, hours)).toBe(2 * 1440)
    expect(noticeMinutesOf(null, hours)).toBe(180)
    expect(noticeMinutesOf(null, null)).toBe(0)
    const now = Date.parse('2027-03-05T10:00:00Z')
    expect(isInsideNotice({ startAt: now + 179 * 60_000 }, 180, now)).toBe(true)
    expect(isInsideNotice({ startAt: now + 180 * 60_000 }, 180, now)).toBe(false)
  })

  it('a self-service link names the participant language; the ICS carries it in the description', () => {
    expect(manageLink('https://fastslot.example', 'tok_1', 'en')).toBe(
      'https://fastslot.example/booking/manage/tok_1?lang=en',
    )
    const url = manageLink('https://fastslot.example', 'tok_1', 'ru')
    const ics = buildIcs(
      [
        {
          id: 'm1',
          sequence: 0,
          start: Date.parse('2027-03-05T10:00:00Z'),
          end: Date.parse('2027-03-05T11:00:00Z'),
          timeZone: 'Europe/Moscow',
          summary: 'Встреча',
          description: 'План',
          organizer: { name: 'Орг', email: 'org@example.com' },
          attendees: [],
          manageLink: { label: 'Отменить или перенести запись', url },
        },
      ],
      Date.parse('2027-03-01T10:00:00Z'),
    ).replace(/\r\n[ \t]/g, '')
    expect(ics).toContain(`DESCRIPTION:План\\n\\nОтменить или перенести запись: ${url}`)
  })
})
