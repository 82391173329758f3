/**
 * `POST /dev/checkout/{id}` (API-CONTRACT.md "Plans and payments"): the development checkout's answer, as the
 * provider would give it: the payment completed (paid with a test card, or declined), then the notification
 * delivered to the app. JSON (`{ "result": "succeeded" | "canceled" }`) answers JSON; the page's form goes back to
 * the shop's return URL. 404 outside development. Handled before Remix, whose page actions take forms only.
 */
import { handleNotification } from '../billing/checkout.server.ts'
import { getDb } from '../db.server.ts'
import { type Bindings, isDevelopment, parseEnv } from '../env.server.ts'
import { DEV_DECLINE_REASONS, DEV_TEST_CARD } from '#app/domain/billing/test-cards.ts'
import { type DevOutcome, completeDevPayment, findDevPayment } from './dev.server.ts'
import { paymentProvider, usesDevCheckout } from './provider.server.ts'

const PATH = /^\/dev\/checkout\/([^/]+)$/

export function isDevCheckoutPost(request: Request, url: URL): boolean {
  return request.method === 'POST' && PATH.test(url.pathname)
}

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  try {
    if (type === 'application/json') return (await request.json()) as Record<string, unknown>
    return Object.fromEntries(await request.formData())
  } catch {
    return null
  }
}

function outcomeOf(body: Record<string, unknown>): DevOutcome | null {
  if (body.result === 'succeeded') {
    const digits = String(body.cardNumber ?? DEV_TEST_CARD).replace(/\D/g, '')
    return digits.length >= 12 && digits.length <= 19 ? { result: 'succeeded', cardNumber: digits } : null
  }
  if (body.result === 'canceled') {
    const reason = (DEV_DECLINE_REASONS as readonly unknown[]).includes(body.reason)
      ? String(body.reason)
      : 'general_decline'
    return { result: 'canceled', reason }
  }
  return null
}

export async function devCheckoutPost(request: Request, bindings: Bindings): Promise<Response> {
  const env = parseEnv(bindings)
  const id = decodeURIComponent(PATH.exec(new URL(request.url).pathname)?.[1] ?? '')
  const db = getDb(bindings.DB)
  const row = isDevelopment(env) && usesDevCheckout(env) ? await findDevPayment(db, id) : null
  if (!row) return Response.json({ isOk: false, data: null, apiErrors: [{ text: 'Not found' }] }, { status: 404 })
  const isJson = (request.headers.get('Content-Type') ?? '').includes('json')
  const body = await readBody(request)
  const outcome = body ? outcomeOf(body) : null
  if (!outcome)
    return Response.json(
      { isOk: false, data: null, apiErrors: [{ text: 'result: succeeded | canceled' }] },
      { status: 400 },
    )
  const completed = await completeDevPayment(db, env, id, outcome)
  // The provider's notification, delivered as YooKassa would (the app reads the payment back by its id).
  if (completed) {
    const event = completed.status === 'canceled' ? 'payment.canceled' : `payment.${completed.status}`
    await handleNotification(
      { db, env, now: Date.now(), provider: paymentProvider(db, env) },
      { type: 'notification', event, object: { id } },
    )
  }
  const status = (await findDevPayment(db, id))?.status ?? row.status
  if (isJson) return Response.json({ isOk: true, data: { status }, apiErrors: [] })
  const returnUrl = (row.request as { confirmation?: { return_url?: string } }).confirmation?.return_url ?? '/tariff'
  return new Response(null, { status: 303, headers: { Location: returnUrl } })
}
