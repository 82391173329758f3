/**
 * A fake of YooKassa's API v3 at the fetch boundary, built from its documented shapes
 * (https://yookassa.ru/developers/api#payment_object): `POST /payments` with Basic auth and a required
 * `Idempotence-Key` (the same key answers the same payment), a redirect confirmation or a saved
 * `payment_method_id` (charged at once), `save_payment_method`, `capture: false` (then `waiting_for_capture`), the
 * 54-FZ receipt checked for its required fields; `GET /payments/{id}`; `POST /payments/{id}/cancel`. The payer's side
 * is `pay()` / `decline()`; `notification()` builds the body YooKassa posts. Failures can be injected: an HTTP error,
 * a timeout (the fetch rejects as its timeout signal makes it), a saved card that declines.
 */
export const YOOKASSA_BASE = 'https://api.yookassa.test/v3'
export const YOOKASSA_SHOP = { id: '123456', secret: 'test_secret_key' }

type Amount = { value: string; currency: string }
export type FakePayment = {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  paid: boolean
  amount: Amount
  description?: string
  capture: boolean
  save_payment_method: boolean
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string }
  payment_method?: { type: 'bank_card'; id: string; saved: boolean; card: { last4: string; first6: string } }
  cancellation_details?: { party: string; reason: string }
  metadata: Record<string, string>
  receipt: unknown
  created_at: string
  test: true
}

export type RecordedRequest = { method: string; path: string; headers: Headers; body: unknown }
type Injected = { status: number } | 'timeout'
// biome-ignore lint/suspicious/noExplicitAny: the fake reads a request body of YooKassa's documented shape and checks it
type CreateBody = Record<string, any>

export class YookassaFake {
  readonly payments = new Map<string, FakePayment>()
  readonly requests: RecordedRequest[] = []
  /** Saved methods and whether a charge to them declines (and why). */
  private readonly methods = new Map<string, { last4: string; declines: string | null }>()
  private readonly byKey = new Map<string, string>()
  private readonly injected: Injected[] = []
  private counter = 0

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (!url.href.startsWith(YOOKASSA_BASE)) throw new Error(`YooKassa fake: unexpected ${request.method} ${url.href}`)
    const path = url.pathname.slice(new URL(YOOKASSA_BASE).pathname.length)
    const text = request.method === 'GET' ? '' : await request.text()
    const body = text ? JSON.parse(text) : undefined
    this.requests.push({ method: request.method, path, headers: request.headers, body })
    const failure = this.injected.shift()
    // A timeout as the caller's fetch ends it (its AbortSignal.timeout fired), without the test waiting for it.
    if (failure === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    if (failure) return error(failure.status, 'internal_server_error', 'injected')
    if (request.headers.get('Authorization') !== `Basic ${btoa(`${YOOKASSA_SHOP.id}:${YOOKASSA_SHOP.secret}`)}`)
      return error(401, 'invalid_credentials', 'Basic auth failed')
    if (request.method === 'POST' && path === '/payments') return this.create(request.headers, body)
    const match = /^\/payments\/([^/]+)(\/cancel)?$/.exec(path)
    const payment = match ? this.payments.get(decodeURIComponent(match[1])) : undefined
    if (!match || !payment) return error(404, 'not_found', 'Payment not found')
    if (request.method === 'GET' && !match[2]) return Response.json(payment)
    if (request.method === 'POST' && match[2]) {
      if (!request.headers.get('Idempotence-Key')) return error(400, 'invalid_request', 'Idempotence-Key required')
      if (payment.status === 'canceled') return Response.json(payment)
      if (payment.status !== 'waiting_for_capture') return error(400, 'invalid_request', 'Payment cannot be canceled')
      payment.status = 'canceled'
      payment.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' }
      return Response.json(payment)
    }
    return error(405, 'invalid_request', 'Method not allowed')
  }

  /** The next request(s) fail: an HTTP status, or a timeout. */
  inject(...failures: Injected[]) {
    this.injected.push(...failures)
  }

  /** A saved card's next charges decline with this reason (null: they go through again). */
  declineCharges(methodId: string, reason: string | null) {
    const method = this.methods.get(methodId)
    if (method) method.declines = reason
  }

