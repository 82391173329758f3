import { describe, expect, it } from 'vitest'
import type { EventTypeRules, Schedule } from '#app/domain/availability/index.ts'
import type { EventCalendar, HoldInterval } from '#app/domain/commands/calendar.ts'
import {
  WAITLIST_OFFER_MS,
  type WaitlistEntry,
  decideAccept,
  decideJoin,
  decideLeave,
  decideSweep,
  fullSlots,
  inLine,
  seatsLeft,
  slotKey,
  slotsWaitedFor,
} from '#app/domain/waitlist/waitlist.ts'
import { WAITLIST_MAX_PER_SLOT, WAITLIST_OFFER_MINUTES } from '#app/domain/constants.ts'

const HOUR = 3_600_000
const DAY = Date.UTC(2030, 0, 7)
const NOW = DAY - 24 * HOUR
const at = (hours: number) => DAY + hours * HOUR
const slot = (hours: number) => ({ start: at(hours), end: at(hours) + HOUR / 2 })

const schedule: Schedule = {
  timeZone: 'Etc/UTC',
  weekly: Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7].map((d) => [d, [[9 * 60, 18 * 60]]])),
  adjustments: {},
}
const rules = (seats: number): EventTypeRules => ({
  durationMinutes: 30,
  stepMinutes: 30,
  beforeMinutes: 0,
  afterMinutes: 0,
  minimumNoticeMinutes: 0,
  window: { type: 'NoRestrictions' },
  maxPerDay: 0,
  seats,
})
/** A 3-seat group type with a meeting at 10:00 taking `taken` seats. */
const calendar = (taken: number, seats = 3): EventCalendar => ({
  eventTypeId: 'et',
  schedule,
  rules: rules(seats),
  live: [{ id: 'm10', eventTypeId: 'et', ...{ startAt: slot(10).start, endAt: slot(10).end }, seatsTaken: taken }],
  busy: [],
})
const holdAt = (hours: number, id = 'h'): HoldInterval => ({ id, eventTypeId: 'et', ...slot(hours) })
const contact = (email: string) => ({
  firstName: 'Anna',
  lastName: '',
  email,
  phone: null,
  messengerType: null,
  messengerValue: null,
  comment: null,
})
const join = (email = 'a@example.com', hours = 10) => ({
  ownerId: 'host',
  eventTypeId: 'et',
  ...slot(hours),
  contact: contact(email),
  language: 'en' as const,
  timeZone: 'Etc/UTC',
})
const snapshot = (taken: number, extra: Partial<Parameters<typeof decideJoin>[1]> = {}) => ({
  calendar: calendar(taken),
  group: true,
  holds: [],
  entries: [],
  bookedEmails: [],
  ...extra,
})
const entry = (id: string, joinedAt: number, extra: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  eventTypeId: 'et',
  ...slot(10),
  email: `${id}@example.com`,
  status: 'waiting',
  joinedAt,
  offerExpiresAt: null,
  holdId: null,
  ...extra,
})

describe('seatsLeft and fullSlots', () => {
  it('counts booked seats and holds; 0 when full, null when no slot at all', () => {
    expect(seatsLeft(calendar(1), [], slot(10), NOW)).toBe(2)
    expect(seatsLeft(calendar(2), [holdAt(10)], slot(10), NOW)).toBe(0)
    expect(seatsLeft(calendar(3), [], slot(10), NOW)).toBe(0)
    // Off the schedule (20:00), or begun already.
    expect(seatsLeft(calendar(3), [], slot(20), NOW)).toBeNull()
    expect(seatsLeft(calendar(3), [], slot(10), at(11))).toBeNull()
  })

  it('lists a full slot that has a meeting, not a free one nor one full only of holds', () => {
    const input = (taken: number, holds: HoldInterval[] = []) => ({
      now: NOW,
      range: { from: '2030-01-07', to: '2030-01-07' },
      schedule,
      eventType: rules(3),
      bookings: [
        { ...slot(10), sameEventType: true, seatsTaken: taken },
        ...holds.map((h) => ({ start: h.start, end: h.end, sameEventType: true, seatsTaken: 1 })),
      ],
      busy: [],
    })
    const live = new Set([slot(10).start])
    expect(fullSlots(input(3), live)).toEqual([slot(10)])
    expect(fullSlots(input(2), live)).toEqual([])
    expect(fullSlots(input(2, [holdAt(10)]), live)).toEqual([slot(10)])
    expect(
      fullSlots({ ...input(0), bookings: [1, 2, 3].map(() => ({ ...slot(11), sameEventType: true })) }, live),
    ).toEqual([])
  })
})

