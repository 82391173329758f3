/**
 * Calendar integrations (issue 14, docs/decisions/0093-calendars.md): a specialist's connected accounts (Yandex,
 * Apple, Google, Outlook, any CalDAV server), their calendars, the busy times synced from them (expanded over the
 * sync horizon, so no page or booking calls out), the objects' ETags for incremental sync, the calendar our bookings
 * are written to, and which remote event each meeting became.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { CALENDAR_SYNC_STATUSES, CALENDAR_TYPES } from '../app/domain/enums.ts'
import { meetings } from './schema-booking.ts'
import { users } from './schema-core.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

/** A connected calendar account (SPEC §3 "Calendar integration"). Credentials are AES-GCM sealed, never answered. */
export const calendarIntegrations = sqliteTable(
  'calendar_integrations',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CALENDAR_TYPES }).notNull(),
    /** What the card shows as its title (the provider's name, or the CalDAV server's host). */
    label: text('label').notNull(),
    /** The account's display name, when the provider tells it. */
    name: text('name').notNull().default(''),
    login: text('login').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The CalDAV server's URL (Yandex, Apple, CalDav); null for Google and Outlook. */
    url: text('url'),
    /** `sealed(JSON)` of the password or the OAuth tokens (app/server/calendars/credentials.server.ts). */
    credentialsEnc: text('credentials_enc').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** The provider refused the credentials or the grant: the card's error border until a good sync. */
    isDepressed: integer('is_depressed', { mode: 'boolean' }).notNull().default(false),
    syncStatus: text('sync_status', { enum: CALENDAR_SYNC_STATUSES }).notNull().default('fetching'),
    /** The last failure, as a translation key (`calendars:problem.*`), null after a good sync. */
    problem: text('problem'),
    /** The last successful sync. */
    lastUpdate: integer('last_update'),
    /** SPEC's dbLineVersion: raised by every change a page should reload for (`onVersionChanged`). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('calendar_integrations_owner').on(t.ownerId)],
)

/** One calendar of an integration. */
export const integrationCalendars = sqliteTable(
  'integration_calendars',
  {
    id: text('id').primaryKey(),
    integrationId: text('integration_id')
      .notNull()
      .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id of the calendar (a CalDAV collection URL, a Google calendar id, a Graph calendar id). */
    remoteId: text('remote_id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    /** Its events block the specialist's slots. */
    isBusySource: integer('is_busy_source', { mode: 'boolean' }).notNull().default(true),
    /** The provider lets us write events into it. */
    canWrite: integer('can_write', { mode: 'boolean' }).notNull().default(true),
    /** Incremental sync state: a WebDAV sync-token / Google nextSyncToken / Graph deltaLink, and the CalDAV ctag. */
    syncToken: text('sync_token'),
    ctag: text('ctag'),
    /** Busy times are expanded up to this instant; a sync re-expands everything when it comes too close. */
    horizon: integer('horizon'),
    lastSyncAt: integer('last_sync_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_calendars_remote').on(t.integrationId, t.remoteId),
    index('integration_calendars_owner').on(t.ownerId),
  ],
)

/** A remote object (a CalDAV resource, a Google or Graph event) as last synced: its ETag and UID. */
export const calendarObjects = sqliteTable(
  'calendar_objects',
  {
    calendarId: text('calendar_id')
      .notNull()
      .references(() => integrationCalendars.id, { onDelete: 'cascade' }),
    /** The resource's href (CalDAV) or the event's id (Google, Graph). */
    key: text('key').notNull(),
    etag: text('etag'),
    uid: text('uid').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.calendarId, t.key] })],
)

/**
 * Busy times of a calendar, one row per occurrence within the horizon. The public page and the host's Durable Object
 * read them with the meetings (app/server/booking/availability.server.ts), counting only busy-source calendars of
 * active integrations.
 */
export const calendarBusy = sqliteTable(
  'calendar_busy',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => integrationCalendars.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** calendarObjects.key of the object the occurrence comes from. */
    objectKey: text('object_key').notNull(),
    uid: text('uid').notNull().default(''),
    /** The event's summary (SPEC §3 "Conflicting event": name); shown only to the owner. */
    title: text('title').notNull().default(''),
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
  },
  (t) => [
    index('calendar_busy_owner_start').on(t.ownerId, t.startAt),
    index('calendar_busy_object').on(t.calendarId, t.objectKey),
  ],
)

/** The calendar new bookings are written to (`calendarForCreateEvent`), at most one per specialist. */
export const calendarWriteTargets = sqliteTable('calendar_write_targets', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  calendarId: text('calendar_id')
    .notNull()
    .references(() => integrationCalendars.id, { onDelete: 'cascade' }),
})

/** Which remote event a meeting became in a written calendar (for moves, cancels, and not counting it twice). */
export const calendarEventLinks = sqliteTable(
  'calendar_event_links',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => integrationCalendars.id, { onDelete: 'cascade' }),
    /** The remote object's key (href or event id) and ETag. */
    key: text('key').notNull(),
    etag: text('etag'),
    /** The iCalendar UID we gave the event: busy times with it are our own meeting, never counted twice. */
    uid: text('uid').notNull(),
    /** SEQUENCE of the last version written. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.calendarId] }), index('calendar_event_links_uid').on(t.uid)],
)

/** Consumers of the host event log (db/schema-host-events.ts): the last `seq` each has handled. */
export const eventConsumers = sqliteTable('event_consumers', {
  name: text('name').primaryKey(),
  seq: integer('seq').notNull().default(0),
})

/**
 * A push channel on one calendar (docs/decisions/0093-calendars.md, app/server/calendars/push.server.ts): a Google
 * watch channel or a Graph subscription, so a change there triggers a sync within a minute instead of at the next
 * cron. The token Google echoes (`X-Goog-Channel-Token`) or Graph's `clientState` is kept only as its SHA-256.
 */
export const calendarPushChannels = sqliteTable(
  'calendar_push_channels',
  {
    /** Google's channel id (ours, a UUID) or Graph's subscription id (Graph's). */
    channelId: text('channel_id').primaryKey(),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => integrationCalendars.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['Google', 'Outlook'] }).notNull(),
    /** Google's id of the watched resource, needed to stop the channel; null for Graph. */
    resourceId: text('resource_id'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('calendar_push_channels_calendar').on(t.calendarId),
    index('calendar_push_channels_expiry').on(t.expiresAt),
  ],
)
