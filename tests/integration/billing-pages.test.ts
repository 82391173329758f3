import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '#app/domain/ids.ts'
import { getDb } from '#app/server/db.server.ts'
import { promoCodes, subscriptions, users } from '#db/schema.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)

async function signedIn(plan: 'Basic' | 'Standard' | 'Pro' = 'Basic') {
  const user = await createTestUser({ plan })
  return { user, client: pageClient(await sessionCookieFor(user.id)) }
}

const path = (location: string | null) => {
  const url = new URL(location ?? '', 'http://localhost:8787')
  return `${url.pathname}${url.search}`
}

describe('/tariff', () => {
  it('shows the three plans from the one price table, the current plan and the trial offer; ?plan= preselects', async () => {
    const { client } = await signedIn()
    const html = await (await client.get('/tariff?plan=Pro')).text()
    for (const price of ['220', '950', '1600']) expect(html).toContain(`${price} ₽ в месяц`)
    expect(html).toContain('data-testid="current-plan"')
    expect(html).toContain('data-testid="trial-offer-card"')
    const checked = [...html.matchAll(/<input type="radio" name="tariff"[^>]*>/g)]
      .filter(([input]) => input.includes('checked=""'))
      .map(([input]) => /value="(\w+)"/.exec(input)?.[1])
    expect(checked).toEqual(['Pro'])
    const english = await (await client.get('/tariff?lang=en')).text()
    expect(english).toContain('1600 ₽ a month')
    expect(english).toContain('Plans and payment')
  })

  it('without script: the trial through the development checkout lands on Pro with the activated modal', async () => {
    const { user, client } = await signedIn()
    const started = await client.post('/tariff', { intent: 'startTrial' })
    expect(started.status).toBe(302)
    const checkout = path(started.headers.get('Location'))
    expect(checkout).toMatch(/^\/dev\/checkout\//)
    expect(await (await client.get(checkout)).text()).toContain('5555555555554444')
    const paid = await client.post(checkout, { result: 'succeeded', cardNumber: '5555 5555 5555 4444' })
    expect(paid.status).toBe(303)
    const back = await client.get(path(paid.headers.get('Location')))
    expect(back.status).toBe(302)
    const landing = path(back.headers.get('Location'))
    expect(landing).toBe('/tariff?trial_pro_status=success&attach_card_status=success')
    const html = await (await client.get(landing)).text()
    expect(html).toContain('data-testid="trial-activated"')
    expect(html).toContain('•••• 4444')
    const [row] = await db().select().from(users).where(eq(users.id, user.id))
    expect(row.plan).toBe('Pro')
    // The offer is gone: once per account.
    expect(html).not.toContain('data-testid="trial-offer-card"')
  })

  it('a declined card returns with the failed-activation text and the account on Basic', async () => {
    const { user, client } = await signedIn()
    const started = await client.post('/tariff', { intent: 'startTrial' })
    const checkout = path(started.headers.get('Location'))
    const declined = await client.post(checkout, { result: 'canceled', reason: 'insufficient_funds' })
    const back = await client.get(path(declined.headers.get('Location')))
    const landing = path(back.headers.get('Location'))
    expect(landing).toBe('/tariff?trial_pro_status=failed&attach_card_status=failed')
    expect(await (await client.get(landing)).text()).toContain(
      'Не удалось активировать пробный период. Попробуйте ещё раз',
    )
    const [row] = await db().select().from(users).where(eq(users.id, user.id))
    expect(row.plan).toBe('Basic')
  })

  it('refuses an unknown promo code with a translated text next to the field, and Basic as a purchase', async () => {
    const { client } = await signedIn()
    const refused = await client.post('/tariff', {
      intent: 'pay',
      tariff: 'Standard',
      months: '1',
      promoCode: 'NOSUCH',
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Такого промокода нет')
    const basic = await client.post('/tariff', { intent: 'pay', tariff: 'Basic', months: '1' })
    expect(basic.status).toBe(400)
  })

  it('pays for Standard on the development checkout and shows the outcome and the history', async () => {
    const { user, client } = await signedIn()
    const started = await client.post('/tariff', { intent: 'pay', tariff: 'Standard', months: '1' })
    const checkout = path(started.headers.get('Location'))
    const paid = await client.post(checkout, { result: 'succeeded' })
    const back = await client.get(path(paid.headers.get('Location')))
    expect(path(back.headers.get('Location'))).toBe('/tariff?payment=succeeded')
    const html = await (await client.get('/tariff?payment=succeeded')).text()
    expect(html).toContain('Оплата прошла, тариф обновлён')
    expect(html).toContain('data-testid="payment"')
    const [row] = await db().select().from(users).where(eq(users.id, user.id))
    expect(row.plan).toBe('Standard')
    // Auto-renewal can be cancelled; the plan stays.
    const canceled = await client.post('/tariff', { intent: 'cancelAutoRenew' })
    expect(path(canceled.headers.get('Location'))).toBe('/tariff?done=autoRenewCanceled')
    const [after] = await db().select().from(users).where(eq(users.id, user.id))
    expect(after.plan).toBe('Standard')
  })

  it("another user's payment return is a 404", async () => {
    const owner = await signedIn()
    const started = await owner.client.post('/tariff', { intent: 'pay', tariff: 'Pro', months: '1' })
    const checkout = path(started.headers.get('Location'))
    const paid = await owner.client.post(checkout, { result: 'succeeded' })
    const stranger = await signedIn()
    expect((await stranger.client.get(path(paid.headers.get('Location')))).status).toBe(404)
  })
})

describe('the trial modals (SPEC §2)', () => {
  const DAY = 86_400_000

  it('offers the trial to a new and to an old user in their own words', async () => {
    const fresh = await signedIn()
    expect(await (await fresh.client.get('/tariff?offer=trial')).text()).toContain('Попробуйте Pro бесплатно 7 дней')
    const old = await createTestUser({ plan: 'Basic', createdAt: Date.now() - 400 * DAY })
    const html = await (await pageClient(await sessionCookieFor(old.id)).get('/tariff?offer=trial')).text()
    expect(html).toContain('Вы ещё не пробовали Pro')
  })

  it('opens the offer by itself on the home page and /tariff until "No, thanks", which works without script', async () => {
    const { user, client } = await signedIn()
    const home = await (await client.get('/')).text()
    expect(home).toContain('data-testid="trial-offer-home"')
    expect(home).toContain('Попробуйте Pro бесплатно 7 дней')
    // Both buttons are plain forms to /tariff.
    expect(home).toMatch(
      /<form method="post" action="\/tariff"[^>]*>\s*<input type="hidden" name="intent" value="startTrial"/,
    )
    expect(home).toContain('name="intent" value="dismissTrialOffer"')
    expect(await (await client.get('/?lang=en')).text()).toContain('Try Pro free for 7 days')
    const plansPage = await (await client.get('/tariff')).text()
    expect(plansPage).toContain('data-testid="trial-offer"')
    expect(plansPage).toContain('Нет, спасибо')

    const dismissed = await client.post('/tariff', { intent: 'dismissTrialOffer', from: 'home' })
    expect(dismissed.status).toBe(302)
    expect(path(dismissed.headers.get('Location'))).toBe('/')
    // A repeat changes nothing; another page's "from" goes back to /tariff, never elsewhere.
    const again = await client.post('/tariff', { intent: 'dismissTrialOffer', from: 'https://evil.example/' })
    expect(path(again.headers.get('Location'))).toBe('/tariff')
    expect(await (await client.get('/')).text()).not.toContain('data-testid="trial-offer-home"')
    expect(await (await client.get('/tariff')).text()).not.toContain('data-testid="trial-offer"')
    // Asked for, it still opens; the trial itself is still available.
    expect(await (await client.get('/tariff?offer=trial')).text()).toContain('data-testid="trial-offer"')
    expect(await (await client.get('/tariff')).text()).toContain('data-testid="trial-offer-card"')
    const [row] = await db().select().from(users).where(eq(users.id, user.id))
    expect(row.plan).toBe('Basic')
  })

  it('never opens the offer by itself after the trial was used, nor on a paid plan', async () => {
    const used = await createTestUser({ plan: 'Basic' })
    await db()
      .insert(subscriptions)
      .values({ userId: used.id, trialStartedAt: Date.now() - 30 * DAY })
    const client = pageClient(await sessionCookieFor(used.id))
    expect(await (await client.get('/')).text()).not.toContain('data-testid="trial-offer-home"')
    expect(await (await client.get('/tariff')).text()).not.toContain('data-testid="trial-offer"')
    const paid = await signedIn('Standard')
    expect(await (await paid.client.get('/')).text()).not.toContain('data-testid="trial-offer-home"')
  })

  it('says how many days are left near the end, and that the trial ended after it', async () => {
    const now = Date.now()
    const ending = await createTestUser({ plan: 'Pro', planValidUntil: now + 1.5 * DAY })
    await db()
      .insert(subscriptions)
      .values({ userId: ending.id, isTrial: true, trialStartedAt: now - 5.5 * DAY })
    const left = await (await pageClient(await sessionCookieFor(ending.id)).get('/tariff')).text()
    expect(left).toContain('data-testid="trial-days-left"')
    expect(left).toContain('До конца пробного периода осталось 2 дня')
    const ended = await createTestUser({ plan: 'Basic' })
    await db()
      .insert(subscriptions)
      .values({ userId: ended.id, trialStartedAt: now - 8 * DAY })
    const html = await (await pageClient(await sessionCookieFor(ended.id)).get('/tariff')).text()
    expect(html).toContain('data-testid="trial-ended"')
    expect(html).not.toContain('data-testid="trial-offer-card"')
  })
})

describe('/wallet', () => {
  it('credits a Fasties code once and lists it in the ledger', async () => {
    const { client } = await signedIn()
    const code = `FAST${newId().slice(-6).toUpperCase()}`
    await db().insert(promoCodes).values({ id: newId(), code, kind: 'fasties', value: 300 })
    const credited = await client.post('/wallet', { promoCode: code.toLowerCase() })
    expect(credited.status).toBe(200)
    expect(await credited.text()).toContain('Зачислено фастиков: 300')
    const html = await (await client.get('/wallet')).text()
    expect(html).toMatch(/data-testid="wallet-balance">300</)
    expect(html).toContain('+300')
    const again = await client.post('/wallet', { promoCode: code })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('Вы уже использовали этот промокод')
  })
})
