/** Reads and small writes of billing rows shared by the flows (docs/decisions/0095-plans-and-payments.md). */
import { and, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { normalizePromoCode, type PromoProblem, promoProblem } from '#app/domain/billing/promo.ts'
import type { RefusalCode } from '#app/domain/refusal.ts'
import { payments, promoCodes, promoRedemptions, subscriptions, users, walletEntries } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import type { Fetcher, PaymentProvider } from '../payments/provider.server.ts'
import { refuse } from '../refusal.server.ts'

/** What every billing flow works with; `provider` is chosen by configuration (payments/provider.server.ts). */
export type BillingDeps = { db: Db; env: AppEnv; now: number; provider: PaymentProvider; fetcher?: Fetcher }

export type PaymentRow = typeof payments.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
export type PromoRow = typeof promoCodes.$inferSelect

/**
 * The statement after a conditional update in a batch: it fails the batch (an error rolls a D1 batch back) when that
 * update changed no row, so a repeated notification or an overlapping cron run writes nothing at all. SQLite's
 * `changes()` counts the previous statement's rows; `json()` of a non-JSON text raises. No parameters: drizzle's D1
 * batch binds none for `db.run`.
 */
export function unlessChanged(db: Db) {
  return db.run(sql.raw(`SELECT CASE WHEN changes() = 0 THEN json('${STALE}') END`))
}
const STALE = 'billing: stale write'

/** Whether a failed batch was stopped by `unlessChanged` (someone else applied it first). */
export function isStaleWrite(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current)
    if (/malformed JSON/i.test(message)) return true
    current = current instanceof Error ? current.cause : undefined
  }
  return false
}

/** Runs a guarded batch; false when a guard stopped it (nothing was written). */
export async function runGuarded(db: Db, statements: BatchItem<'sqlite'>[]): Promise<boolean> {
  const [first, ...rest] = statements
  try {
    await db.batch([first, ...rest])
    return true
  } catch (error) {
    if (isStaleWrite(error)) return false
    throw error
  }
}

export async function readSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1)
  return row ?? null
}

/** The subscription row, created empty (Basic, trial unused) when the account has none yet. */
export async function ensureSubscription(db: Db, userId: string, now: number): Promise<SubscriptionRow> {
  await db.insert(subscriptions).values({ userId, updatedAt: now }).onConflictDoNothing()
  return (await readSubscription(db, userId)) as SubscriptionRow
}

/** The compare-and-set of a subscription change: only the version read changes, and it moves on. */
export function updateSubscription(db: Db, row: SubscriptionRow, set: Partial<SubscriptionRow>, now: number) {
  return db
    .update(subscriptions)
    .set({ ...set, version: row.version + 1, updatedAt: now })
    .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.version, row.version)))
}

export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amount}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
  return Number(row?.balance ?? 0)
}

export async function billingUser(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      culture: users.culture,
      timeZone: users.timeZone,
      plan: users.plan,
      planValidUntil: users.planValidUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return user ?? null
}
export type BillingUser = NonNullable<Awaited<ReturnType<typeof billingUser>>>

const PROMO_REFUSALS: Record<PromoProblem, RefusalCode> = {
  unknown: 'promoUnknown',
  notYetValid: 'promoNotYetValid',
  expired: 'promoExpired',
  exhausted: 'promoExhausted',
  alreadyUsed: 'promoAlreadyUsed',
}

/** A promo code this account may use now, or why not (null row = unknown). */
export async function checkPromo(db: Db, userId: string, raw: string, now: number) {
  const code = normalizePromoCode(raw)
  const [row] = code ? await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1) : []
  const [used] = row
    ? await db
        .select({ userId: promoRedemptions.userId })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.promoCodeId, row.id), eq(promoRedemptions.userId, userId)))
        .limit(1)
    : []
  const problem = promoProblem(row ?? null, { now, usedByAccount: Boolean(used) })
  return { row: row ?? null, problem }
}

/** The promo code, or the refusal of its problem (field `promoCode`). */
export async function usablePromo(db: Db, userId: string, raw: string, now: number): Promise<PromoRow> {
  const { row, problem } = await checkPromo(db, userId, raw, now)
  if (problem || !row) refuse(PROMO_REFUSALS[problem ?? 'unknown'], 'promoCode')
  return row
}

/**
 * The redemption of a code by an account, with its use counted. A second redemption by the account inserts nothing
 * (the primary key); `strict` then stops the whole batch (the wallet's redemption), otherwise (a paid plan, whose
 * payment must be recorded anyway) the batch goes on.
 */
export function redeemPromo(
  db: Db,
  input: { promo: PromoRow; userId: string; paymentId: string | null; strict?: boolean },
  now: number,
) {
  return [
    db
      .insert(promoRedemptions)
      .values({ promoCodeId: input.promo.id, userId: input.userId, paymentId: input.paymentId, createdAt: now })
      .onConflictDoNothing(),
    ...(input.strict ? [unlessChanged(db)] : []),
    db
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(eq(promoCodes.id, input.promo.id)),
  ]
}

export async function findPayment(db: Db, where: { id?: string; providerPaymentId?: string; userId?: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        where.id ? eq(payments.id, where.id) : undefined,
        where.providerPaymentId ? eq(payments.providerPaymentId, where.providerPaymentId) : undefined,
        where.userId ? eq(payments.userId, where.userId) : undefined,
      ),
    )
    .limit(1)
  return row ?? null
}
