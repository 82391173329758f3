import { SELF, createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import {
  cancelAutoRenew,
  chooseRenewal,
  handleNotification,
  payPlan,
  returnFromProvider,
  startTrial,
} from '#app/server/billing/checkout.server.ts'
import { runBilling } from '#app/server/billing/cron.server.ts'
import type { BillingDeps } from '#app/server/billing/store.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { devCheckoutPost } from '#app/server/payments/dev-checkout.server.ts'
import { paymentProvider } from '#app/server/payments/provider.server.ts'
import {
  eventTypes,
  meetings,
  notifications,
  outbox,
  payments,
  promoCodes,
  promoRedemptions,
  subscriptions,
  users,
  walletEntries,
} from '#db/schema.ts'
import worker from '#workers/app.ts'
import { YOOKASSA_BASE, YOOKASSA_SHOP, YookassaFake } from '../fakes/yookassa-api.ts'
import { apiSpecialist } from './helpers/api.ts'
import { createEventType } from './helpers/meetings.ts'
import { createTestUser } from './helpers/users.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const db = () => getDb(env.DB)
const withKeys = () => ({
  ...parseEnv(env),
  YOOKASSA_SHOP_ID: YOOKASSA_SHOP.id,
  YOOKASSA_SECRET_KEY: YOOKASSA_SHOP.secret,
  YOOKASSA_API_BASE: YOOKASSA_BASE,
})

function setup() {
  const fake = new YookassaFake()
  const config = withKeys()
  const deps = (now: number): BillingDeps => ({
    db: db(),
    env: config,
    now,
    provider: paymentProvider(db(), config, fake.fetch),
  })
  const cron = (now: number) => runBilling(db(), config, now, { fetcher: fake.fetch })
  return { fake, deps, cron, config }
}

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id))
  return row
}
async function subscriptionOf(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id))
  return row
}
async function paymentOf(id: string) {
  const [row] = await db().select().from(payments).where(eq(payments.id, id))
  return row
}
const emailsTo = (email: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.channel, 'email')))
const noticesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId))