  /** The payer pays on YooKassa's page with a card (`5555555555554444`: the test card that saves). */
  pay(id: string, card = '5555555555554444') {
    const payment = this.mustGet(id)
    if (payment.status !== 'pending') throw new Error(`YooKassa fake: ${id} is ${payment.status}`)
    const methodId = `pm-${++this.counter}`
    payment.payment_method = {
      type: 'bank_card',
      id: methodId,
      saved: payment.save_payment_method,
      card: { last4: card.slice(-4), first6: card.slice(0, 6) },
    }
    if (payment.save_payment_method) this.methods.set(methodId, { last4: card.slice(-4), declines: null })
    payment.paid = true
    payment.status = payment.capture ? 'succeeded' : 'waiting_for_capture'
    return payment
  }

  decline(id: string, reason = 'insufficient_funds') {
    const payment = this.mustGet(id)
    payment.status = 'canceled'
    payment.cancellation_details = { party: 'payment_network', reason }
    return payment
  }

  /** The body YooKassa posts to the shop's notification URL. */
  notification(id: string, event?: string) {
    const payment = this.mustGet(id)
    return { type: 'notification', event: event ?? `payment.${payment.status}`, object: structuredClone(payment) }
  }

  /** The create requests (of one account: our user id in `metadata`). */
  creates(userId?: string) {
    return this.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/payments' &&
        (!userId || (r.body as { metadata?: { userId?: string } }).metadata?.userId === userId),
    )
  }

  private mustGet(id: string) {
    const payment = this.payments.get(id)
    if (!payment) throw new Error(`YooKassa fake: no payment ${id}`)
    return payment
  }

  private create(headers: Headers, body: CreateBody | undefined) {
    const key = headers.get('Idempotence-Key')
    if (!key) return error(400, 'invalid_request', 'Idempotence-Key required')
    const known = this.byKey.get(key)
    if (known) return Response.json(this.payments.get(known))
    const problem = invalid(body)
    if (problem) return error(400, 'invalid_request', problem)
    const id = `yk-${++this.counter}-${crypto.randomUUID().slice(0, 8)}`
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: body!.amount,
      description: body!.description,
      capture: body!.capture !== false,
      save_payment_method: body!.save_payment_method === true,
      metadata: body!.metadata ?? {},
      receipt: body!.receipt,
      created_at: new Date().toISOString(),
      test: true,
    }
    if (body!.payment_method_id) {
      const method = this.methods.get(body!.payment_method_id)
      payment.payment_method = method
        ? {
            type: 'bank_card',
            id: body!.payment_method_id,
            saved: true,
            card: { last4: method.last4, first6: '555555' },
          }
        : undefined
      if (method && !method.declines) {
        payment.status = 'succeeded'
        payment.paid = true
      } else {
        payment.status = 'canceled'
        payment.cancellation_details = { party: 'payment_network', reason: method?.declines ?? 'permission_revoked' }
      }
    } else {
      payment.confirmation = {
        type: 'redirect',
        return_url: body!.confirmation.return_url,
        confirmation_url: `https://yoomoney.test/checkout/payments/v2/contract?orderId=${id}`,
      }
    }
    this.payments.set(id, payment)
    this.byKey.set(key, id)
    return Response.json(payment)
  }
}

function error(status: number, code: string, description: string) {
  return Response.json({ type: 'error', id: crypto.randomUUID(), code, description }, { status })
}

/** What YooKassa refuses in a create: the amount, the confirmation or saved method, and the 54-FZ receipt. */
function invalid(body: CreateBody | undefined): string | null {
  if (!body) return 'body required'
  if (!/^\d+\.\d{2}$/.test(body.amount?.value ?? '') || body.amount?.currency !== 'RUB') return 'amount invalid'
  if (!body.payment_method_id && body.confirmation?.type !== 'redirect') return 'confirmation required'
  if (!body.payment_method_id && !/^https?:\/\//.test(body.confirmation?.return_url ?? '')) return 'return_url required'
  const receipt = body.receipt
  if (!receipt?.customer?.email) return 'receipt.customer.email required'
  const [item] = receipt.items ?? []
  if (!item?.description || !item.quantity || !item.amount?.value || !item.vat_code) return 'receipt.items invalid'
  if (!item.payment_subject || !item.payment_mode) return 'receipt.items payment_subject/payment_mode required'
  if (item.amount.value !== body.amount.value) return 'receipt total differs from the amount'
  return null
}
