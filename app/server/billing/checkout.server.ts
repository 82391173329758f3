/**
 * The specialist's billing actions (docs/decisions/0095-plans-and-payments.md), shared by the pages and the JSON API:
 * start the trial by binding a card, pay for a plan, choose or cancel the renewal, redeem a Fasties code; and the
 * two ways a payment's outcome arrives: the provider's notification and the browser's return.
 */
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  CARD_BINDING_KOPECKS,
  PAYMENT_MONTHS,
  type PaymentMonths,
  type PurchasablePlan,
  isPurchasable,
  quote,
} from '#app/domain/billing/quote.ts'
import { canStartTrial } from '#app/domain/billing/trial.ts'
import { newId } from '#app/domain/ids.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { payments, walletEntries } from '#db/schema.ts'
import { type CreatePayment, PaymentProviderError } from '../payments/provider.server.ts'
import { refuse } from '../refusal.server.ts'
import { type Settled, settleFailure, settlePayment } from './settle.server.ts'
import {
  type BillingDeps,
  type BillingUser,
  type PaymentRow,
  billingUser,
  ensureSubscription,
  findPayment,
  readSubscription,
  redeemPromo,
  runGuarded,
  unlessChanged,
  updateSubscription,
  usablePromo,
  walletBalance,
} from './store.server.ts'

/**
 * `POST /tariff/pay` and the plans page's form: the plan, the months, a promo code, whether to spend Fasties. The
 * plan's field is `tariff`, as API-CONTRACT.md names it (the form posts the same name).
 */
export const PayPlanSchema = z.object({
  tariff: z.string(),
  months: z.coerce.number().int().default(1),
  promoCode: z.string().trim().max(64).optional(),
  /** A form's checkbox sends "on"; JSON sends a boolean. */
  useFasties: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
})
export type PayPlanInput = z.infer<typeof PayPlanSchema>

/** `PUT /tariff/autoRenew` and the plans page's renewal form: the plan to continue on, and its months. */
export const RenewalSchema = z.object({ tariff: z.string(), months: z.number().int().default(1) })

/** `POST /wallet/promoCode` and the wallet page's form: a Fasties code. */
export const PromoSchema = z.object({ promoCode: z.string().trim().min(1).max(64) })

/** A return address given by the client: only our own origin (an absolute URL or a path), else refused. */
export function ownUrl(deps: Pick<BillingDeps, 'env'>, raw: string | null | undefined, fallback: string): string {
  if (!raw) return new URL(fallback, deps.env.APP_URL).toString()
  let url: URL
  try {
    url = new URL(raw, deps.env.APP_URL)
  } catch {
    refuse('returnUrlRefused', 'successURL')
  }
  if (url.origin !== new URL(deps.env.APP_URL).origin) refuse('returnUrlRefused', 'successURL')
  return url.toString()
}

/** Where the provider sends the browser back: our return page, which reads the payment (ADR 0095). */
function returnUrl(deps: BillingDeps, paymentId: string, extra: Record<string, string> = {}) {
  const url = new URL('/tariff/return', deps.env.APP_URL)
  url.searchParams.set('payment', paymentId)
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value)
  return url.toString()
}

async function requireUserRow(deps: BillingDeps, userId: string): Promise<BillingUser> {
  const user = await billingUser(deps.db, userId)
  if (!user) refuse('notFound')
  return user
}

/** Sends a recorded payment to the provider and keeps its id; the payer confirms at the answer's URL. */
async function sendToProvider(
  deps: BillingDeps,
  payment: PaymentRow,
  request: Omit<CreatePayment, 'idempotenceKey' | 'metadata' | 'amountKopecks'>,
) {
  try {
    const remote = await deps.provider.createPayment({
      ...request,
      idempotenceKey: payment.idempotenceKey,
      amountKopecks: payment.amountKopecks,
      metadata: { paymentId: payment.id, userId: payment.userId },
    })
    await deps.db.update(payments).set({ providerPaymentId: remote.id }).where(eq(payments.id, payment.id))
    return { ...payment, providerPaymentId: remote.id, remote }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    console.warn('billing: the provider refused or is unreachable', payment.id, error.message)
    await settleFailure(deps, payment, 'provider_unavailable')
    refuse('paymentUnavailable')
  }
}

/**
 * A new payment. The Fasties it uses are reserved in the same batch (a debit that writes nothing when the balance no
 * longer covers them, and then the whole batch, payment included, writes nothing): two payments racing for the same
 * Fasties cannot both have them. A payment that does not go through gives them back (settleFailure).
 */
