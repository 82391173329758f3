import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { connectIntegration } from '#app/server/calendars/integrations.server.ts'
import {
  canReceivePush,
  ensurePushChannels,
  renewPushChannels,
  stopPushChannels,
} from '#app/server/calendars/push.server.ts'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { calendarBusy, calendarIntegrations, calendarPushChannels, integrationCalendars } from '#db/schema.ts'
import { FakeGoogleCalendar, GOOGLE_CLIENT } from '../fakes/google-calendar-api.ts'
import { FakeGraph, MICROSOFT_CLIENT } from '../fakes/graph-api.ts'
import { createTestUser } from './helpers/users.ts'

const db = getDb(env.DB)
/** The test Worker's settings: APP_URL http://localhost:8787, which Google and Microsoft cannot reach. */
const localEnv = parseEnv({
  ...env,
  OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
  OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
  OAUTH_MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
  OAUTH_MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
})
/** The same deployment as if it were public. */
const publicEnv = { ...localEnv, APP_URL: 'https://booking.example.com' }
const PUBLIC_ORIGIN = 'https://booking.example.com'

/** A request addressed to the public URL, delivered to the test Worker instead. */
const toWorker = (request: Request) =>
  SELF.fetch(request.url.replace(PUBLIC_ORIGIN, 'http://localhost'), {
    method: request.method,
    headers: request.headers,
    body: request.body,
  })

const HOUR = 3_600_000
const day = (days: number, hour: number) => {
  const at = new Date(Date.now() + days * 24 * HOUR)
  at.setUTCHours(hour, 0, 0, 0)
  return at.toISOString()
}

afterEach(() => {
  vi.restoreAllMocks()
})

async function channelsOf(integrationId: string) {
  const rows = await db
    .select({ channel: calendarPushChannels, remoteId: integrationCalendars.remoteId })
    .from(calendarPushChannels)
    .innerJoin(integrationCalendars, eq(integrationCalendars.id, calendarPushChannels.calendarId))
    .where(eq(integrationCalendars.integrationId, integrationId))
  return rows.map((row) => ({ ...row.channel, remoteId: row.remoteId }))
}

/** A Google account with a calendar named for the test (so other tests' channels never mix in), connected. */
async function connectGoogle(appEnv = publicEnv) {
  const user = await createTestUser()
  const calendarId = `host-${crypto.randomUUID().slice(0, 8)}@gmail.com`
  const google = new FakeGoogleCalendar()
  google.addCalendar({ id: calendarId, summary: 'Мой', accessRole: 'owner' })
  const deps = { db, env: appEnv, now: Date.now(), fetcher: google.fetch }
  const connected = await connectIntegration(deps, user.id, {
    type: 'Google',
    label: 'Google Calendar',
    name: 'Ирина',
    login: google.account.email,
    email: google.account.email,
    url: null,
    credentials: { kind: 'oauth', ...google.oauth.grant() },
  })
  if (!connected.ok) throw new Error(`not connected: ${connected.refusal.code}`)
  return { user, google, calendarId, deps, integrationId: connected.value.id }
}

async function connectOutlook() {
  const user = await createTestUser()
  const calendarId = `AAMkCal${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`
  const graph = new FakeGraph()
  graph.addCalendar({ id: calendarId, name: 'Календарь' })
  graph.deliver = toWorker
  const deps = { db, env: publicEnv, now: Date.now(), fetcher: graph.fetch }
  const connected = await connectIntegration(deps, user.id, {
    type: 'Outlook',
    label: 'Outlook',
    name: 'Олег',
    login: graph.account.mail,
    email: graph.account.mail,
    url: null,
    credentials: { kind: 'oauth', ...graph.oauth.grant() },
  })
  if (!connected.ok) throw new Error(`not connected: ${connected.refusal.code}`)
  return { user, graph, calendarId, deps, integrationId: connected.value.id }
}

/** As if the last sync was a while ago, so a notification is not within the 30-second rate limit. */
const syncedAMinuteAgo = (integrationId: string) =>
  db
    .update(calendarIntegrations)
    .set({ lastUpdate: Date.now() - 60_000 })
    .where(eq(calendarIntegrations.id, integrationId))

const busyOf = (ownerId: string) =>
  db.select({ title: calendarBusy.title }).from(calendarBusy).where(eq(calendarBusy.ownerId, ownerId))

