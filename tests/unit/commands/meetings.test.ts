import { describe, expect, it } from 'vitest'
import {
  type MeetingState,
  type Person,
  decideAddVisitors,
  decideAdjutants,
  decideCancel,
  decideHeld,
  decideMove,
  decideOwnCancel,
  decideRemoveVisitor,
  decideReplaceVisitors,
  decideReschedule,
} from '#app/domain/commands/meetings.ts'
import type { Outcome } from '#app/domain/refusal.ts'

const MIN = 60_000
const now = Date.UTC(2030, 0, 10, 9, 0)
const start = now + 3 * 24 * 60 * MIN

const meeting = (extra: Partial<MeetingState> = {}): MeetingState => ({
  id: 'm1',
  status: 'upcoming',
  startAt: start,
  endAt: start + 60 * MIN,
  adjutantEmails: ['adj@example.com'],
  totalSeats: 2,
  ...extra,
})
const person = (id: string, extra: Partial<Person> = {}): Person => ({
  id,
  meetingId: 'm1',
  role: 'member',
  status: 'booked',
  email: `${id}@example.com`,
  bookingId: `b-${id}`,
  ...extra,
})
const a = person('a')
const b = person('b')
const aGuest = person('av', { role: 'visitor', bookingId: 'b-a' })
const snapshot = (extra: Partial<MeetingState> = {}, participants = [a, b, aGuest]) => ({
  meeting: meeting(extra),
  participants,
})
const past = { startAt: now - 120 * MIN, endAt: now - 60 * MIN }

