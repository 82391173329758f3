/**
 * The meetings actions use the notify area's functions: a client with an account hears from the notification
 * center when the specialist cancels or moves their meeting, and moved participants take their reminders along.
 */
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { notifications, reminders } from '#db/schema.ts'
import { api, unique } from './helpers/accounts.ts'
import { DAY, HOUR, createEventType, createMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

const db = () => getDb(env.DB)
const noticesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId))

async function specialistAndClient() {
  const owner = await createTestUser({ plan: 'Pro' })
  const client = await createTestUser({ email: `${unique('client')}@example.com` })
  return { owner, client, auth: await bearerFor(owner.id) }
}

describe('meeting actions tell clients with an account', () => {
  it('a cancellation by the specialist puts an openEventClient notice in the client’s notification center', async () => {
    const { owner, client, auth } = await specialistAndClient()
    const guest = `${unique('guest')}@example.com`
    const meeting = await createMeeting(owner.id, {
      startAt: Date.now() + 2 * DAY,
      people: [
        { email: client.email, firstName: 'Has' },
        { email: guest, firstName: 'Guest' },
      ],
      participantType: 'GroupNotCollective',
      totalSeats: 5,
    })
    const response = await api('PATCH', `/userEvents/${meeting.id}`, { auth, body: { cancel: true } })
    expect(response.status).toBe(200)
    const [notice] = await noticesOf(client.id)
    expect(notice).toMatchObject({ actionName: 'openEventClient', actionValue: meeting.participants[0].id })
    // The specialist is not told about their own action.
    expect(await noticesOf(owner.id)).toEqual([])
  })

  it('a new time set by the specialist is a notice to the client', async () => {
    const { owner, client, auth } = await specialistAndClient()
    const start = Date.now() + 3 * DAY
    const meeting = await createMeeting(owner.id, {
      startAt: start,
      people: [{ email: client.email, firstName: 'Has' }],
    })
    const newStart = start + DAY
    const response = await api('PATCH', `/userEvents/${meeting.id}`, {
      auth,
      body: {
        newTimeSlotForm: { start: new Date(newStart).toISOString(), end: new Date(newStart + HOUR).toISOString() },
      },
    })
    expect(response.status).toBe(200)
    const [notice] = await noticesOf(client.id)
    expect(notice).toMatchObject({ actionName: 'openEventClient', actionValue: meeting.participants[0].id })
  })

  it('participants moved to another meeting take their reminders to its start; the emptied meeting stays silent', async () => {
    const { owner, auth } = await specialistAndClient()
    const type = await createEventType(owner.id, {
      participantType: 'GroupNotCollective',
      minSeats: 1,
      totalSeats: 3,
      remindersInMinutes: [60],
    })
    const target = await createMeeting(owner.id, {
      eventType: type,
      startAt: Date.now() + 3 * DAY,
      people: [{ email: `${unique('t')}@example.com`, firstName: 'T' }],
    })
    const source = await createMeeting(owner.id, {
      eventType: type,
      startAt: Date.now() + 2 * DAY,
      people: [{ email: `${unique('m')}@example.com`, firstName: 'M' }],
    })
    const mover = source.participants[0].id
    await db()
      .insert(reminders)
      .values({
        id: `r-${mover}`,
        ownerId: owner.id,
        meetingId: source.id,
        participantId: mover,
        recipientKind: 'client',
        offsetMinutes: 60,
        dueAt: source.startAt - HOUR,
      })
    const response = await api('PUT', '/eventContact/companyEventId', {
      auth,
      body: { eventContactIds: [mover], companyEventId: target.id },
    })
    expect(response.status).toBe(200)
    const moverRows = await db()
      .select()
      .from(reminders)
      .where(and(eq(reminders.participantId, mover), eq(reminders.status, 'scheduled')))
    expect(moverRows.map((row) => ({ meetingId: row.meetingId, dueAt: row.dueAt }))).toEqual([
      { meetingId: target.id, dueAt: target.startAt - HOUR },
    ])
    const sourceLeft = await db()
      .select()
      .from(reminders)
      .where(and(eq(reminders.meetingId, source.id), eq(reminders.status, 'scheduled')))
    expect(sourceLeft).toEqual([])
  })
})
