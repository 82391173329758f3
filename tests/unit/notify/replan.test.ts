import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ReminderStatus } from '#app/domain/enums.ts'
import { decodeProblems } from '#app/domain/reminders/problems.ts'
import {
  CANCELED,
  type MeetingToPlan,
  ReminderPlan,
  SUPERSEDED,
  type StoredReminder,
} from '#app/domain/reminders/replan.ts'

const MIN = 60_000
const start = Date.UTC(2030, 2, 10, 9, 0)
const now = start - 5 * 24 * 60 * MIN

const meeting = (extra: Partial<MeetingToPlan> = {}): MeetingToPlan => ({
  id: 'm1',
  ownerId: 'u1',
  startAt: start,
  status: 'upcoming',
  participants: [{ id: 'p1', status: 'booked', role: 'member' }],
  offsets: [60, 1440],
  ...extra,
})

let serial = 0
function row(participantId: string | null, offsetMinutes: number, extra: Partial<StoredReminder> = {}): StoredReminder {
  serial++
  return {
    id: `r${serial}`,
    ownerId: 'u1',
    meetingId: 'm1',
    participantId,
    recipientKind: participantId ? 'client' : 'organizer',
    channel: 'email',
    offsetMinutes,
    dueAt: start - offsetMinutes * MIN,
    status: 'scheduled',
    outboxId: null,
    attempts: 0,
    lastError: null,
    sentAt: null,
    ...extra,
  }
}

/** The full planned set of `meeting()` as stored rows. */
const planned = (startAt = start) =>
  [60, 1440].flatMap((o) => [row('p1', o, { dueAt: startAt - o * MIN }), row(null, o, { dueAt: startAt - o * MIN })])

const updates = (plan: ReminderPlan) => plan.changes.filter((c) => c.kind === 'update')
const inserts = (plan: ReminderPlan) => plan.changes.flatMap((c) => (c.kind === 'insert' ? [c.row] : []))
const abandoned = (plan: ReminderPlan) => plan.changes.flatMap((c) => (c.kind === 'abandon' ? c.reminderIds : []))

describe('ReminderPlan.replan', () => {
  it('leaves rows that already fit alone', () => {
    const plan = new ReminderPlan(planned()).replan(meeting(), now)
    expect(plan.changes).toEqual([])
  })

  it('inserts the missing rows whose moment is still ahead, for every booked client and the organizer', () => {
    const plan = new ReminderPlan([]).replan(
      meeting({
        participants: [
          { id: 'p1', status: 'booked', role: 'member' },
          { id: 'p2', status: 'booked', role: 'visitor' },
          { id: 'p3', status: 'canceled', role: 'member' },
          { id: 'p4', status: 'booked', role: 'adjutant' },
        ],
      }),
      start - 120 * MIN,
    )
    expect(inserts(plan).map((r) => [r.participantId, r.recipientKind, r.offsetMinutes, r.dueAt])).toEqual([
      ['p1', 'client', 60, start - 60 * MIN],
      ['p2', 'client', 60, start - 60 * MIN],
      [null, 'organizer', 60, start - 60 * MIN],
    ])
  })

  it('re-times moved rows, gives up their messages and claim, and sends sent ones again', () => {
    const rows = [row('p1', 60, { outboxId: 'claimed', attempts: 2 }), row(null, 60, { status: 'sent', sentAt: 1 })]
    const newStart = start + 24 * 60 * MIN
    const plan = new ReminderPlan(rows).replan(meeting({ startAt: newStart, offsets: [60] }), now)
    expect(abandoned(plan)).toEqual(rows.map((r) => r.id))
    expect(plan.changes.find((c) => c.kind === 'abandon')).toMatchObject({ reason: SUPERSEDED })
    expect(plan.state.map((r) => [r.status, r.dueAt, r.outboxId, r.attempts, r.sentAt])).toEqual([
      ['scheduled', newStart - 60 * MIN, null, 0, null],
      ['scheduled', newStart - 60 * MIN, null, 0, null],
    ])
    expect(updates(plan).every((c) => c.kind === 'update' && c.onlyIf === null)).toBe(true)
  })

  it('cancels a re-timed row whose new moment has passed (movedTooLate), and schedules it again when ahead', () => {
    const later = start - 4 * 24 * 60 * MIN
    const soon = new ReminderPlan(planned()).replan(meeting({ startAt: later + 120 * MIN }), later)
    const late = soon.state.filter((r) => r.offsetMinutes === 1440)
    expect(late.map((r) => r.status)).toEqual(['canceled', 'canceled'])
    expect(decodeProblems(late[0].lastError)).toEqual([{ code: 'movedTooLate' }])
    expect(soon.state.filter((r) => r.offsetMinutes === 60).map((r) => r.status)).toEqual(['scheduled', 'scheduled'])
    const back = new ReminderPlan(soon.state).replan(meeting(), later + MIN)
    expect(back.state.map((r) => [r.status, r.lastError])).toEqual(Array(4).fill(['scheduled', null]))
  })

  it('cancels scheduled rows that no longer apply: offset taken off (with the reason), participant canceled', () => {
    const rows = planned()
    const plan = new ReminderPlan(rows).replan(
      meeting({ participants: [{ id: 'p1', status: 'canceled', role: 'member' }], offsets: [60] }),
      now,
    )
    const byKey = Object.fromEntries(plan.state.map((r) => [`${r.participantId ?? 'o'}-${r.offsetMinutes}`, r]))
    expect(byKey['o-60'].status).toBe('scheduled')
    expect([byKey['p1-60'].status, byKey['p1-60'].lastError]).toEqual(['canceled', null])
    expect(decodeProblems(byKey['o-1440'].lastError)).toEqual([{ code: 'notApplicable' }])
    expect(byKey['p1-1440'].status).toBe('canceled')
    expect(updates(plan).every((c) => c.kind === 'update' && c.onlyIf?.join() === 'scheduled')).toBe(true)
  })

  it('keeps sent and failed rows as history when they no longer apply', () => {
    const rows = [row('p1', 60, { status: 'sent' }), row('p1', 1440, { status: 'failed' })]
    const plan = new ReminderPlan(rows).replan(
      meeting({ participants: [{ id: 'p1', status: 'canceled', role: 'member' }] }),
      now,
    )
    expect(updates(plan)).toEqual([])
  })

  it('a canceled meeting plans nothing and cancels what is scheduled', () => {
    const plan = new ReminderPlan([row(null, 60)]).replan(meeting({ status: 'canceled' }), now)
    expect(inserts(plan)).toEqual([])
    expect(plan.state[0]).toMatchObject({ status: 'canceled', lastError: null })
  })

  it('moved participants: their rows follow them to the meeting re-planned; the one they left leaves them', () => {
    const moved = row('p2', 60, { meetingId: 'm0', dueAt: start - 24 * 60 * MIN })
    const target = meeting({
      participants: [
        { id: 'p1', status: 'booked', role: 'member' },
        { id: 'p2', status: 'booked', role: 'member' },
      ],
      offsets: [60],
    })
    const source = meeting({ id: 'm0', startAt: start - 23 * 60 * MIN, participants: [], offsets: [60] })
    const rows = [row('p1', 60), row(null, 60), moved, row(null, 60, { meetingId: 'm0' })]
    const sourceFirst = new ReminderPlan(rows).replan(source, now).replan(target, now)
    const targetFirst = new ReminderPlan(rows).replan(target, now).replan(source, now)
    for (const plan of [sourceFirst, targetFirst]) {
      expect(plan.state.find((r) => r.id === moved.id)).toMatchObject({ meetingId: 'm1', dueAt: start - 60 * MIN })
      expect(inserts(plan)).toEqual([])
    }
  })

  it('without offsets of its own (event type deleted), a meeting keeps the offsets its rows have', () => {
    const plan = new ReminderPlan([row(null, 60)]).replan(meeting({ offsets: null }), now)
    expect(inserts(plan).map((r) => [r.participantId, r.offsetMinutes])).toEqual([['p1', 60]])
  })
})

