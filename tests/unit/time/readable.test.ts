import { describe, expect, it } from 'vitest'
import { formatDay, formatMoment, formatRangeOn, formatWhen } from '#app/domain/time/readable.ts'
import { zonedToInstant } from '#app/domain/time/index.ts'

const at = (zone: string, date: string, time: string) => zonedToInstant(zone, date, time)

describe('formatWhen: weekday, date, range and the readable zone name', () => {
  it('writes the issue example in Russian and English', () => {
    const range = { start: at('Asia/Tokyo', '2026-11-26', '15:00'), end: at('Asia/Tokyo', '2026-11-26', '15:45') }
    expect(formatWhen(range, 'Asia/Tokyo', 'ru')).toBe('чт, 26.11.2026, 15:00–15:45 (Токио)')
    expect(formatWhen(range, 'Asia/Tokyo', 'en')).toBe('Thu, 26.11.2026, 15:00–15:45 (Tokyo)')
  })

  it('reads the same instants in another zone, with that zone name', () => {
    const range = { start: at('Asia/Tokyo', '2026-11-26', '15:00'), end: at('Asia/Tokyo', '2026-11-26', '15:45') }
    expect(formatWhen(range, 'Europe/Moscow', 'ru')).toBe('чт, 26.11.2026, 09:00–09:45 (Москва)')
    expect(formatWhen(range, 'America/New_York', 'en')).toBe('Thu, 26.11.2026, 01:00–01:45 (New York)')
    expect(formatWhen(range, 'Asia/Yekaterinburg', 'ru')).toBe('чт, 26.11.2026, 11:00–11:45 (Екатеринбург)')
  })

  it('names both days when the range passes midnight', () => {
    const range = { start: at('Europe/Moscow', '2026-11-29', '23:30'), end: at('Europe/Moscow', '2026-11-30', '00:15') }
    expect(formatWhen(range, 'Europe/Moscow', 'ru')).toBe('вс, 29.11.2026, 23:30 – пн, 30.11.2026, 00:15 (Москва)')
    expect(formatWhen(range, 'Europe/Moscow', 'en')).toBe('Sun, 29.11.2026, 23:30 – Mon, 30.11.2026, 00:15 (Moscow)')
  })

  it('follows daylight saving time and names fixed offsets without the Etc id', () => {
    const summer = { start: Date.UTC(2027, 6, 1, 14, 0), end: Date.UTC(2027, 6, 1, 15, 0) }
    expect(formatWhen(summer, 'America/New_York', 'ru')).toBe('чт, 01.07.2027, 10:00–11:00 (Нью-Йорк)')
    expect(formatWhen(summer, 'Etc/GMT-3', 'en')).toBe('Thu, 01.07.2027, 17:00–18:00 (UTC+3)')
    expect(formatWhen(summer, 'Etc/UTC', 'ru')).toBe('чт, 01.07.2027, 14:00–15:00 (UTC)')
  })

  it('never shows an IANA id, for any zone a person can pick', async () => {
    const { ZONE_COUNTRIES } = await import('#app/domain/time-zones/zone-countries.ts')
    const range = { start: Date.UTC(2026, 10, 26, 12, 0), end: Date.UTC(2026, 10, 26, 13, 0) }
    for (const zone of Object.keys(ZONE_COUNTRIES)) {
      for (const language of ['ru', 'en']) {
        const text = formatWhen(range, zone, language)
        expect(text, zone).not.toContain('/')
        expect(text, zone).not.toContain('_')
      }
    }
  })
})

describe('formatDay and formatMoment', () => {
  it('writes every weekday', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']
    expect(days.map((d) => formatDay(d, 'ru'))).toEqual([
      'пн, 23.11.2026',
      'вт, 24.11.2026',
      'ср, 25.11.2026',
      'чт, 26.11.2026',
      'пт, 27.11.2026',
      'сб, 28.11.2026',
      'вс, 29.11.2026',
    ])
    expect(formatDay('2026-11-29', 'en')).toBe('Sun, 29.11.2026')
  })

  it('writes one instant with the zone name', () => {
    expect(formatMoment(Date.UTC(2026, 10, 26, 6, 0), 'Asia/Tokyo', 'ru')).toBe('чт, 26.11.2026, 15:00 (Токио)')
  })
})

describe('formatRangeOn: a range beside a day the page already shows', () => {
  it('writes only the times within that day, in the zone given', () => {
    const range = { start: Date.UTC(2026, 10, 26, 7, 0), end: Date.UTC(2026, 10, 26, 8, 0) }
    expect(formatRangeOn(range, 'Europe/Moscow', 'ru', '2026-11-26')).toBe('10:00–11:00')
    expect(formatRangeOn(range, 'Asia/Tokyo', 'en', '2026-11-26')).toBe('16:00–17:00')
  })

  it('names the days of a range on another day or over midnight (an all-day event)', () => {
    const range = { start: Date.UTC(2026, 10, 26, 7, 0), end: Date.UTC(2026, 10, 26, 8, 0) }
    expect(formatRangeOn(range, 'Europe/Moscow', 'en', '2026-11-27')).toBe('Thu, 26.11.2026, 10:00–11:00')
    const allDay = {
      start: at('Europe/Moscow', '2026-11-26', '00:00'),
      end: at('Europe/Moscow', '2026-11-27', '00:00'),
    }
    expect(formatRangeOn(allDay, 'Europe/Moscow', 'ru', '2026-11-26')).toBe(
      'чт, 26.11.2026, 00:00 – пт, 27.11.2026, 00:00',
    )
  })
})
