import { env } from 'cloudflare:workers'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { decodeProblems } from '#app/domain/reminders/problems.ts'
import { getDb } from '#app/server/db.server.ts'
import { reminderStatusesFor } from '#app/server/notify/statuses.server.ts'
import { eventTypes, meetingParticipants, meetings, outbox, reminders } from '#db/schema.ts'
import { createEventType, createTestMeeting } from './helpers/meetings.ts'
import { planReminders, replanReminders } from './helpers/reminders.ts'
import { DAY, MIN, NOTIFY_SECRET, installFakeProviders, tick } from './helpers/notify.ts'
import { createTestUser } from './helpers/users.ts'

const db = getDb(env.DB)
let fakes: ReturnType<typeof installFakeProviders>

beforeEach(() => {
  fakes = installFakeProviders()
})
afterEach(() => vi.restoreAllMocks())

const client = (firstName: string, extra: { role?: 'member' | 'visitor'; manageToken?: string } = {}) => ({
  firstName,
  email: `${firstName.toLowerCase()}-${newId().slice(-8)}@example.com`,
  timeZone: 'Europe/Moscow',
  language: 'en' as const,
  ...extra,
})

async function rowsOf(meetingId: string) {
  return db.select().from(reminders).where(eq(reminders.meetingId, meetingId))
}

/** The live rows (scheduled or sent) as [who, offset, due] sorted, `who` being a participant id or "organizer". */
function plan(rows: Pick<typeof reminders.$inferSelect, 'participantId' | 'offsetMinutes' | 'dueAt' | 'status'>[]) {
  return sorted(
    rows
      .filter((r) => r.status === 'scheduled' || r.status === 'sent')
      .map((r) => [r.participantId ?? 'organizer', r.offsetMinutes, r.dueAt] as const),
  )
}

function sorted(entries: (readonly [string, number, number])[]) {
  return [...entries].sort((a, b) => `${a[0]}-${a[1]}`.localeCompare(`${b[0]}-${b[1]}`))
}

async function moveMeeting(meetingId: string, startAt: number, now: number) {
  await db
    .update(meetings)
    .set({ startAt, endAt: startAt + 60 * MIN })
    .where(eq(meetings.id, meetingId))
  await replanReminders(db, meetingId, now)
}

const emailsTo = (to: string) => fakes.emails.filter((e) => e.to === to)