/** A specialist with a bound card on the trial, started at `start`. */
async function onTrial(
  ctx: ReturnType<typeof setup>,
  start: number,
  existing?: Awaited<ReturnType<typeof createTestUser>>,
) {
  const user = existing ?? (await createTestUser({ plan: 'Basic' }))
  const { paymentId } = await startTrial(ctx.deps(start), user.id, { success: '/tariff', fail: '/tariff' })
  const payment = await paymentOf(paymentId)
  ctx.fake.pay(payment.providerPaymentId as string)
  expect(await handleNotification(ctx.deps(start), ctx.fake.notification(payment.providerPaymentId as string))).toBe(
    'applied',
  )
  return user
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('trial', () => {
  it('binds a card with a 1 RUB authorisation, releases it, and puts the account on Pro for 7 days', async () => {
    const ctx = setup()
    const start = Date.UTC(2027, 2, 1, 10)
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId, confirmationUrl } = await startTrial(ctx.deps(start), user.id, {
      success: 'http://localhost:8787/eventTypes',
      fail: '/tariff',
    })
    expect(confirmationUrl).toMatch(/^https:\/\/yoomoney\.test\//)
    const [create] = ctx.fake.creates()
    expect(create.headers.get('Idempotence-Key')).toBeTruthy()
    expect(create.body).toMatchObject({
      amount: { value: '1.00', currency: 'RUB' },
      capture: false,
      save_payment_method: true,
      receipt: {
        customer: { email: user.email },
        items: [{ quantity: '1.00', vat_code: 1, payment_subject: 'service', payment_mode: 'full_payment' }],
      },
    })
    const providerId = (await paymentOf(paymentId)).providerPaymentId as string
    ctx.fake.pay(providerId)

    // The browser comes back before the notification: the return reads the payment from the provider.
    expect(await returnFromProvider(ctx.deps(start), user.id, paymentId)).toEqual({
      kind: 'cardBinding',
      status: 'succeeded',
    })
    expect(ctx.fake.payments.get(providerId)?.status).toBe('canceled')
    const row = await userRow(user.id)
    expect(row.plan).toBe('Pro')
    expect(row.planValidUntil).toBe(start + 7 * DAY)
    expect(await subscriptionOf(user.id)).toMatchObject({ isTrial: true, trialStartedAt: start, cardMask: '•••• 4444' })
    // The notice and the email went once, though the notification arrives after the return.
    expect(
      await handleNotification(ctx.deps(start), ctx.fake.notification(providerId, 'payment.waiting_for_capture')),
    ).toBe('unchanged')
    expect(await handleNotification(ctx.deps(start), ctx.fake.notification(providerId))).toBe('unchanged')
    expect(await emailsTo(user.email)).toHaveLength(1)
    expect(await noticesOf(user.id)).toHaveLength(1)
    // Once per account.
    await expect(startTrial(ctx.deps(start), user.id, {})).rejects.toMatchObject({
      refusal: { code: 'trialUnavailable' },
    })
  })

  it('refuses a return address on another origin', async () => {
    const ctx = setup()
    const user = await createTestUser({ plan: 'Basic' })
    await expect(
      startTrial(ctx.deps(Date.now()), user.id, { success: 'https://evil.example/x' }),
    ).rejects.toMatchObject({
      refusal: { code: 'returnUrlRefused' },
    })
    expect(ctx.fake.creates()).toHaveLength(0)
  })

  it('a declined card leaves the account on Basic, the trial still available', async () => {
    const ctx = setup()
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId } = await startTrial(ctx.deps(Date.now()), user.id, {})
    ctx.fake.decline((await paymentOf(paymentId)).providerPaymentId as string, 'card_expired')
    expect(await returnFromProvider(ctx.deps(Date.now()), user.id, paymentId)).toEqual({
      kind: 'cardBinding',
      status: 'canceled',
    })
    expect((await userRow(user.id)).plan).toBe('Basic')
    expect((await paymentOf(paymentId)).failureReason).toBe('card_expired')
    expect((await subscriptionOf(user.id)).trialStartedAt).toBeNull()
  })

  it('over a simulated clock: reminders at 2 days and 1 day, then Basic with the group event type kept', async () => {
    const ctx = setup()
    const start = Date.UTC(2027, 3, 5, 9, 30)
    const user = await onTrial(ctx, start)
    const group = await createEventType(user.id, { participantType: 'GroupNotCollective', totalSeats: 5 })
    const mails = async () => (await emailsTo(user.email)).length
    expect(await mails()).toBe(1)

    // Hourly runs over the 7 days, with an overlapping second run each hour.
    const subjects: string[] = []
    for (let at = start + HOUR; at <= start + 7 * DAY + HOUR; at += HOUR) {
      await Promise.all([ctx.cron(at), ctx.cron(at)])
      const sent = (await emailsTo(user.email)).map((row) => row.subject)
      for (const subject of sent) if (!subjects.includes(subject)) subjects.push(subject)
      if (at === start + 5 * DAY - HOUR) expect(await mails()).toBe(1)
      if (at === start + 5 * DAY) expect(await mails()).toBe(2)
      if (at === start + 6 * DAY) expect(await mails()).toBe(3)
    }
    expect(subjects.slice(1)).toEqual([
      'До конца пробного периода осталось 2 дня',
      'До конца пробного периода остался 1 день',
      'Пробный период закончился',
    ])
    expect(await mails()).toBe(4)
    expect(await noticesOf(user.id)).toHaveLength(4)
    const row = await userRow(user.id)
    expect(row.plan).toBe('Basic')
    expect(row.planValidUntil).toBeNull()
    expect(await subscriptionOf(user.id)).toMatchObject({
      isTrial: false,
      trialReminded2d: true,
      trialReminded1d: true,
    })
    // Nothing deleted: the group event type is still there (pausing it is the plan enforcement's part).
    const [kept] = await db().select().from(eventTypes).where(eq(eventTypes.id, group.id))
    expect(kept).toBeDefined()
    // Nothing was charged: the specialist chose no plan to continue on.
    expect(ctx.fake.creates(user.id)).toHaveLength(1)
  })

  it('continues on the chosen plan by the bound card at the end of the trial', async () => {
    const ctx = setup()
    const start = Date.UTC(2027, 4, 1, 8)
    const user = await onTrial(ctx, start)
    await chooseRenewal(ctx.deps(start), user.id, { tariff: 'Standard', months: 1 })
    await ctx.cron(start + 7 * DAY)
    const row = await userRow(user.id)
    expect(row.plan).toBe('Standard')
    expect(row.planValidUntil).toBe(Date.UTC(2027, 5, 8, 8))
    const renewal = ctx.fake.creates(user.id).at(-1)
    expect(renewal?.body).toMatchObject({ amount: { value: '950.00' }, payment_method_id: expect.any(String) })
    expect(renewal?.body).not.toHaveProperty('confirmation')
  })
})