describe('decideJoin', () => {
  it('joins a full group slot', () => {
    const decision = decideJoin(join(), snapshot(3), NOW)
    expect(decision.ok && decision.value).toMatchObject({ type: 'WaitlistJoined', meetingId: 'm10', ...slot(10) })
  })

  it('refuses a slot with a free seat, a one-seat type, no meeting, or no slot', () => {
    expect(decideJoin(join(), snapshot(2), NOW)).toMatchObject({ ok: false, refusal: { code: 'waitlistNotFull' } })
    expect(decideJoin(join(), snapshot(3, { group: false }), NOW)).toMatchObject({
      refusal: { code: 'waitlistNotFull' },
    })
    expect(decideJoin(join('a@example.com', 11), snapshot(3), NOW)).toMatchObject({
      refusal: { code: 'waitlistNotFull' },
    })
    expect(decideJoin(join(), { ...snapshot(3), calendar: null }, NOW)).toMatchObject({
      refusal: { code: 'eventNotFound' },
    })
  })

  it('one entry per email per slot; not for a booked email; a line has a bound', () => {
    expect(decideJoin(join(), snapshot(3, { entries: [{ email: 'a@example.com' }] }), NOW)).toMatchObject({
      refusal: { code: 'waitlistAlreadyJoined', field: 'email' },
    })
    expect(decideJoin(join(), snapshot(3, { bookedEmails: ['a@example.com'] }), NOW)).toMatchObject({
      refusal: { code: 'alreadyBooked' },
    })
    const long = Array.from({ length: WAITLIST_MAX_PER_SLOT }, (_, i) => ({ email: `${i}@example.com` }))
    expect(decideJoin(join(), snapshot(3, { entries: long }), NOW)).toMatchObject({
      refusal: { code: 'waitlistLineFull' },
    })
  })
})

describe('decideSweep: who is offered next, and expiry', () => {
  const seats = (n: number | null) => new Map([[slotKey({ eventTypeId: 'et', start: slot(10).start }), n]])

  it('offers a freed seat to the first in line for WAITLIST_OFFER_MINUTES, kept by a hold', () => {
    expect(WAITLIST_OFFER_MS).toBe(WAITLIST_OFFER_MINUTES * 60_000)
    const entries = [entry('b', NOW - 1000), entry('a', NOW - 2000), entry('c', NOW - 500)]
    const decision = decideSweep('host', entries, seats(1), NOW)
    expect(decision.events).toEqual([
      { type: 'WaitlistOffered', entryId: 'a', holdId: decision.holds[0].id, expiresAt: NOW + WAITLIST_OFFER_MS },
    ])
    expect(decision.holds[0]).toMatchObject({
      eventTypeId: 'et',
      clientId: 'waitlist:a',
      ...slot(10),
      expiresAt: NOW + WAITLIST_OFFER_MS,
    })
    expect(decision.holds[0].id.startsWith('host.')).toBe(true)
  })

  it('offers as many as there are free seats, none when full or unknown', () => {
    const entries = [entry('a', 1), entry('b', 2), entry('c', 3)]
    expect(decideSweep('host', entries, seats(2), NOW).events.map((e) => e.entryId)).toEqual(['a', 'b'])
    expect(decideSweep('host', entries, seats(0), NOW).events).toEqual([])
    expect(decideSweep('host', entries, seats(null), NOW).events).toEqual([])
    expect(decideSweep('host', entries, new Map(), NOW).events).toEqual([])
  })

  it('a lapsed offer expires and its seat goes to the next in line', () => {
    const offered = entry('a', 1, { status: 'offered', offerExpiresAt: NOW, holdId: 'host.h' })
    const decision = decideSweep('host', [offered, entry('b', 2)], seats(1), NOW)
    expect(decision.events.map((e) => [e.type, e.entryId])).toEqual([
      ['WaitlistOfferExpired', 'a'],
      ['WaitlistOffered', 'b'],
    ])
    // Not yet lapsed: nothing changes (its hold keeps the seat, so no seat is free either).
    const live = { ...offered, offerExpiresAt: NOW + 1 }
    expect(decideSweep('host', [live, entry('b', 2)], seats(0), NOW).events).toEqual([])
  })

  it('closes entries of a slot that began', () => {
    const decision = decideSweep('host', [entry('a', 1)], seats(1), at(10))
    expect(decision.events).toEqual([{ type: 'WaitlistClosed', entryId: 'a' }])
    expect(slotsWaitedFor([entry('a', 1)], at(10))).toEqual([])
    expect(slotsWaitedFor([entry('a', 1), entry('b', 2)], NOW)).toEqual([{ eventTypeId: 'et', ...slot(10) }])
  })

  it('orders the line by joining time, then id', () => {
    expect(inLine([entry('b', 5), entry('c', 1), entry('a', 5)]).map((e) => e.id)).toEqual(['c', 'a', 'b'])
  })
})

describe('decideAccept and decideLeave', () => {
  const offered = entry('a', 1, { status: 'offered', offerExpiresAt: NOW + 1000, holdId: 'host.h' })

  it('accepts only a live offer', () => {
    expect(decideAccept(offered, NOW)).toEqual({ ok: true, value: { holdId: 'host.h' } })
    expect(decideAccept(offered, NOW + 1000)).toMatchObject({ refusal: { code: 'waitlistOfferExpired' } })
    expect(decideAccept({ ...offered, status: 'expired' }, NOW)).toMatchObject({
      refusal: { code: 'waitlistOfferExpired' },
    })
    expect(decideAccept(entry('b', 1), NOW)).toMatchObject({ refusal: { code: 'waitlistNotOffered' } })
    expect(decideAccept(null, NOW)).toMatchObject({ refusal: { code: 'waitlistNotFound' } })
  })

  it('leaves a live entry, letting its offered seat go', () => {
    expect(decideLeave(offered, 'guest')).toEqual({
      ok: true,
      value: { type: 'WaitlistLeft', entryId: 'a', holdId: 'host.h', by: 'guest' },
    })
    expect(decideLeave({ ...offered, status: 'booked' }, 'organizer')).toMatchObject({
      refusal: { code: 'waitlistNotFound' },
    })
  })
})
