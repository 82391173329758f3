/**
 * A payment's outcome written once (docs/decisions/0095-plans-and-payments.md): the payment's status, the plan in
 * force (`users.plan`, `users.planValidUntil`), the subscription, wallet entries, the promo redemption, the notice and
 * the email, in one D1 batch that starts with the payment's `status = 'pending'` compare-and-set and the
 * subscription's version, each followed by `unlessChanged`: a repeated notification, the return page and the
 * notification racing, or an overlapping cron run, apply it once.
 */
import { and, eq } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { addMonths, afterRenewalFailure, paidPeriodEnd } from '#app/domain/billing/renewal.ts'
import { canStartTrial, trialEndsAt } from '#app/domain/billing/trial.ts'
import { newId } from '#app/domain/ids.ts'
import { payments, promoCodes, users, walletEntries } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { ProviderPayment } from '../payments/provider.server.ts'
import { billingMessages } from './messages.server.ts'
import {
  type BillingDeps,
  type BillingUser,
  type PaymentRow,
  type SubscriptionRow,
  billingUser,
  ensureSubscription,
  redeemPromo,
  runGuarded,
  unlessChanged,
  updateSubscription,
} from './store.server.ts'

export type Settled = 'applied' | 'unchanged'

function closePayment(db: Db, payment: PaymentRow, status: 'succeeded' | 'canceled', now: number, reason?: string) {
  return db
    .update(payments)
    .set({ status, completedAt: now, failureReason: reason ?? null })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
}

/**
 * A succeeded payment's batch: the payment closed and the subscription updated, each only when nobody changed it
 * meanwhile, then `rest`. False when another settle of the same payment came first (nothing is written).
 */
function settleSucceeded(
  db: Db,
  payment: PaymentRow,
  subscription: SubscriptionRow,
  set: Partial<SubscriptionRow>,
  now: number,
  rest: BatchItem<'sqlite'>[],
) {
  return runGuarded(db, [
    closePayment(db, payment, 'succeeded', now),
    unlessChanged(db),
    updateSubscription(db, subscription, set, now),
    unlessChanged(db),
    ...rest,
  ])
}

function setPlan(db: Db, userId: string, plan: BillingUser['plan'], validUntil: number | null) {
  return db.update(users).set({ plan, planValidUntil: validUntil }).where(eq(users.id, userId))
}

/** Whether the provider's payment is the one we created (our id in its metadata, the same amount). */
function matches(payment: PaymentRow, remote: ProviderPayment): boolean {
  return remote.metadata.paymentId === payment.id && remote.amountKopecks === payment.amountKopecks
}

const cardMask = (last4: string | null) => (last4 ? `•••• ${last4}` : null)

/** The card is bound: the trial starts (once per account, from Basic); otherwise the card is only kept. */
async function settleBinding(deps: BillingDeps, payment: PaymentRow, remote: ProviderPayment): Promise<Settled> {
  const { db, env, now } = deps
  const method = remote.paymentMethod
  if (!method?.saved) return settleFailure(deps, payment, remote.cancellationReason ?? 'payment_method_not_saved')
  if (remote.status === 'waiting_for_capture') {
    // Release the authorised ruble; the saved method stays. A failure here is not the payer's: YooKassa cancels
    // an uncaptured payment by itself after its hold period.
    await deps.provider
      .cancelPayment(remote.id, `cancel:${payment.id}`)
      .catch((error) => console.warn('billing: cancel of the card binding failed', payment.id, String(error)))
  }
  const [user, subscription] = await Promise.all([
    billingUser(db, payment.userId),
    ensureSubscription(db, payment.userId, now),
  ])
  if (!user) return 'unchanged'
  const card = { paymentMethodId: method.id, cardMask: cardMask(method.last4) }
  const starts = canStartTrial(user.plan, subscription)
  const validUntil = trialEndsAt(now)
  const trial = {
    isTrial: true,
    trialStartedAt: now,
    trialReminded2d: false,
    trialReminded1d: false,
    renewalFailures: 0,
    nextRenewalAttemptAt: null,
  }
  const ok = await settleSucceeded(db, payment, subscription, starts ? { ...card, ...trial } : card, now, [
    ...(starts
      ? [
          setPlan(db, user.id, 'Pro', validUntil),
          ...(await billingMessages(db, env, user, { kind: 'trialActivated', validUntil }, now)),
        ]
      : []),
  ])
  return ok ? 'applied' : 'unchanged'
}