describe('payments', () => {
  async function promo(code: string, kind: 'discountPercent' | 'fasties', value: number, extra = {}) {
    const id = newId()
    await db()
      .insert(promoCodes)
      .values({ id, code, kind, value, ...extra })
    return id
  }

  it('a Standard payment with a promo code moves the plan and writes the wallet and the history', async () => {
    const ctx = setup()
    const now = Date.UTC(2027, 6, 1, 12)
    const user = await createTestUser({ plan: 'Basic' })
    await db().insert(walletEntries).values({ id: newId(), userId: user.id, amount: 100, reason: 'bonus' })
    const code = `SALE${newId().slice(-6).toUpperCase()}`
    const promoId = await promo(code, 'discountPercent', 10, { maxUses: 5 })
    const { paymentId } = await payPlan(ctx.deps(now), user.id, {
      tariff: 'Standard',
      months: 1,
      promoCode: code.toLowerCase(),
      useFasties: true,
    })
    // 950 − 10 % = 855; 100 Fasties pay 100 of it.
    expect(await paymentOf(paymentId)).toMatchObject({
      listAmountKopecks: 95_000,
      amountKopecks: 75_500,
      fastiesUsed: 100,
      promoCodeId: promoId,
      status: 'pending',
    })
    expect(ctx.fake.creates()[0].body).toMatchObject({
      amount: { value: '755.00' },
      capture: true,
      save_payment_method: true,
    })
    const providerId = (await paymentOf(paymentId)).providerPaymentId as string
    ctx.fake.pay(providerId)
    const body = ctx.fake.notification(providerId)
    const [first, second] = await Promise.all([
      handleNotification(ctx.deps(now), body),
      handleNotification(ctx.deps(now), body),
    ])
    expect([first, second].sort()).toEqual(['applied', 'unchanged'])
    expect(await handleNotification(ctx.deps(now), body)).toBe('unchanged')

    const row = await userRow(user.id)
    expect(row.plan).toBe('Standard')
    expect(row.planValidUntil).toBe(Date.UTC(2027, 7, 1, 12))
    expect((await paymentOf(paymentId)).status).toBe('succeeded')
    const ledger = await db().select().from(walletEntries).where(eq(walletEntries.userId, user.id))
    expect(ledger.map((e) => [e.amount, e.reason]).sort()).toEqual([
      [-100, 'planPayment'],
      [100, 'bonus'],
    ])
    const [redemption] = await db().select().from(promoRedemptions).where(eq(promoRedemptions.userId, user.id))
    expect(redemption).toMatchObject({ promoCodeId: promoId, paymentId })
    const [code1] = await db().select().from(promoCodes).where(eq(promoCodes.id, promoId))
    expect(code1.uses).toBe(1)
    expect(await subscriptionOf(user.id)).toMatchObject({
      autoRenew: true,
      renewPlan: 'Standard',
      cardMask: '•••• 4444',
    })
    // The code is spent for this account.
    await expect(
      payPlan(ctx.deps(now), user.id, { tariff: 'Pro', months: 1, promoCode: code, useFasties: false }),
    ).rejects.toMatchObject({ refusal: { code: 'promoAlreadyUsed' } })
  })

  it('reserves the Fasties a payment uses: a second payment cannot take them too, a declined one gives them back', async () => {
    const ctx = setup()
    const now = Date.UTC(2027, 6, 2, 12)
    const user = await createTestUser({ plan: 'Basic' })
    await db().insert(walletEntries).values({ id: newId(), userId: user.id, amount: 100, reason: 'bonus' })
    const pay = () => payPlan(ctx.deps(now), user.id, { tariff: 'Standard', months: 1, useFasties: true })
    // Two payments at once: whichever order they take, the 100 Fasties go to one of them only (the other is
    // refused, or pays the whole price when it saw the balance already reserved).
    const raced = await Promise.allSettled([pay(), pay()])
    const made = raced.flatMap((r) => (r.status === 'fulfilled' ? [r.value.paymentId] : []))
    for (const r of raced) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ refusal: { code: 'fastiesChanged' } })
    }
    const rows = await Promise.all(made.map(paymentOf))
    expect(rows.reduce((sum, row) => sum + row.fastiesUsed, 0)).toBe(100)
    const first = { paymentId: (rows.find((row) => row.fastiesUsed === 100) as { id: string }).id }
    // A payment made after them finds no balance left: it pays the whole price.
    const later = await pay()
    expect(await paymentOf(later.paymentId)).toMatchObject({ fastiesUsed: 0, amountKopecks: 95_000 })
    const balance = async () =>
      (await db().select().from(walletEntries).where(eq(walletEntries.userId, user.id))).reduce(
        (sum, entry) => sum + entry.amount,
        0,
      )
    expect(await balance()).toBe(0)

    // The first payment is declined: its Fasties come back, once.
    const providerId = (await paymentOf(first.paymentId)).providerPaymentId as string
    ctx.fake.decline(providerId)
    const body = ctx.fake.notification(providerId, 'payment.canceled')
    expect(await handleNotification(ctx.deps(now), body)).toBe('applied')
    expect(await handleNotification(ctx.deps(now), body)).toBe('unchanged')
    expect(await balance()).toBe(100)
    expect((await userRow(user.id)).plan).toBe('Basic')
  })

  it('the hourly run reads back a purchase left pending for a day: a canceled one gives its Fasties back', async () => {
    const ctx = setup()
    const now = Date.now()
    const user = await createTestUser({ plan: 'Basic' })
    await db().insert(walletEntries).values({ id: newId(), userId: user.id, amount: 100, reason: 'bonus' })
    const buy = async (useFasties: boolean) =>
      (await payPlan(ctx.deps(now), user.id, { tariff: 'Standard', months: 1, useFasties })).paymentId
    const abandoned = await buy(true)
    const paidUnheard = await buy(false)
    const fresh = await buy(false)
    const forgotten = await buy(false)
    const providerOf = async (id: string) => (await paymentOf(id)).providerPaymentId as string
    const balance = async () =>
      (await db().select().from(walletEntries).where(eq(walletEntries.userId, user.id))).reduce(
        (sum, entry) => sum + entry.amount,
        0,
      )
    expect(await balance()).toBe(0)
    // The provider canceled the abandoned one and took the second; neither notification nor return ever came.
    ctx.fake.decline(await providerOf(abandoned), 'expired_on_confirmation')
    ctx.fake.pay(await providerOf(paidUnheard))
    ctx.fake.decline(await providerOf(fresh))
    const dayOld = now - 25 * HOUR
    for (const id of [abandoned, paidUnheard])
      await db().update(payments).set({ createdAt: dayOld }).where(eq(payments.id, id))
    // Older than the sweep asks about: left alone (for support), so it never crowds the newer ones out.
    ctx.fake.decline(await providerOf(forgotten))
    await db()
      .update(payments)
      .set({ createdAt: now - 11 * DAY })
      .where(eq(payments.id, forgotten))

    const [first, second] = await Promise.all([ctx.cron(now), ctx.cron(now)])
    expect(first.settled + second.settled).toBe(2)
    expect(await paymentOf(abandoned)).toMatchObject({ status: 'canceled', failureReason: 'expired_on_confirmation' })
    expect(await balance()).toBe(100)
    expect((await paymentOf(paidUnheard)).status).toBe('succeeded')
    expect((await userRow(user.id)).plan).toBe('Standard')
    // Younger than a day: left to its notification, not read back yet.
    expect((await paymentOf(fresh)).status).toBe('pending')
    expect((await paymentOf(forgotten)).status).toBe('pending')
    expect((await ctx.cron(now)).settled).toBe(0)
    expect(await balance()).toBe(100)
  })

  it('forged and unknown notifications change nothing', async () => {
    const ctx = setup()
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId } = await payPlan(ctx.deps(Date.now()), user.id, { tariff: 'Pro', months: 1, useFasties: false })
    const providerId = (await paymentOf(paymentId)).providerPaymentId as string
    // A forged body saying "succeeded" for a payment the payer never paid: the provider says pending.
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: providerId, status: 'succeeded', paid: true },
    }
    expect(await handleNotification(ctx.deps(Date.now()), forged)).toBe('unchanged')
    expect(await handleNotification(ctx.deps(Date.now()), { object: { id: 'yk-unknown' } })).toBe('unchanged')
    expect(await handleNotification(ctx.deps(Date.now()), 'nonsense')).toBe('unchanged')
    expect((await paymentOf(paymentId)).status).toBe('pending')
    expect((await userRow(user.id)).plan).toBe('Basic')
    // Through the API: always 200 so the provider stops, nothing changes.
    const answer = await SELF.fetch('http://localhost/api/v2/payments/notifications', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(forged),
    })
    expect(answer.status).toBe(200)
    expect((await userRow(user.id)).plan).toBe('Basic')
  })

  it('an unavailable provider (5xx, timeout) answers a clear refusal and records the payment as failed', async () => {
    const ctx = setup()
    const user = await createTestUser({ plan: 'Basic' })
    ctx.fake.inject({ status: 503 })
    await expect(
      payPlan(ctx.deps(Date.now()), user.id, { tariff: 'Pro', months: 1, useFasties: false }),
    ).rejects.toMatchObject({
      refusal: { code: 'paymentUnavailable' },
    })
    ctx.fake.inject('timeout')
    await expect(startTrial(ctx.deps(Date.now()), user.id, {})).rejects.toMatchObject({
      refusal: { code: 'paymentUnavailable' },
    })
    const rows = await db().select().from(payments).where(eq(payments.userId, user.id))
    expect(rows.map((row) => [row.kind, row.status, row.failureReason]).sort()).toEqual([
      ['cardBinding', 'canceled', 'provider_unavailable'],
      ['purchase', 'canceled', 'provider_unavailable'],
    ])
    expect((await userRow(user.id)).plan).toBe('Basic')
    // Nothing is held against the account: the trial can still be started.
    expect((await subscriptionOf(user.id)).trialStartedAt).toBeNull()
  })

  it('renews at the end by the saved card; a failure is retried 3 times a day apart with notices, then Basic', async () => {
    const ctx = setup()
    const now = Date.UTC(2027, 8, 1, 12)
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId } = await payPlan(ctx.deps(now), user.id, { tariff: 'Pro', months: 1, useFasties: false })
    const providerId = (await paymentOf(paymentId)).providerPaymentId as string
    const paid = ctx.fake.pay(providerId)
    await handleNotification(ctx.deps(now), ctx.fake.notification(providerId))
    const end = Date.UTC(2027, 9, 1, 12)
    expect((await userRow(user.id)).planValidUntil).toBe(end)

    ctx.fake.declineCharges(paid.payment_method!.id, 'insufficient_funds')
    const creates = () => ctx.fake.creates(user.id).length
    expect(creates()).toBe(1)
    await Promise.all([ctx.cron(end), ctx.cron(end)])
    expect(creates()).toBe(2)
    expect(await userRow(user.id)).toMatchObject({ plan: 'Pro' })
    expect(await subscriptionOf(user.id)).toMatchObject({ renewalFailures: 1, nextRenewalAttemptAt: end + DAY })
    await ctx.cron(end + 12 * HOUR)
    expect(creates()).toBe(2)
    await ctx.cron(end + DAY)
    await ctx.cron(end + 2 * DAY)
    expect((await userRow(user.id)).plan).toBe('Pro')
    await ctx.cron(end + 3 * DAY)
    expect(creates()).toBe(5)
    expect(await userRow(user.id)).toMatchObject({ plan: 'Basic', planValidUntil: null })
    const subjects = (await emailsTo(user.email)).map((e) => e.subject)
    expect(subjects.filter((s) => s.startsWith('Не удалось продлить'))).toHaveLength(3)
    expect(subjects.filter((s) => s === 'Тариф «Про» закончился')).toHaveLength(1)
    await ctx.cron(end + 4 * DAY)
    expect(creates()).toBe(5)
  })

  it('a renewal whose charge timed out is asked again with the same Idempotence-Key and charged once', async () => {
    const ctx = setup()
    const now = Date.UTC(2027, 11, 1, 12)
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId } = await payPlan(ctx.deps(now), user.id, { tariff: 'Standard', months: 1, useFasties: false })
    ctx.fake.pay((await paymentOf(paymentId)).providerPaymentId as string)
    await returnFromProvider(ctx.deps(now), user.id, paymentId)
    const end = Date.UTC(2028, 0, 1, 12)
    // The charge reaches YooKassa but the answer never comes back in time.
    const realFetch = ctx.fake.fetch
    let lost = false
    // Only this account's charge is lost: other tests' accounts may be due in the same run.
    const lossy: typeof fetch = async (input, init) => {
      const answer = await realFetch(input, init)
      const request = new Request(input, init)
      const mine = request.method === 'POST' && String(init?.body ?? '').includes(user.id)
      if (!lost && mine) {
        lost = true
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
      }
      return answer
    }
    const config = ctx.config
    await runBilling(db(), config, end, { fetcher: lossy })
    expect(await userRow(user.id)).toMatchObject({ plan: 'Standard', planValidUntil: end })
    expect(await subscriptionOf(user.id)).toMatchObject({ renewalFailures: 0, nextRenewalAttemptAt: end + DAY })
    await ctx.cron(end + DAY)
    const keys = ctx.fake.creates(user.id).map((r) => r.headers.get('Idempotence-Key'))
    expect(keys.slice(1)).toEqual([`renewal:${user.id}:${end}:1`, `renewal:${user.id}:${end}:1`])
    // YooKassa answered the repeated key with the same payment: one charge, one renewal.
    expect([...ctx.fake.payments.values()].filter((p) => p.metadata.userId === user.id)).toHaveLength(2)
    expect(await userRow(user.id)).toMatchObject({ plan: 'Standard', planValidUntil: Date.UTC(2028, 1, 1, 12) })
  })

  it('a renewal that goes through extends the plan from its end', async () => {
    const ctx = setup()
    const now = Date.UTC(2027, 10, 10, 12)
    const user = await createTestUser({ plan: 'Basic' })
    const { paymentId } = await payPlan(ctx.deps(now), user.id, { tariff: 'Standard', months: 3, useFasties: false })
    ctx.fake.pay((await paymentOf(paymentId)).providerPaymentId as string)
    await returnFromProvider(ctx.deps(now), user.id, paymentId)
    const end = Date.UTC(2028, 1, 10, 12)
    expect((await userRow(user.id)).planValidUntil).toBe(end)
    await Promise.all([ctx.cron(end + HOUR), ctx.cron(end + HOUR)])
    expect(await userRow(user.id)).toMatchObject({ plan: 'Standard', planValidUntil: Date.UTC(2028, 4, 10, 12) })
    expect(ctx.fake.creates(user.id)).toHaveLength(2)
    expect(ctx.fake.creates(user.id)[1].headers.get('Idempotence-Key')).toBe(`renewal:${user.id}:${end}:1`)
  })
})

