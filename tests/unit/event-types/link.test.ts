import { describe, expect, it } from 'vitest'
import {
  copyLink,
  copyName,
  eventNameKey,
  linkFromName,
  normalizeEventName,
  normalizeLink,
  parseLink,
} from '#app/domain/event-types/link.ts'

describe('event links (SPEC §5)', () => {
  it('lowercases and turns spaces into underscores while typing', () => {
    expect(normalizeLink('My Event ')).toEqual({ link: 'my_event_', removedNonLatin: false })
  })

  it('removes Cyrillic and accented letters and says so', () => {
    expect(normalizeLink('Встреча-1')).toEqual({ link: '-1', removedNonLatin: true })
    expect(normalizeLink('Café')).toEqual({ link: 'caf', removedNonLatin: true })
    expect(normalizeLink('cafe\u0301')).toEqual({ link: 'cafe', removedNonLatin: true })
  })

  it('removes slashes and keeps other characters for the validation rule', () => {
    expect(normalizeLink('a/b\\c').link).toBe('abc')
    expect(normalizeLink('a!b').link).toBe('a!b')
  })

  it('trims the submitted value before normalising', () => {
    expect(parseLink('  Intro Call  ')).toBe('intro_call')
  })

  it('suggests a link from a name', () => {
    expect(linkFromName('Intro Call / 30 min')).toBe('intro_call_30_min')
    // Issue 18: a Cyrillic name suggests its transliteration, accents are dropped.
    expect(linkFromName('Консультация 30 min')).toBe('konsultatsiya_30_min')
    expect(linkFromName('Консультация')).toBe('konsultatsiya')
    expect(linkFromName('Щедрый ужин: Юля и Ёжик')).toBe('shchedryy_uzhin_yulya_i_ezhik')
    expect(linkFromName('Café Zürich')).toBe('cafe_zurich')
    expect(linkFromName('Q&A session!')).toBe('qa_session')
  })

  it('strips slashes from names and trims them', () => {
    expect(normalizeEventName('  a/b\\c  ')).toBe('abc')
  })

  it('compares names in any letter case, Cyrillic included', () => {
    expect(eventNameKey('Second')).toBe(eventNameKey('second'))
    expect(eventNameKey('Консультация')).toBe(eventNameKey('КОНСУЛЬТАЦИЯ'))
    expect(eventNameKey(' a/b ')).toBe('ab')
  })

  it('names and links copies within 200 characters, trimming the base first', () => {
    expect(copyName('Консультация', 2)).toBe('Консультация (2)')
    expect(copyLink('consultation', 12)).toBe('consultation_12')
    const long = copyName('x'.repeat(200), 2)
    expect(long).toHaveLength(200)
    expect(long.endsWith('x (2)')).toBe(true)
    expect(copyName(`${'x'.repeat(195)} yyyy`, 10)).toBe(`${'x'.repeat(195)} (10)`)
    expect(copyLink('l'.repeat(200), 100)).toBe(`${'l'.repeat(196)}_100`)
    // Never half of a surrogate pair.
    expect(copyName(`${'x'.repeat(195)}😀😀`, 2)).toBe(`${'x'.repeat(195)} (2)`)
  })
})
