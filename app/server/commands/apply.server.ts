/**
 * The one applier of a host's commands (ARCHITECTURE.md "One write path", docs/decisions/0070-one-write-path.md):
 * the events a pure `decide` returned (app/domain/commands) become ONE D1 batch with everything that belongs to them:
 * meeting, participant and contact rows, the reminder rows of the one planner (`reminderRowsFor`), outbox messages,
 * the organizer's notices, and the events themselves in the host event log (`host_events`). The batch is one
 * transaction: the rows, the messages and the log entries exist together or not at all, so a consumer of the log
 * (calendar write-back, webhooks) can neither miss a change nor see one that was rolled back.
 *
 * The parts of each event are in booking.server.ts, one-time.server.ts, meetings.server.ts (the meeting commands'
 * events, one function per event type), parts.server.ts (shared pieces) and app/server/waitlist/apply.server.ts. A
 * command returns only events (and the snapshot it decided on, in the scope); it builds no statement itself.
 *
 * Runs only inside the host's Durable Object, one command at a time per host. Nothing here decides: a refusal was
 * the decide function's; the only failure left is a unique index backing the object up, which the caller maps.
 */
import type { BatchItem } from 'drizzle-orm/batch'
import type { BookingConfirmed, HostEvent } from '#app/domain/commands/events.ts'
import { logEntry } from '#app/domain/commands/events.ts'
import { newId } from '#app/domain/ids.ts'
import { hostEvents, type users } from '#db/schema.ts'
import type { PublicEventContext } from '../booking/availability.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import type { MeetingRow } from '../meetings/meetings.server.ts'
import { type WaitlistScope, isWaitlistEvent, waitlistPart } from '../waitlist/apply.server.ts'
import { bookingConfirmed } from './booking.server.ts'
import { type MeetingsScope, meetingStatements } from './meetings.server.ts'
import { invitationConfirmed, oneTimeCreated, oneTimeSeatBooked } from './one-time.server.ts'
import type { Part } from './parts.server.ts'

/** One statement of a D1 batch. */
export type Statement = BatchItem<'sqlite'>

type Organizer = typeof users.$inferSelect

/** What the applier renders messages from: the snapshot the command was decided on. */
export type ApplyScope = {
  ownerId: string
  now: number
  /** Needed by the events whose rows the applier builds (tokens, links, messages). */
  env?: AppEnv
  /** BookingConfirmed: the event type, its host and schedule (emails, ICS). */
  booking?: PublicEventContext
  /** One-time events: the organizer. */
  organizer?: Organizer
  /** OneTimeSeatBooked, InvitationConfirmed: the meeting as it was before the event, and its live attendees. */
  oneTime?: { meeting: MeetingRow; attendees: { email: string; name: string }[] }
  /** OneTimeCreated: the language of the invitations (the organizer's interface language). */
  language?: 'ru' | 'en'
  /** Waitlist events: their event types and entries (app/server/waitlist/apply.server.ts). */
  waitlist?: WaitlistScope
  /** Meeting events: the meetings the command read, the organizer, who acted (meetings.server.ts). */
  meetings?: MeetingsScope
}

/** What the caller answers with: the ICS the client gets back and the outbox messages to send right away. */
export type Applied = { ics: string | null; outboxIds: string[]; statements: number }

/** Applies the events in one batch. */
export async function apply(db: Db, scope: ApplyScope, events: readonly HostEvent[]): Promise<Applied> {
  const parts: Part[] = []
  const bookings = events.filter((e): e is BookingConfirmed => e.type === 'BookingConfirmed')
  if (bookings.length > 0) parts.push(await bookingConfirmed(db, scope, bookings))
  const contactsDone = new Set<string>()
  for (const event of events) {
    if (event.type === 'OneTimeSeatBooked') parts.push(await oneTimeSeatBooked(db, scope, event))
    if (event.type === 'InvitationConfirmed') parts.push(invitationConfirmed(db, scope, event))
    if (event.type === 'OneTimeCreated') parts.push(await oneTimeCreated(db, scope, event, contactsDone))
    if (isWaitlistEvent(event)) parts.push(await waitlistPart(db, scope, event))
  }
  parts.push({ statements: await meetingStatements(db, scope, events) })
  const log = events.map((event) => {
    const entry = logEntry(event)
    return db.insert(hostEvents).values({
      id: newId(scope.now),
      ownerId: scope.ownerId,
      type: entry.type,
      meetingId: entry.meetingId,
      payload: entry.payload as unknown as Record<string, unknown>,
      createdAt: scope.now,
    })
  })
  const statements = [...parts.flatMap((p) => p.statements), ...log]
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]])
  return {
    ics: parts.find((p) => p.ics !== undefined)?.ics ?? null,
    outboxIds: parts.flatMap((p) => p.outboxIds ?? []),
    statements: statements.length,
  }
}
