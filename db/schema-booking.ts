/**
 * Meetings, their participants, the organizer's contacts and reminder jobs (SPEC §3 "Booking (organizer view)",
 * "Meeting (participant view)", "Contact", "Participant/invitee", "Notification").
 *
 * Instants are UTC epoch milliseconds; `timeZone` columns are IANA names. Every row carries `ownerId` (the
 * organizer), so every organizer query filters by it. Writes that change a host's calendar go through the host's
 * Durable Object (ARCHITECTURE.md "Booking without double booking"); the unique indexes below back it up.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  LANGUAGES,
  MEETING_STATUSES,
  MESSENGER_TYPES,
  OUTBOX_CHANNELS,
  PARTICIPANT_ROLES,
  PARTICIPANT_STATUSES,
  PARTICIPANT_TYPES,
  PLACE_TYPES,
  REMINDER_RECIPIENTS,
  REMINDER_STATUSES,
  VIDEO_LINK_SERVICES,
  WHO_CALL_TYPES,
} from '../app/domain/enums.ts'
import { eventTypes, users } from './schema-core.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

/**
 * Stored meeting status. `completed` (SPEC §4) is not stored: it is an `upcoming` meeting whose `endAt` has passed.
 */
/** member: booked it or was invited; visitor: added by a member; adjutant: a helper invited by the organizer. */
export const meetings = sqliteTable(
  'meetings',
  {
    id: text('id').primaryKey(),
    /** The organizer (host). */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a one-time meeting (or when the event type was deleted later). */
    eventTypeId: text('event_type_id').references(() => eventTypes.id, { onDelete: 'set null' }),
    /** Copies taken at booking time, so later edits or deletion of the event type do not rewrite history. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('#ff0000'),
    placeType: text('place_type', { enum: PLACE_TYPES }).notNull().default('Meet'),
    meetingPoint: text('meeting_point'),
    /**
     * This meeting gets its own conference from the service (issue 15): `meeting_point` is null until the outbox's
     * `conference` row has created it (app/server/video/conferences.server.ts), then its join link for good.
     */
    videoLinkService: text('video_link_service', { enum: VIDEO_LINK_SERVICES }),
    /** The service's id of this meeting's conference, once created. */
    conferenceId: text('conference_id'),
    whoCallType: text('who_call_type', { enum: WHO_CALL_TYPES }),
    participantType: text('participant_type', { enum: PARTICIPANT_TYPES }).notNull().default('SimpleNotCollective'),
    minSeats: integer('min_seats').notNull().default(1),
    totalSeats: integer('total_seats').notNull().default(1),
    /** [startAt, endAt) in UTC ms. */
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    /** The zone the meeting was booked in (event type's schedule zone): ICS TZID and email wording. */
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('upcoming'),
    /** SPEC "isFaild/isFailed": organizer's held/not-held override of a completed meeting; null = not set. */
    isFailed: integer('is_failed', { mode: 'boolean' }),
    /** ICS SEQUENCE: incremented on every change sent to participants (move, cancel). UID is `<id>@fastslot`. */
    sequence: integer('sequence').notNull().default(0),
    /** Emails of adjutants (SPEC §3 "Adjutant"). */
    adjutantEmails: text('adjutant_emails', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    canceledAt: integer('canceled_at'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index('meetings_owner_start').on(t.ownerId, t.startAt),
    index('meetings_event_type_start').on(t.eventTypeId, t.startAt),
    /** One live meeting per event type and start: a group slot fills seats of that one meeting. */
    uniqueIndex('meetings_event_type_start_live')
      .on(t.eventTypeId, t.startAt)
      .where(sql`status = 'upcoming' AND event_type_id IS NOT NULL`),
  ],
)

export const contacts = sqliteTable(
  'contacts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** `searchFold(firstName)` and `searchFold(lastName)`, written with the names: what the list's search matches. */
    firstNameKey: text('first_name_key').notNull().default(''),
    lastNameKey: text('last_name_key').notNull().default(''),
    /** Lowercased; unique per owner when present. */
    email: text('email'),
    phone: text('phone'),
    messengerType: text('messenger_type', { enum: MESSENGER_TYPES }),
    messengerValue: text('messenger_value'),
    comment: text('comment'),
    /** SPEC "custom field labelled clinic ID". */
    customField: text('custom_field'),
    lastEventTypeId: text('last_event_type_id').references(() => eventTypes.id, { onDelete: 'set null' }),
    lastBookingAt: integer('last_booking_at'),
    isArchived: integer('is_archived', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex('contacts_owner_email').on(t.ownerId, t.email), index('contacts_owner').on(t.ownerId)],
)

export const meetingParticipants = sqliteTable(
  'meeting_participants',
  {
    id: text('id').primaryKey(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The organizer (same as the meeting's), for owner-filtered queries. */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    role: text('role', { enum: PARTICIPANT_ROLES }).notNull().default('member'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** Lowercased. */
    email: text('email').notNull(),
    phone: text('phone'),
    messengerType: text('messenger_type', { enum: MESSENGER_TYPES }),
    messengerValue: text('messenger_value'),
    comment: text('comment'),
    customField: text('custom_field'),
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull().default('booked'),
    /** Language of the participant's emails and pages. */
    language: text('language', { enum: LANGUAGES }).notNull().default('ru'),
    /** The participant's (viewer's) time zone at booking. */
    timeZone: text('time_zone').notNull(),
    /** SHA-256 (hex) of the random token in the participant's self-service cancel/move link. */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** The booking submission this row came from: one submission may book several slots (several meetings). */
    bookingId: text('booking_id').notNull(),
    /** The client's Idempotency-Key of that submission, if sent. */
    idempotencyKey: text('idempotency_key'),
    canceledAt: integer('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('meeting_participants_meeting').on(t.meetingId),
    index('meeting_participants_owner').on(t.ownerId),
    index('meeting_participants_contact').on(t.contactId),
    index('meeting_participants_booking').on(t.bookingId),
    uniqueIndex('meeting_participants_manage_token').on(t.manageTokenHash),
    /** A retried submission never adds a second row to the same meeting. */
    uniqueIndex('meeting_participants_idempotency').on(t.ownerId, t.idempotencyKey, t.meetingId),
    /** The same email is booked at most once in a meeting. */
    uniqueIndex('meeting_participants_meeting_email_live').on(t.meetingId, t.email).where(sql`status = 'booked'`),
  ],
)

/**
 * Reminder jobs, written in the booking batch from the event type's `remindersInMinutes` (one per offset, per
 * client participant and one per offset for the organizer). The cron sends due `scheduled` rows through the outbox.
 */
export const reminders = sqliteTable(
  'reminders',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The client participant it is for; null for the organizer's reminder. */
    participantId: text('participant_id').references(() => meetingParticipants.id, { onDelete: 'cascade' }),
    recipientKind: text('recipient_kind', { enum: REMINDER_RECIPIENTS }).notNull(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull().default('email'),
    /** Minutes before the meeting start (from the event type's remindersInMinutes). */
    offsetMinutes: integer('offset_minutes').notNull(),
    /** meeting.startAt - offsetMinutes; moved with the meeting. */
    dueAt: integer('due_at').notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The outbox row that carried it, once sent. */
    outboxId: text('outbox_id'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reminders_due').on(t.status, t.dueAt),
    index('reminders_meeting').on(t.meetingId),
    uniqueIndex('reminders_unique').on(t.meetingId, t.participantId, t.recipientKind, t.channel, t.offsetMinutes),
  ],
)

/**
 * One-time Telegram start tokens of a booking's confirmation page (docs/decisions/0034-client-telegram-start.md):
 * `/start <token>` in the bot binds the chat to the booking's participants (not to an account). Stored hashed;
 * spent by the first `/start`, refused after `expiresAt`.
 */
export const bookingTelegramStarts = sqliteTable(
  'booking_telegram_starts',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: text('booking_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_telegram_starts_booking').on(t.bookingId)],
)
