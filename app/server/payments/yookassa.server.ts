/**
 * YooKassa API v3 over fetch (https://yookassa.ru/developers/api): create a payment (`Idempotence-Key`, a redirect
 * confirmation or a saved `payment_method_id`, the 54-FZ receipt), read one back, cancel an authorised one.
 */
import { kopecksToValue, valueToKopecks } from '#app/domain/billing/quote.ts'
import type { AppEnv } from '../env.server.ts'
import {
  type CreatePayment,
  type Fetcher,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderStatus,
} from './provider.server.ts'

const TIMEOUT_MS = 15_000
const STATUSES: readonly ProviderStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled']

/** YooKassa's payment object, the part we read. */
type YookassaPayment = {
  id?: unknown
  status?: unknown
  amount?: { value?: unknown }
  confirmation?: { confirmation_url?: unknown }
  payment_method?: { id?: unknown; saved?: unknown; card?: { last4?: unknown } }
  cancellation_details?: { reason?: unknown }
  metadata?: Record<string, unknown>
}

const str = (value: unknown) => (typeof value === 'string' ? value : null)

export function readPayment(body: YookassaPayment): ProviderPayment {
  const id = str(body.id)
  const status = STATUSES.find((s) => s === body.status)
  const amountKopecks = valueToKopecks(str(body.amount?.value) ?? '')
  if (!id || !status || Number.isNaN(amountKopecks))
    throw new PaymentProviderError('YooKassa: unexpected payment', false)
  const method = body.payment_method
  const methodId = str(method?.id)
  return {
    id,
    status,
    amountKopecks,
    confirmationUrl: str(body.confirmation?.confirmation_url),
    paymentMethod: methodId ? { id: methodId, saved: method?.saved === true, last4: str(method?.card?.last4) } : null,
    cancellationReason: str(body.cancellation_details?.reason),
    metadata: Object.fromEntries(
      Object.entries(body.metadata ?? {}).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
    ),
  }
}

/** The request body of a create, receipt included (54-FZ: customer, item, VAT code, subject and mode). */
export function createBody(input: CreatePayment, vatCode: number) {
  const amount = { value: kopecksToValue(input.amountKopecks), currency: 'RUB' }
  return {
    amount,
    capture: input.capture,
    description: input.description.slice(0, 128),
    save_payment_method: input.savePaymentMethod,
    ...(input.paymentMethodId
      ? { payment_method_id: input.paymentMethodId }
      : { confirmation: { type: 'redirect', return_url: input.returnUrl } }),
    metadata: input.metadata,
    receipt: {
      customer: { email: input.customerEmail },
      items: [
        {
          description: input.description.slice(0, 128),
          quantity: '1.00',
          amount,
          vat_code: vatCode,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
    },
  }
}

export function createYookassaProvider(env: AppEnv, fetcher: Fetcher): PaymentProvider {
  const base = env.YOOKASSA_API_BASE.replace(/\/+$/, '')
  const auth = `Basic ${btoa(`${env.YOOKASSA_SHOP_ID}:${env.YOOKASSA_SECRET_KEY}`)}`

  async function call(method: 'GET' | 'POST', path: string, idempotenceKey?: string, body?: unknown) {
    let response: Response
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers: {
          Authorization: auth,
          ...(idempotenceKey ? { 'Idempotence-Key': idempotenceKey } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new PaymentProviderError(`YooKassa ${method} ${path}: ${String(error)}`, true)
    }
    if (!response.ok) {
      const text = await response.text()
      throw new PaymentProviderError(
        `YooKassa ${method} ${path}: ${response.status} ${text.slice(0, 200)}`,
        response.status === 429 || response.status >= 500,
      )
    }
    return readPayment((await response.json()) as YookassaPayment)
  }

  return {
    createPayment: (input) => call('POST', '/payments', input.idempotenceKey, createBody(input, env.YOOKASSA_VAT_CODE)),
    getPayment: (id) => call('GET', `/payments/${encodeURIComponent(id)}`),
    cancelPayment: (id, key) => call('POST', `/payments/${encodeURIComponent(id)}/cancel`, key, {}),
  }
}
