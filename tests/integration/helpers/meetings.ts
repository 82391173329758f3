import { env } from 'cloudflare:workers'
import { newId } from '#app/domain/ids.ts'
import { reminderRowsFor } from '#app/domain/reminders/plan.ts'
import { eventNameKey } from '#app/domain/event-types/link.ts'
import { upsertContactStatement } from '#app/server/contacts/contacts.server.ts'
import { getDb, insertRows } from '#app/server/db.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { eventTypes, meetingParticipants, meetings, participantLinks, reminders, schedules } from '#db/schema.ts'
import { singleKey } from '#app/server/crypto/keyring.server.ts'

export type TestClient = {
  firstName: string
  email: string
  timeZone: string
  language: 'ru' | 'en'
  phone?: string
  manageToken?: string
  role?: 'member' | 'visitor'
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
  whoCallType?: 'MemberCallToOrganizer' | 'OrganizerCallToMember' | null
  eventTypeId?: string | null
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
    whoCallType: input.whoCallType ?? null,
    eventTypeId: input.eventTypeId ?? null,
  }
  const participants = input.clients.map((client) => ({
    id: newId(input.bookedAt),
    meetingId: meeting.id,
    ownerId: input.ownerId,
    firstName: client.firstName,
    email: client.email,
    phone: client.phone ?? null,
    role: client.role ?? ('member' as const),
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
      client.manageToken ? [participantLinkRow(singleKey(input.secret), participants[i].id, client.manageToken)] : [],
    ),
  )
  await db.batch([
    db.insert(meetings).values(meeting),
    ...insertRows(db, meetingParticipants, participants),
    ...insertRows(db, reminders, rows),
    ...insertRows(db, participantLinks, links),
  ])
  return { meeting, participants, reminders: rows }
}

const db = () => getDb(env.DB)

export const HOUR = 60 * 60_000
export const DAY = 24 * HOUR

/** A weekday 09:00-18:00 schedule in Moscow and an event type on it. */
export async function createEventType(
  ownerId: string,
  overrides: Partial<typeof eventTypes.$inferInsert> = {},
): Promise<typeof eventTypes.$inferSelect> {
  const scheduleId = newId()
  await db()
    .insert(schedules)
    .values({
      id: scheduleId,
      ownerId,
      name: 'Рабочие часы',
      timeZone: 'Europe/Moscow',
      isDefault: true,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, intervals: [{ start: '09:00', end: '18:00' }] })),
    })
  const id = newId()
  const [row] = await db()
    .insert(eventTypes)
    .values({
      id,
      ownerId,
      name: `Консультация ${id.slice(-6)}`,
      link: `consult-${id.slice(-8)}`,
      durationInMinutes: 60,
      stepMinutes: 60,
      remindersInMinutes: [60],
      scheduleId,
      ...overrides,
      nameKey: eventNameKey(overrides.name ?? `Консультация ${id.slice(-6)}`),
    })
    .returning()
  return row
}

export type Person = {
  email: string
  firstName: string
  lastName?: string
  phone?: string
  role?: 'member' | 'visitor' | 'adjutant'
}

let tokens = 0

/** A booked meeting with its participants and their contacts, written the way the booking batch writes them. */
export async function createMeeting(
  ownerId: string,
  input: {
    eventType?: typeof eventTypes.$inferSelect | null
    startAt: number
    durationMinutes?: number
    people: Person[]
    status?: 'upcoming' | 'canceled'
    minSeats?: number
    totalSeats?: number
    participantType?: (typeof meetings.$inferInsert)['participantType']
    isFailed?: boolean | null
  },
) {
  const now = Date.now()
  const id = newId()
  const eventType = input.eventType ?? null
  const endAt = input.startAt + (input.durationMinutes ?? eventType?.durationInMinutes ?? 60) * 60_000
  const bookingId = newId()
  const participants = input.people.map((person) => ({
    id: newId(),
    meetingId: id,
    ownerId,
    role: person.role ?? ('member' as const),
    firstName: person.firstName,
    lastName: person.lastName ?? '',
    email: person.email.toLowerCase(),
    phone: person.phone ?? null,
    timeZone: 'Europe/Moscow',
    manageTokenHash: `test-token-${now}-${tokens++}-${Math.random()}`,
    bookingId,
  }))
  await db().batch([
    db()
      .insert(meetings)
      .values({
        id,
        ownerId,
        eventTypeId: eventType?.id ?? null,
        name: eventType?.name ?? 'Разовая встреча',
        color: eventType?.color ?? '#3b5bdb',
        placeType: eventType?.placeType ?? 'Online',
        meetingPoint: eventType?.meetingPoint ?? 'https://zoom.us/j/123456',
        participantType: input.participantType ?? eventType?.participantType ?? 'SimpleNotCollective',
        minSeats: input.minSeats ?? eventType?.minSeats ?? 1,
        totalSeats: input.totalSeats ?? eventType?.totalSeats ?? 1,
        startAt: input.startAt,
        endAt,
        timeZone: 'Europe/Moscow',
        status: input.status ?? 'upcoming',
        isFailed: input.isFailed ?? null,
      }),
    ...input.people
      .filter((person) => (person.role ?? 'member') === 'member')
      .map((person) =>
        upsertContactStatement(db(), ownerId, person, { eventTypeId: eventType?.id ?? null, at: input.startAt }, now),
      ),
  ])
  // Link participants to their contacts, as the booking batch does.
  const contactRows = await db().query.contacts.findMany({ where: (c, { eq }) => eq(c.ownerId, ownerId) })
  const byEmail = new Map(contactRows.map((c) => [c.email, c.id]))
  if (participants.length > 0) {
    const rows = participants.map((p) => ({
      ...p,
      contactId: p.role === 'member' ? (byEmail.get(p.email) ?? null) : null,
    }))
    await db().batch(insertRows(db(), meetingParticipants, rows) as [never])
  }
  return { id, participants, startAt: input.startAt, endAt }
}