describe('where push can reach the app', () => {
  it('only an https APP_URL on a public host', () => {
    expect(canReceivePush(localEnv)).toBe(false)
    expect(canReceivePush(publicEnv)).toBe(true)
    for (const url of [
      'http://booking.example.com',
      'https://localhost',
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://[::1]',
      'https://fastslot.local',
      'https://intranet',
    ]) {
      expect(canReceivePush({ ...localEnv, APP_URL: url }), url).toBe(false)
    }
  })

  it('with APP_URL on localhost no channel is made, for Google or on the hourly renewal', async () => {
    const { google, integrationId, deps } = await connectGoogle(localEnv)
    expect(google.requests.some((request) => request.url.pathname.endsWith('/watch'))).toBe(false)
    expect(await ensurePushChannels(deps, integrationId)).toEqual({ created: 0, renewed: 0, stopped: 0, failed: 0 })
    expect(await renewPushChannels(deps)).toEqual({ created: 0, renewed: 0, stopped: 0, failed: 0 })
    expect(await channelsOf(integrationId)).toEqual([])
    expect(google.channels.size).toBe(0)
  })
})

describe('Google watch channels', () => {
  it('the sync after connecting watches each busy-source calendar, the token stored only hashed', async () => {
    const { google, calendarId, integrationId } = await connectGoogle()
    const watches = google.requests.filter((request) => request.url.pathname.endsWith('/events/watch'))
    expect(watches).toHaveLength(1)
    expect(decodeURIComponent(watches[0].url.pathname)).toBe(`/calendar/v3/calendars/${calendarId}/events/watch`)
    const body = watches[0].body as Record<string, unknown>
    expect(body).toMatchObject({
      type: 'web_hook',
      address: 'https://booking.example.com/api/v2/calendarsIntegrations/push/google',
    })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Number(body.expiration)).toBeGreaterThan(Date.now() + 6 * 24 * HOUR)

    const [row] = await channelsOf(integrationId)
    const [live] = google.liveChannels(calendarId)
    expect(row).toMatchObject({ channelId: body.id, provider: 'Google', resourceId: live.resourceId })
    expect(row.tokenHash).toBe(await sha256(body.token as string))
    expect(row.tokenHash).not.toContain(body.token as string)
    expect(row.expiresAt).toBe(live.expiration)
  })

  it('a live channel is left alone; one within a day of expiring is replaced, the old one stopped', async () => {
    const { google, calendarId, integrationId, deps } = await connectGoogle()
    const [first] = await channelsOf(integrationId)
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, integrationId)).toMatchObject({
      created: 0,
      renewed: 0,
    })
    expect(google.liveChannels(calendarId)).toHaveLength(1)

    // Google cannot extend a channel: the renewal is a new one, then the old one stopped.
    await db
      .update(calendarPushChannels)
      .set({ expiresAt: Date.now() + 23 * HOUR })
      .where(eq(calendarPushChannels.channelId, first.channelId))
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, integrationId)).toMatchObject({
      renewed: 1,
      failed: 0,
    })
    const stop = google.requests.find((request) => request.url.pathname.endsWith('/channels/stop'))
    expect(stop?.body).toEqual({ id: first.channelId, resourceId: first.resourceId })
    const rows = await channelsOf(integrationId)
    expect(rows).toHaveLength(1)
    expect(rows[0].channelId).not.toBe(first.channelId)
    expect(google.liveChannels(calendarId).map((channel) => channel.id)).toEqual([rows[0].channelId])
  })

  it('the hourly renewal finds the channel about to lapse; a calendar that stops blocking time loses its channel', async () => {
    const { google, calendarId, integrationId, deps } = await connectGoogle()
    const [first] = await channelsOf(integrationId)
    await db
      .update(calendarPushChannels)
      .set({ expiresAt: Date.now() + 2 * HOUR })
      .where(eq(calendarPushChannels.channelId, first.channelId))
    const outcome = await renewPushChannels({ ...deps, now: Date.now() })
    expect(outcome.renewed).toBeGreaterThanOrEqual(1)
    expect((await channelsOf(integrationId)).map((row) => row.expiresAt > Date.now() + 6 * 24 * HOUR)).toEqual([true])
    expect(google.liveChannels(calendarId)).toHaveLength(1)

    await db
      .update(integrationCalendars)
      .set({ isBusySource: false })
      .where(eq(integrationCalendars.integrationId, integrationId))
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, integrationId)).toMatchObject({ stopped: 1 })
    expect(await channelsOf(integrationId)).toEqual([])
    expect(google.liveChannels(calendarId)).toEqual([])
  })

  it('a refused watch (a calendar without push) is logged, the sync still succeeds, and the next sync tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const user = await createTestUser()
    const google = new FakeGoogleCalendar()
    google.addCalendar({ id: 'holidays', summary: 'Праздники', accessRole: 'reader' })
    google.failNext({
      status: 400,
      path: '/events/watch',
      body: { error: { code: 400, message: 'pushNotSupportedForRequestedResource' } },
    })
    const deps = { db, env: publicEnv, now: Date.now(), fetcher: google.fetch }
    const connected = await connectIntegration(deps, user.id, {
      type: 'Google',
      label: 'Google Calendar',
      name: '',
      login: google.account.email,
      email: google.account.email,
      url: null,
      credentials: { kind: 'oauth', ...google.oauth.grant() },
    })
    if (!connected.ok) throw new Error('not connected')
    const [integration] = await db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, connected.value.id))
    expect(integration.syncStatus).toBe('success')
    expect(warn).toHaveBeenCalledWith('calendar push: watch failed', connected.value.id, expect.stringContaining('400'))
    expect(await channelsOf(connected.value.id)).toEqual([])
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, connected.value.id)).toMatchObject({ created: 1 })
  })

  it('stopping an integration’s channels (before it is removed) stops them at Google', async () => {
    const { google, calendarId, integrationId, deps } = await connectGoogle()
    expect(await stopPushChannels(deps, integrationId)).toBe(1)
    expect(google.liveChannels(calendarId)).toEqual([])
    expect(await channelsOf(integrationId)).toEqual([])
  })
})

