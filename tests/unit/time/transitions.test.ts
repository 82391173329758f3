import { describe, expect, it } from 'vitest'
import { buildOffsetTable, formatOffset, formatUtcInstant } from '#app/domain/time/index.ts'

function table(zone: string, from: number, to: number) {
  const { transitions, offsets } = buildOffsetTable(zone, from, to)
  return { transitions: transitions.map(formatUtcInstant), offsets: offsets.map(formatOffset) }
}

describe('buildOffsetTable', () => {
  it('finds both DST transitions of a year', () => {
    expect(table('America/New_York', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1))).toEqual({
      transitions: ['2027-03-14T07:00:00Z', '2027-11-07T06:00:00Z'],
      offsets: ['-05:00', '-04:00', '-05:00'],
    })
  })

  it('finds half-hour shifts and southern-hemisphere order', () => {
    expect(table('Australia/Lord_Howe', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1))).toEqual({
      transitions: ['2027-04-03T15:00:00Z', '2027-10-02T15:30:00Z'],
      offsets: ['+11:00', '+10:30', '+11:00'],
    })
    expect(table('America/Santiago', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1))).toEqual({
      transitions: ['2027-04-04T03:00:00Z', '2027-09-05T04:00:00Z'],
      offsets: ['-03:00', '-04:00', '-03:00'],
    })
  })

  it('has no transitions for zones without DST', () => {
    expect(table('Asia/Kolkata', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1))).toEqual({
      transitions: [],
      offsets: ['+05:30'],
    })
    expect(table('Europe/Moscow', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1)).transitions).toEqual([])
  })

  it('finds transitions to the second, and several in one span', () => {
    // Liberia left local mean time (-00:44:30) at its midnight.
    expect(table('Africa/Monrovia', Date.UTC(1971, 11, 1), Date.UTC(1972, 1, 1))).toEqual({
      transitions: ['1972-01-07T00:44:30Z'],
      offsets: ['-00:44:30', '+00:00'],
    })
    expect(table('Europe/Moscow', Date.UTC(2010, 0, 1), Date.UTC(2015, 0, 1)).transitions).toEqual([
      '2010-03-27T23:00:00Z',
      '2010-10-30T23:00:00Z',
      '2011-03-26T23:00:00Z',
      '2014-10-25T22:00:00Z',
    ])
  })

  it('finds a transition that skips a whole day (Pacific/Apia)', () => {
    expect(table('Pacific/Apia', Date.UTC(2011, 11, 1), Date.UTC(2012, 0, 15))).toEqual({
      transitions: ['2011-12-30T10:00:00Z'],
      offsets: ['-10:00', '+14:00'],
    })
  })
})
