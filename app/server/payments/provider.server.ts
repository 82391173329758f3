/**
 * The payment provider behind one small interface (docs/decisions/0095-plans-and-payments.md): YooKassa's API v3
 * when a key is configured, the development checkout without one in development, and a clear error at the first
 * use in production without one. Shapes follow YooKassa's payment object; amounts are kopecks on our side.
 */
import type { Db } from '../db.server.ts'
import { type AppEnv, isDevelopment } from '../env.server.ts'
import { createDevProvider } from './dev.server.ts'
import { createYookassaProvider } from './yookassa.server.ts'

export type Fetcher = typeof fetch
export const platformFetch: Fetcher = (input, init) => fetch(input, init)

/** YooKassa's payment statuses (https://yookassa.ru/developers/payment-acceptance/getting-started/payment-process). */
export type ProviderStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'

export type ProviderPayment = {
  id: string
  status: ProviderStatus
  amountKopecks: number
  /** Where the payer confirms the payment (the provider's page), while it is pending. */
  confirmationUrl: string | null
  /** The card used; `saved` when it can pay later without the payer (`payment_method_id`). */
  paymentMethod: { id: string; saved: boolean; last4: string | null } | null
  /** Why it was canceled, as the provider says it (`cancellation_details.reason`). */
  cancellationReason: string | null
  metadata: Record<string, string>
}

export type CreatePayment = {
  /** Sent as `Idempotence-Key`: the same key never creates a second payment. */
  idempotenceKey: string
  amountKopecks: number
  description: string
  /** false for the card binding: the payment is only authorised, then canceled. */
  capture: boolean
  savePaymentMethod: boolean
  /** A renewal: charge the saved card, no confirmation. */
  paymentMethodId?: string
  /** Where the payer's browser comes back (redirect confirmation); not with `paymentMethodId`. */
  returnUrl?: string
  metadata: { paymentId: string; userId: string }
  /** 54-FZ receipt: the customer's email; the one item is the description at the amount. */
  customerEmail: string
}

export interface PaymentProvider {
  createPayment(input: CreatePayment): Promise<ProviderPayment>
  getPayment(id: string): Promise<ProviderPayment>
  cancelPayment(id: string, idempotenceKey: string): Promise<ProviderPayment>
}

/** The provider said no, or could not be reached (`retryable`: a timeout, a 5xx or 429; try again later). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

function missingKey(): never {
  throw new Error(
    'YooKassa is not configured: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY (`wrangler secret put YOOKASSA_SECRET_KEY`)',
  )
}

export function paymentProvider(db: Db, env: AppEnv, fetcher: Fetcher = platformFetch): PaymentProvider {
  if (env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY) return createYookassaProvider(env, fetcher)
  if (isDevelopment(env)) return createDevProvider(db, env)
  const missing = async () => missingKey()
  return { createPayment: missing, getPayment: missing, cancelPayment: missing }
}

/** Whether payments go to the development checkout (no provider key, development). */
export function usesDevCheckout(env: AppEnv): boolean {
  return isDevelopment(env) && !(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY)
}