describe('Google notifications (POST /api/v2/calendarsIntegrations/push/google)', () => {
  it('a change syncs the integration: the new event is busy; the sync handshake and a burst sync nothing more', async () => {
    const { user, google, calendarId, integrationId } = await connectGoogle()
    const [channel] = google.liveChannels(calendarId)
    google.putRemote(calendarId, {
      summary: 'Стоматолог',
      start: { dateTime: day(2, 9) },
      end: { dateTime: day(2, 10) },
    })
    await syncedAMinuteAgo(integrationId)
    const listed = () => google.requests.filter((request) => request.url.pathname.endsWith('/events')).length
    const before = listed()
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => google.fetch(input, init))

    // The handshake as a channel starts: acknowledged, nothing synced.
    const handshake = await toWorker(google.notification(channel, 'sync'))
    expect(handshake.status).toBe(200)
    expect(listed()).toBe(before)

    const changed = await toWorker(google.notification(channel, 'exists'))
    expect(changed.status).toBe(200)
    await vi.waitFor(async () => expect(await busyOf(user.id)).toEqual([{ title: 'Стоматолог' }]), { timeout: 5000 })
    await vi.waitFor(async () => {
      const [row] = await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.id, integrationId))
      expect(row.syncStatus).toBe('success')
    })
    const afterSync = listed()
    expect(afterSync).toBe(before + 1)

    // Within 30 seconds of that sync, more notifications are acknowledged and sync nothing.
    expect((await toWorker(google.notification(channel, 'exists'))).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(listed()).toBe(afterSync)
    spy.mockRestore()
  })

  it('a wrong token or an unknown channel is refused alike and syncs nothing', async () => {
    const { google, calendarId, integrationId } = await connectGoogle()
    const [channel] = google.liveChannels(calendarId)
    await syncedAMinuteAgo(integrationId)
    const before = google.requests.length
    const wrongToken = await toWorker(google.notification({ ...channel, token: 'not-the-token' }, 'exists'))
    const noToken = await toWorker(google.notification({ ...channel, token: null }, 'exists'))
    const unknown = await toWorker(google.notification({ ...channel, id: crypto.randomUUID() }, 'exists'))
    expect([wrongToken.status, noToken.status, unknown.status]).toEqual([404, 404, 404])
    expect(await wrongToken.text()).toBe(await unknown.text())
    const [row] = await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.id, integrationId))
    expect(row.syncStatus).toBe('success')
    expect(row.lastUpdate).toBeLessThan(Date.now() - 30_000)
    expect(google.requests.length).toBe(before)
  })
})

