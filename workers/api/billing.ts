import { Hono } from 'hono'
import type { Context } from 'hono'
import {
  PayPlanSchema,
  PromoSchema,
  RenewalSchema,
  cancelAutoRenew,
  chooseRenewal,
  handleNotification,
  payPlan,
  redeemFastiesCode,
  startTrial,
} from '#app/server/billing/checkout.server.ts'
import { checkPromo } from '#app/server/billing/store.server.ts'
import type { BillingDeps } from '#app/server/billing/store.server.ts'
import { subscriptionView, walletView } from '#app/server/billing/views.server.ts'
import { paymentProvider } from '#app/server/payments/provider.server.ts'
import { requireAuth } from './auth.ts'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, readJson } from './envelope.ts'

function deps(c: Context<ApiEnv>): BillingDeps {
  const db = c.get('db')
  const env = c.get('config')
  return { db, env, now: Date.now(), provider: paymentProvider(db, env) }
}

/**
 * SPEC §7 "Tariff" and "promo" (API-CONTRACT.md "Plans and payments"; docs/decisions/0095-plans-and-payments.md).
 * `PUT /tariff/autoRenew` and `POST /wallet/promoCode` go beyond the contract: choosing the plan to continue on, and
 * redeeming a Fasties code.
 */
export const billingApi = new Hono<ApiEnv>()
  // The provider's notification carries no sign-in; it is trusted for nothing but the payment id, and always 200.
  .post('/payments/notifications', async (c) => {
    let body: unknown = null
    try {
      body = await c.req.json()
    } catch {
      // Not JSON: nothing to read, and nothing changes.
    }
    await handleNotification(deps(c), body)
    return ok(c, null)
  })
  .get('/tariff/subscription', requireAuth, async (c) => {
    const view = await subscriptionView(c.get('db'), c.get('user').id)
    if (!view) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, view)
  })
  .post('/clientCard/startDemo', requireAuth, async (c) => {
    const { confirmationUrl } = await startTrial(deps(c), c.get('user').id, {
      success: c.req.query('successURL'),
      fail: c.req.query('failURL'),
    })
    return ok(c, { confirmationUrl })
  })
  .post('/tariff/pay', requireAuth, async (c) => {
    const input = await readJson(c, PayPlanSchema)
    const { confirmationUrl } = await payPlan(deps(c), c.get('user').id, input)
    return ok(c, { confirmationUrl })
  })
  .delete('/tariff/autoRenew', requireAuth, async (c) => {
    await cancelAutoRenew(deps(c), c.get('user').id)
    return ok(c, null)
  })
  .put('/tariff/autoRenew', requireAuth, async (c) => {
    await chooseRenewal(deps(c), c.get('user').id, await readJson(c, RenewalSchema))
    return ok(c, null)
  })
  .post('/promoCode/isExists', requireAuth, async (c) => {
    const { promoCode } = await readJson(c, PromoSchema)
    const { problem } = await checkPromo(c.get('db'), c.get('user').id, promoCode, Date.now())
    return ok(c, problem === null)
  })
  .get('/wallet', requireAuth, async (c) => ok(c, await walletView(c.get('db'), c.get('user').id)))
  .post('/wallet/promoCode', requireAuth, async (c) => {
    const { promoCode } = await readJson(c, PromoSchema)
    return ok(c, await redeemFastiesCode(deps(c), c.get('user').id, promoCode))
  })
