/**
 * Accounts (issue 4): one-time secrets sent by email and provider sign-ins. Codes and tokens are stored
 * only as SHA-256 hashes (ARCHITECTURE.md "Data").
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ACCOUNT_SECRET_KINDS, OAUTH_MODES, OAUTH_PROVIDERS } from '../app/domain/enums.ts'
import { users } from './schema-core.ts'

/**
 * The sign-up code (6 digits, limited attempts), the email-confirmation link and the password-reset link.
 * A user has at most one live secret of each kind: issuing a new one deletes the old.
 */
export const accountSecrets = sqliteTable(
  'account_secrets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACCOUNT_SECRET_KINDS }).notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** Wrong guesses so far (codes); the secret dies at the limit. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('account_secrets_hash').on(t.secretHash),
    index('account_secrets_user').on(t.userId, t.kind),
    index('account_secrets_expires').on(t.expiresAt),
  ],
)

/** A provider account linked to a local one (SPEC §2 sign-in with Yandex, Google, Apple, Microsoft). */
export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: OAUTH_PROVIDERS }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_user').on(t.provider, t.providerUserId),
    index('oauth_accounts_user').on(t.userId),
  ],
)

/**
 * One-time OAuth states: PKCE verifier and the way back, deleted when used or expired. `web` sign-ins end in a
 * session cookie; `api` ones (`GET /identity/signup/{service}`) in a one-time code for `POST /apiKey/signin`, bound to
 * the client by its code challenge or, without one, by the browser's state cookie (docs/decisions/0010-accounts.md).
 * `calendar` consents (Google, Outlook calendars) end in a calendar integration of `ownerId`
 * (app/server/calendars/oauth-calendar.server.ts).
 */
export const oauthStates = sqliteTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider', { enum: OAUTH_PROVIDERS }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** A same-origin path (`web`), or where the one-time code goes (`api`): same origin or registered. */
    redirectTo: text('redirect_to').notNull().default('/'),
    mode: text('mode', { enum: OAUTH_MODES }).notNull().default('web'),
    /** `api` only: base64url SHA-256 of the client's verifier, asked for again when the code is exchanged. */
    codeChallenge: text('code_challenge'),
    /** `calendar` only: the specialist who asked; the consent comes back only into their session. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('oauth_states_expires').on(t.expiresAt)],
)

/**
 * The one-time code a provider sign-in of the JSON API ends with (SPEC §4 "Auth start"): in the URL it comes back
 * to, stored only as a hash, alive 2 minutes, spent by `POST /apiKey/signin`.
 */
export const apiSigninCodes = sqliteTable(
  'api_signin_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeChallenge: text('code_challenge'),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('api_signin_codes_expires').on(t.expiresAt)],
)