function refused<T>(outcome: Outcome<T>) {
  return outcome.ok ? null : outcome.refusal
}
function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.code}`)
  return outcome.value
}

describe('decideCancel', () => {
  it('cancels a member with their visitors; the last member takes the meeting', () => {
    const some = value(decideCancel(['a'], snapshot()))
    expect([some.canceled.map((p) => p.id), some.whole, some.event.type]).toEqual([
      ['a', 'av'],
      false,
      'ParticipantCanceled',
    ])
    const last = value(decideCancel(['a', 'b'], snapshot()))
    expect([last.whole, last.event.type]).toEqual([true, 'MeetingCanceled'])
    expect(value(decideCancel(null, snapshot())).canceled.map((p) => p.id)).toEqual(['a', 'b', 'av'])
  })

  it('refuses a canceled meeting and an id that is no live member', () => {
    expect(refused(decideCancel(null, snapshot({ status: 'canceled' })))?.code).toBe('meetingCanceled')
    expect(refused(decideCancel(['av'], snapshot()))?.code).toBe('notFound')
    expect(refused(decideCancel(['a', 'x'], snapshot()))?.code).toBe('notFound')
  })
})

describe('decideOwnCancel', () => {
  const own = (participant: Person, extra: Partial<MeetingState> = {}, noticeMinutes = 0) =>
    decideOwnCancel(participant, { ...snapshot(extra), noticeMinutes }, 'sorry', now)

  it('cancels the participant (a member with their visitors) with their reason', () => {
    const done = value(own(a))
    expect([done.canceled.map((p) => p.id), done.whole, done.event.reason]).toEqual([['a', 'av'], false, 'sorry'])
    expect(value(own(aGuest)).canceled.map((p) => p.id)).toEqual(['av'])
  })

  it('refuses a canceled row, a meeting not upcoming, and inside the notice', () => {
    expect(refused(own({ ...a, status: 'canceled' }))?.code).toBe('meetingCanceled')
    expect(refused(own(a, { status: 'canceled' }))?.code).toBe('meetingCanceled')
    expect(refused(own(a, past))?.code).toBe('meetingNotUpcoming')
    expect(refused(own(a, {}, 3 * 24 * 60 + 1))?.code).toBe('noticeTooShort')
    expect(own(a, {}, 3 * 24 * 60).ok).toBe(true)
  })
})

describe('decideRemoveVisitor', () => {
  it("removes one live visitor of the member's booking, never the meeting", () => {
    const done = value(decideRemoveVisitor(a, 'av', snapshot(), now))
    expect([done.canceled.map((p) => p.id), done.whole]).toEqual([['av'], false])
  })
  it('refuses another booking’s visitor (404) and a meeting not upcoming', () => {
    expect(refused(decideRemoveVisitor(b, 'av', snapshot(), now))?.code).toBe('notFound')
    expect(refused(decideRemoveVisitor(a, 'av', snapshot(past), now))?.code).toBe('meetingNotUpcoming')
  })
})

describe('decideHeld', () => {
  it('marks only a completed meeting', () => {
    expect(value(decideHeld(meeting(past), true, now))).toEqual([
      { type: 'MeetingHeld', meetingId: 'm1', isFailed: true },
    ])
    expect(refused(decideHeld(meeting(), true, now))?.code).toBe('meetingNotCompleted')
    expect(refused(decideHeld(meeting({ ...past, status: 'canceled' }), true, now))?.code).toBe('meetingNotCompleted')
  })
})

describe('decideAdjutants', () => {
  it('tells who is added and removed; nothing changed is no event', () => {
    const done = value(decideAdjutants(['new@example.com'], 'org@example.com', snapshot(), now))
    expect(done).toMatchObject({ added: ['new@example.com'], removed: ['adj@example.com'] })
    expect(done.events).toHaveLength(1)
    expect(value(decideAdjutants(['adj@example.com'], 'org@example.com', snapshot(), now)).events).toEqual([])
  })
  it('refuses a participant’s or the organizer’s email, and a meeting not upcoming', () => {
    expect(refused(decideAdjutants(['a@example.com'], 'org@example.com', snapshot(), now))).toEqual({
      code: 'alreadyInvited',
      field: 'adjutantEmails',
      params: { email: 'a@example.com' },
    })
    expect(refused(decideAdjutants(['org@example.com'], 'org@example.com', snapshot(), now))?.code).toBe(
      'alreadyInvited',
    )
    expect(refused(decideAdjutants([], 'org@example.com', snapshot(past), now))?.code).toBe('meetingNotUpcoming')
  })
})

describe('decideAddVisitors', () => {
  it('gives each new visitor an id on the member’s booking', () => {
    const done = value(decideAddVisitors(a, ['g@example.com'], 'org@example.com', snapshot(), now))
    expect(done.visitors.map((v) => v.email)).toEqual(['g@example.com'])
    expect(done.event).toMatchObject({ type: 'VisitorsAdded', bookingId: 'b-a', participantIds: [done.visitors[0].id] })
  })
  it('refuses an email already in the meeting, a member that is not, and a meeting not upcoming', () => {
    for (const email of ['b@example.com', 'adj@example.com', 'org@example.com']) {
      expect(refused(decideAddVisitors(a, [email], 'org@example.com', snapshot(), now))).toMatchObject({
        code: 'alreadyInvited',
        field: 'emails',
      })
    }
    expect(refused(decideAddVisitors(aGuest, ['g@example.com'], 'o@x.com', snapshot(), now))?.code).toBe('notFound')
    expect(refused(decideAddVisitors(a, ['g@example.com'], 'o@x.com', snapshot(past), now))?.code).toBe(
      'meetingNotUpcoming',
    )
  })
})

describe('decideReplaceVisitors', () => {
  it('cancels the missing, adds the new, keeps the rest', () => {
    const done = value(decideReplaceVisitors(a, ['g@example.com'], 'o@x.com', snapshot(), now))
    expect(done.removal?.canceled.map((p) => p.id)).toEqual(['av'])
    expect(done.addition?.visitors.map((v) => v.email)).toEqual(['g@example.com'])
    const same = value(decideReplaceVisitors(a, ['av@example.com'], 'o@x.com', snapshot(), now))
    expect(same).toEqual({ removal: null, addition: null })
  })
  it('a refused addition refuses the whole request, so nothing is removed either', () => {
    expect(refused(decideReplaceVisitors(a, ['b@example.com'], 'o@x.com', snapshot(), now))?.code).toBe(
      'alreadyInvited',
    )
    expect(refused(decideReplaceVisitors(b, [], 'o@x.com', snapshot(past), now))?.code).toBe('meetingNotUpcoming')
  })
})

describe('decideMove', () => {
  const target = { meeting: meeting({ id: 't', totalSeats: 1 }), participants: [person('c', { meetingId: 't' })] }
  const source = snapshot()
  it('moves members with their visitors, adds seats, and cancels an emptied source', () => {
    const done = value(decideMove(['a'], target, [a], [source], now))
    expect(done.moving.map((p) => p.id)).toEqual(['a', 'av'])
    expect([done.totalSeats, done.seatsAdded]).toEqual([2, true])
    expect(done.sources[0]).toMatchObject({ emptied: false, orphans: [] })
    expect(done.events.map((e) => e.type)).toEqual(['ParticipantsMoved', 'SeatsAdded'])
    const all = value(decideMove(['a', 'b'], target, [a, b], [source], now))
    expect(all.sources[0].emptied).toBe(true)
    expect(all.events.map((e) => e.type)).toEqual(['ParticipantsMoved', 'SeatsAdded', 'MeetingCanceled'])
  })
  it('refuses a target not upcoming, an unknown member, the same meeting, and an email already in the target', () => {
    expect(
      refused(decideMove(['a'], { ...target, meeting: meeting({ id: 't', ...past }) }, [a], [source], now))?.code,
    ).toBe('meetingNotUpcoming')
    expect(refused(decideMove(['a', 'x'], target, [a], [source], now))?.code).toBe('notFound')
    expect(refused(decideMove(['c'], target, target.participants, [], now))).toMatchObject({
      code: 'sameMeeting',
      field: 'eventContactIds',
    })
    const twin = { ...target, participants: [person('c', { meetingId: 't', email: 'a@example.com' })] }
    expect(refused(decideMove(['a'], twin, [a], [source], now))).toMatchObject({
      code: 'alreadyInvited',
      params: { email: 'a@example.com' },
    })
  })
})

describe('decideReschedule', () => {
  const typed = (extra: Partial<MeetingState> = {}, participants = [a, b], noticeMinutes = 0) => ({
    ...snapshot(extra, participants),
    meeting: { ...meeting(extra), eventTypeId: 'e1' },
    noticeMinutes,
    typed: true,
  })
  const oneTime = { ...snapshot(), meeting: { ...meeting(), eventTypeId: null }, noticeMinutes: 0, typed: false }
  const later = start + 24 * 60 * MIN

  it('a meeting of an event type keeps its duration; the event names the old and new start', () => {
    const done = value(decideReschedule({ start: later, end: later + 5 * MIN, actorParticipantId: null }, typed(), now))
    expect([done.start, done.end, done.actor]).toEqual([later, later + 60 * MIN, null])
    expect(done.moved).toEqual({
      type: 'MeetingMoved',
      meetingId: 'm1',
      previousStart: start,
      start: later,
      end: later + 60 * MIN,
    })
  })

  it('refuses a meeting not upcoming', () => {
    const asked = { start: later, actorParticipantId: null }
    expect(refused(decideReschedule(asked, typed({ status: 'canceled' }), now))?.code).toBe('meetingCanceled')
    expect(refused(decideReschedule(asked, typed(past), now))?.code).toBe('meetingNotUpcoming')
  })

  it('a participant moves only their own sole booking of an event type, outside the notice', () => {
    const asked = (id: string) => ({ start: later, actorParticipantId: id })
    expect(value(decideReschedule(asked('a'), typed({}, [a]), now)).actor?.id).toBe('a')
    expect(refused(decideReschedule(asked('av'), typed({}, [a, aGuest]), now))?.code).toBe('notFound')
    expect(refused(decideReschedule(asked('a'), typed(), now))?.code).toBe('groupMove')
    expect(refused(decideReschedule(asked('a'), { ...oneTime, participants: [a] }, now))?.code).toBe('oneTimeMove')
    expect(refused(decideReschedule(asked('a'), typed({}, [a], 3 * 24 * 60 + 1), now))?.code).toBe('noticeTooShort')
  })

  it('a one-time meeting takes a future start and end of at most 23 hours', () => {
    const asked = (from: number, to: number | null) => ({ start: from, end: to, actorParticipantId: null })
    expect(value(decideReschedule(asked(later, later + 90 * MIN), oneTime, now)).end).toBe(later + 90 * MIN)
    expect(value(decideReschedule(asked(later, null), oneTime, now)).end).toBe(later + 60 * MIN)
    expect(refused(decideReschedule(asked(now, now + MIN), oneTime, now))).toMatchObject({
      code: 'moveNotInFuture',
      field: 'start',
    })
    expect(refused(decideReschedule(asked(later, later), oneTime, now))).toMatchObject({
      code: 'endAfterStart',
      field: 'end',
    })
    expect(refused(decideReschedule(asked(later, later + 1381 * MIN), oneTime, now))).toEqual({
      code: 'meetingTooLong',
      field: 'end',
      params: { hours: '23' },
    })
  })
})
