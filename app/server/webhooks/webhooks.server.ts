/**
 * Webhooks (issue 17, docs/decisions/0101-api-webhooks-tokens.md). A consumer of the host event log
 * (db/schema-host-events.ts), like the calendar write-back, turns every event about a meeting of a specialist with
 * endpoints into one delivery per subscribed endpoint: an outbox row `webhook` with a fixed id and the body built
 * now, so routing twice adds nothing and every retry sends the same bytes. The outbox delivers it through
 * `WebhookSender` (Standard Webhooks signature, a timeout, 2xx = delivered, anything else retried with the outbox's
 * backoff), and each attempt is logged for the endpoint's delivery log.
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { newId } from '#app/domain/ids.ts'
import { callableUrl } from '#app/domain/net/callable-url.ts'
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_PREFIX,
  type WebhookCreate,
  type WebhookEventType,
  type WebhookMeetingFacts,
  meetingsOfEvent,
  webhookBody,
  webhookMessageId,
  webhookTypeOf,
} from '#app/domain/webhooks/rules.ts'
import {
  eventConsumers,
  hostEvents,
  meetings,
  outbox,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '#db/schema.ts'
import { SEALED_PURPOSES, seal, unseal } from '../crypto/sealed.server.ts'
import { type Db, readInParts } from '../db.server.ts'
import { type AppEnv, sessionKeys } from '../env.server.ts'
import { bookedPeopleOf } from '../meetings/people.server.ts'
import { DeliveryError, type MessageSender, type OutgoingMessage } from '../outbox/delivery.server.ts'
import { deleteOwned, findById, findOwned, insertOwnedBelow, listOwned } from '../rows.server.ts'

const CONSUMER = 'webhooks'
/** Host events routed per run; the next run goes on from where this one stopped. */
const EVENTS_PER_RUN = 500
const SECRET_PURPOSE = SEALED_PURPOSES.webhookSecret
/** How long a receiver has to answer one POST. */
export const WEBHOOK_TIMEOUT_MS = 10_000

const production = (env: AppEnv) => env.ENVIRONMENT !== 'development'

/** What the outbox row of a delivery carries. */
type DeliveryPayload = { messageId: string; type: WebhookEventType; body: string }

const deliveryId = (endpointId: string, messageId: string) => `webhook:${endpointId}:${messageId}`

function newSecret(): string {
  let text = ''
  for (const byte of crypto.getRandomValues(new Uint8Array(24))) text += String.fromCharCode(byte)
  return `${WEBHOOK_SECRET_PREFIX}${btoa(text)}`
}

/** A new endpoint and its secret (shown once); null when the owner already has the most endpoints allowed. */
export async function createEndpoint(
  db: Db,
  env: AppEnv,
  ownerId: string,
  input: WebhookCreate,
  now: number,
): Promise<{ id: string; secret: string } | null> {
  const id = newId(now)
  const secret = newSecret()
  const secretEnc = await seal(sessionKeys(env), SECRET_PURPOSE, secret)
  const row = { id, ownerId, url: input.url, events: input.events, secretEnc, createdAt: now }
  return (await insertOwnedBelow(db, webhookEndpoints, row, MAX_WEBHOOK_ENDPOINTS)) ? { id, secret } : null
}

export async function listEndpoints(db: Db, ownerId: string) {
  const rows = await listOwned(db, webhookEndpoints, ownerId, 'oldest')
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: new Date(row.createdAt).toISOString(),
  }))
}

/** Deletes an endpoint of the owner (its log with it; pending deliveries are given up when their turn comes). */
export function deleteEndpoint(db: Db, ownerId: string, id: string): Promise<boolean> {
  return deleteOwned(db, webhookEndpoints, ownerId, id)
}

/** Deliveries of the log, newest first. */
const LOG_SIZE = 50

