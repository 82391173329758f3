/**
 * The waitlist of a full group slot (issue 20, docs/decisions/0108-waitlist.md): a client who found every seat of a
 * group event type's slot taken leaves their booking details; a freed seat is offered to the first in line for a
 * limited time (a ghost hold of the host's Durable Object keeps it for them), then to the next. Written only inside
 * the host's Durable Object (ARCHITECTURE.md "One write path"); the unique index backs up "one entry per email per
 * slot" while the entry is live.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ContactInfo } from '../app/domain/booking/contact-form.ts'
import { LANGUAGES, WAITLIST_STATUSES } from '../app/domain/enums.ts'
import { eventTypes, users } from './schema-core.ts'

export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventTypeId: text('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'cascade' }),
    /** The slot waited for: [startAt, endAt) in UTC ms. */
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    /** Lowercased (the booking form's schema). */
    email: text('email').notNull(),
    /** The booking form's details, so an accepted offer books in one click. */
    contact: text('contact', { mode: 'json' }).$type<ContactInfo>().notNull(),
    language: text('language', { enum: LANGUAGES }).notNull().default('ru'),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    joinedAt: integer('joined_at').notNull(),
    /** While offered: the ghost hold keeping the seat, and when the offer lapses. */
    holdId: text('hold_id'),
    offeredAt: integer('offered_at'),
    offerExpiresAt: integer('offer_expires_at'),
    /** Once booked through the offer: the booking. */
    bookingId: text('booking_id'),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index('waitlist_entries_slot').on(t.eventTypeId, t.startAt, t.status),
    index('waitlist_entries_owner_status').on(t.ownerId, t.status),
    /** One live entry per email and slot. */
    uniqueIndex('waitlist_entries_slot_email_live')
      .on(t.eventTypeId, t.startAt, t.email)
      .where(sql`status IN ('waiting', 'offered')`),
  ],
)