describe('ReminderPlan.cancel', () => {
  it('cancels the scheduled rows of the meeting or of one participant, gives up their messages, keeps history', () => {
    const rows = [row('p1', 60), row('p2', 60), row(null, 60, { status: 'sent' }), row(null, 1440)]
    const one = new ReminderPlan(rows).cancel('m1', 'p1')
    expect(one.state.map((r) => r.status)).toEqual(['canceled', 'scheduled', 'sent', 'scheduled'])
    expect(one.changes[0]).toEqual({ kind: 'abandon', reminderIds: [rows[0].id], reason: CANCELED })
    const all = new ReminderPlan(rows).cancel('m1')
    expect(all.state.map((r) => r.status)).toEqual(['canceled', 'canceled', 'sent', 'canceled'])
  })
})

describe('re-planning twice', () => {
  const status = fc.constantFrom<ReminderStatus>('scheduled', 'sent', 'failed', 'canceled')
  const stored = fc.record({
    participantId: fc.constantFrom(null, 'p1', 'p2', 'p3'),
    meetingId: fc.constantFrom('m1', 'm0'),
    offsetMinutes: fc.constantFrom(15, 60, 1440),
    dueShift: fc.constantFrom(0, 30 * MIN, -2 * 24 * 60 * MIN),
    status,
    claimed: fc.boolean(),
  })
  const people = fc.array(
    fc.record({
      id: fc.constantFrom('p1', 'p2', 'p3'),
      status: fc.constantFrom('booked', 'canceled'),
      role: fc.constantFrom('member', 'visitor', 'adjutant'),
    }),
    { maxLength: 3 },
  )
  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(
        fc.array(stored, { maxLength: 8 }),
        people,
        fc.option(fc.subarray([15, 60, 1440])),
        fc.constantFrom('upcoming', 'canceled'),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
        (specs, participants, offsets, meetingStatus, shiftMinutes) => {
          const unique = new Map(specs.map((s) => [`${s.meetingId}|${s.participantId}|${s.offsetMinutes}`, s] as const))
          const rows = [...unique.values()].map((s) =>
            row(s.participantId, s.offsetMinutes, {
              meetingId: s.participantId === null ? s.meetingId : 'm1',
              dueAt: start - s.offsetMinutes * MIN + s.dueShift,
              status: s.status,
              outboxId: s.claimed ? 'o' : null,
            }),
          )
          const target = meeting({
            startAt: start + shiftMinutes * MIN,
            status: meetingStatus,
            participants: [...new Map(participants.map((p) => [p.id, p])).values()],
            offsets,
          })
          const once = new ReminderPlan(rows).replan(target, now)
          expect(new ReminderPlan(once.state).replan(target, now).changes).toEqual([])
        },
      ),
    )
  })
})