/** An endpoint's delivery log (null when it is not the owner's): each delivery's state and every attempt. */
export async function listDeliveries(db: Db, ownerId: string, endpointId: string) {
  if (!(await findOwned(db, webhookEndpoints, ownerId, endpointId))) return null
  const rows = await db
    .select({ delivery: webhookDeliveries, row: outbox })
    .from(webhookDeliveries)
    .leftJoin(outbox, eq(outbox.id, webhookDeliveries.id))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(LOG_SIZE)
  const ids = rows.map((r) => r.delivery.id)
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id))
  return rows.map(({ delivery, row }) => ({
    id: delivery.id,
    messageId: delivery.messageId,
    type: delivery.type,
    resendOf: delivery.resendOf,
    createdAt: new Date(delivery.createdAt).toISOString(),
    /** `pending` (waiting for its next attempt), `delivered`, or `failed` (given up after the outbox's last try). */
    status: row?.status === 'sent' ? 'delivered' : row?.status === 'failed' ? 'failed' : 'pending',
    nextAttemptAt: row?.status === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
    attempts: attempts
      .filter((a) => a.deliveryId === delivery.id)
      .map((a) => ({
        at: new Date(a.at).toISOString(),
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
      })),
  }))
}

/** A delivery sent again: a new outbox row with the same Webhook-Id and body; null when not the owner's. */
export async function resendDelivery(
  db: Db,
  ownerId: string,
  endpointId: string,
  id: string,
  now: number,
): Promise<{ id: string } | null> {
  if (!(await findOwned(db, webhookEndpoints, ownerId, endpointId))) return null
  const [found] = await db
    .select({ delivery: webhookDeliveries, row: outbox })
    .from(webhookDeliveries)
    .innerJoin(outbox, eq(outbox.id, webhookDeliveries.id))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1)
  if (!found) return null
  const resendId = `${deliveryId(endpointId, found.delivery.messageId)}:resend:${newId(now)}`
  await db.batch([
    db.insert(outbox).values({
      id: resendId,
      channel: 'webhook',
      recipient: endpointId,
      text: '',
      payload: found.row.payload,
      nextAttemptAt: now,
      createdAt: now,
    }),
    db.insert(webhookDeliveries).values({
      id: resendId,
      endpointId,
      messageId: found.delivery.messageId,
      type: found.delivery.type,
      resendOf: found.delivery.resendOf ?? found.delivery.id,
      createdAt: now,
    }),
  ])
  return { id: resendId }
}

/** The facts of the meetings a batch of events is about, read once per run. */
async function meetingFacts(db: Db, ids: string[]): Promise<Map<string, WebhookMeetingFacts>> {
  const facts = new Map<string, WebhookMeetingFacts>()
  const [rows, people] = await Promise.all([
    readInParts(ids, (part) => db.select().from(meetings).where(inArray(meetings.id, part))),
    bookedPeopleOf(db, ids),
  ])
  for (const m of rows) {
    facts.set(m.id, {
      id: m.id,
      eventTypeId: m.eventTypeId,
      name: m.name,
      start: m.startAt,
      end: m.endAt,
      status: m.status,
      participants: people.filter((p) => p.meetingId === m.id),
    })
  }
  return facts
}

/**
 * Routes the host events logged since the last run to webhook deliveries: one per meeting an event touched and
 * endpoint subscribed to its type. The deliveries, their outbox rows and the consumer's new position go in one batch.
 */
