import { describe, expect, it } from 'vitest'
import {
  type CreateOneTimeSnapshot,
  type OneTimeParticipant,
  type OneTimeSnapshot,
  conflictRefusal,
  decideConfirmInvitation,
  decideCreateOneTime,
  decideSeatBooking,
  decideSeatHold,
  oneTimeState,
} from '#app/domain/commands/one-time.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { MAX_HOLDS_PER_ADDRESS } from '#app/domain/commands/booking.ts'

const HOUR = 3_600_000
const START = Date.UTC(2030, 0, 7, 12)
const NOW = START - 48 * HOUR

const participant = (over: Partial<OneTimeParticipant> = {}): OneTimeParticipant => ({
  id: 'p1',
  email: 'anna@example.com',
  role: 'member',
  status: 'booked',
  invited: true,
  lastName: 'Иванова',
  phone: '+79990000000',
  messengerType: null,
  messengerValue: null,
  comment: null,
  ...over,
})
const oneTime = (over: Partial<OneTimeSnapshot> = {}): OneTimeSnapshot => ({
  meeting: { id: 'm1', ownerId: 'host', status: 'upcoming', startAt: START, endAt: START + HOUR, totalSeats: 2 },
  adjutantEmails: ['helper@example.com'],
  organizerEmail: 'host@example.com',
  organizerPlan: 'Standard',
  whenCloses: { value: 1, type: 'Hours' },
  remindersInMinutes: [60],
  participants: [participant()],
  ...over,
})
const contact = (email: string) => ({
  firstName: 'Пётр',
  lastName: '',
  email,
  phone: null,
  comment: null,
  messengerType: null,
  messengerValue: null,
})
const guest = { contact: contact('petr@example.com'), language: 'ru' as const, timeZone: 'Europe/Moscow' }

describe('one-time state', () => {
  it('is open with its free seats, closed inside "booking closes", then completed; canceled stays canceled', () => {
    expect(oneTimeState(oneTime(), NOW)).toEqual({ state: 'open', seatsLeft: 1 })
    expect(oneTimeState(oneTime(), START - HOUR / 2).state).toBe('closed')
    expect(oneTimeState(oneTime(), START + 2 * HOUR).state).toBe('completed')
    const canceled = oneTime({ meeting: { ...oneTime().meeting, status: 'canceled' } })
    expect(oneTimeState(canceled, NOW).state).toBe('canceled')
  })
})

describe('decideSeatBooking', () => {
  it('gives a guest a free seat: one OneTimeSeatBooked with a new participant and contact', () => {
    const decision = decideSeatBooking(guest, { oneTime: oneTime(), heldByOthers: 0, contactId: null }, NOW)
    expect(decision.ok && decision.value).toMatchObject({
      type: 'OneTimeSeatBooked',
      meetingId: 'm1',
      newContact: true,
      remindersInMinutes: [60],
      attendee: { contact: { email: 'petr@example.com' }, timeZone: 'Europe/Moscow' },
    })
  })

  it('counts seats other guests hold as taken', () => {
    expect(decideSeatBooking(guest, { oneTime: oneTime(), heldByOthers: 1, contactId: null }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'noSeats' },
    })
  })

  it('lets an invited email confirm instead of taking a second seat, keeping what the form left empty', () => {
    const decision = decideSeatBooking(
      { ...guest, contact: contact('anna@example.com') },
      { oneTime: oneTime(), heldByOthers: 5, contactId: 'c1' },
      NOW,
    )
    expect(decision.ok && decision.value).toEqual({
      type: 'InvitationConfirmed',
      meetingId: 'm1',
      participantId: 'p1',
      email: 'anna@example.com',
      details: {
        firstName: 'Пётр',
        lastName: 'Иванова',
        phone: '+79990000000',
        messengerType: null,
        messengerValue: null,
        comment: null,
      },
    })
  })

  it('refuses a second booking, the organizer and an adjutant, and a closed, completed or canceled meeting', () => {
    const booked = oneTime({ participants: [participant({ invited: false })] })
    const refusedFor = (email: string, snapshot = oneTime()) =>
      decideSeatBooking(
        { ...guest, contact: contact(email) },
        { oneTime: snapshot, heldByOthers: 0, contactId: null },
        NOW,
      )
    expect(refusedFor('anna@example.com', booked)).toEqual({ ok: false, refusal: { code: 'oneTimeAlreadyBooked' } })
    expect(refusedFor('host@example.com')).toEqual({ ok: false, refusal: { code: 'oneTimeAlreadyBooked' } })
    expect(refusedFor('helper@example.com')).toEqual({ ok: false, refusal: { code: 'oneTimeAlreadyBooked' } })
    const at = (now: number) => decideSeatBooking(guest, { oneTime: oneTime(), heldByOthers: 0, contactId: null }, now)
    expect(at(START - HOUR / 2)).toEqual({ ok: false, refusal: { code: 'oneTimeClosed' } })
    expect(at(START + 2 * HOUR)).toEqual({ ok: false, refusal: { code: 'meetingNotUpcoming' } })
    const canceled = oneTime({ meeting: { ...oneTime().meeting, status: 'canceled' } })
    expect(refusedFor('x@example.com', canceled)).toEqual({ ok: false, refusal: { code: 'meetingCanceled' } })
  })
})

