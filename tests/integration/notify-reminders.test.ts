import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeProblems } from '#app/domain/reminders/problems.ts'
import { getDb } from '#app/server/db.server.ts'
import { MAX_ATTEMPTS } from '#app/server/outbox/outbox.server.ts'
import { runReminders } from '#app/server/notify/reminder-job.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { meetingParticipants, meetings, notifications, outbox, reminders, telegramBindings } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { FakeBotApi } from '../fakes/telegram-bot-api.ts'
import { createTestMeeting } from './helpers/meetings.ts'
import { planReminders, replanReminders } from './helpers/reminders.ts'
import { createTestUser } from './helpers/users.ts'

const MIN = 60_000
const SECRET = 'notify-test-session-secret-0123456789abcdef'
const BOT_TOKEN = '123456:TEST-token'
/** Production configuration: emails through (fake) Unisender Go, Telegram through the (fake) Bot API. */
const prodEnv = {
  ...env,
  ENVIRONMENT: 'production',
  SESSION_SECRET: SECRET,
  UNISENDER_GO_API_KEY: 'unisender-test-key',
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
}
const db = getDb(env.DB)

let bot: FakeBotApi
let emails: { to: string; subject: string; text: string }[]
let emailFailures: Map<string, number>

beforeEach(() => {
  bot = new FakeBotApi(BOT_TOKEN)
  emails = []
  emailFailures = new Map()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.hostname === 'api.telegram.org') return bot.handle(request)
    if (url.hostname === 'go1.unisender.ru') {
      const body = (await request.json()) as {
        message: { recipients: { email: string }[]; subject: string; body: { plaintext: string } }
      }
      const to = body.message.recipients[0].email
      const failuresLeft = emailFailures.get(to) ?? 0
      if (failuresLeft > 0) {
        emailFailures.set(to, failuresLeft - 1)
        return Response.json({ status: 'error', message: 'Service unavailable' }, { status: 503 })
      }
      emails.push({ to, subject: body.message.subject, text: body.message.body.plaintext })
      return Response.json({ status: 'success', job_id: '1', emails: [to] })
    }
    return new Response('unexpected fetch', { status: 599 })
  })
})
afterEach(() => vi.restoreAllMocks())

async function tick(at: number) {
  const controller = createScheduledController({ scheduledTime: at, cron: '* * * * *' })
  await worker.scheduled(controller, prodEnv, createExecutionContext())
}

async function remindersOf(meetingId: string) {
  return db.select().from(reminders).where(eq(reminders.meetingId, meetingId))
}

async function messagesOf(reminderIds: string[]) {
  const rows = await db.select().from(outbox).where(like(outbox.id, 'reminder-%'))
  return rows.filter((row) => reminderIds.some((id) => row.id.startsWith(`reminder-${id}-`)))
}