export async function routeWebhooks(db: Db, now: number): Promise<number> {
  const [cursor] = await db.select().from(eventConsumers).where(eq(eventConsumers.name, CONSUMER)).limit(1)
  const events = await db
    .select()
    .from(hostEvents)
    .where(gt(hostEvents.seq, cursor?.seq ?? 0))
    .orderBy(asc(hostEvents.seq))
    .limit(EVENTS_PER_RUN)
  if (events.length === 0) return 0
  const owners = [...new Set(events.map((e) => e.ownerId))]
  const endpoints = await readInParts(owners, (part) =>
    db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.ownerId, part)),
  )
  const wanted = events.flatMap((event) => {
    const type = webhookTypeOf(event.type, event.payload)
    // An endpoint hears what happens from its creation on, never the changes still waiting to be routed before it.
    const targets = endpoints.filter(
      (e) => e.ownerId === event.ownerId && type && e.events.includes(type) && event.createdAt >= e.createdAt,
    )
    if (!type || targets.length === 0) return []
    return meetingsOfEvent(event.meetingId, event.payload).map((meetingId) => ({ event, type, meetingId, targets }))
  })
  const facts = await meetingFacts(db, [...new Set(wanted.map((w) => w.meetingId))])
  const statements = []
  for (const { event, type, meetingId, targets } of wanted) {
    const meeting = facts.get(meetingId)
    if (!meeting) continue
    const messageId = webhookMessageId(event.id, meetingId)
    const body = webhookBody({ messageId, type, reason: event.type, at: event.createdAt, meeting })
    for (const endpoint of targets) {
      const id = deliveryId(endpoint.id, messageId)
      const payload: DeliveryPayload = { messageId, type, body }
      statements.push(
        db
          .insert(outbox)
          .values({ id, channel: 'webhook', recipient: endpoint.id, text: '', payload, nextAttemptAt: now })
          .onConflictDoNothing(),
        db
          .insert(webhookDeliveries)
          .values({ id, endpointId: endpoint.id, messageId, type, createdAt: now })
          .onConflictDoNothing(),
      )
    }
  }
  const last = events[events.length - 1].seq
  const advance = db
    .insert(eventConsumers)
    .values({ name: CONSUMER, seq: last })
    .onConflictDoUpdate({ target: eventConsumers.name, set: { seq: sql`max(${eventConsumers.seq}, ${last})` } })
  await db.batch([advance, ...statements])
  return statements.length / 2
}

/** The outbox's sender of `webhook` rows: one signed POST, logged as an attempt whatever its outcome. */
export class WebhookSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly env: AppEnv,
    // Called as a plain function: Workers refuse `fetch` invoked as a method of another object ("Illegal invocation").
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    const endpoint = await findById(this.db, webhookEndpoints, message.recipient)
    if (!endpoint) throw new DeliveryError('canceled', 'The webhook endpoint was deleted', true)
    const { messageId, body } = message.payload as DeliveryPayload
    // Fails loudly (and is retried) when production lacks the secret the endpoint's secret is sealed with.
    const secret = await unseal(sessionKeys(this.env), SECRET_PURPOSE, endpoint.secretEnc)
    if (!secret)
      throw new DeliveryError(
        'notConfigured',
        'The endpoint secret cannot be opened: SESSION_SECRET changed without SESSION_SECRET_PREVIOUS?',
      )
    const checked = callableUrl(endpoint.url, production(this.env))
    if (!checked.url) throw new DeliveryError('rejected', checked.problem, true)
    const started = Date.now()
    const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)
    let statusCode: number | null = null
    let failure: DeliveryError | null = null
    try {
      const response = await this.fetcher(checked.url.toString(), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'FastSlot-Webhooks/1',
          'Webhook-Id': messageId,
          'Webhook-Timestamp': String(Math.floor(started / 1000)),
          'Webhook-Signature': new Webhook(secret).sign(messageId, new Date(started), body),
        },
        body,
        // A redirect is not a delivery (and is never followed to another host).
        redirect: 'manual',
        signal: AbortSignal.any([signal, timeout]),
      })
      statusCode = response.status
      await response.body?.cancel()
      if (statusCode < 200 || statusCode > 299) failure = new DeliveryError('rejected', `answered ${statusCode}`)
    } catch (error) {
      failure =
        signal.aborted || timeout.aborted
          ? new DeliveryError('timeout', 'The receiver did not answer in time')
          : new DeliveryError('network', error instanceof Error ? error.message : String(error))
    }
    await this.db.insert(webhookAttempts).values({
      id: newId(),
      deliveryId: message.id,
      statusCode,
      error: failure && statusCode === null ? failure.message : null,
      durationMs: Date.now() - started,
      at: started,
    })
    if (failure) throw failure
  }
}
