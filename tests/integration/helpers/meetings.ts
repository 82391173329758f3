import { env } from 'cloudflare:workers'
import { newId } from '#app/domain/ids.ts'
import { reminderRowsFor } from '#app/domain/reminders/plan.ts'
import { getDb } from '#app/server/db.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { meetingParticipants, meetings, participantLinks, reminders } from '#db/schema.ts'

export type TestClient = {
  firstName: string
  email: string
  timeZone: string
  language: 'ru' | 'en'
  phone?: string
  manageToken?: string
}

/** A booked meeting with its clients and reminder rows, as the booking batch writes them. */
export async function createTestMeeting(input: {
  ownerId: string
  startAt: number
  durationMinutes?: number
  clients: TestClient[]
  remindersInMinutes?: number[]
  bookedAt: number
  secret: string
  placeType?: 'Meet' | 'Online' | 'Phone'
  meetingPoint?: string | null
}) {
  const db = getDb(env.DB)
  const meeting = {
    id: newId(input.bookedAt),
    ownerId: input.ownerId,
    name: 'Консультация',
    startAt: input.startAt,
    endAt: input.startAt + (input.durationMinutes ?? 60) * 60_000,
    timeZone: 'Europe/Moscow',
    placeType: input.placeType ?? 'Online',
    meetingPoint: input.meetingPoint === undefined ? 'meet.example.com/room' : input.meetingPoint,
  }
  const participants = input.clients.map((client) => ({
    id: newId(input.bookedAt),
    meetingId: meeting.id,
    ownerId: input.ownerId,
    firstName: client.firstName,
    email: client.email,
    phone: client.phone ?? null,
    timeZone: client.timeZone,
    language: client.language,
    manageTokenHash: newId(),
    bookingId: newId(),
  }))
  const rows = reminderRowsFor(
    meeting,
    participants,
    { remindersInMinutes: input.remindersInMinutes ?? [60, 1440] },
    input.bookedAt,
  )
  const links = await Promise.all(
    input.clients.flatMap((client, i) =>
      client.manageToken ? [participantLinkRow(input.secret, participants[i].id, client.manageToken)] : [],
    ),
  )
  await db.batch([
    db.insert(meetings).values(meeting),
    db.insert(meetingParticipants).values(participants),
    ...(rows.length > 0 ? [db.insert(reminders).values(rows)] : []),
    ...(links.length > 0 ? [db.insert(participantLinks).values(links)] : []),
  ])
  return { meeting, participants, reminders: rows }
}
