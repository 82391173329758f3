import { describe, expect, it } from 'vitest'
import type { EventTypeRules, Schedule } from '#app/domain/availability/index.ts'
import {
  type BookCommand,
  type BookSnapshot,
  HOLD_TTL_MS,
  type Hold,
  type PlanGate,
  MAX_HOLDS_PER_ADDRESS,
  MAX_HOLDS_PER_CLIENT,
  companionBookingId,
  decideBook,
  isCompanionBooking,
  partySize,
  decideHold,
  freshSlots,
} from '#app/domain/commands/booking.ts'
import { type EventCalendar, allFree, withBookings } from '#app/domain/commands/calendar.ts'
import type { MeetingDraft } from '#app/domain/commands/events.ts'

const HOUR = 3_600_000
/** Monday 2030-01-07, 00:00 UTC. */
const DAY = Date.UTC(2030, 0, 7)
const NOW = DAY - 24 * HOUR
const at = (hours: number) => DAY + hours * HOUR
const slot = (hours: number) => ({ start: at(hours), end: at(hours) + HOUR / 2 })

const schedule: Schedule = {
  timeZone: 'Etc/UTC',
  weekly: Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7].map((d) => [d, [[9 * 60, 18 * 60]]])),
  adjustments: {},
}
const rules = (seats = 1): EventTypeRules => ({
  durationMinutes: 30,
  stepMinutes: 30,
  beforeMinutes: 0,
  afterMinutes: 0,
  minimumNoticeMinutes: 0,
  window: { type: 'NoRestrictions' },
  maxPerDay: 0,
  seats,
})
const calendar = (live: EventCalendar['live'] = [], seats = 1): EventCalendar => ({
  eventTypeId: 'et',
  schedule,
  rules: rules(seats),
  live,
  busy: [],
})
/** A Basic host's individual event type: nothing of it is paused. */
const PLAN: PlanGate = { plan: 'Basic', participantType: 'SimpleNotCollective' }
const hold = (id: string, clientId: string, hours: number, expiresAt = NOW + HOLD_TTL_MS, address = 'ip1'): Hold => ({
  id,
  eventTypeId: 'et',
  clientId,
  address,
  ...slot(hours),
  expiresAt,
})