describe("the organizer's plan in force (ADR 0097)", () => {
  it('takes no new guests through the link on Basic; an invitee still confirms', () => {
    const basic = oneTime({ organizerPlan: 'Basic' })
    const paused = { ok: false, refusal: { code: 'bookingPaused', params: { capability: 'oneTimeMeetings' } } }
    expect(decideSeatBooking(guest, { oneTime: basic, heldByOthers: 0, contactId: null }, NOW)).toEqual(paused)
    const holder = { ownerId: 'host', clientId: 'c', address: 'ip' }
    expect(decideSeatHold(holder, { oneTime: basic, holds: [] }, NOW)).toEqual(paused)
    const invited = { ...guest, contact: contact('anna@example.com') }
    const confirmed = decideSeatBooking(invited, { oneTime: basic, heldByOthers: 0, contactId: null }, NOW)
    expect(confirmed.ok && confirmed.value.type).toBe('InvitationConfirmed')
    expect(decideSeatHold(holder, { oneTime: oneTime(), holds: [] }, NOW).ok).toBe(true)
  })
})

describe('decideConfirmInvitation and decideSeatHold', () => {
  it('confirms a live invitee, refuses a cancelled one and a wrong token', () => {
    const snapshot = { oneTime: oneTime(), invitee: participant() }
    expect(decideConfirmInvitation({ contact: contact('anna@example.com') }, snapshot, NOW).ok).toBe(true)
    const canceled = { oneTime: oneTime(), invitee: participant({ status: 'canceled' }) }
    expect(decideConfirmInvitation({ contact: contact('anna@example.com') }, canceled, NOW)).toEqual({
      ok: false,
      refusal: { code: 'invitationCanceled' },
    })
    expect(decideConfirmInvitation({ contact: contact('a@b.c') }, { oneTime: oneTime(), invitee: null }, NOW)).toEqual({
      ok: false,
      refusal: { code: 'notFound' },
    })
  })

  it('counts seat holds toward what one address may hold of the host', () => {
    const taken = Array.from({ length: MAX_HOLDS_PER_ADDRESS }, (_, i) => ({
      id: `h${i}`,
      eventTypeId: 'et',
      clientId: `c${i}`,
      address: 'ip1',
      start: START + i * 3_600_000,
      end: START + i * 3_600_000 + 1_800_000,
      expiresAt: NOW + 600_000,
    }))
    expect(
      decideSeatHold({ ownerId: 'host', clientId: 'new', address: 'ip1' }, { oneTime: oneTime(), holds: taken }, NOW),
    ).toEqual({
      ok: false,
      refusal: { code: 'tooManyHolds' },
    })
    expect(
      decideSeatHold({ ownerId: 'host', clientId: 'new', address: 'ip2' }, { oneTime: oneTime(), holds: taken }, NOW)
        .ok,
    ).toBe(true)
  })

  it('holds the last seat for one client, renews it for that client, refuses the next', () => {
    const first = decideSeatHold(
      { ownerId: 'host', clientId: 'a', address: 'ip1' },
      { oneTime: oneTime(), holds: [] },
      NOW,
    )
    expect(first.ok && first.value).toMatchObject({ companyEventId: 'm1', clientId: 'a', start: START })
    if (!first.ok) return
    const renewed = decideSeatHold(
      { ownerId: 'host', clientId: 'a', address: 'ip1' },
      { oneTime: oneTime(), holds: [first.value] },
      NOW,
    )
    expect(renewed.ok && renewed.value.id).toBe(first.value.id)
    expect(
      decideSeatHold(
        { ownerId: 'host', clientId: 'b', address: 'ip1' },
        { oneTime: oneTime(), holds: [first.value] },
        NOW,
      ),
    ).toEqual({ ok: false, refusal: { code: 'noSeats' } })
    expect(
      decideSeatHold({ ownerId: 'other', clientId: 'b', address: 'ip1' }, { oneTime: oneTime(), holds: [] }, NOW),
    ).toEqual({
      ok: false,
      refusal: { code: 'oneTimeNotFound' },
    })
  })
})

