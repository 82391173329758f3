/**
 * Video meetings (issue 15, docs/decisions/0098-video-meetings.md): a specialist's Yandex Telemost grant, which creates
 * each meeting's own conference. One grant per specialist; the tokens are AES-GCM sealed and never answered.
 */
import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { VIDEO_LINK_SERVICES } from '../app/domain/enums.ts'
import { users } from './schema-core.ts'

export const videoGrants = sqliteTable('video_grants', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  service: text('service', { enum: VIDEO_LINK_SERVICES }).notNull().default('telemost'),
  /** The Yandex account the grant belongs to, as the integrations card names it. */
  login: text('login').notNull().default(''),
  /** `sealed(JSON)` of the OAuth tokens (app/server/video/grants.server.ts). */
  credentialsEnc: text('credentials_enc').notNull(),
  /** The service refused the grant (revoked, expired refresh): the card asks to reconnect, conferences wait. */
  isRevoked: integer('is_revoked', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
})