describe('Graph subscriptions and notifications', () => {
  it('subscribes each busy-source calendar after Graph’s validation handshake, renews in place before expiry', async () => {
    const { graph, calendarId, integrationId, deps } = await connectOutlook()
    const creates = graph.requests.filter(
      (request) => request.method === 'POST' && request.url.pathname.endsWith('/subscriptions'),
    )
    expect(creates).toHaveLength(1)
    const body = creates[0].body as Record<string, string>
    expect(body).toMatchObject({
      changeType: 'created,updated,deleted',
      notificationUrl: 'https://booking.example.com/api/v2/calendarsIntegrations/push/outlook',
      resource: `me/calendars/${calendarId}/events`,
    })
    const expires = Date.parse(body.expirationDateTime)
    expect(expires).toBeGreaterThan(Date.now() + 60 * HOUR)
    expect(expires).toBeLessThanOrEqual(Date.now() + 4230 * 60_000)
    // The fake made the subscription only after our endpoint echoed its validation token.
    const [subscription] = graph.subscriptions.values()
    const [row] = await channelsOf(integrationId)
    expect(row).toMatchObject({ channelId: subscription.id, provider: 'Outlook', resourceId: null })
    expect(row.tokenHash).toBe(await sha256(body.clientState))

    await db
      .update(calendarPushChannels)
      .set({ expiresAt: Date.now() + 20 * HOUR })
      .where(eq(calendarPushChannels.channelId, row.channelId))
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, integrationId)).toMatchObject({
      renewed: 1,
      created: 0,
      failed: 0,
    })
    const patch = graph.requests.find((request) => request.method === 'PATCH')
    expect(patch?.url.pathname).toBe(`/v1.0/subscriptions/${subscription.id}`)
    const [renewed] = await channelsOf(integrationId)
    expect(renewed.channelId).toBe(subscription.id)
    expect(renewed.expiresAt).toBe(Date.parse(subscription.expirationDateTime))
    expect(renewed.expiresAt).toBeGreaterThan(Date.now() + 60 * HOUR)

    // Graph lost it (deleted on its side): the renewal makes a new one instead.
    graph.subscriptions.clear()
    await db
      .update(calendarPushChannels)
      .set({ expiresAt: Date.now() + 20 * HOUR })
      .where(eq(calendarPushChannels.channelId, row.channelId))
    expect(await ensurePushChannels({ ...deps, now: Date.now() }, integrationId)).toMatchObject({ renewed: 1 })
    const rows = await channelsOf(integrationId)
    expect(rows.map((r) => r.channelId)).toEqual([...graph.subscriptions.keys()])
    expect(rows[0].channelId).not.toBe(subscription.id)
  })

  it('the validation handshake echoes the token as plain text', async () => {
    const token = 'Validation: Testing client application reachability <b>x</b>'
    const response = await SELF.fetch(
      `http://localhost/api/v2/calendarsIntegrations/push/outlook?validationToken=${encodeURIComponent(token)}`,
      { method: 'POST' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe(token)
  })

  it('a notification batch syncs its integration once; a wrong clientState counts for nothing', async () => {
    const { user, graph, calendarId, integrationId } = await connectOutlook()
    graph.putRemote(calendarId, { subject: 'Планёрка', start: day(3, 7), end: day(3, 8) })
    await syncedAMinuteAgo(integrationId)
    const deltas = () => graph.requests.filter((request) => request.url.pathname.endsWith('/delta')).length
    const before = deltas()
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => graph.fetch(input, init))

    const forged = graph.notification(calendarId, 'created')
    forged.value[0].clientState = 'guessed'
    const refused = await SELF.fetch('http://localhost/api/v2/calendarsIntegrations/push/outlook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(forged),
    })
    expect(refused.status).toBe(202)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(deltas()).toBe(before)
    expect(await busyOf(user.id)).toEqual([])

    const one = graph.notification(calendarId, 'created')
    const batch = { value: [...one.value, ...graph.notification(calendarId, 'updated').value] }
    const accepted = await SELF.fetch('http://localhost/api/v2/calendarsIntegrations/push/outlook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
    })
    expect(accepted.status).toBe(202)
    await vi.waitFor(async () => expect(await busyOf(user.id)).toEqual([{ title: 'Планёрка' }]), { timeout: 5000 })
    await vi.waitFor(async () => {
      const [row] = await db.select().from(calendarIntegrations).where(eq(calendarIntegrations.id, integrationId))
      expect(row.syncStatus).toBe('success')
    })
    // One sync for the two notifications (each calendar's delta read once).
    expect(deltas()).toBe(before + 1)
    spy.mockRestore()
  })
})
