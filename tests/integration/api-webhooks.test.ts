/**
 * Webhooks (issue 17, docs/decisions/0101-api-webhooks-tokens.md): endpoints through the API, booking events routed
 * from the host event log once, delivered signed (checked with the `standardwebhooks` library's own `verify`),
 * retried after a 500, logged per attempt, and resent with the same Webhook-Id and body.
 */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq, inArray } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { backoffMs, drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { WebhookSender, routeWebhooks } from '#app/server/webhooks/webhooks.server.ts'
import { meetings, outbox, webhookEndpoints } from '#db/schema.ts'
import { type ApiAnswer, apiSpecialist } from './helpers/api.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { bearerFor } from './helpers/users.ts'

const db = () => getDb(env.DB)
const RECEIVER = 'http://127.0.0.1:9/hooks/fastslot'

/** A JSON API caller signed in as an existing user. */
async function callerFor(userId: string) {
  const auth = await bearerFor(userId)
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await SELF.fetch(`http://localhost/api/v2${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as ApiAnswer['body'] }
  }
}

/** A receiver at the fetch boundary: records every POST and answers the given statuses in turn (then 200). */
function fakeReceiver(statuses: number[] = []) {
  const received: { url: string; headers: Record<string, string>; body: string }[] = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    received.push({ url: String(input), headers, body: String(init?.body) })
    return new Response('ok', { status: statuses.shift() ?? 200 })
  }) as typeof fetch
  return { received, fetcher }
}

async function deliver(ids: string[], fetcher: typeof fetch, at: number) {
  const config = parseEnv(env)
  return drainOutbox(db(), config, at, { ids, senders: { webhook: new WebhookSender(db(), config, fetcher) } })
}

async function webhookRows(endpointId: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'webhook'), eq(outbox.recipient, endpointId)))
}

async function book(login: string, who: string) {
  const { slots } = await firstFreeSlot(login, 'consult')
  const response = await api(`/public/${login}/eventTypes/consult/events`, {
    method: 'POST',
    body: JSON.stringify({ contactInfo: contactInfo(who), slots: [{ start: slots[0].start }] }),
  })
  expect(response.status).toBe(201)
  return slots[0]
}

describe('webhook endpoints through the API', () => {
  it('creates an endpoint with a secret shown once, lists it without, and refuses bad input translated', async () => {
    const { call } = await apiSpecialist()
    const created = await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.created', 'booking.created'] })
    expect(created.status).toBe(201)
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const listed = await call('GET', '/webhooks')
    expect(listed.body.data).toEqual([
      { id: created.body.data.id, url: RECEIVER, events: ['booking.created'], createdAt: expect.any(String) },
    ])
    expect(JSON.stringify(listed.body)).not.toContain('whsec_')
    const [stored] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.body.data.id))
    expect(stored.secretEnc).not.toContain(created.body.data.secret.slice(6))

    const bad = await call(
      'POST',
      '/webhooks',
      { url: 'ftp://example.com/x', events: ['booking.exploded'] },
      {
        'Accept-Language': 'en',
      },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.apiErrors.map((e) => e.text)).toEqual([
      'url: An http or https link is needed',
      'events.0: Unknown event type',
    ])
    const none = await call('POST', '/webhooks', { url: RECEIVER, events: [] })
    expect(none.status).toBe(400)
    expect(none.body.apiErrors[0].text).toBe('events: Выберите хотя бы одно событие')
    const long = await call('POST', '/webhooks', {
      url: `https://example.com/${'a'.repeat(2000)}`,
      events: ['booking.moved'],
    })
    expect(long.status).toBe(400)
    expect((await call('GET', '/webhooks')).body.data).toHaveLength(1)
  })

  it('allows ten endpoints per specialist', async () => {
    const { call } = await apiSpecialist()
    for (let i = 0; i < 9; i++) {
      expect((await call('POST', '/webhooks', { url: `${RECEIVER}/${i}`, events: ['booking.moved'] })).status).toBe(201)
    }
    expect((await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.moved'] })).status).toBe(201)
    const over = await call(
      'POST',
      '/webhooks',
      { url: RECEIVER, events: ['booking.moved'] },
      { 'Accept-Language': 'en' },
    )
    expect(over.status).toBe(400)
    expect(over.body.apiErrors[0].text).toContain('(10)')
  })

  it("answers 404 for another specialist's endpoint, its deliveries and a resend", async () => {
    const owner = await apiSpecialist()
    const other = await apiSpecialist()
    const { id } = (await owner.call('POST', '/webhooks', { url: RECEIVER, events: ['booking.created'] })).body.data
    expect((await other.call('GET', `/webhooks/${id}/deliveries`)).status).toBe(404)
    expect((await other.call('POST', `/webhooks/${id}/deliveries/x/resend`)).status).toBe(404)
    expect((await other.call('DELETE', `/webhooks/${id}`)).status).toBe(404)
    expect((await other.call('GET', '/webhooks')).body.data).toEqual([])
    expect((await owner.call('DELETE', `/webhooks/${id}`)).status).toBe(200)
    expect((await owner.call('GET', `/webhooks/${id}/deliveries`)).status).toBe(404)
  })
})

