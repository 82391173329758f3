/**
 * Plans and payments (issue 16, docs/decisions/0095-plans-and-payments.md). `users.plan` and
 * `users.planValidUntil` stay the plan in force (every gate reads them); this file holds how the account got
 * there and where it goes next: its subscription (trial, auto-renewal, the saved card), the payments, the wallet
 * ledger of Fasties, promo codes and their redemptions, the advertising cards a specialist closed, and the
 * development-only stand-in for the provider's checkout.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { PAYMENT_KINDS, PAYMENT_STATUSES, PROMO_KINDS, PLAN_NAMES, WALLET_REASONS } from '../app/domain/enums.ts'
import { users } from './schema-core.ts'

const createdAt = () => integer('created_at').notNull().default(sql`(unixepoch() * 1000)`)

/** One row per specialist, created with the first trial or payment; no row = Basic, trial never used. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The plan in force (users.plan) is the 7-day Pro trial. */
    isTrial: integer('is_trial', { mode: 'boolean' }).notNull().default(false),
    /** When the trial started; set once per account, never cleared (SPEC §4: once per account). */
    trialStartedAt: integer('trial_started_at'),
    /** The trial's reminders already sent (SPEC §4: at 2 days and 1 day before the end), so a rerun sends none twice. */
    trialReminded2d: integer('trial_reminded_2d', { mode: 'boolean' }).notNull().default(false),
    trialReminded1d: integer('trial_reminded_1d', { mode: 'boolean' }).notNull().default(false),
    /** Renew at `users.planValidUntil` by the saved card; off = back to Basic then. */
    autoRenew: integer('auto_renew', { mode: 'boolean' }).notNull().default(false),
    /** The plan the renewal buys (after a trial: the paid plan the specialist chose; null = back to Basic). */
    renewPlan: text('renew_tariff', { enum: PLAN_NAMES }),
    renewMonths: integer('renew_months').notNull().default(1),
    /** The provider's saved payment method (YooKassa `payment_method.id`), and what the page shows of the card. */
    paymentMethodId: text('payment_method_id'),
    cardMask: text('card_mask'),
    /** Failed renewal attempts of the current period (3 over 3 days, then down to Basic) and when to try next. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    nextRenewalAttemptAt: integer('next_renewal_attempt_at'),
    /** Raised by every change, so two overlapping cron runs cannot both apply one (compare-and-set). */
    version: integer('version').notNull().default(1),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('subscriptions_renewal').on(t.nextRenewalAttemptAt)],
)

/** A payment we asked the provider for. Amounts in kopecks; prices come only from the server's table. */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    /** The plan bought (null for a card binding). */
    plan: text('tariff', { enum: PLAN_NAMES }),
    months: integer('months').notNull().default(1),
    /** The plan's price before the discount and Fasties, and what the card was charged. */
    listAmountKopecks: integer('list_amount_kopecks').notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    /** Fasties that paid part of the plan (debited from the wallet when the payment succeeds). */
    fastiesUsed: integer('fasties_used').notNull().default(0),
    promoCodeId: text('promo_code_id'),
    /** The provider's payment id (null until the provider answered the create). */
    providerPaymentId: text('provider_payment_id'),
    /** Sent as `Idempotence-Key` on the create, so a retried create never charges twice. */
    idempotenceKey: text('idempotence_key').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** The provider's cancellation reason, as it said it (for the history and the notice). */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: integer('completed_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_id').on(t.providerPaymentId),
    uniqueIndex('payments_idempotence_key').on(t.idempotenceKey),
    index('payments_user').on(t.userId, t.createdAt),
  ],
)

/** The wallet of Fasties: append-only; the balance is the sum of a user's entries and never negative. */
export const walletEntries = sqliteTable(
  'wallet_entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed whole Fasties: credits positive, debits negative. */
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: WALLET_REASONS }).notNull(),
    paymentId: text('payment_id'),
    promoCodeId: text('promo_code_id'),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_entries_user').on(t.userId, t.createdAt)],
)

export const promoCodes = sqliteTable(
  'promo_codes',
  {
    id: text('id').primaryKey(),
    /** Upper-cased; what the specialist types. */
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** Percent off (1..100) for a discount, whole Fasties for a credit. */
    value: integer('value').notNull(),
    validFrom: integer('valid_from'),
    validUntil: integer('valid_until'),
    /** How many accounts may use it; null = no limit. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code').on(t.code)],
)

/** Each code once per account: the primary key refuses a second use. */
export const promoRedemptions = sqliteTable(
  'promo_redemptions',
  {
    promoCodeId: text('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.userId] })],
)

/** Home page advertising cards (SPEC §7 `PUT /eventAdvertising/{id}/isClosed`) a specialist closed for good. */
export const advertisingClosures = sqliteTable(
  'advertising_closures',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    isConsentMailing: integer('is_consent_mailing', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] })],
)

/**
 * The development-only checkout (API-CONTRACT.md "Plans and payments"): without a provider key, the dev provider
 * keeps its payments here and `/dev/checkout/{id}` plays the provider's confirmation page. Never used in production.
 */
export const devCheckoutPayments = sqliteTable('dev_checkout_payments', {
  id: text('id').primaryKey(),
  amountKopecks: integer('amount_kopecks').notNull(),
  description: text('description').notNull(),
  /** The provider's JSON request as sent (metadata, receipt, save_payment_method, return_url, payment_method_id). */
  request: text('request', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  status: text('status').notNull().default('pending'),
  paymentMethodId: text('payment_method_id'),
  cardLast4: text('card_last4'),
  cancellationReason: text('cancellation_reason'),
  createdAt: createdAt(),
})
