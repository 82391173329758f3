/**
 * The hourly billing run (workers/cron/dispatcher.ts '0 * * * *'; docs/decisions/0095-plans-and-payments.md): trial
 * reminders at 2 days and 1 day, and at the end of a plan or trial its renewal by the saved card (retried a day apart)
 * or the move down to Basic, and the sweep of purchases left pending for a day. Every change is a compare-and-set on the subscription's version, so an overlapping run
 * sends, charges and moves nothing twice; a charge's attempt is claimed before the provider is called.
 */
import { and, eq, isNotNull, lte, ne } from 'drizzle-orm'
import { renewalStep } from '#app/domain/billing/renewal.ts'
import { DAY_MS, dueTrialReminder } from '#app/domain/billing/trial.ts'
import { newId } from '#app/domain/ids.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { payments, subscriptions, users } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { type Fetcher, PaymentProviderError, paymentProvider } from '../payments/provider.server.ts'
import { listPriceKopecks } from '#app/domain/billing/quote.ts'
import { billingMessages } from './messages.server.ts'
import { sweepPendingPayments } from './checkout.server.ts'
import { settleFailure, settlePayment } from './settle.server.ts'
import {
  type BillingDeps,
  type BillingUser,
  type SubscriptionRow,
  findPayment,
  runGuarded,
  unlessChanged,
  updateSubscription,
} from './store.server.ts'

export type BillingRunResult = { reminded: number; charged: number; movedDown: number; settled: number }

/** The accounts whose plan ends within the reminder window or has ended: each has a subscription and an end. */
async function candidates(db: Db, now: number) {
  return db
    .select({ subscription: subscriptions, user: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(ne(users.plan, 'Basic'), isNotNull(users.planValidUntil), lte(users.planValidUntil, now + 2 * DAY_MS)))
}

function billingUserOf(user: typeof users.$inferSelect): BillingUser {
  const { id, email, firstName, culture, timeZone, plan, planValidUntil } = user
  return { id, email, firstName, culture, timeZone, plan, planValidUntil }
}

async function remind(deps: BillingDeps, subscription: SubscriptionRow, user: BillingUser, validUntil: number) {
  const days = dueTrialReminder(
    { endsAt: validUntil, reminded2d: subscription.trialReminded2d, reminded1d: subscription.trialReminded1d },
    deps.now,
  )
  if (days === null) return false
  return runGuarded(deps.db, [
    // The nearer reminder marks the farther one sent too (a missed run never sends the 2-day one late).
    updateSubscription(deps.db, subscription, { trialReminded2d: true, trialReminded1d: days === 1 }, deps.now),
    unlessChanged(deps.db),
    ...(await billingMessages(deps.db, deps.env, user, { kind: 'trialReminder', days, validUntil }, deps.now)),
  ])
}

async function moveDown(deps: BillingDeps, subscription: SubscriptionRow, user: BillingUser) {
  const { db } = deps
  return runGuarded(db, [
    updateSubscription(db, subscription, { isTrial: false, renewalFailures: 0, nextRenewalAttemptAt: null }, deps.now),
    unlessChanged(db),
    db.update(users).set({ plan: 'Basic', planValidUntil: null }).where(eq(users.id, user.id)),
    ...(await billingMessages(
      db,
      deps.env,
      user,
      subscription.isTrial ? { kind: 'trialEnded' } : { kind: 'planEnded', plan: user.plan },
      deps.now,
    )),
  ])
}

/** One renewal attempt: claimed (version, next attempt a day later), recorded, then charged by the saved card. */
async function charge(
  deps: BillingDeps,
  subscription: SubscriptionRow,
  user: BillingUser,
  step: { plan: BillingUser['plan']; months: number; attempt: number },
) {
  const { db, now } = deps
  const claimed = await runGuarded(db, [
    updateSubscription(db, subscription, { nextRenewalAttemptAt: now + DAY_MS }, now),
    unlessChanged(db),
  ])
  if (!claimed || !subscription.paymentMethodId) return false
  // One key per period and attempt: a crashed run's retry finds the same payment, and the provider charges once.
  const idempotenceKey = `renewal:${user.id}:${user.planValidUntil}:${step.attempt}`
  const amount = listPriceKopecks(step.plan, step.months)
  await db
    .insert(payments)
    .values({
      id: newId(now),
      userId: user.id,
      kind: 'renewal',
      plan: step.plan,
      months: step.months,
      listAmountKopecks: amount,
      amountKopecks: amount,
      idempotenceKey,
      createdAt: now,
    })
    .onConflictDoNothing()
  const [payment] = await db.select().from(payments).where(eq(payments.idempotenceKey, idempotenceKey)).limit(1)
  if (payment?.status !== 'pending') return false
  const t = getT(user.culture)
  try {
    const remote = await deps.provider.createPayment({
      idempotenceKey,
      amountKopecks: payment.amountKopecks,
      description: t('billing:receipt.plan', { plan: t(`billing:plans.${step.plan}.name`), count: step.months }),
      capture: true,
      savePaymentMethod: false,
      paymentMethodId: subscription.paymentMethodId,
      metadata: { paymentId: payment.id, userId: user.id },
      customerEmail: user.email,
    })
    await db.update(payments).set({ providerPaymentId: remote.id }).where(eq(payments.id, payment.id))
    const recorded = await findPayment(db, { id: payment.id })
    if (recorded) await settlePayment(deps, recorded, remote)
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    // Unreachable: the payment stays pending and the next attempt (a day later) asks with the same key. Refused: a
    // failed attempt like a declined card.
    console.warn('billing: renewal charge failed', payment.id, error.message)
    if (!error.retryable) await settleFailure(deps, payment, 'provider_refused')
  }
  return true
}

export async function runBilling(
  db: Db,
  env: AppEnv,
  now: number,
  options: { fetcher?: Fetcher } = {},
): Promise<BillingRunResult> {
  const deps: BillingDeps = { db, env, now, provider: paymentProvider(db, env, options.fetcher) }
  // Purchases left pending for a day are read back first (their reserved Fasties come back if they failed).
  const result: BillingRunResult = { reminded: 0, charged: 0, movedDown: 0, settled: await sweepPendingPayments(deps) }
  const rows = await candidates(db, now)
  for (const row of rows) {
    const user = billingUserOf(row.user)
    const validUntil = user.planValidUntil as number
    if (row.subscription.isTrial && now < validUntil) {
      if (await remind(deps, row.subscription, user, validUntil)) result.reminded++
      continue
    }
    const step = renewalStep(
      {
        plan: user.plan,
        validUntil,
        autoRenew: row.subscription.autoRenew,
        renewPlan: row.subscription.renewPlan,
        renewMonths: row.subscription.renewMonths,
        paymentMethodId: row.subscription.paymentMethodId,
        renewalFailures: row.subscription.renewalFailures,
        nextRenewalAttemptAt: row.subscription.nextRenewalAttemptAt,
      },
      now,
    )
    if (step.kind === 'downgrade' && (await moveDown(deps, row.subscription, user))) result.movedDown++
    if (step.kind === 'charge' && (await charge(deps, row.subscription, user, step))) result.charged++
  }
  return result
}