async function insertPayment(deps: BillingDeps, values: Omit<typeof payments.$inferInsert, 'id' | 'idempotenceKey'>) {
  const { db, now } = deps
  const id = newId(now)
  const insert = db
    .insert(payments)
    .values({ ...values, id, idempotenceKey: `${values.kind}:${id}`, createdAt: now })
    .returning()
  const fasties = values.fastiesUsed ?? 0
  if (fasties === 0) return (await insert)[0]
  const entryId = newId(now)
  const reserve = db.insert(walletEntries).select(
    sql`SELECT ${entryId}, ${values.userId}, ${-fasties}, 'planPayment', ${id}, NULL, ${now}
      WHERE (SELECT coalesce(sum(amount), 0) FROM wallet_entries WHERE user_id = ${values.userId}) >= ${fasties}`,
  )
  if (!(await runGuarded(db, [insert, reserve, unlessChanged(db)]))) refuse('fastiesChanged')
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return row
}

/** `POST /clientCard/startDemo`: a 1 RUB authorisation that saves the card; its success starts the trial. */
export async function startTrial(
  deps: BillingDeps,
  userId: string,
  urls: { success?: string | null; fail?: string | null },
) {
  const user = await requireUserRow(deps, userId)
  const success = ownUrl(deps, urls.success, '/tariff')
  const fail = ownUrl(deps, urls.fail, '/tariff')
  const subscription = await readSubscription(deps.db, userId)
  if (!canStartTrial(user.plan, subscription)) refuse('trialUnavailable')
  await ensureSubscription(deps.db, userId, deps.now)
  const payment = await insertPayment(deps, {
    userId,
    kind: 'cardBinding',
    listAmountKopecks: CARD_BINDING_KOPECKS,
    amountKopecks: CARD_BINDING_KOPECKS,
  })
  const sent = await sendToProvider(deps, payment, {
    description: getT(user.culture)('billing:receipt.cardBinding'),
    capture: false,
    savePaymentMethod: true,
    returnUrl: returnUrl(deps, payment.id, { success, fail }),
    customerEmail: user.email,
  })
  return { paymentId: payment.id, confirmationUrl: sent.remote.confirmationUrl ?? returnUrl(deps, payment.id) }
}

/** `POST /tariff/pay`: the price from the server's table, a promo code, Fasties; the payer confirms at the provider. */
export async function payPlan(deps: BillingDeps, userId: string, input: PayPlanInput) {
  const user = await requireUserRow(deps, userId)
  if (!isPurchasable(input.tariff)) refuse('planNotPurchasable', 'tariff')
  if (!(PAYMENT_MONTHS as readonly number[]).includes(input.months)) refuse('paymentMonths', 'months')
  const promo = input.promoCode ? await usablePromo(deps.db, userId, input.promoCode, deps.now) : null
  const balance = await walletBalance(deps.db, userId)
  const price = quote({
    plan: input.tariff as PurchasablePlan,
    months: input.months as PaymentMonths,
    discountPercent: promo?.kind === 'discountPercent' ? promo.value : 0,
    walletBalance: balance,
    fastiesWanted: input.useFasties ? balance : 0,
  })
  await ensureSubscription(deps.db, userId, deps.now)
  const payment = await insertPayment(deps, {
    userId,
    kind: 'purchase',
    plan: input.tariff,
    months: input.months,
    listAmountKopecks: price.listKopecks,
    amountKopecks: price.amountKopecks,
    fastiesUsed: price.fastiesUsed,
    promoCodeId: promo?.id ?? null,
  })
  // Nothing left to charge: the plan is applied at once, without the provider.
  if (price.amountKopecks === 0) {
    await settlePayment(deps, payment, null)
    return { paymentId: payment.id, confirmationUrl: returnUrl(deps, payment.id) }
  }
  const t = getT(user.culture)
  const sent = await sendToProvider(deps, payment, {
    description: t('billing:receipt.plan', { plan: t(`billing:plans.${input.tariff}.name`), count: input.months }),
    capture: true,
    savePaymentMethod: true,
    returnUrl: returnUrl(deps, payment.id),
    customerEmail: user.email,
  })
  return { paymentId: payment.id, confirmationUrl: sent.remote.confirmationUrl ?? returnUrl(deps, payment.id) }
}

/** `DELETE /tariff/autoRenew`: no renewal; the plan stays until its end. */
export async function cancelAutoRenew(deps: BillingDeps, userId: string) {
  const subscription = await readSubscription(deps.db, userId)
  if (!subscription?.autoRenew) return
  await deps.db.batch([updateSubscription(deps.db, subscription, { autoRenew: false }, deps.now)])
}

/** Continue on a paid plan at the end (of the trial, or again after a cancel): renewal by the saved card. */
export async function chooseRenewal(deps: BillingDeps, userId: string, input: { tariff: string; months: number }) {
  if (!isPurchasable(input.tariff)) refuse('planNotPurchasable', 'tariff')
  if (!(PAYMENT_MONTHS as readonly number[]).includes(input.months)) refuse('paymentMonths', 'months')
  const subscription = await readSubscription(deps.db, userId)
  if (!subscription?.paymentMethodId) refuse('noSavedCard')
  await deps.db.batch([
    updateSubscription(
      deps.db,
      subscription,
      { autoRenew: true, renewPlan: input.tariff, renewMonths: input.months },
      deps.now,
    ),
  ])
}