describe('re-planning reminders', () => {
  it('a meeting booked 30 minutes ahead and moved two days later gets all its reminders, each sent once', async () => {
    const owner = await createTestUser({ culture: 'en' })
    const eventType = await createEventType(owner.id, { remindersInMinutes: [60, 1440] })
    const start = Date.UTC(2034, 1, 6, 9, 0)
    const bookedAt = start - 30 * MIN
    const {
      meeting,
      participants,
      reminders: planned,
    } = await createTestMeeting({
      ownerId: owner.id,
      eventTypeId: eventType.id,
      startAt: start,
      bookedAt,
      secret: NOTIFY_SECRET,
      remindersInMinutes: [60, 1440],
      clients: [client('Early')],
    })
    expect(planned).toEqual([])

    const newStart = start + 2 * DAY
    await moveMeeting(meeting.id, newStart, bookedAt + MIN)
    const p = participants[0].id
    expect(plan(await rowsOf(meeting.id))).toEqual(
      sorted([
        ['organizer', 1440, newStart - 1440 * MIN],
        ['organizer', 60, newStart - 60 * MIN],
        [p, 1440, newStart - 1440 * MIN],
        [p, 60, newStart - 60 * MIN],
      ]),
    )
    // Re-planning again with nothing changed adds and changes nothing.
    expect(await replanReminders(db, meeting.id, bookedAt + 2 * MIN)).toEqual([])
    expect(await rowsOf(meeting.id)).toHaveLength(4)

    for (const at of [newStart - 1441 * MIN, newStart - 1440 * MIN, newStart - 1439 * MIN]) await tick(at)
    expect(emailsTo(participants[0].email)).toHaveLength(1)
    expect(emailsTo(owner.email)).toHaveLength(1)
    for (const at of [newStart - 61 * MIN, newStart - 60 * MIN, newStart - 59 * MIN]) await tick(at)
    expect(emailsTo(participants[0].email)).toHaveLength(2)
    expect(emailsTo(owner.email)).toHaveLength(2)
    expect(emailsTo(participants[0].email)[0].subject).toContain('Wed, 08.02.2034, 12:00–13:00 (Moscow)')
    expect((await rowsOf(meeting.id)).map((r) => r.status)).toEqual(Array(4).fill('sent'))
  })

  it('a claimed reminder still being retried is given up and sent once at the new time; a sent one again', async () => {
    const owner = await createTestUser({ culture: 'en' })
    const eventType = await createEventType(owner.id, { remindersInMinutes: [1440] })
    const start = Date.UTC(2034, 2, 8, 9, 0)
    const { meeting, participants } = await createTestMeeting({
      ownerId: owner.id,
      eventTypeId: eventType.id,
      startAt: start,
      bookedAt: start - 5 * DAY,
      secret: NOTIFY_SECRET,
      remindersInMinutes: [1440],
      clients: [client('Retry')],
    })
    const email = participants[0].email
    fakes.failures.set(email, 1000)
    await tick(start - 1440 * MIN)
    expect(emailsTo(owner.email)).toHaveLength(1)
    const [claimed] = (await rowsOf(meeting.id)).filter((r) => r.participantId)
    const [retrying] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, claimed.outboxId ?? ''))
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 })
    // While retried, the reminder list shows the attempts, the coded problem with the provider's words, the next try.
    const statuses = await reminderStatusesFor(db, owner.id, meeting.id)
    expect(statuses?.find((s) => s.recipientKind === 'client')).toMatchObject({
      status: 'scheduled',
      problems: [],
      deliveries: [
        {
          channel: 'email',
          status: 'pending',
          attempts: 1,
          problem: { channel: 'email', code: 'rejected', detail: expect.stringContaining('Unisender Go answered 503') },
          nextAttemptAt: new Date(start - 1439 * MIN).toISOString(),
        },
      ],
    })
    expect(await reminderStatusesFor(db, participants[0].id, meeting.id)).toBeNull()

    const newStart = start + DAY
    await moveMeeting(meeting.id, newStart, start - 1435 * MIN)
    const [abandoned] = await db.select().from(outbox).where(eq(outbox.id, retrying.id))
    expect(abandoned).toMatchObject({ status: 'failed', lastError: 'superseded: the meeting was moved' })
    const rows = await rowsOf(meeting.id)
    expect(rows.map((r) => [r.status, r.outboxId, r.attempts, r.dueAt])).toEqual([
      ['scheduled', null, 0, newStart - 1440 * MIN],
      ['scheduled', null, 0, newStart - 1440 * MIN],
    ])

    // The old message's retry time passes in silence; at the new time each recipient gets one reminder.
    fakes.failures.delete(email)
    const callsBefore = fakes.calls.get(retrying.id) ?? 0
    for (const at of [start - 1434 * MIN, start - 1400 * MIN, newStart - 1441 * MIN]) await tick(at)
    expect(fakes.calls.get(retrying.id) ?? 0).toBe(callsBefore)
    expect(emailsTo(email)).toHaveLength(0)
    for (const at of [newStart - 1440 * MIN, newStart - 1439 * MIN, newStart - 1300 * MIN]) await tick(at)
    expect(emailsTo(email)).toHaveLength(1)
    expect(emailsTo(email)[0].subject).toContain('09.03.2034')
    expect(emailsTo(owner.email)).toHaveLength(2)
    expect(emailsTo(owner.email)[1].subject).toContain('09.03.2034')
    expect((await rowsOf(meeting.id)).map((r) => r.status)).toEqual(['sent', 'sent'])
  })

  it('moved closer than a reminder: that one is skipped with a reason, the others move', async () => {
    const owner = await createTestUser()
    const eventType = await createEventType(owner.id, { remindersInMinutes: [60, 1440] })
    const start = Date.UTC(2034, 3, 10, 9, 0)
    const bookedAt = start - 5 * DAY
    const { meeting } = await createTestMeeting({
      ownerId: owner.id,
      eventTypeId: eventType.id,
      startAt: start,
      bookedAt,
      secret: NOTIFY_SECRET,
      clients: [client('Soon')],
    })
    const now = start - 4 * DAY
    await moveMeeting(meeting.id, now + 120 * MIN, now)
    const rows = await rowsOf(meeting.id)
    const skipped = rows.filter((r) => r.offsetMinutes === 1440)
    expect(skipped.map((r) => r.status)).toEqual(['canceled', 'canceled'])
    expect(decodeProblems(skipped[0].lastError)).toEqual([{ code: 'movedTooLate' }])
    expect(rows.filter((r) => r.offsetMinutes === 60).map((r) => [r.status, r.dueAt])).toEqual([
      ['scheduled', now + 60 * MIN],
      ['scheduled', now + 60 * MIN],
    ])
    // Moved back far ahead: the skipped ones come back.
    await moveMeeting(meeting.id, start, now + MIN)
    expect((await rowsOf(meeting.id)).map((r) => r.status)).toEqual(Array(4).fill('scheduled'))

    // An offset taken off the event type is canceled, with the reason, at the next re-planning.
    await db
      .update(eventTypes)
      .set({ remindersInMinutes: [60] })
      .where(eq(eventTypes.id, eventType.id))
    await moveMeeting(meeting.id, start + DAY, now + 2 * MIN)
    const after = await rowsOf(meeting.id)
    expect(after.filter((r) => r.offsetMinutes === 1440).map((r) => r.status)).toEqual(['canceled', 'canceled'])
    expect(decodeProblems(after.find((r) => r.offsetMinutes === 1440)?.lastError ?? null)).toEqual([
      { code: 'notApplicable' },
    ])
  })

  it('a canceled participant stays silent when the meeting moves', async () => {
    const owner = await createTestUser()
    const start = Date.UTC(2034, 4, 12, 9, 0)
    const { meeting, participants } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 5 * DAY,
      secret: NOTIFY_SECRET,
      remindersInMinutes: [60],
      clients: [client('Stays'), client('Left')],
    })
    await db
      .update(meetingParticipants)
      .set({ status: 'canceled' })
      .where(eq(meetingParticipants.id, participants[1].id))
    await moveMeeting(meeting.id, start + DAY, start - 4 * DAY)
    const rows = await rowsOf(meeting.id)
    expect(rows.find((r) => r.participantId === participants[1].id)?.status).toBe('canceled')
    expect(rows.find((r) => r.participantId === participants[0].id)).toMatchObject({
      status: 'scheduled',
      dueAt: start + DAY - 60 * MIN,
    })
    await tick(start + DAY - 60 * MIN)
    expect(emailsTo(participants[1].email)).toHaveLength(0)
    expect(emailsTo(participants[0].email)).toHaveLength(1)
  })

  for (const order of [
    ['source', 'target'],
    ['target', 'source'],
  ] as const) {
    it(`participants moved between meetings keep the rows of the meeting they are in (re-planned ${order.join(' then ')})`, async () => {
      const owner = await createTestUser({ culture: 'en' })
      const sourceType = await createEventType(owner.id, { remindersInMinutes: [60] })
      const targetType = await createEventType(owner.id, { remindersInMinutes: [60, 1440] })
      const start = Date.UTC(2034, 5, 14, 9, 0)
      const bookedAt = start - 5 * DAY
      const source = await createTestMeeting({
        ownerId: owner.id,
        eventTypeId: sourceType.id,
        startAt: start,
        bookedAt,
        secret: NOTIFY_SECRET,
        remindersInMinutes: [60],
        clients: [client('Stays'), client('Moves')],
      })
      const targetStart = start + 2 * DAY
      const target = await createTestMeeting({
        ownerId: owner.id,
        eventTypeId: targetType.id,
        startAt: targetStart,
        bookedAt,
        secret: NOTIFY_SECRET,
        remindersInMinutes: [60, 1440],
        clients: [client('Already')],
      })
      const [stays, moves] = source.participants
      const already = target.participants[0]
      const ids = { source: source.meeting.id, target: target.meeting.id }
      await db.update(meetingParticipants).set({ meetingId: ids.target }).where(eq(meetingParticipants.id, moves.id))
      await planReminders(db, [ids.source, ids.target], (plan, meeting) => {
        for (const which of order) plan.replan(meeting(ids[which]), bookedAt + MIN)
      })
      expect(plan(await rowsOf(ids.source))).toEqual(
        sorted([
          ['organizer', 60, start - 60 * MIN],
          [stays.id, 60, start - 60 * MIN],
        ]),
      )
      expect(plan(await rowsOf(ids.target))).toEqual(
        sorted(
          ['organizer', already.id, moves.id].flatMap((who) =>
            [60, 1440].map((offset) => [who, offset, targetStart - offset * MIN] as const),
          ),
        ),
      )
      // On the timeline: the moved client is reminded of the target's time only.
      for (const at of [start - 60 * MIN, targetStart - 1440 * MIN, targetStart - 60 * MIN]) await tick(at)
      expect(emailsTo(moves.email).map((e) => e.subject)).toEqual([
        expect.stringContaining('16.06.2034'),
        expect.stringContaining('16.06.2034'),
      ])
      expect(emailsTo(stays.email).map((e) => e.subject)).toEqual([expect.stringContaining('14.06.2034')])
    })
  }

  it('visitors added to a booking get their reminders, without a cancel/move line', async () => {
    const owner = await createTestUser({ culture: 'en' })
    const eventType = await createEventType(owner.id, { remindersInMinutes: [60, 1440] })
    const start = Date.UTC(2034, 6, 16, 9, 0)
    const { meeting, participants } = await createTestMeeting({
      ownerId: owner.id,
      eventTypeId: eventType.id,
      startAt: start,
      bookedAt: start - 5 * DAY,
      secret: NOTIFY_SECRET,
      clients: [client('Member', { manageToken: 'member-token' })],
    })
    const member = participants[0]
    const visitor = {
      id: newId(),
      meetingId: meeting.id,
      ownerId: owner.id,
      role: 'visitor' as const,
      firstName: 'Guest',
      email: `guest-${newId().slice(-8)}@example.com`,
      timeZone: 'Europe/Moscow',
      language: 'en' as const,
      manageTokenHash: newId(),
      bookingId: member.bookingId,
    }
    const now = start - 20 * 60 * MIN
    await db.insert(meetingParticipants).values(visitor)
    await replanReminders(db, meeting.id, now)
    const rows = await db.select().from(reminders).where(eq(reminders.participantId, visitor.id))
    // 1440 minutes before is already past when the visitor joins; the 60-minute one is planned.
    expect(rows.map((r) => [r.offsetMinutes, r.dueAt, r.status])).toEqual([[60, start - 60 * MIN, 'scheduled']])
    // Nothing else changed: the member's and the organizer's rows are as they were.
    const others = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.meetingId, meeting.id), isNull(reminders.participantId)))
    expect(others).toHaveLength(2)

    await tick(start - 60 * MIN)
    const [guestEmail] = emailsTo(visitor.email)
    expect(guestEmail.text).toContain('A reminder of your meeting')
    expect(guestEmail.text).not.toMatch(/cancel or reschedule/i)
    expect(emailsTo(member.email)[0].text).toContain('/booking/manage/member-token')
    const organizerEmail = emailsTo(owner.email)[0]
    expect(organizerEmail.text).toMatch(/Member, Guest|Guest, Member/)
    const all = await db
      .select()
      .from(reminders)
      .where(inArray(reminders.participantId, [member.id, visitor.id]))
    expect(all.filter((r) => r.offsetMinutes === 60).map((r) => r.status)).toEqual(['sent', 'sent'])
  })
})