describe('decideCreateOneTime', () => {
  const event = (over: Record<string, unknown> = {}) =>
    OneTimeEventSchema.parse({
      contactIds: ['c1'],
      contacts: [{ firstName: 'Ян', email: 'yan@example.com' }],
      adjutantEmails: ['helper@example.com'],
      timeZone: 'Etc/UTC',
      dates: [
        { from: '2030-01-07T12:00', to: '2030-01-07T13:00' },
        { from: '2030-01-08T12:00', to: '2030-01-08T13:00' },
      ],
      form: {
        name: 'Разбор',
        type: 'Meet',
        meetingPoint: 'Офис',
        participantType: 'GroupNotCollective',
        totalSeats: 3,
        minSeats: 1,
        remindersInMinutes: [60],
      },
      ...over,
    })
  const snapshot = (over: Partial<CreateOneTimeSnapshot> = {}): CreateOneTimeSnapshot => ({
    organizer: { id: 'host', email: 'host@example.com', plan: 'Pro', timeZone: 'Europe/Moscow' },
    chosen: [
      {
        id: 'c1',
        email: 'anna@example.com',
        firstName: 'Анна',
        lastName: 'Иванова',
        phone: null,
        messengerType: null,
        messengerValue: null,
      },
    ],
    known: [],
    conflict: { overlaps: [], busyEmails: [] },
    ...over,
  })
  const command = (over: Record<string, unknown> = {}, ignoreFreeTimeCheck = false) => ({
    ownerId: 'host',
    event: event(over),
    ignoreFreeTimeCheck,
    language: 'ru' as const,
    fallbackTimeZone: null,
  })

  it('creates one meeting per date with both invitees, each date with its own participants', () => {
    const decision = decideCreateOneTime(command(), snapshot(), NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    const [first, second] = decision.value
    expect([first.start, second.start]).toEqual([START, START + 24 * HOUR])
    expect(first.invitees.map((i) => i.contact.email)).toEqual(['anna@example.com', 'yan@example.com'])
    expect(first.meeting).toMatchObject({ eventTypeId: null, adjutantEmails: ['helper@example.com'], totalSeats: 3 })
    expect(first.invitees[1].participantId).not.toBe(second.invitees[1].participantId)
    expect(first.invitees[1].contactId).toBe(second.invitees[1].contactId)
    expect(first.contactUpserts.map((u) => u.contact.email)).toEqual(['yan@example.com'])
  })

  it('refuses by plan, unknown contacts, an email twice or the organizer, and too many invitees', () => {
    const basic = snapshot({ organizer: { ...snapshot().organizer!, plan: 'Basic' } })
    expect(decideCreateOneTime(command(), basic, NOW)).toEqual({ ok: false, refusal: { code: 'planLimit' } })
    expect(decideCreateOneTime(command(), snapshot({ chosen: [] }), NOW)).toEqual({
      ok: false,
      refusal: { code: 'notFound' },
    })
    const twice = command({ contacts: [{ firstName: 'Анна', email: 'anna@example.com' }] })
    expect(decideCreateOneTime(twice, snapshot(), NOW)).toEqual({
      ok: false,
      refusal: { code: 'alreadyInvited', field: 'contacts', params: { email: 'anna@example.com' } },
    })
    const adjutant = command({ adjutantEmails: ['host@example.com'] })
    expect(decideCreateOneTime(adjutant, snapshot(), NOW)).toMatchObject({
      ok: false,
      refusal: { code: 'alreadyInvited', field: 'adjutantEmails' },
    })
    const small = command({ form: { name: 'Разбор', type: 'Meet', meetingPoint: 'Офис' } })
    expect(decideCreateOneTime(small, snapshot(), NOW)).toEqual({
      ok: false,
      refusal: { code: 'tooManyInvitees', field: 'contactIds', params: { count: '1' } },
    })
  })

  it('a Telemost link for each meeting: on Pro with Telemost connected, else refused; the meetings carry the service', () => {
    const online = command({
      form: {
        name: 'Разбор',
        type: 'Online',
        videoLinkService: 'telemost',
        participantType: 'GroupNotCollective',
        totalSeats: 3,
        minSeats: 1,
      },
    })
    expect(decideCreateOneTime(online, snapshot(), NOW)).toEqual({
      ok: false,
      refusal: { code: 'telemostNotConnected', field: 'form.videoLinkService' },
    })
    const standard = snapshot({ organizer: { ...snapshot().organizer!, plan: 'Standard' }, telemostConnected: true })
    expect(decideCreateOneTime(online, standard, NOW)).toEqual({ ok: false, refusal: { code: 'planLimit' } })
    const decision = decideCreateOneTime(online, snapshot({ telemostConnected: true }), NOW)
    expect(decision.ok).toBe(true)
    if (!decision.ok) return
    expect(decision.value.map((created) => created.meeting)).toMatchObject([
      { placeType: 'Online', meetingPoint: null, videoLinkService: 'telemost' },
      { placeType: 'Online', meetingPoint: null, videoLinkService: 'telemost' },
    ])
    // Only an online meeting asks for it: an address keeps no service (and needs no Telemost).
    const meet = command({
      form: {
        name: 'Разбор',
        type: 'Meet',
        meetingPoint: 'Офис',
        videoLinkService: 'telemost',
        participantType: 'GroupNotCollective',
        totalSeats: 3,
        minSeats: 1,
      },
    })
    const plain = decideCreateOneTime(meet, snapshot(), NOW)
    expect(plain.ok && plain.value[0].meeting).toMatchObject({ meetingPoint: 'Офис', videoLinkService: null })
  })

  it('names each unreadable or past date with its field', () => {
    const bad = command({
      dates: [
        { from: '2020-01-07T12:00', to: '2020-01-07T13:00' },
        { from: '2030-01-07T12:00', to: '2030-01-07T11:00' },
      ],
    })
    expect(decideCreateOneTime(bad, snapshot(), NOW)).toEqual({
      ok: false,
      refusal: {
        code: 'dateNotInPast',
        field: 'dates.0.from',
        more: [{ code: 'endAfterStart', field: 'dates.1.to' }],
      },
    })
  })

  it('asks "Book anyway?" with what it found, and goes on when told to ignore it', () => {
    const conflict = {
      overlaps: [{ id: 'x', name: 'Консультация', start: '2030-01-07T12:00:00.000Z', end: '2030-01-07T12:30:00.000Z' }],
      busyEmails: ['anna@example.com'],
    }
    const refused = decideCreateOneTime(command(), snapshot({ conflict }), NOW)
    expect(refused).toEqual({
      ok: false,
      refusal: {
        code: 'timeOverlap',
        params: { names: 'Консультация' },
        more: [{ code: 'inviteesBusy', params: { emails: 'anna@example.com' } }],
        conflict,
      },
    })
    expect(decideCreateOneTime(command({}, true), snapshot({ conflict }), NOW).ok).toBe(true)
    expect(conflictRefusal({ overlaps: [], busyEmails: [] })).toBeNull()
  })
})
