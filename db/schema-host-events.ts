/**
 * The host event log (ARCHITECTURE.md "One write path", docs/decisions/0070-one-write-path.md): every domain event a
 * host's command produced (`BookingConfirmed`, `MeetingMoved`, ...), written in the same D1 batch as the rows it
 * changed, so a later consumer (calendar write-back, webhooks) can neither miss a change nor see one that was rolled
 * back: a transactional outbox. `seq` orders the log; consumers keep the last `seq` they handled.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema.ts'

export const hostEvents = sqliteTable(
  'host_events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event's name (app/domain/commands/events.ts `HostEvent['type']`). */
    type: text('type').notNull(),
    /** The meeting the event is about, when it is about one (a booking of several slots logs one event per meeting). */
    meetingId: text('meeting_id'),
    /** The event itself, as the domain produced it. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex('host_events_id').on(t.id), index('host_events_owner_seq').on(t.ownerId, t.seq)],
)