describe('API and the development checkout', () => {
  it('trial through the API and the dev checkout (JSON), then the subscription, plans and wallet', async () => {
    const { user, call } = await apiSpecialist('Basic', 'v4')
    const refused = await call('POST', '/clientCard/startDemo?successURL=https://evil.example/')
    expect(refused.status).toBe(400)
    const started = await call('POST', '/clientCard/startDemo?successURL=/eventTypes&failURL=/tariff')
    expect(started.status).toBe(200)
    const url = new URL(started.body.data.confirmationUrl)
    expect(url.pathname).toMatch(/^\/dev\/checkout\//)
    const page = await SELF.fetch(`http://localhost${url.pathname}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('5555555555554444')
    const paid = await SELF.fetch(`http://localhost${url.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: 'succeeded' }),
    })
    expect(await paid.json()).toMatchObject({ isOk: true, data: { status: 'canceled' } })
    const subscription = await call('GET', '/tariff/subscription')
    expect(subscription.body.data).toMatchObject({
      tariff: 'Pro',
      isTrial: true,
      trialUsed: true,
      card: { mask: '•••• 4444' },
    })
    expect((await userRow(user.id)).plan).toBe('Pro')
    const definitions = await SELF.fetch('http://localhost/api/v2/definitions/tariffs')
    const plans = ((await definitions.json()) as { data: { name: string; priceRub: number }[] }).data
    expect(plans.map((p) => [p.name, p.priceRub])).toEqual([
      ['Basic', 220],
      ['Standard', 950],
      ['Pro', 1600],
    ])
    expect((await call('GET', '/wallet')).body.data).toEqual({ balance: 0, entries: [] })
    expect((await call('POST', '/promoCode/isExists', { promoCode: 'NOPE-NOPE' })).body.data).toBe(false)
    expect((await call('DELETE', '/tariff/autoRenew')).status).toBe(200)
    const pay = await call('POST', '/tariff/pay', { tariff: 'Basic', months: 1 })
    expect(pay.status).toBe(400)
  })

  it('the development checkout is 404 in production or with a provider key; production without a key is a clear error', async () => {
    const { user, call } = await apiSpecialist('Basic')
    const started = await call('POST', '/clientCard/startDemo')
    const checkout = new URL(started.body.data.confirmationUrl).pathname
    const post = (bindings: Record<string, unknown>) =>
      devCheckoutPost(
        new Request(`http://localhost${checkout}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ result: 'succeeded' }),
        }),
        { ...env, ...bindings } as typeof env,
      )
    expect((await post({ ENVIRONMENT: 'production' })).status).toBe(404)
    expect((await post({ YOOKASSA_SHOP_ID: YOOKASSA_SHOP.id, YOOKASSA_SECRET_KEY: YOOKASSA_SHOP.secret })).status).toBe(
      404,
    )
    expect((await userRow(user.id)).plan).toBe('Basic')
    const production = { ...parseEnv(env), ENVIRONMENT: 'production' as const }
    await expect(paymentProvider(db(), production).getPayment('x')).rejects.toThrow(
      /YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY/,
    )
  })

  it('the hourly cron moves an ended trial down to Basic', async () => {
    const at = Date.UTC(2030, 0, 1)
    const user = await createTestUser({ plan: 'Pro', planValidUntil: at - HOUR })
    await db()
      .insert(subscriptions)
      .values({ userId: user.id, isTrial: true, trialStartedAt: at - HOUR - 7 * DAY })
    const controller = createScheduledController({ scheduledTime: at, cron: '0 * * * *' })
    await worker.scheduled(controller, env, createExecutionContext())
    expect(await userRow(user.id)).toMatchObject({ plan: 'Basic', planValidUntil: null })
  })
})

// Last in the file: its cron runs over a simulated September 2027 would renew the earlier tests' accounts due by then.
describe('the trial ends under a group event type', () => {
  const publicPage = async (path: string) => {
    const response = await SELF.fetch(`http://localhost${path}`)
    return { status: response.status, html: await response.text() }
  }
  const publicApi = (path: string, init: RequestInit = {}) =>
    SELF.fetch(`http://localhost/api/v2${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        timezone: 'Etc/UTC',
        'CF-Connecting-IP': `10.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...init.headers,
      },
    })
  async function firstSlot(login: string, link: string) {
    const now = new Date()
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    const ym = `${next.getUTCFullYear()}/${next.getUTCMonth() + 1}`
    const days = await publicApi(`/public/${login}/eventTypes/${link}/days/${ym}`)
    expect(days.status).toBe(200)
    const [day] = ((await days.json()) as { data: string[] }).data
    const slotsPath = `/public/${login}/eventTypes/${link}/slots/${ym}/${Number(day.split('.')[0])}`
    const slots = await publicApi(slotsPath)
    expect(slots.status).toBe(200)
    return { slotsPath, slots: ((await slots.json()) as { data: { start: string }[] }).data }
  }
  const book = (login: string, link: string, start: string, n: string) =>
    publicApi(`/public/${login}/eventTypes/${link}/events`, {
      method: 'POST',
      body: JSON.stringify({
        contactInfo: {
          firstName: 'Иван',
          lastName: 'Петров',
          email: `seat-${n}@example.com`,
          phone: '+7 900 000-00-00',
        },
        slots: [{ start }],
      }),
    })

  it('a group event type made on the trial is paused at its end with nothing deleted, and Pro brings it back', async () => {
    const ctx = setup()
    const start = Date.UTC(2027, 8, 6, 7, 15)
    const { user, call } = await apiSpecialist('Basic')
    const [schedule] = (await call('GET', '/schedule')).body.data
    const group = {
      name: 'Групповое занятие',
      link: 'group-class',
      color: '#2f80ed',
      eventTypePlaceType: 'Online',
      meetingPoint: 'https://telemost.yandex.ru/j/1',
      durationInMinutes: 60,
      stepValue: 60,
      remindersInMinutes: [60],
      scheduleId: schedule.id as string,
      participantType: 'GroupNotCollective',
      minSeats: 1,
      totalSeats: 4,
    }
    // On Basic the group kind is refused; on the trial (Pro) the same request makes it.
    expect((await call('POST', '/eventTypes', group)).status).toBe(403)
    await onTrial(ctx, start, user)
    expect((await userRow(user.id)).plan).toBe('Pro')
    const created = await call('POST', '/eventTypes', group)
    expect(created.status).toBe(201)
    const eventTypeId = created.body.data.id as string
    const pagePath = `/user/${user.login}/event/${group.link}`
    expect((await publicPage(pagePath)).html).toContain('data-step="calendar"')
    const before = await firstSlot(user.login, group.link)
    expect((await book(user.login, group.link, before.slots[0].start, `${user.id}-1`)).status).toBe(201)
    const meetingsBefore = await db().select().from(meetings).where(eq(meetings.ownerId, user.id))
    expect(meetingsBefore).toHaveLength(1)

    // The hourly cron over 8 days: exactly the two reminders, then the end of the trial.
    for (let at = start + HOUR; at <= start + 8 * DAY; at += HOUR) await ctx.cron(at)
    const subjects = (await emailsTo(user.email)).map((row) => row.subject)
    expect(subjects.filter((subject) => subject.startsWith('До конца пробного периода'))).toEqual([
      'До конца пробного периода осталось 2 дня',
      'До конца пробного периода остался 1 день',
    ])
    expect(subjects.filter((subject) => subject === 'Пробный период закончился')).toHaveLength(1)
    expect((await userRow(user.id)).plan).toBe('Basic')

    // The public page says booking is paused; the slots API refuses with the one refusal.
    const paused = await publicPage(pagePath)
    expect(paused.status).toBe(200)
    expect(paused.html).toContain('data-step="paused"')
    expect(paused.html).toContain('Запись приостановлена')
    expect(paused.html).not.toContain('data-testid="slot"')
    const refused = await publicApi(before.slotsPath)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { apiErrors: { text: string }[] }).apiErrors[0].text).toMatch(
      /Запись сейчас приостановлена/,
    )
    expect((await book(user.login, group.link, before.slots[1].start, `${user.id}-2`)).status).toBe(403)
    // Nothing deleted: the event type row as it was, its meeting kept.
    const [row] = await db().select().from(eventTypes).where(eq(eventTypes.id, eventTypeId))
    expect(row).toMatchObject({ participantType: 'GroupNotCollective', totalSeats: 4, isActive: true })
    expect(await db().select().from(meetings).where(eq(meetings.ownerId, user.id))).toEqual(meetingsBefore)

    // Paying for Pro again makes the page bookable again.
    const back = start + 8 * DAY + HOUR
    const { paymentId } = await payPlan(ctx.deps(back), user.id, { tariff: 'Pro', months: 1, useFasties: false })
    const providerId = (await paymentOf(paymentId)).providerPaymentId as string
    ctx.fake.pay(providerId)
    expect(await handleNotification(ctx.deps(back), ctx.fake.notification(providerId))).toBe('applied')
    expect((await userRow(user.id)).plan).toBe('Pro')
    expect((await publicPage(pagePath)).html).toContain('data-step="calendar"')
    expect((await publicApi(before.slotsPath)).status).toBe(200)
    expect((await book(user.login, group.link, before.slots[1].start, `${user.id}-3`)).status).toBe(201)
    // Leave no renewal due for the later tests' cron runs (the cron renews every due account).
    await cancelAutoRenew(ctx.deps(back), user.id)
  })
})