describe('decideHold', () => {
  const command = (clientId: string, hours: number[], address = 'ip1') => ({
    ownerId: 'host',
    eventTypeId: 'et',
    clientId,
    address,
    slots: hours.map(slot),
  })

  it('holds free slots for ten minutes, each with a host-scoped id', () => {
    const decision = decideHold(command('a', [9, 10]), { calendar: calendar(), active: [], plan: PLAN }, NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    expect(decision.value.map((h) => [h.start, h.expiresAt])).toEqual([
      [at(9), NOW + HOLD_TTL_MS],
      [at(10), NOW + HOLD_TTL_MS],
    ])
    expect(decision.value.every((h) => h.id.startsWith('host.'))).toBe(true)
  })

  it('refuses a slot another client holds or a meeting took, and a gone event type', () => {
    const taken = decideHold(command('b', [9]), { calendar: calendar(), active: [hold('h1', 'a', 9)], plan: PLAN }, NOW)
    expect(taken).toEqual({ ok: false, refusal: { code: 'slotTaken' } })
    const booked = calendar([{ id: 'm', eventTypeId: 'et', startAt: at(10), endAt: at(10.5), seatsTaken: 1 }])
    expect(decideHold(command('b', [10]), { calendar: booked, active: [], plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
    expect(decideHold(command('b', [10]), { calendar: null, active: [], plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'eventNotFound' },
    })
  })

  it('refuses a slot the host is busy in their own calendar, with the buffers', () => {
    const busy = { ...calendar(), busy: [{ start: at(10) + 10 * 60_000, end: at(10) + 20 * 60_000 }] }
    expect(decideHold(command('b', [10]), { calendar: busy, active: [], plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
    expect(decideHold(command('b', [9.5]), { calendar: busy, active: [], plan: PLAN }, NOW).ok).toBe(true)
    const buffered = { ...busy, rules: { ...busy.rules, afterMinutes: 15 } }
    expect(decideHold(command('b', [9.5]), { calendar: buffered, active: [], plan: PLAN }, NOW).ok).toBe(false)
  })

  it('renews the client own hold with the same id, without needing the slot free', () => {
    const mine = hold('host.mine', 'a', 9)
    expect(freshSlots(command('a', [9, 10]), [mine])).toEqual([slot(10)])
    const decision = decideHold(command('a', [9]), { calendar: calendar(), active: [mine], plan: PLAN }, NOW + 60_000)
    expect(decision.ok && decision.value[0]).toMatchObject({ id: 'host.mine', expiresAt: NOW + 60_000 + HOLD_TTL_MS })
  })

  it('bounds what one client holds of the host, all event types together', () => {
    const active = Array.from({ length: MAX_HOLDS_PER_CLIENT }, (_, i) => ({
      ...hold(`h${i}`, 'a', 9 + i / 4),
      eventTypeId: i % 2 === 0 ? 'et' : 'other-type',
    }))
    expect(decideHold(command('a', [17.5]), { calendar: calendar(), active, plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'tooManyHolds' },
    })
    // Another client of another address is not affected.
    expect(decideHold(command('b', [17.5], 'ip2'), { calendar: calendar(), active, plan: PLAN }, NOW).ok).toBe(true)
  })

  it('bounds what one address holds of the host, whatever client ids it makes up', () => {
    const active = Array.from({ length: MAX_HOLDS_PER_ADDRESS }, (_, i) => hold(`h${i}`, `client-${i}`, 9 + i / 4))
    expect(decideHold(command('fresh-id', [17.5]), { calendar: calendar(), active, plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'tooManyHolds' },
    })
    // Renewing what a client already holds adds nothing and stays allowed.
    expect(decideHold(command('client-0', [9]), { calendar: calendar(), active, plan: PLAN }, NOW).ok).toBe(true)
  })

  it('keeps a client id to the address it was used from: elsewhere it neither renews nor sees the hold as its own', () => {
    const mine = hold('host.mine', 'a', 9)
    expect(freshSlots(command('a', [9], 'ip2'), [mine])).toEqual([slot(9)])
    expect(decideHold(command('a', [9], 'ip2'), { calendar: calendar(), active: [mine], plan: PLAN }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
  })
})

describe('decideBook', () => {
  const draft: MeetingDraft = {
    eventTypeId: 'et',
    name: 'Consultation',
    description: '',
    color: '#ff0000',
    placeType: 'Online',
    meetingPoint: null,
    whoCallType: null,
    participantType: 'SimpleNotCollective',
    minSeats: 1,
    totalSeats: 1,
    timeZone: 'Etc/UTC',
  }
  const contact = {
    firstName: 'Иван',
    lastName: '',
    email: 'ivan@example.com',
    phone: null,
    comment: null,
    messengerType: null,
    messengerValue: null,
    tempCustomField: null,
    emails: [] as string[],
  }
  const command = (over: Partial<BookCommand> = {}): BookCommand => ({
    ownerId: 'host',
    eventTypeId: 'et',
    holdIds: [],
    slots: [],
    contact,
    language: 'ru',
    timeZone: 'Europe/Moscow',
    idempotencyKey: null,
    ...over,
  })
  const snapshot = (over: Partial<BookSnapshot> = {}): BookSnapshot => ({
    calendar: calendar(),
    named: [],
    others: [],
    draft,
    remindersInMinutes: [60],
    contactId: null,
    plan: PLAN,
    ...over,
  })

  it('leaves a one-seat slot it wrote taken in the calendar it keeps (withBookings, ADR 0129)', () => {
    const decision = decideBook(
      command({ slots: [slot(9)], contact: { ...contact, emails: ['anna@example.com'] } }),
      snapshot(),
      NOW,
    )
    if (!decision.ok) throw new Error('slot 9 is free')
    const after = withBookings(calendar(), decision.value)
    expect(after.live).toEqual([
      { id: decision.value[0].meetingId, eventTypeId: 'et', startAt: at(9), endAt: at(9.5), seatsTaken: 1 },
    ])
    expect(allFree(after, [], [slot(9)], NOW)).toBe(false)
    expect(allFree(after, [], [slot(10)], NOW)).toBe(true)
  })

  it('confirms the held slots: one event per slot, one booking, one contact, a new meeting each', () => {
    const held = [hold('h1', 'a', 9), hold('h2', 'a', 11)]
    const decision = decideBook(command({ holdIds: ['h1', 'h2'] }), snapshot({ named: held }), NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    const events = decision.value
    expect(events.map((e) => [e.type, e.start, e.newMeeting?.name])).toEqual([
      ['BookingConfirmed', at(9), 'Consultation'],
      ['BookingConfirmed', at(11), 'Consultation'],
    ])
    expect(new Set(events.map((e) => e.bookingId)).size).toBe(1)
    expect(new Set(events.map((e) => e.attendee.contactId)).size).toBe(1)
    expect(new Set(events.map((e) => e.attendee.participantId)).size).toBe(2)
    expect(events[0]).toMatchObject({ newContact: true, remindersInMinutes: [60] })
  })

  it('keeps a known contact and joins a group slot meeting that has a free seat', () => {
    const live = [{ id: 'group', eventTypeId: 'et', startAt: at(9), endAt: at(9.5), seatsTaken: 1 }]
    const decision = decideBook(
      command({ slots: [slot(9)] }),
      snapshot({ calendar: calendar(live, 3), contactId: 'c1' }),
      NOW,
    )
    expect(decision.ok && decision.value[0]).toMatchObject({
      meetingId: 'group',
      newMeeting: null,
      newContact: false,
      attendee: { contactId: 'c1' },
    })
  })

  it('refuses unknown holds, another event type hold, taken slots and a gone event type', () => {
    expect(decideBook(command({ holdIds: ['nope'] }), snapshot(), NOW)).toEqual({
      ok: false,
      refusal: { code: 'holdNotFound' },
    })
    const foreign = { ...hold('h1', 'a', 9), eventTypeId: 'other' }
    expect(decideBook(command({ holdIds: ['h1'] }), snapshot({ named: [foreign] }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'holdNotFound' },
    })
    const others = [{ id: 'x', eventTypeId: 'et', ...slot(9) }]
    expect(decideBook(command({ slots: [slot(9)] }), snapshot({ others }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
    // Two slots of one request that overlap each other: the second is taken by the first.
    expect(decideBook(command({ slots: [slot(9), slot(9)] }), snapshot(), NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
    expect(decideBook(command({ slots: [slot(9)] }), snapshot({ calendar: null }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'eventNotFound' },
    })
  })

  it('confirms an expired hold whose slot is still free (a late form), refuses one in the past', () => {
    const late = hold('h1', 'a', 9, NOW - 1)
    expect(decideBook(command({ holdIds: ['h1'] }), snapshot({ named: [late] }), NOW).ok).toBe(true)
    expect(decideBook(command({ slots: [slot(9)] }), snapshot(), at(10)).ok).toBe(false)
  })
})

describe('decideBook with companions (ADR 0105)', () => {
  const groupDraft: MeetingDraft = {
    eventTypeId: 'et',
    name: 'Group',
    description: '',
    color: '#000',
    placeType: 'Meet',
    meetingPoint: null,
    whoCallType: null,
    participantType: 'GroupNotCollective',
    minSeats: 1,
    totalSeats: 4,
    timeZone: 'Etc/UTC',
  }
  const PRO: PlanGate = { plan: 'Pro', participantType: 'GroupNotCollective' }
  const contact = (emails: string[]) => ({
    firstName: 'Иван',
    lastName: '',
    email: 'ivan@example.com',
    phone: null,
    comment: null,
    messengerType: null,
    messengerValue: null,
    tempCustomField: 'К-17',
    emails,
  })
  const book = (emails: string[], holdIds: string[] = [], slots = [slot(9)]): BookCommand => ({
    ownerId: 'host',
    eventTypeId: 'et',
    holdIds,
    slots: holdIds.length > 0 ? [] : slots,
    contact: contact(emails),
    language: 'ru',
    timeZone: 'Etc/UTC',
    idempotencyKey: null,
  })
  const group = (over: Partial<BookSnapshot> = {}): BookSnapshot => ({
    calendar: calendar([], 4),
    named: [],
    others: [],
    draft: groupDraft,
    remindersInMinutes: [60],
    contactId: null,
    plan: PRO,
    ...over,
  })
  const taken = (seats: number) => [{ id: 'm', eventTypeId: 'et', startAt: at(9), endAt: at(9.5), seatsTaken: seats }]

  it('leaves the calendar it wrote in: the next party is decided on it as on D1 (withBookings, ADR 0129)', () => {
    const before = calendar(taken(1), 4)
    const first = decideBook(book(['anna@example.com']), group({ calendar: before }), NOW)
    if (!first.ok) throw new Error('the party of two fits')
    const after = withBookings(before, first.value)
    expect(after.live).toEqual([{ ...taken(1)[0], seatsTaken: 3 }])
    expect(decideBook(book(['boris@example.com']), group({ calendar: after }), NOW)).toMatchObject({
      ok: false,
      refusal: { code: 'partyTooLarge', params: { seatsLeft: 1, party: 2 } },
    })
    expect(allFree(after, [], [slot(9)], NOW)).toBe(true)
    const last = decideBook(book([]), group({ calendar: after }), NOW)
    if (!last.ok) throw new Error('one seat is left')
    expect(allFree(withBookings(after, last.value), [], [slot(9)], NOW)).toBe(false)
    // A slot without a meeting gets the new one, with the party's seats; the others stay as they were.
    const other = decideBook(book(['anna@example.com'], [], [slot(11)]), group({ calendar: after }), NOW)
    if (!other.ok) throw new Error('slot 11 is free')
    expect(withBookings(after, other.value).live).toEqual([
      ...after.live,
      { id: other.value[0].meetingId, eventTypeId: 'et', startAt: at(11), endAt: at(11.5), seatsTaken: 2 },
    ])
  })

  it('counts the party in seats: the client and each companion', () => {
    expect(partySize('GroupNotCollective', 2)).toBe(3)
    expect(partySize('GroupCollective', 0)).toBe(1)
    expect(partySize('SimpleNotCollective', 5)).toBe(1)
  })

  it('seats a group party that fits: each companion a member with a booking id naming the client', () => {
    const decision = decideBook(book(['a@x.ru', 'b@x.ru']), group({ calendar: calendar(taken(1), 4) }), NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    const [event] = decision.value
    expect(event.meetingId).toBe('m')
    expect(event.companions?.map((c) => [c.email, c.role])).toEqual([
      ['a@x.ru', 'member'],
      ['b@x.ru', 'member'],
    ])
    expect(event.companions?.map((c) => c.bookingId)).toEqual([
      companionBookingId(event.bookingId, 0),
      companionBookingId(event.bookingId, 1),
    ])
    expect(event.companions?.every((c) => isCompanionBooking(c.bookingId, event.bookingId))).toBe(true)
    expect(isCompanionBooking(event.bookingId, event.bookingId)).toBe(false)
    expect(event.attendee.contact.tempCustomField).toBe('К-17')
    const ids = [event.attendee.participantId, ...(event.companions ?? []).map((c) => c.participantId)]
    expect(new Set(ids).size).toBe(3)
  })

  it('refuses a party larger than the free seats, naming the field, and the exact fit passes', () => {
    // 4 seats, 2 taken: the client and one companion fit, not two companions.
    expect(decideBook(book(['a@x.ru', 'b@x.ru']), group({ calendar: calendar(taken(2), 4) }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'partyTooLarge', field: 'contactInfo.emails', params: { seatsLeft: 2, party: 3 } },
    })
    expect(decideBook(book(['a@x.ru']), group({ calendar: calendar(taken(2), 4) }), NOW).ok).toBe(true)
    // Other clients' holds take seats too.
    const others = [{ id: 'x', eventTypeId: 'et', ...slot(9) }]
    expect(decideBook(book(['a@x.ru']), group({ calendar: calendar(taken(2), 4), others }), NOW)).toMatchObject({
      ok: false,
      refusal: { code: 'partyTooLarge' },
    })
    // A full slot is taken, whoever comes along.
    expect(decideBook(book(['a@x.ru']), group({ calendar: calendar(taken(4), 4) }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'slotTaken' },
    })
  })

  it("counts the client's own hold as the client's seat, and every slot must fit the party", () => {
    const held = [hold('h1', 'a', 9), hold('h2', 'a', 10)]
    const live = [...taken(1), { id: 'n', eventTypeId: 'et', startAt: at(10), endAt: at(10.5), seatsTaken: 2 }]
    // 9:00 has 3 seats left (one is the client's hold), 10:00 only 2: a party of three fits the first, not both.
    const decision = decideBook(
      book(['a@x.ru', 'b@x.ru'], ['h1', 'h2']),
      group({ calendar: calendar(live, 4), named: held }),
      NOW,
    )
    expect(decision).toEqual({
      ok: false,
      refusal: { code: 'partyTooLarge', field: 'contactInfo.emails', params: { seatsLeft: 2, party: 3 } },
    })
    const one = decideBook(book(['a@x.ru'], ['h1', 'h2']), group({ calendar: calendar(live, 4), named: held }), NOW)
    expect(one.ok && one.value.map((e) => e.companions?.[0].bookingId)).toEqual(
      one.ok ? [companionBookingId(one.value[0].bookingId, 0), companionBookingId(one.value[0].bookingId, 0)] : false,
    )
  })

  it("makes a one-seat event's companions visitors of the client's booking, taking no seat", () => {
    const single = group({
      calendar: calendar(),
      plan: PLAN,
    })
    const decision = decideBook(book(['a@x.ru', 'b@x.ru', 'c@x.ru']), single, NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    const [event] = decision.value
    expect(event.companions?.map((c) => [c.role, c.bookingId])).toEqual([
      ['visitor', event.bookingId],
      ['visitor', event.bookingId],
      ['visitor', event.bookingId],
    ])
  })

  it('answers no companions field for a booking without any', () => {
    const decision = decideBook(book([]), group(), NOW)
    expect(decision.ok && 'companions' in decision.value[0]).toBe(false)
  })
})

describe("the host's plan in force (issue 16 downgrade, ADR 0097)", () => {
  const holdCommand = (channel?: 'page' | 'widget') => ({
    ownerId: 'host',
    eventTypeId: 'et',
    clientId: 'a',
    address: 'ip1',
    slots: [slot(9)],
    channel,
  })
  const group = (plan: PlanGate['plan']): PlanGate => ({ plan, participantType: 'GroupNotCollective' })
  const paused = (capability: string) => ({ ok: false, refusal: { code: 'bookingPaused', params: { capability } } })

  it('pauses a group type on Basic and Standard, books it on Pro', () => {
    const snapshot = (plan: PlanGate) => ({ calendar: calendar([], 3), active: [], plan })
    expect(decideHold(holdCommand(), snapshot(group('Basic')), NOW)).toEqual(paused('groupMeetings'))
    expect(decideHold(holdCommand(), snapshot(group('Standard')), NOW)).toEqual(paused('groupMeetings'))
    expect(decideHold(holdCommand(), snapshot(group('Pro')), NOW).ok).toBe(true)
    const collective = { plan: 'Standard' as const, participantType: 'SimpleCollective' }
    expect(decideHold(holdCommand(), snapshot(collective), NOW)).toEqual(paused('collectiveMeetings'))
  })

  it('pauses the widget on Basic, not the page', () => {
    const snapshot = { calendar: calendar(), active: [], plan: PLAN }
    expect(decideHold(holdCommand('widget'), snapshot, NOW)).toEqual(paused('widgets'))
    expect(decideHold(holdCommand('page'), snapshot, NOW).ok).toBe(true)
    const standard = { ...snapshot, plan: { ...PLAN, plan: 'Standard' as const } }
    expect(decideHold(holdCommand('widget'), standard, NOW).ok).toBe(true)
  })

  it('refuses to confirm a paused booking even with a valid hold', () => {
    const book: BookCommand = {
      ownerId: 'host',
      eventTypeId: 'et',
      holdIds: ['h1'],
      slots: [],
      contact: {
        firstName: 'Иван',
        lastName: '',
        email: 'i@example.com',
        phone: null,
        comment: null,
        messengerType: null,
        messengerValue: null,
        tempCustomField: null,
        emails: [],
      },
      language: 'ru',
      timeZone: 'Etc/UTC',
      idempotencyKey: null,
      channel: 'widget',
    }
    const snapshot = {
      calendar: calendar(),
      named: [hold('h1', 'a', 9)],
      others: [],
      draft: {} as MeetingDraft,
      remindersInMinutes: [],
      contactId: null,
      plan: PLAN,
    }
    expect(decideBook(book, snapshot, NOW)).toEqual(paused('widgets'))
    expect(decideBook({ ...book, channel: 'page' }, snapshot, NOW).ok).toBe(true)
  })
})
