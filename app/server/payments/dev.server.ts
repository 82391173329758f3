/**
 * The development stand-in for the provider (API-CONTRACT.md "Plans and payments"): without a YooKassa key in
 * development, payments live in `dev_checkout_payments` and `/dev/checkout/{id}` plays YooKassa's confirmation page.
 * It answers in the provider's shapes, so everything above it runs as in production.
 */
import { and, eq, sql } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { devCheckoutPayments } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import {
  type CreatePayment,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './provider.server.ts'
import { createBody } from './yookassa.server.ts'

type DevRow = typeof devCheckoutPayments.$inferSelect
type DevRequest = ReturnType<typeof createBody> & { idempotenceKey: string; payment_method_id?: string }

export function devCheckoutUrl(env: AppEnv, id: string): string {
  return new URL(`/dev/checkout/${encodeURIComponent(id)}`, env.APP_URL).toString()
}

function view(row: DevRow, env: AppEnv): ProviderPayment {
  const request = row.request as DevRequest
  return {
    id: row.id,
    status: row.status as ProviderPayment['status'],
    amountKopecks: row.amountKopecks,
    confirmationUrl: row.status === 'pending' && !request.payment_method_id ? devCheckoutUrl(env, row.id) : null,
    paymentMethod: row.paymentMethodId
      ? { id: row.paymentMethodId, saved: request.save_payment_method === true, last4: row.cardLast4 }
      : null,
    cancellationReason: row.cancellationReason,
    metadata: request.metadata,
  }
}

export async function findDevPayment(db: Db, id: string) {
  const [row] = await db.select().from(devCheckoutPayments).where(eq(devCheckoutPayments.id, id)).limit(1)
  return row ?? null
}

/** What the payer did on the checkout page: paid with a card number, or declined (with the bank's reason). */
export type DevOutcome = { result: 'succeeded'; cardNumber: string } | { result: 'canceled'; reason: string }

/**
 * Completes a pending payment as the provider would: paid = authorised (`waiting_for_capture` when not captured)
 * or `succeeded`, the card saved when asked; declined = `canceled`. Null when it was not pending.
 */
export async function completeDevPayment(db: Db, env: AppEnv, id: string, outcome: DevOutcome) {
  const row = await findDevPayment(db, id)
  if (row?.status !== 'pending') return null
  const request = row.request as DevRequest
  const set =
    outcome.result === 'succeeded'
      ? {
          status: request.capture ? 'succeeded' : 'waiting_for_capture',
          paymentMethodId: `dev-pm-${newId()}`,
          cardLast4: outcome.cardNumber.slice(-4),
        }
      : { status: 'canceled', cancellationReason: outcome.reason }
  const [updated] = await db
    .update(devCheckoutPayments)
    .set(set)
    .where(and(eq(devCheckoutPayments.id, id), eq(devCheckoutPayments.status, 'pending')))
    .returning()
  return updated ? view(updated, env) : null
}

export function createDevProvider(db: Db, env: AppEnv): PaymentProvider {
  async function get(id: string) {
    const row = await findDevPayment(db, id)
    if (!row) throw new PaymentProviderError(`dev checkout: no payment ${id}`, false)
    return row
  }
  async function create(input: CreatePayment) {
    const [existing] = await db
      .select()
      .from(devCheckoutPayments)
      .where(sql`json_extract(${devCheckoutPayments.request}, '$.idempotenceKey') = ${input.idempotenceKey}`)
      .limit(1)
    if (existing) return view(existing, env)
    const request: DevRequest = { ...createBody(input, env.YOOKASSA_VAT_CODE), idempotenceKey: input.idempotenceKey }
    // A renewal charges a card an earlier checkout saved, at once; an unknown method is refused as the bank would.
    const saved = input.paymentMethodId
      ? (
          await db
            .select({ last4: devCheckoutPayments.cardLast4 })
            .from(devCheckoutPayments)
            .where(eq(devCheckoutPayments.paymentMethodId, input.paymentMethodId))
            .limit(1)
        )[0]
      : undefined
    const [row] = await db
      .insert(devCheckoutPayments)
      .values({
        id: `dev-${newId()}`,
        amountKopecks: input.amountKopecks,
        description: input.description,
        request,
        ...(input.paymentMethodId
          ? saved
            ? { status: 'succeeded', paymentMethodId: input.paymentMethodId, cardLast4: saved.last4 }
            : { status: 'canceled', cancellationReason: 'permission_revoked' }
          : {}),
      })
      .returning()
    return view(row, env)
  }
  return {
    createPayment: create,
    getPayment: async (id) => view(await get(id), env),
    async cancelPayment(id) {
      const row = await get(id)
      if (row.status === 'canceled') return view(row, env)
      if (row.status !== 'waiting_for_capture' && row.status !== 'pending')
        throw new PaymentProviderError(`dev checkout: ${id} is ${row.status}`, false)
      const [updated] = await db
        .update(devCheckoutPayments)
        .set({ status: 'canceled', cancellationReason: 'canceled_by_merchant' })
        .where(eq(devCheckoutPayments.id, id))
        .returning()
      return view(updated, env)
    },
  }
}