/** A Fasties code on /wallet: credited at once, once per account. */
export async function redeemFastiesCode(deps: BillingDeps, userId: string, raw: string) {
  const promo = await usablePromo(deps.db, userId, raw, deps.now)
  if (promo.kind !== 'fasties') refuse('promoNotFasties', 'promoCode')
  const ok = await runGuarded(deps.db, [
    ...redeemPromo(deps.db, { promo, userId, paymentId: null, strict: true }, deps.now),
    deps.db.insert(walletEntries).values({
      id: newId(deps.now),
      userId,
      amount: promo.value,
      reason: 'promoCode',
      promoCodeId: promo.id,
      createdAt: deps.now,
    }),
  ])
  if (!ok) refuse('promoAlreadyUsed', 'promoCode')
  return { credited: promo.value }
}

/** Reads one of our payments back from the provider and applies it (a failure to read changes nothing). */
async function refresh(deps: BillingDeps, payment: PaymentRow): Promise<Settled> {
  if (payment.status !== 'pending') return 'unchanged'
  if (!payment.providerPaymentId) return settlePayment(deps, payment, null)
  try {
    const remote = await deps.provider.getPayment(payment.providerPaymentId)
    // A final outcome that lost its batch to a concurrent change of the subscription (its version moved on) is
    // applied again from fresh rows: the provider does not repeat a notification it got a 200 for.
    let current: PaymentRow | null = payment
    for (let attempt = 0; attempt < 3 && current?.status === 'pending'; attempt++) {
      if ((await settlePayment(deps, current, remote)) === 'applied') return 'applied'
      if (remote.status === 'pending') break
      current = await findPayment(deps.db, { id: payment.id })
    }
    return 'unchanged'
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      console.warn('billing: could not read the payment back', payment.id, error.message)
      return 'unchanged'
    }
    throw error
  }
}

/** A purchase still pending this long is read back by the hourly run (its notification and return never came). */
export const STALE_PENDING_MS = 24 * 3_600_000
/** Past this age the sweep stops asking (the provider has long canceled an unconfirmed payment; one it still cannot
 * be read back after this long is for support, so it never crowds the newer ones out of the batch). */
export const SWEEP_GIVE_UP_MS = 10 * 24 * 3_600_000
const SWEEP_BATCH = 50

/**
 * The hourly sweep of purchases left pending (ADR 0095 "Update: pending purchases are swept"): the Fasties a payment
 * reserved at creation stay reserved while it is pending, so one whose browser never came back and whose
 * notification never arrived is read back from the provider after STALE_PENDING_MS and settled like a notification
 * (a canceled one gives its Fasties back; one still pending there is left for the next run). Oldest first, a batch
 * per run; the settle itself is guarded, so an overlapping run or a late notification applies nothing twice.
 * Renewals are left to the renewal's own retries (same Idempotence-Key), which already read them back.
 */
export async function sweepPendingPayments(deps: BillingDeps): Promise<number> {
  const stale = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        ne(payments.kind, 'renewal'),
        lte(payments.createdAt, deps.now - STALE_PENDING_MS),
        gte(payments.createdAt, deps.now - SWEEP_GIVE_UP_MS),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(SWEEP_BATCH)
  let settled = 0
  for (const payment of stale) if ((await refresh(deps, payment)) === 'applied') settled++
  return settled
}

/**
 * `POST /payments/notifications`: only the payment id is read; the payment is read back from the provider. Unknown,
 * forged or repeated notifications change nothing.
 */
export async function handleNotification(deps: BillingDeps, body: unknown): Promise<Settled> {
  const id = (body as { object?: { id?: unknown } } | null)?.object?.id
  if (typeof id !== 'string' || id.length > 100) return 'unchanged'
  const payment = await findPayment(deps.db, { providerPaymentId: id })
  if (!payment) return 'unchanged'
  return refresh(deps, payment)
}

export type ReturnOutcome = { kind: PaymentRow['kind']; status: PaymentRow['status'] }

/** The browser is back from the provider: read the payment now (not waiting for the notification). Null: not theirs. */
export async function returnFromProvider(
  deps: BillingDeps,
  userId: string,
  paymentId: string,
): Promise<ReturnOutcome | null> {
  const payment = await findPayment(deps.db, { id: paymentId, userId })
  if (!payment) return null
  await refresh(deps, payment)
  const after = await findPayment(deps.db, { id: paymentId, userId })
  return after ? { kind: after.kind, status: after.status } : null
}
