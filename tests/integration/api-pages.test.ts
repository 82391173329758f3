/**
 * /profile/api (issue 17): personal access tokens and webhook endpoints with their delivery logs, as plain forms
 * without script, in both languages; another specialist's token, endpoint or delivery is 404.
 */
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { backoffMs, drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { WebhookSender, routeWebhooks } from '#app/server/webhooks/webhooks.server.ts'
import { personalAccessTokens, webhookDeliveries, webhookEndpoints } from '#db/schema.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { createTestUser, pageClient, sessionCookieFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const decode = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')

describe('/profile/api', () => {
  it('is linked from the profile and shows both sections in either language', async () => {
    const user = await createTestUser()
    const page = pageClient(await sessionCookieFor(user.id))
    const profile = await (await page.get('/profile')).text()
    expect(profile).toContain('href="/profile/api"')
    const ru = await (await page.get('/profile/api', { 'Accept-Language': 'ru' })).text()
    expect(ru).toContain('Персональные токены')
    expect(ru).toContain('Вебхуки')
    const en = await (await page.get('/profile/api?lang=en')).text()
    expect(en).toContain('Personal access tokens')
    expect((await pageClient().get('/profile/api')).status).toBe(302)
  })

  it('creates a token shown once, lists it, and revokes it', async () => {
    const user = await createTestUser()
    const page = pageClient(await sessionCookieFor(user.id))
    const bad = await page.post('/profile/api', { intent: 'createToken', name: '', scope: 'read' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Обязательное поле')
    const created = await page.post('/profile/api', { intent: 'createToken', name: 'Reports', scope: 'read' })
    expect(created.status).toBe(200)
    const html = await created.text()
    const token = /data-testid="new-token"[^>]*>(fs_pat_[A-Za-z0-9_-]+)</.exec(html)?.[1]
    expect(token).toBeTruthy()
    const listed = await (await page.get('/profile/api')).text()
    expect(listed).toContain('Reports')
    expect(listed).toContain('Только чтение')
    expect(listed).not.toContain(token)
    const [row] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.ownerId, user.id))
    const other = pageClient(await sessionCookieFor((await createTestUser()).id))
    expect((await other.post('/profile/api', { intent: 'revokeToken', id: row.id })).status).toBe(404)
    expect((await page.post('/profile/api', { intent: 'revokeToken', id: row.id })).status).toBe(200)
    expect(await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.ownerId, user.id))).toEqual([])
  })

  it('adds an endpoint with its secret shown once, shows both attempts of a retried delivery, resends, deletes', async () => {
    const { host } = await createBookableHost()
    const page = pageClient(await sessionCookieFor(host.id))
    const refused = await page.post('/profile/api', [
      ['intent', 'createWebhook'],
      ['url', 'ftp://127.0.0.1/x'],
    ])
    expect(refused.status).toBe(400)
    const refusedHtml = decode(await refused.text())
    expect(refusedHtml).toContain('Нужна ссылка http или https')
    expect(refusedHtml).toContain('Выберите хотя бы одно событие')
    const created = await page.post('/profile/api', [
      ['intent', 'createWebhook'],
      ['url', 'http://127.0.0.1:9/receiver'],
      ['events', 'booking.created'],
      ['events', 'booking.moved'],
    ])
    expect(created.status).toBe(200)
    expect(await created.text()).toMatch(/data-testid="new-webhook-secret"[^>]*>whsec_/)
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, host.id))
    expect(endpoint.events).toEqual(['booking.created', 'booking.moved'])

    await routeWebhooks(db(), Date.now())
    const { slots } = await firstFreeSlot(host.login, 'consult')
    const booked = await api(`/public/${host.login}/eventTypes/consult/events`, {
      method: 'POST',
      body: JSON.stringify({ contactInfo: contactInfo(`page-${host.login}`), slots: [{ start: slots[0].start }] }),
    })
    expect(booked.status).toBe(201)
    const now = Date.now()
    await routeWebhooks(db(), now)
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    const statuses = [500, 200]
    const config = parseEnv(env)
    const sender = new WebhookSender(
      db(),
      config,
      (async () => new Response('', { status: statuses.shift() })) as typeof fetch,
    )
    await drainOutbox(db(), config, now, { ids: [delivery.id], senders: { webhook: sender } })
    await drainOutbox(db(), config, now + backoffMs(1), { ids: [delivery.id], senders: { webhook: sender } })

    const log = await (await page.get('/profile/api')).text()
    expect(log).toContain('Доставлено')
    expect(log).toContain('2 попытки')
    expect(log).toContain('ответ 500')
    expect(log).toContain('ответ 200')
    const en = await (await page.get('/profile/api?lang=en')).text()
    expect(en).toContain('answered 500')

    const other = pageClient(await sessionCookieFor((await createTestUser()).id))
    const fields = { intent: 'resend', endpointId: endpoint.id, deliveryId: delivery.id }
    expect((await other.post('/profile/api', fields)).status).toBe(404)
    expect((await page.post('/profile/api', fields)).status).toBe(200)
    expect(
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(2)
    expect((await other.post('/profile/api', { intent: 'deleteWebhook', id: endpoint.id })).status).toBe(404)
    expect((await page.post('/profile/api', { intent: 'deleteWebhook', id: endpoint.id })).status).toBe(200)
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, host.id))).toEqual([])
  })
})
