/**
 * The API as a product (issue 17, docs/decisions/0101-api-webhooks-tokens.md): a specialist's personal access tokens
 * (stored hashed, shown once) and webhook endpoints (the signing secret sealed, since it must be read to sign), each
 * delivery (one outbox row `webhook`) and each of its attempts, which the endpoint's delivery log shows.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { PAT_SCOPES } from '../app/domain/enums.ts'
import { users } from './schema-core.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

/** A personal access token: `fs_pat_...` as a Bearer token on the API. Revoking deletes the row. */
export const personalAccessTokens = sqliteTable(
  'personal_access_tokens',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: PAT_SCOPES }).notNull(),
    /** SHA-256 of the whole token (hex), like sessions' tokens: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute. */
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash').on(t.tokenHash),
    index('personal_access_tokens_owner').on(t.ownerId),
  ],
)

/** A webhook endpoint: where the owner's booking events are POSTed, signed with its own secret. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The event types it receives (app/domain/webhooks/rules.ts WEBHOOK_EVENT_TYPES). */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    /** `whsec_` + base64, AES-GCM sealed (app/server/crypto/sealed.server.ts). */
    secretEnc: text('secret_enc').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_owner').on(t.ownerId)],
)

/** One message to one endpoint: its outbox row has the same id (status, attempts, next attempt live there). */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks message id (`Webhook-Id`); a resend keeps it. */
    messageId: text('message_id').notNull(),
    type: text('type').notNull(),
    /** The delivery this one resends, if it is a resend. */
    resendOf: text('resend_of'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt)],
)

/** One POST of a delivery: the receiver's status code or why there was none, and how long it took. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.at)],
)
