/**
 * The one write path (docs/decisions/0070-one-write-path.md): a command's events are written to the host event log
 * in the same D1 batch as its rows, exactly one row per event; a batch that fails writes neither. And the one
 * refusal: the booking page answers a refusal with the same status as the JSON API.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, asc, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BookingConfirmed } from '#app/domain/commands/events.ts'
import { MAX_HOLDS_PER_CLIENT } from '#app/domain/commands/booking.ts'
import { newId } from '#app/domain/ids.ts'
import { findEventTypeById } from '#app/server/booking/availability.server.ts'
import { meetingDraftOf } from '#app/server/booking/book.server.ts'
import { apply } from '#app/server/commands/apply.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { hostEvents, meetingParticipants, meetings, outbox, reminders } from '#db/schema.ts'
import { api, createBookableHost, firstFreeSlot } from './helpers/booking.ts'

const json = (value: unknown) => JSON.stringify(value)
const db = () => getDb(env.DB)

const contactInfo = { firstName: 'Иван', lastName: 'Петров', email: 'ivan.events@example.com', phone: '+79990000000' }

async function logOf(ownerId: string) {
  return db().select().from(hostEvents).where(eq(hostEvents.ownerId, ownerId)).orderBy(asc(hostEvents.seq))
}

describe('the host event log', () => {
  it('gets exactly one row per event of a booking, in the booking batch', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { timezone: 'Etc/UTC' },
      body: json({ contactInfo, slots: [{ start: slots[0].start }, { start: slots[2].start }] }),
    })
    expect(booked.status).toBe(201)
    const { meetingIds, bookingId } = ((await booked.json()) as { data: { meetingIds: string[]; bookingId: string } })
      .data
    const log = await logOf(host.id)
    expect(log.map((row) => [row.type, row.meetingId])).toEqual(meetingIds.map((id) => ['BookingConfirmed', id]))
    for (const row of log) {
      const event = row.payload as unknown as BookingConfirmed
      expect(event.bookingId).toBe(bookingId)
      expect(event.attendee.contact.email).toBe(contactInfo.email)
    }
    // The same Idempotency-free request again is refused (the slots are taken) and logs nothing.
    const again = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { timezone: 'Etc/UTC' },
      body: json({ contactInfo, slots: [{ start: slots[0].start }] }),
    })
    expect(again.status).toBe(409)
    expect(await logOf(host.id)).toHaveLength(2)
  })

  it('logs the meeting commands with their change: a move, then a cancel', async () => {
    const { host } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      headers: { timezone: 'Etc/UTC' },
      body: json({ contactInfo, slots: [{ start: slots[0].start }] }),
    })
    const [meetingId] = ((await booked.json()) as { data: { meetingIds: string[] } }).data.meetingIds
    const { meetingCommand } = await import('#app/server/meetings/commands.server.ts')
    await meetingCommand(env, { kind: 'reschedule', ownerId: host.id, meetingId, start: Date.parse(slots[3].start) })
    await meetingCommand(env, { kind: 'cancel', ownerId: host.id, meetingId, participantIds: null })
    const log = await logOf(host.id)
    expect(log.map((row) => row.type)).toEqual(['BookingConfirmed', 'MeetingMoved', 'MeetingCanceled'])
    expect(log[1].payload).toMatchObject({ meetingId, start: Date.parse(slots[3].start) })
    const [meeting] = await db().select().from(meetings).where(eq(meetings.id, meetingId))
    expect(meeting.status).toBe('canceled')
  })

  it('writes none of a batch that fails: no log rows, no meeting, no reminders, no messages', async () => {
    const { host, eventType } = await createBookableHost()
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const context = await findEventTypeById(db(), host.id, eventType.id)
    if (!context) throw new Error('no context')
    const now = Date.now()
    const start = Date.parse(slots[0].start)
    const event = (participantId: string): BookingConfirmed => ({
      type: 'BookingConfirmed',
      bookingId: newId(now),
      meetingId: newId(now),
      newMeeting: meetingDraftOf(context),
      start,
      end: start + 30 * 60_000,
      attendee: {
        participantId,
        contactId: newId(now),
        contact: { ...contactInfo, comment: null, messengerType: null, messengerValue: null },
        language: 'ru',
        timeZone: 'Etc/UTC',
      },
      newContact: true,
      idempotencyKey: null,
      remindersInMinutes: [60, 1440],
    })
    const scope = { ownerId: host.id, now, env: parseEnv(env), booking: context }
    const participantId = newId(now)
    await apply(db(), scope, [event(participantId)])
    const before = {
      log: (await logOf(host.id)).length,
      meetings: (await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id)))[0].n,
      reminders: (await db().select({ n: count() }).from(reminders).where(eq(reminders.ownerId, host.id)))[0].n,
      outbox: (await db().select({ n: count() }).from(outbox).where(eq(outbox.recipient, host.email)))[0].n,
    }
    expect(before.log).toBe(1)
    expect(before.meetings).toBe(1)
    expect(before.reminders).toBeGreaterThan(0)
    // A second meeting whose participant id is taken: the participant insert fails, so the whole batch rolls back.
    await expect(apply(db(), scope, [event(participantId)])).rejects.toThrow()
    expect((await logOf(host.id)).length).toBe(before.log)
    expect((await db().select({ n: count() }).from(meetings).where(eq(meetings.ownerId, host.id)))[0].n).toBe(1)
    expect((await db().select({ n: count() }).from(reminders).where(eq(reminders.ownerId, host.id)))[0].n).toBe(
      before.reminders,
    )
    expect((await db().select({ n: count() }).from(outbox).where(eq(outbox.recipient, host.email)))[0].n).toBe(
      before.outbox,
    )
    const [participants] = await db()
      .select({ n: count() })
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.ownerId, host.id)))
    expect(participants.n).toBe(1)
  })
})

function formPost(path: string, fields: [string, string][], ip: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
      'CF-Connecting-IP': ip,
    },
  })
}

describe('one refusal, one status', () => {
  it('the booking page answers too many holds with 429, like the API (not 409)', async () => {
    const { host } = await createBookableHost()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const first = Date.parse(`${tomorrow}T09:00:00Z`)
    // 9:00-18:00 every day in 30 minutes: tomorrow's starts.
    const starts = Array.from({ length: 18 }, (_, i) => first + i * 30 * 60_000)
    const base = `/user/${host.login}/event/consult?tz=Etc/UTC`
    const pageHold = (chunk: number[]) =>
      formPost(
        base,
        [['intent', 'hold'], ['clientId', 'hoarder-page'], ...chunk.map((s): [string, string] => ['slot', String(s)])],
        '10.9.0.1',
      )
    // A client holds at most MAX_HOLDS_PER_CLIENT of the host at once (ADR 0094): the page's eleventh is refused.
    expect((await pageHold(starts.slice(0, MAX_HOLDS_PER_CLIENT))).status).toBe(302)
    const pageRefused = await pageHold(starts.slice(MAX_HOLDS_PER_CLIENT, MAX_HOLDS_PER_CLIENT + 1))
    // The API, another client of the same host: the same refusal.
    const apiHold = (chunk: number[]) =>
      api(`/ghostBooking/${host.login}/eventTypes/consult`, {
        method: 'POST',
        ip: '10.9.0.2',
        headers: { timezone: 'Etc/UTC' },
        body: json({ clientId: 'hoarder-api', slots: chunk.map((s) => ({ start: new Date(s).toISOString() })) }),
      })
    // The page's holds took tomorrow morning: the API client holds the next days' starts.
    const later = Array.from({ length: MAX_HOLDS_PER_CLIENT + 1 }, (_, i) => first + 2 * 86_400_000 + i * 30 * 60_000)
    expect((await apiHold(later.slice(0, MAX_HOLDS_PER_CLIENT))).status).toBe(201)
    const apiRefused = await apiHold(later.slice(MAX_HOLDS_PER_CLIENT))
    expect(apiRefused.status).toBe(429)
    expect(pageRefused.status).toBe(apiRefused.status)
    const apiText = ((await apiRefused.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text
    expect(await pageRefused.text()).toContain(apiText)
  })

  it('the booking page answers an unknown hold with the API status', async () => {
    const { host } = await createBookableHost()
    const formUrl = `/user/${host.login}/event/consult?tz=Etc/UTC&step=form&holds=${encodeURIComponent(`${host.id}.nope`)}`
    const fields: [string, string][] = [
      ['intent', 'book'],
      ['firstName', 'Иван'],
      ['email', 'ivan.unknown@example.com'],
    ]
    const pageRefused = await formPost(formUrl, fields, '10.9.1.1')
    const apiRefused = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: json({
        contactInfo: { firstName: 'Иван', email: 'ivan.unknown@example.com' },
        gostBookingsIds: [{ id: `${host.id}.nope` }],
      }),
    })
    expect(apiRefused.status).toBe(409)
    expect(pageRefused.status).toBe(apiRefused.status)
  })
})