describe('reminders cron', () => {
  it('sends each reminder at its minute, in each recipient language and time zone, once', async () => {
    const owner = await createTestUser({ timeZone: 'Europe/Moscow', culture: 'ru', firstName: 'Анна' })
    const start = Date.UTC(2031, 2, 10, 12, 0)
    const { meeting, reminders: planned } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 3 * 24 * 60 * MIN,
      secret: SECRET,
      clients: [
        {
          firstName: 'John',
          email: 'john@example.com',
          timeZone: 'America/New_York',
          language: 'en',
          manageToken: 'tok-john',
        },
        { firstName: 'Юки', email: 'yuki@example.com', timeZone: 'Asia/Tokyo', language: 'ru' },
      ],
    })
    expect(planned).toHaveLength(6)

    await tick(start - 1441 * MIN)
    expect(emails).toHaveLength(0)

    await tick(start - 1440 * MIN)
    expect(emails.map((e) => e.to).sort()).toEqual(['john@example.com', owner.email, 'yuki@example.com'].sort())
    const john = emails.find((e) => e.to === 'john@example.com')
    expect(john?.subject).toBe('Reminder: “Консультация”, Mon, 10.03.2031, 08:00–09:00 (New York)')
    expect(john?.text).toContain('Meeting link: http://meet.example.com/room')
    expect(john?.text).toContain('Cancel or reschedule: http://localhost:8787/booking/manage/tok-john')
    const yuki = emails.find((e) => e.to === 'yuki@example.com')
    expect(yuki?.subject).toBe('Напоминание: «Консультация», пн, 10.03.2031, 21:00–22:00 (Токио)')
    expect(yuki?.text).toContain('по ссылке из письма с подтверждением')
    const organizer = emails.find((e) => e.to === owner.email)
    expect(organizer?.text).toContain('пн, 10.03.2031, 15:00–16:00 (Москва)')
    expect(organizer?.text).toContain('John, Юки')
    expect(organizer?.text).toContain(`http://localhost:8787/meetings/${meeting.id}`)

    await tick(start - 1439 * MIN)
    await tick(start - 61 * MIN)
    expect(emails).toHaveLength(3)
    await tick(start - 60 * MIN)
    expect(emails).toHaveLength(6)

    const rows = await remindersOf(meeting.id)
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('sent'))
    expect(rows.every((r) => r.attempts === 1 && r.outboxId !== null)).toBe(true)
    expect(await messagesOf(rows.map((r) => r.id))).toHaveLength(6)
  })

  it('sends nothing twice when runs overlap, and a run that dies midway loses nothing', async () => {
    const owner = await createTestUser()
    const start = Date.UTC(2031, 4, 10, 9, 0)
    const { meeting } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 2 * 24 * 60 * MIN,
      secret: SECRET,
      remindersInMinutes: [60],
      clients: [
        { firstName: 'Пётр', email: 'petr@example.com', timeZone: 'Europe/Moscow', language: 'ru' },
        { firstName: 'Олег', email: 'oleg@example.com', timeZone: 'Asia/Yekaterinburg', language: 'ru' },
      ],
    })
    const due = start - 60 * MIN
    await Promise.all([tick(due), tick(due), tick(due)])
    expect(emails.map((e) => e.to).sort()).toEqual(['oleg@example.com', owner.email, 'petr@example.com'].sort())
    const rows = await remindersOf(meeting.id)
    const messages = await messagesOf(rows.map((r) => r.id))
    expect(messages).toHaveLength(3)
    expect(messages.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true)

    // A run that claims and queues, then dies while delivering (its sender never answers, the signal ignored).
    const second = await createTestMeeting({
      ownerId: owner.id,
      startAt: start + 24 * 60 * MIN,
      bookedAt: start,
      secret: SECRET,
      remindersInMinutes: [60],
      clients: [{ firstName: 'Ира', email: 'ira@example.com', timeZone: 'Europe/Moscow', language: 'ru' }],
    })
    const dueSecond = second.meeting.startAt - 60 * MIN
    const hanging = { send: () => new Promise<void>(() => {}) }
    void runReminders(db, parseEnv(prodEnv), dueSecond, { senders: { email: hanging } })
    await vi.waitFor(async () => {
      const claimed = await messagesOf(second.reminders.map((r) => r.id))
      expect(claimed).toHaveLength(2)
      expect(claimed.filter((m) => m.lockedUntil > 0)).toHaveLength(1)
    })
    // The next run delivers the message the dead run never claimed (claims are taken one at a time); the claimed
    // one waits for its claim to expire.
    await tick(dueSecond + MIN)
    expect(emails).toHaveLength(4)
    await tick(dueSecond + 3 * MIN)
    await tick(dueSecond + 4 * MIN)
    const delivered = emails.filter((e) => e.to === 'ira@example.com' || e.text.includes('Ира'))
    expect(delivered).toHaveLength(2)
    const after = await remindersOf(second.meeting.id)
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent'])
  })

  it('retries a failing provider with backoff, then gives up and records the failure on both rows', {
    timeout: 30_000,
  }, async () => {
    const owner = await createTestUser({ culture: 'en', timeZone: 'Europe/London' })
    await db.insert(telegramBindings).values({ userId: owner.id, chatId: '777001', connectedAt: Date.now() })
    const start = Date.UTC(2031, 6, 1, 18, 0)
    const { meeting } = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt: start - 3 * 24 * 60 * MIN,
      secret: SECRET,
      remindersInMinutes: [1440],
      clients: [
        { firstName: 'Flaky', email: 'flaky@example.com', timeZone: 'Europe/Berlin', language: 'en' },
        { firstName: 'Broken', email: 'broken@example.com', timeZone: 'Europe/Berlin', language: 'en' },
      ],
    })
    emailFailures.set('flaky@example.com', 2)
    emailFailures.set('broken@example.com', 1000)
    bot.failNext = { count: 1, code: 429, description: 'Too Many Requests: retry after 1' }

    let now = start - 1440 * MIN
    await tick(now)
    // Delivered so far: the organizer's email; Telegram failed once and waits for its retry.
    const mine = [owner.email, 'flaky@example.com', 'broken@example.com']
    expect(emails.map((e) => e.to).filter((to) => mine.includes(to))).toEqual([owner.email])
    expect(bot.sent).toHaveLength(0)
    // Follow the timeline from one retry to the next; a run before a message's next attempt leaves it alone.
    const planned = (await remindersOf(meeting.id)).map((r) => r.id)
    for (let i = 0; i < 20; i++) {
      const pending = (await messagesOf(planned)).filter((m) => m.status === 'pending')
      if (pending.length === 0) break
      const next = Math.min(...pending.map((m) => m.nextAttemptAt))
      const attemptsBefore = pending.map((m) => m.attempts).join()
      await tick(next - MIN)
      const unchanged = (await messagesOf(planned)).filter((m) => pending.some((p) => p.id === m.id))
      expect(unchanged.map((m) => m.attempts).join()).toBe(attemptsBefore)
      now = next
      await tick(now)
    }
    // 1 + 2 + 4 + 8 + 16 + 32 + 60 minutes of backoff between the 8 attempts.
    expect(now - (start - 1440 * MIN)).toBe(123 * MIN)
    // The next run settles the reminders of messages delivered or given up by the last one.
    await tick(now + MIN)
    expect(bot.sent).toEqual([expect.objectContaining({ chatId: '777001' })])
    expect(bot.sent[0].text).toMatch(/Flaky, Broken|Broken, Flaky/)
    expect(emails.filter((e) => e.to === 'flaky@example.com')).toHaveLength(1)
    expect(emails.filter((e) => e.to === 'broken@example.com')).toHaveLength(0)

    const rows = await remindersOf(meeting.id)
    const byEmail = async (email: string) => {
      const [p] = await db
        .select()
        .from(meetingParticipants)
        .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.email, email)))
      return rows.find((r) => r.participantId === p.id)
    }
    const flaky = await byEmail('flaky@example.com')
    expect(flaky).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
    const broken = await byEmail('broken@example.com')
    expect(broken?.status).toBe('failed')
    expect(broken?.attempts).toBe(MAX_ATTEMPTS)
    expect(decodeProblems(broken?.lastError ?? null)).toEqual([
      { code: 'rejected', channel: 'email', detail: expect.stringMatching(/^Unisender Go answered 503/) },
    ])
    const [brokenMessage] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, broken?.outboxId ?? ''))
    expect(brokenMessage).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(brokenMessage.lastError).toMatch(/^rejected: Unisender Go answered 503/)
    const organizer = rows.find((r) => r.recipientKind === 'organizer')
    expect(organizer).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    // The organizer hears of the failure once, in their language, with the translated reason.
    const notices = await db.select().from(notifications).where(eq(notifications.userId, owner.id))
    expect(notices.map((n) => [n.actionName, n.body])).toEqual([
      [
        'navigate',
        'The reminder to Broken about the meeting on Tue, 01.07.2031, 19:00–20:00 (London) could not be sent: Email: the provider refused the message.',
      ],
    ])
  })

  it('keeps canceled meetings and participants silent, and re-plans a moved meeting', async () => {
    const owner = await createTestUser()
    const start = Date.UTC(2031, 9, 5, 10, 0)
    const bookedAt = start - 5 * 24 * 60 * MIN
    const client = (firstName: string) => ({
      firstName,
      email: `${firstName.toLowerCase()}@example.com`,
      timeZone: 'Europe/Moscow',
      language: 'ru' as const,
    })
    const canceled = await createTestMeeting({
      ownerId: owner.id,
      startAt: start,
      bookedAt,
      secret: SECRET,
      clients: [client('Cancel')],
    })
    const leaving = await createTestMeeting({
      ownerId: owner.id,
      startAt: start + 2 * 60 * MIN,
      bookedAt,
      secret: SECRET,
      clients: [client('Stays'), client('Leaves')],
    })
    const moved = await createTestMeeting({
      ownerId: owner.id,
      startAt: start + 4 * 60 * MIN,
      bookedAt,
      secret: SECRET,
      remindersInMinutes: [60],
      clients: [client('Moved')],
    })

    await db.update(meetings).set({ status: 'canceled' }).where(eq(meetings.id, canceled.meeting.id))
    await planReminders(db, [canceled.meeting.id], (plan) => plan.cancel(canceled.meeting.id))
    // A participant canceled without touching the reminders: the cron still keeps them silent.
    await db
      .update(meetingParticipants)
      .set({ status: 'canceled' })
      .where(eq(meetingParticipants.id, leaving.participants[1].id))

    const newStart = moved.meeting.startAt + 24 * 60 * MIN
    await db
      .update(meetings)
      .set({ startAt: newStart, endAt: newStart + 60 * MIN })
      .where(eq(meetings.id, moved.meeting.id))
    await replanReminders(db, moved.meeting.id, bookedAt + MIN)

    for (const at of [start - 1440 * MIN, start - 1320 * MIN, start - 60 * MIN, start + 60 * MIN, start + 180 * MIN]) {
      await tick(at)
    }
    const recipients = emails.map((e) => e.to)
    expect(recipients).not.toContain('cancel@example.com')
    expect(recipients).not.toContain('leaves@example.com')
    expect(recipients.filter((to) => to === 'stays@example.com')).toHaveLength(2)
    // The moved meeting's reminder has not come yet at its old minute.
    expect(recipients).not.toContain('moved@example.com')
    expect((await remindersOf(canceled.meeting.id)).map((r) => r.status)).toEqual(Array(4).fill('canceled'))
    const leavingRows = await remindersOf(leaving.meeting.id)
    const leaverRows = leavingRows.filter((r) => r.participantId === leaving.participants[1].id)
    expect(leaverRows.map((r) => r.status)).toEqual(['canceled', 'canceled'])

    await tick(newStart - 61 * MIN)
    expect(emails.filter((e) => e.to === 'moved@example.com')).toHaveLength(0)
    await tick(newStart - 60 * MIN)
    const movedEmails = emails.filter((e) => e.to === 'moved@example.com')
    expect(movedEmails).toHaveLength(1)
    expect(movedEmails[0].subject).toContain('06.10.2031, 17:00–18:00')
    const movedRows = await remindersOf(moved.meeting.id)
    expect(movedRows.map((r) => r.status)).toEqual(['sent', 'sent'])
    expect(movedRows.every((r) => r.dueAt === newStart - 60 * MIN)).toBe(true)
    const ids = movedRows.map((r) => r.id)
    const sentMessages = await db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          movedRows.map((r) => r.outboxId ?? ''),
        ),
      )
    expect(sentMessages).toHaveLength(ids.length)
  })
})