/** A bought or renewed plan is paid: the plan moves, Fasties are debited, the code redeemed, the card kept. */
async function settlePaid(deps: BillingDeps, payment: PaymentRow, remote: ProviderPayment | null): Promise<Settled> {
  const { db, env, now } = deps
  const plan = payment.plan
  if (!plan) return 'unchanged'
  const [user, subscription] = await Promise.all([
    billingUser(db, payment.userId),
    ensureSubscription(db, payment.userId, now),
  ])
  if (!user) return 'unchanged'
  const renewal = payment.kind === 'renewal'
  const validUntil =
    renewal && user.planValidUntil !== null
      ? addMonths(user.planValidUntil, payment.months)
      : paidPeriodEnd(
          { plan: user.plan, validUntil: user.planValidUntil, isTrial: subscription.isTrial },
          { plan, months: payment.months },
          now,
        )
  const method = remote?.paymentMethod?.saved ? remote.paymentMethod : null
  const [promo] = payment.promoCodeId
    ? await db.select().from(promoCodes).where(eq(promoCodes.id, payment.promoCodeId)).limit(1)
    : []
  const paid = {
    isTrial: false,
    autoRenew: renewal ? subscription.autoRenew : Boolean(method ?? subscription.paymentMethodId),
    renewPlan: plan,
    renewMonths: payment.months,
    renewalFailures: 0,
    nextRenewalAttemptAt: null,
    ...(method ? { paymentMethodId: method.id, cardMask: cardMask(method.last4) } : {}),
  }
  const ok = await settleSucceeded(db, payment, subscription, paid, now, [
    setPlan(db, user.id, plan, validUntil),
    // Its Fasties were reserved when it was created (reserveFasties): nothing to debit here.
    ...(promo ? redeemPromo(db, { promo, userId: user.id, paymentId: payment.id }, now) : []),
    ...(promo?.kind === 'fasties'
      ? [
          db.insert(walletEntries).values({
            id: newId(now),
            userId: user.id,
            amount: promo.value,
            reason: 'promoCode',
            paymentId: payment.id,
            promoCodeId: promo.id,
            createdAt: now,
          }),
        ]
      : []),
    ...(await billingMessages(db, env, user, { kind: renewal ? 'renewed' : 'paid', plan, validUntil }, now)),
  ])
  return ok ? 'applied' : 'unchanged'
}

/**
 * The payment did not go through. A purchase or a binding is only marked; a renewal counts a failure: a retry a day
 * later with a notice, or (the retries spent) the account moves down to Basic.
 */
export async function settleFailure(deps: BillingDeps, payment: PaymentRow, reason: string): Promise<Settled> {
  const { db, env, now } = deps
  if (payment.kind !== 'renewal') {
    const ok = await runGuarded(db, [
      closePayment(db, payment, 'canceled', now, reason),
      unlessChanged(db),
      // The Fasties reserved for it go back, once (the guard above stops a second run).
      ...(payment.fastiesUsed > 0
        ? [
            db.insert(walletEntries).values({
              id: newId(now),
              userId: payment.userId,
              amount: payment.fastiesUsed,
              reason: 'refund',
              paymentId: payment.id,
              createdAt: now,
            }),
          ]
        : []),
    ])
    return ok ? 'applied' : 'unchanged'
  }
  const [user, subscription] = await Promise.all([
    billingUser(db, payment.userId),
    ensureSubscription(db, payment.userId, now),
  ])
  if (!user || !payment.plan) return 'unchanged'
  const after = afterRenewalFailure(subscription.renewalFailures, now)
  const ok = await runGuarded(db, [
    closePayment(db, payment, 'canceled', now, reason),
    unlessChanged(db),
    updateSubscription(
      db,
      subscription,
      after.downgrade
        ? { isTrial: false, renewalFailures: 0, nextRenewalAttemptAt: null }
        : { renewalFailures: after.failures, nextRenewalAttemptAt: after.nextAttemptAt },
      now,
    ),
    unlessChanged(db),
    ...(after.downgrade ? [setPlan(db, user.id, 'Basic', null)] : []),
    ...(await billingMessages(
      db,
      env,
      user,
      after.downgrade
        ? { kind: 'planEnded', plan: user.plan }
        : { kind: 'renewalFailed', plan: payment.plan, nextAttemptAt: after.nextAttemptAt },
      now,
    )),
  ])
  return ok ? 'applied' : 'unchanged'
}

/**
 * Applies what the provider says of one of our payments (read back from the provider, never from a notification's
 * body). Anything not ours, not pending any more, or still in progress changes nothing.
 */
export async function settlePayment(
  deps: BillingDeps,
  payment: PaymentRow,
  remote: ProviderPayment | null,
): Promise<Settled> {
  if (payment.status !== 'pending') return 'unchanged'
  // A payment nothing was left to charge for (a 100 % code) never went to the provider.
  if (!remote)
    return payment.amountKopecks === 0 && !payment.providerPaymentId ? settlePaid(deps, payment, null) : 'unchanged'
  if (remote.id !== payment.providerPaymentId || !matches(payment, remote)) {
    console.warn('billing: the provider payment does not match ours', payment.id, remote.id)
    return 'unchanged'
  }
  if (remote.status === 'pending') return 'unchanged'
  // A binding we canceled ourselves (the ruble released) whose batch did not get written: the card is still saved.
  const released = remote.cancellationReason === 'canceled_by_merchant' && remote.paymentMethod?.saved
  if (payment.kind === 'cardBinding' && released) return settleBinding(deps, payment, remote)
  if (remote.status === 'canceled') return settleFailure(deps, payment, remote.cancellationReason ?? 'canceled')
  if (payment.kind === 'cardBinding') return settleBinding(deps, payment, remote)
  if (remote.status === 'succeeded') return settlePaid(deps, payment, remote)
  return 'unchanged'
}
