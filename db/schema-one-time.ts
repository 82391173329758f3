/**
 * One-time meetings (SPEC §3 "One-time event payload", §5 "One-time event"): a meeting without an event type, created
 * by the organizer for chosen contacts, which invited people confirm (and others book) on the public `/booking` page.
 *
 * The meeting itself is an ordinary `meetings` row (eventTypeId null), so it appears in /meetings like any other;
 * these tables keep what a meeting row has no place for: the public form's rules (the "companyEvent" settings) and
 * which participants were invited and whether they have confirmed.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { TIME_UNITS } from '../app/domain/enums.ts'
import { meetingParticipants, meetings } from './schema-booking.ts'
import { users } from './schema-core.ts'

/** The settings of a one-time meeting; `id` is the meeting's id (SPEC's companyEventId). */
export const oneTimeEvents = sqliteTable(
  'one_time_events',
  {
    id: text('id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLastNameRequired: integer('is_last_name_required', { mode: 'boolean' }).notNull().default(false),
    isPhoneRequired: integer('is_phone_required', { mode: 'boolean' }).notNull().default(false),
    isMessengerRequired: integer('is_messenger_required', { mode: 'boolean' }).notNull().default(false),
    isOptionalInputsHidden: integer('is_optional_inputs_hidden', { mode: 'boolean' }).notNull().default(false),
    /** The public page stops taking bookings and confirmations this long before the start. */
    whenClosesValue: integer('when_closes_value').notNull().default(0),
    whenClosesType: text('when_closes_type', { enum: TIME_UNITS }).notNull().default('Minutes'),
    remindersInMinutes: text('reminders_in_minutes', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[]'`),
    /** Buffers around the meeting, used by the overlap check. */
    timeBeforeMinutes: integer('time_before_minutes'),
    timeAfterMinutes: integer('time_after_minutes'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('one_time_events_owner').on(t.ownerId)],
)

/**
 * The participants the organizer invited (contacts chosen at creation). Invited people are participants from the
 * start (the meeting and its ICS reach them at once); `confirmedAt` is set when they confirm on `/booking`.
 * People who book through the share link have no row here: they booked it themselves.
 */
export const oneTimeInvitations = sqliteTable(
  'one_time_invitations',
  {
    participantId: text('participant_id')
      .primaryKey()
      .references(() => meetingParticipants.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: integer('confirmed_at'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('one_time_invitations_meeting').on(t.meetingId)],
)
