/**
 * Notifications (issue 8): Telegram chat bindings, the notification center, push tokens and the encrypted
 * self-service link a client's reminders carry. Reminder jobs themselves live in schema-booking.ts (`reminders`).
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { NOTIFICATION_ACTIONS } from '../app/domain/enums.ts'
import type { NoticeContent } from '../app/domain/notices.ts'
import { meetingParticipants } from './schema-booking.ts'
import { users } from './schema-core.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

/**
 * The specialist's Telegram bot binding (SPEC §2 "A chat-bot card shows enabled when a chat id is set").
 * `startTokenHash` is the SHA-256 of the one-time token in the deep link `t.me/<bot>?start=<token>`.
 */
export const telegramBindings = sqliteTable(
  'telegram_bindings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id'),
    chatUsername: text('chat_username'),
    startTokenHash: text('start_token_hash'),
    startTokenExpiresAt: integer('start_token_expires_at'),
    connectedAt: integer('connected_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_bindings_start_token').on(t.startTokenHash),
    index('telegram_bindings_chat').on(t.chatId),
  ],
)

/** A client's Telegram chat, bound from the confirmation page's deep link (one per booked participant). */
export const participantTelegram = sqliteTable('participant_telegram', {
  participantId: text('participant_id')
    .primaryKey()
    .references(() => meetingParticipants.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  createdAt: createdAt(),
})

/**
 * The participant's self-service token (the booking keeps only its hash), AES-GCM encrypted with a key derived
 * from SESSION_SECRET, so the reminders sent later can carry the cancel/move link.
 */
export const participantLinks = sqliteTable('participant_links', {
  participantId: text('participant_id')
    .primaryKey()
    .references(() => meetingParticipants.id, { onDelete: 'cascade' }),
  manageTokenEnc: text('manage_token_enc').notNull(),
  createdAt: createdAt(),
})

/** The notification center (SPEC §3 "Notification": title, body, action name and value). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What the notice says as keys and values, rendered in the reader's language and zone (ADR 0099); null on old rows. */
    content: text('content', { mode: 'json' }).$type<NoticeContent>(),
    actionName: text('action_name', { enum: NOTIFICATION_ACTIONS }).notNull().default('navigate'),
    actionValue: text('action_value').notNull().default('/'),
    readAt: integer('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt),
    index('notifications_user_read').on(t.userId, t.readAt),
  ],
)

/** Firebase Cloud Messaging registration tokens of a user's browsers (`POST /firebaseCloudMessaging`). */
export const pushTokens = sqliteTable(
  'push_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_tokens_token').on(t.token), index('push_tokens_user').on(t.userId)],
)