describe('webhook deliveries', () => {
  it('routes a booking once, signs it, retries after a 500, logs both attempts and resends the same message', async () => {
    const { host } = await createBookableHost()
    const other = await createBookableHost()
    const call = await callerFor(host.id)
    const { id: endpointId, secret } = (
      await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.created', 'booking.cancelled'] })
    ).body.data
    await routeWebhooks(db(), Date.now()) // whatever other tests logged before
    const slot = await book(host.login, `hook-${host.login}`)
    await book(other.host.login, `hook-${other.host.login}`)
    const [meeting] = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))

    const now = Date.now()
    await routeWebhooks(db(), now)
    await routeWebhooks(db(), now)
    const rows = await webhookRows(endpointId)
    expect(rows).toHaveLength(1)

    const receiver = fakeReceiver([500])
    expect(await deliver([rows[0].id], receiver.fetcher, now)).toEqual({ sent: 0, retried: 1, failed: 0 })
    // Not due again before its backoff.
    expect(await deliver([rows[0].id], receiver.fetcher, now + 1000)).toEqual({ sent: 0, retried: 0, failed: 0 })
    expect(await deliver([rows[0].id], receiver.fetcher, now + backoffMs(1))).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    })
    expect(receiver.received).toHaveLength(2)
    const [first, second] = receiver.received
    expect(first.url).toBe(RECEIVER)
    expect(second.body).toBe(first.body)
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])

    // The receiver's side: the library's own verification.
    const verified = new Webhook(secret).verify(second.body, second.headers) as {
      id: string
      type: string
      data: Record<string, unknown>
    }
    expect(verified.id).toBe(second.headers['webhook-id'])
    expect(verified.type).toBe('booking.created')
    expect(verified.data).toMatchObject({
      reason: 'BookingConfirmed',
      meetingId: meeting.id,
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      status: 'upcoming',
      participants: [{ name: 'Иван Петров', email: `client${`hook-${host.login}`}@example.com` }],
    })
    // Signed with this endpoint's secret only.
    expect(() =>
      new Webhook(`whsec_${btoa('another secret of 24 bytes')}`).verify(second.body, second.headers),
    ).toThrow()

    const log = await call('GET', `/webhooks/${endpointId}/deliveries`)
    expect(log.status).toBe(200)
    expect(log.body.data).toHaveLength(1)
    expect(log.body.data[0]).toMatchObject({
      id: rows[0].id,
      type: 'booking.created',
      status: 'delivered',
      attempts: [
        { statusCode: 500, error: null },
        { statusCode: 200, error: null },
      ],
    })

    const resent = await call('POST', `/webhooks/${endpointId}/deliveries/${encodeURIComponent(rows[0].id)}/resend`)
    expect(resent.status).toBe(201)
    const again = fakeReceiver()
    expect(await deliver([resent.body.data.id], again.fetcher, now + backoffMs(1))).toMatchObject({ sent: 1 })
    expect(again.received[0].headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(again.received[0].body).toBe(first.body)
    expect(() => new Webhook(secret).verify(again.received[0].body, again.received[0].headers)).not.toThrow()
    const after = (await call('GET', `/webhooks/${endpointId}/deliveries`)).body.data
    expect(after).toHaveLength(2)
    expect(after.map((d: { resendOf: string | null }) => d.resendOf)).toContain(rows[0].id)
  })

  it('hears only what happens after the endpoint was made, even when earlier changes are routed later', async () => {
    const { host } = await createBookableHost()
    const call = await callerFor(host.id)
    await routeWebhooks(db(), Date.now()) // whatever other tests logged before
    // A booking logged before the endpoint exists, still waiting for the cron to route it.
    await book(host.login, `early-${host.login}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { id: endpointId } = (await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.created'] })).body
      .data
    await routeWebhooks(db(), Date.now())
    expect(await webhookRows(endpointId)).toHaveLength(0)
    await book(host.login, `late-${host.login}`)
    await routeWebhooks(db(), Date.now())
    expect(await webhookRows(endpointId)).toHaveLength(1)
  })

  it('sends only the subscribed types, and a cancel as booking.cancelled', async () => {
    const { host } = await createBookableHost()
    const call = await callerFor(host.id)
    const created = (await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.cancelled'] })).body.data
    await routeWebhooks(db(), Date.now())
    await book(host.login, `cancel-${host.login}`)
    await routeWebhooks(db(), Date.now())
    expect(await webhookRows(created.id)).toHaveLength(0)
    const [meeting] = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))
    const canceled = await call('PATCH', `/userEvents/${meeting.id}`, { cancel: true })
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200)
    await routeWebhooks(db(), Date.now())
    const rows = await webhookRows(created.id)
    expect(rows).toHaveLength(1)
    const receiver = fakeReceiver()
    await deliver([rows[0].id], receiver.fetcher, Date.now())
    const body = JSON.parse(receiver.received[0].body)
    expect(body).toMatchObject({ type: 'booking.cancelled', data: { meetingId: meeting.id, status: 'canceled' } })
  })

  it('gives a delivery up when its endpoint was deleted, and records a network failure as an attempt', async () => {
    const { host } = await createBookableHost()
    const call = await callerFor(host.id)
    const kept = (await call('POST', '/webhooks', { url: RECEIVER, events: ['booking.created'] })).body.data
    const gone = (await call('POST', '/webhooks', { url: `${RECEIVER}/2`, events: ['booking.created'] })).body.data
    await routeWebhooks(db(), Date.now())
    await book(host.login, `gone-${host.login}`)
    await routeWebhooks(db(), Date.now())
    const ids = [...(await webhookRows(kept.id)), ...(await webhookRows(gone.id))].map((r) => r.id)
    expect(ids).toHaveLength(2)
    await call('DELETE', `/webhooks/${gone.id}`)
    const down = (async () => {
      throw new TypeError('connection refused')
    }) as typeof fetch
    expect(await deliver(ids, down, Date.now())).toEqual({ sent: 0, retried: 1, failed: 1 })
    const states = await db().select().from(outbox).where(inArray(outbox.id, ids))
    expect(states.find((r) => r.recipient === gone.id)?.status).toBe('failed')
    const log = (await call('GET', `/webhooks/${kept.id}/deliveries`)).body.data
    expect(log[0].status).toBe('pending')
    expect(log[0].attempts).toEqual([
      {
        at: expect.any(String),
        statusCode: null,
        error: 'network: connection refused',
        durationMs: expect.any(Number),
      },
    ])
  })

  it('sends a later seat of a group slot as booking.participants_changed and a move as booking.moved', async () => {
    const { host } = await createBookableHost(
      { participantType: 'GroupNotCollective', totalSeats: 3, minSeats: 1 },
      { plan: 'Pro' },
    )
    const call = await callerFor(host.id)
    const created = (
      await call('POST', '/webhooks', {
        url: RECEIVER,
        events: ['booking.created', 'booking.participants_changed', 'booking.moved'],
      })
    ).body.data
    await routeWebhooks(db(), Date.now())
    const { slots } = await firstFreeSlot(host.login, 'consult')
    for (const who of ['g1', 'g2']) {
      const response = await api(`/public/${host.login}/eventTypes/consult/events`, {
        method: 'POST',
        body: JSON.stringify({ contactInfo: contactInfo(`${who}-${host.login}`), slots: [{ start: slots[0].start }] }),
      })
      expect(response.status).toBe(201)
    }
    const [meeting] = await db().select().from(meetings).where(eq(meetings.ownerId, host.id))
    const moved = await call('PATCH', `/userEvents/${meeting.id}`, { newTimeSlotForm: { start: slots[1].start } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    await routeWebhooks(db(), Date.now())
    const rows = await webhookRows(created.id)
    const receiver = fakeReceiver()
    await deliver(
      rows.map((r) => r.id),
      receiver.fetcher,
      Date.now(),
    )
    const bodies = receiver.received.map((r) => JSON.parse(r.body))
    const byType = (type: string) => bodies.filter((b) => b.type === type)
    expect(byType('booking.created')).toHaveLength(1)
    const changed = byType('booking.participants_changed')
    expect(changed).toHaveLength(1)
    expect(changed[0].data.reason).toBe('BookingConfirmed')
    expect(byType('booking.moved')).toHaveLength(1)
    // Each body is the meeting when routed: the move came before this run, so all three show the new time.
    expect(byType('booking.moved')[0].data).toMatchObject({
      meetingId: meeting.id,
      start: new Date(slots[1].start).toISOString(),
    })
    expect(byType('booking.moved')[0].data.participants).toHaveLength(2)
  })
})
