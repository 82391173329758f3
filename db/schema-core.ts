/**
 * The core tables (users, schedules, event types, outbox, sessions): every other schema-<area>.ts file builds on
 * them, never the other way round. db/schema.ts re-exports all of them.
 */
import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  CURRENCIES,
  LANGUAGES,
  OUTBOX_ROW_CHANNELS,
  OUTBOX_STATUSES,
  PARTICIPANT_TYPES,
  PLACE_TYPES,
  RECORD_IS_OPEN_TYPES,
  PLAN_NAMES,
  TIME_UNITS,
  VIDEO_LINK_SERVICES,
  WHO_CALL_TYPES,
} from '../app/domain/enums.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lowercased; unique; also the public page path (SPEC §2 share panel). */
    login: text('login').notNull(),
    /** Lowercased; unique. */
    email: text('email').notNull(),
    emailVerifiedAt: integer('email_verified_at'),
    /** `pbkdf2-sha256$iterations$salt$hash` (base64); null for accounts made by a provider sign-in. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    description: text('description').notNull().default(''),
    /** R2 key of the avatar, if any. */
    imageKey: text('image_key'),
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    culture: text('culture', { enum: LANGUAGES }).notNull().default('ru'),
    plan: text('tariff', { enum: PLAN_NAMES }).notNull().default('Basic'),
    planValidUntil: integer('tariff_valid_until'),
    isConsentMailing: integer('is_consent_mailing', { mode: 'boolean' }).notNull().default(false),
    /**
     * Every access token carries the generation it was issued in; a password change, a reset or an API logout
     * raises it, so every earlier access token ends at once (the API reads this row anyway; ADR 0088).
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_login_unique').on(t.login),
    uniqueIndex('users_email_unique').on(t.email),
    // The hourly cleanup finds unconfirmed sign-ups by it (app/server/accounts/cleanup.server.ts).
    index('users_unconfirmed').on(t.createdAt).where(sql`${t.emailVerifiedAt} is null`),
  ],
)

export type WeeklyInterval = { start: string; end: string }
export type WeeklyDay = { weekday: number; intervals: WeeklyInterval[] }

export const schedules = sqliteTable(
  'schedules',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /** ISO weekday 1..7 to `HH:mm` intervals, always read and written whole. */
    weekly: text('weekly', { mode: 'json' }).$type<WeeklyDay[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('schedules_owner').on(t.ownerId)],
)

export const scheduleAdjustments = sqliteTable(
  'schedule_adjustments',
  {
    id: text('id').primaryKey(),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD` in the schedule's time zone. */
    date: text('date').notNull(),
    isDayOff: integer('is_day_off', { mode: 'boolean' }).notNull().default(false),
    intervals: text('intervals', { mode: 'json' }).$type<WeeklyInterval[]>().notNull(),
  },
  (t) => [uniqueIndex('schedule_adjustments_date').on(t.scheduleId, t.date)],
)

export const eventTypes = sqliteTable(
  'event_types',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * The name's comparison key (`eventNameKey`: trimmed, full Unicode lowercase), unique per owner, so names that
     * differ only in case cannot both be saved, even concurrently (SQLite's lower() folds ASCII only, so the key is
     * computed in code; docs/decisions/0087-unique-writes.md).
     */
    nameKey: text('name_key').notNull(),
    /** Lowercased, unique per owner (SPEC §5 "Event link"). */
    link: text('link').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('#ff0000'),
    placeType: text('place_type', { enum: PLACE_TYPES }).notNull().default('Meet'),
    meetingPoint: text('meeting_point'),
    /** Online only: every meeting gets its own link from this service (issue 15); then `meeting_point` is null. */
    videoLinkService: text('video_link_service', { enum: VIDEO_LINK_SERVICES }),
    whoCallType: text('who_call_type', { enum: WHO_CALL_TYPES }),
    durationInMinutes: integer('duration_in_minutes').notNull(),
    stepMinutes: integer('step_minutes').notNull(),
    timeBeforeMinutes: integer('time_before_minutes'),
    timeAfterMinutes: integer('time_after_minutes'),
    remindersInMinutes: text('reminders_in_minutes', { mode: 'json' }).$type<number[]>().notNull(),
    whenClosesValue: integer('when_closes_value').notNull().default(0),
    whenClosesType: text('when_closes_type', { enum: TIME_UNITS }).notNull().default('Minutes'),
    recordIsOpenType: text('record_is_open_type', { enum: RECORD_IS_OPEN_TYPES }).notNull().default('NoRestrictions'),
    /** `YYYY-MM-DD`, schedule time zone, inclusive. */
    recordIsOpenPeriodStart: text('record_is_open_period_start'),
    recordIsOpenPeriodEnd: text('record_is_open_period_end'),
    maximumRecordsPerDay: integer('maximum_records_per_day').notNull().default(0),
    participantType: text('participant_type', { enum: PARTICIPANT_TYPES }).notNull().default('SimpleNotCollective'),
    minSeats: integer('min_seats').notNull().default(1),
    totalSeats: integer('total_seats').notNull().default(1),
    isLastNameRequired: integer('is_last_name_required', { mode: 'boolean' }).notNull().default(false),
    isMessengerRequired: integer('is_messenger_required', { mode: 'boolean' }).notNull().default(false),
    isPhoneRequired: integer('is_phone_required', { mode: 'boolean' }).notNull().default(false),
    isOptionalInputsHidden: integer('is_optional_inputs_hidden', { mode: 'boolean' }).notNull().default(false),
    isShowCost: integer('is_show_cost', { mode: 'boolean' }).notNull().default(false),
    cost: real('cost'),
    currency: text('currency', { enum: CURRENCIES }),
    isShowRedirection: integer('is_show_redirection', { mode: 'boolean' }).notNull().default(false),
    redirectUrl: text('redirect_url'),
    redirectComment: text('redirect_comment'),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    isShowOnSpecialistPage: integer('is_show_on_specialist_page', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_types_owner_link').on(t.ownerId, t.link),
    uniqueIndex('event_types_owner_name_key').on(t.ownerId, t.nameKey),
    index('event_types_schedule').on(t.scheduleId),
  ],
)

/**
 * Every message the product sends (email, Telegram, push) is written here in the same batch as the
 * change that causes it, then delivered by the cron drain (ARCHITECTURE.md "Cron").
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_ROW_CHANNELS }).notNull(),
    /** Email address, Telegram chat id, push token, or the meeting id a `calendar` row writes. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    /** Channel-specific extras, e.g. email attachments `[{ filename, contentType, content }]`. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next delivery may be tried; the drain skips rows whose time has not come. */
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** A delivery claims a row until this instant, so overlapping drains never send it twice. */
    lockedUntil: integer('locked_until').notNull().default(0),
    lastError: text('last_error'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due').on(t.status, t.nextAttemptAt)],
)

/** Web sessions: the cookie holds a random token; only its SHA-256 is stored (ARCHITECTURE.md "Data"). */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token').on(t.tokenHash),
    index('sessions_user').on(t.userId),
    index('sessions_expires').on(t.expiresAt),
  ],
)

/**
 * JSON API refresh tokens, rotated on each use. Tokens of one sign-in share a family; a reused (already
 * rotated) token revokes its whole family (ARCHITECTURE.md "Sessions and the API").
 */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    revokedAt: integer('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token').on(t.tokenHash),
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
    index('refresh_tokens_expires').on(t.expiresAt),
  ],
)
