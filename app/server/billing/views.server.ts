/** What the plans and wallet pages and the API show (API-CONTRACT.md "Plans and payments"). */
import { desc, eq } from 'drizzle-orm'
import { isPurchasable, listPriceKopecks } from '#app/domain/billing/quote.ts'
import { canStartTrial } from '#app/domain/billing/trial.ts'
import { PLAN_PRICES_RUB } from '#app/domain/constants.ts'
import { PLAN_NAMES } from '#app/domain/enums.ts'
import { CAPABILITIES, PLANS } from '#app/domain/plans.ts'
import { payments, walletEntries } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { billingUser, readSubscription, walletBalance } from './store.server.ts'

/** `GET /definitions/tariffs`: every plan from the one matrix and the one price table. */
export function planDefinitions() {
  return PLAN_NAMES.map((name) => ({
    name,
    priceRub: PLAN_PRICES_RUB[name],
    isPurchasable: isPurchasable(name),
    capabilities: CAPABILITIES.filter((capability) => PLANS[name].capabilities.has(capability)),
    limits: PLANS[name].limits,
  }))
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** `GET /tariff/subscription`: the plan in force, the trial, the card and the next payment. */
export async function subscriptionView(db: Db, userId: string) {
  const [user, subscription] = await Promise.all([billingUser(db, userId), readSubscription(db, userId)])
  if (!user) return null
  const renews =
    subscription?.autoRenew && subscription.paymentMethodId && subscription.renewPlan && user.planValidUntil !== null
  return {
    tariff: user.plan,
    isTrial: Boolean(subscription?.isTrial && user.plan !== 'Basic'),
    validUntil: iso(user.planValidUntil),
    autoRenew: Boolean(subscription?.autoRenew),
    renewTariff: subscription?.renewPlan ?? null,
    trialUsed: !canStartTrial('Basic', subscription),
    canStartTrial: canStartTrial(user.plan, subscription),
    card: subscription?.cardMask ? { mask: subscription.cardMask } : null,
    nextPayment:
      renews && subscription.renewPlan
        ? {
            tariff: subscription.renewPlan,
            amountRub: listPriceKopecks(subscription.renewPlan, subscription.renewMonths) / 100,
            date: iso(Math.max(user.planValidUntil ?? 0, subscription.nextRenewalAttemptAt ?? 0)),
          }
        : null,
    renewalFailures: subscription?.renewalFailures ?? 0,
  }
}
export type SubscriptionView = NonNullable<Awaited<ReturnType<typeof subscriptionView>>>

/** The payment history, newest first (card bindings included: the page says what each was). */
export async function paymentHistory(db: Db, userId: string, limit = 50) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    plan: row.plan,
    months: row.months,
    amountRub: row.amountKopecks / 100,
    listAmountRub: row.listAmountKopecks / 100,
    fastiesUsed: row.fastiesUsed,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
  }))
}

/** `GET /wallet`: the balance and the ledger, newest first. */
export async function walletView(db: Db, userId: string, limit = 100) {
  const [balance, entries] = await Promise.all([
    walletBalance(db, userId),
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(limit),
  ])
  return {
    balance,
    entries: entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      reason: entry.reason,
      createdAt: new Date(entry.createdAt).toISOString(),
    })),
  }
}
