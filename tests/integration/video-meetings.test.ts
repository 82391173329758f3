import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { drainOutbox } from '#app/server/outbox/outbox.server.ts'
import { ConferenceSender } from '#app/server/video/conferences.server.ts'
import { finishTelemostConsent, telemostConsentUrl } from '#app/server/video/grants.server.ts'
import { calendarConsentUrl } from '#app/server/calendars/oauth-calendar.server.ts'
import { meetings, outbox, videoGrants } from '#db/schema.ts'
import { FakeTelemost, YANDEX_CLIENT } from '../fakes/telemost-api.ts'
import { connectTelemost } from './helpers/video.ts'
import { api, contactInfo, createBookableHost, firstFreeSlot } from './helpers/booking.ts'
import { apiSpecialist } from './helpers/api.ts'
import { createTestUser, sessionCookieFor } from './helpers/users.ts'

const db = getDb(env.DB)
const appEnv = parseEnv({
  ...env,
  OAUTH_YANDEX_CLIENT_ID: YANDEX_CLIENT.id,
  OAUTH_YANDEX_CLIENT_SECRET: YANDEX_CLIENT.secret,
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A Pro host whose online event type asks Telemost for each meeting's link; the Worker's fetch goes to the fake. */
async function telemostHost(telemost: FakeTelemost) {
  const booking = await createBookableHost(
    { placeType: 'Online', meetingPoint: null, videoLinkService: 'telemost' },
    { plan: 'Pro' },
  )
  await connectTelemost(booking.host.id, telemost)
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => telemost.fetch(input, init))
  return booking
}

async function book(login: string, email = 'guest@example.com') {
  const { slots } = await firstFreeSlot(login, 'consult')
  const response = await api(`/public/${login}/eventTypes/consult/events`, {
    method: 'POST',
    headers: { 'Accept-Language': 'ru', timezone: 'Etc/UTC' },
    body: JSON.stringify({ contactInfo: { ...contactInfo(), email }, slots: [{ start: slots[0].start }] }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { meetingIds: string[]; bookingId: string } }).data
}

/** Waits for the booking's immediate background delivery (conference first, then the emails) to settle. */
async function settled(meetingId: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await db.select().from(outbox).where(eq(outbox.recipient, meetingId))
    const emails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.status, 'pending')))
    if (rows.every((row) => row.lockedUntil === 0 && row.attempts > 0) && emails.every((e) => e.lockedUntil === 0))
      return rows
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
  throw new Error('the conference was not tried')
}

const emailsTo = (to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, to)))
const icsOf = (row: typeof outbox.$inferSelect) =>
  ((row.payload?.attachments as { content: string }[] | undefined) ?? [])[0]?.content ?? ''

describe('a Telemost link for each meeting', () => {
  it('the confirmation email and ICS carry the meeting own link; the public page shows only the kind of place', async () => {
    const telemost = new FakeTelemost()
    const { host } = await telemostHost(telemost)
    const { meetingIds } = await book(host.login, 'first@example.com')
    const [conferenceRow] = await settled(meetingIds[0])
    expect(conferenceRow).toMatchObject({ channel: 'conference', status: 'sent' })
    expect(telemost.conferences).toHaveLength(1)
    expect(telemost.conferences[0].accessLevel).toBe('PUBLIC')
    expect(telemost.requests.find((r) => r.method === 'POST')?.authorization).toMatch(/^OAuth access-/)
    const link = telemost.conferences[0].joinUrl
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingIds[0]))
    expect(meeting).toMatchObject({ meetingPoint: link, conferenceId: telemost.conferences[0].id, sequence: 1 })

    const [client] = await emailsTo('first@example.com')
    expect(client.status).toBe('sent')
    expect(client.text).toContain(link)
    expect(client.text).not.toContain('отдельным письмом')
    expect(icsOf(client)).toContain(`LOCATION:${link}`)
    const [organizer] = await emailsTo(host.email)
    expect(organizer.status).toBe('sent')

    // A second guest's meeting gets its own conference.
    const second = await book(host.login, 'second@example.com')
    await settled(second.meetingIds[0])
    expect(telemost.conferences).toHaveLength(2)
    expect(telemost.conferences[1].joinUrl).not.toBe(link)

    // The public event type answers no link, only the service.
    const view = await api(`/public/${host.login}/eventTypes/consult`)
    const text = await view.text()
    expect(text).not.toContain('telemost.yandex.ru')
    expect(JSON.parse(text).data).toMatchObject({
      eventTypePlaceType: 'Online',
      meetingPoint: null,
      placeService: 'telemost',
    })
    const page = await (await SELF.fetch(`http://localhost/user/${host.login}/event/consult`)).text()
    expect(page).not.toContain('telemost.yandex.ru')
    expect(page).toContain('Онлайн, Яндекс Телемост')

    // The guest's manage page shows their meeting's link.
    const manageUrl = /http:\/\/localhost:8787\/booking\/manage\/\S+/.exec(client.text)![0]
    const manage = await (await SELF.fetch(manageUrl.replace('http://localhost:8787', 'http://localhost'))).text()
    expect(manage).toContain(link)
  })

  it('with Telemost failing the booking succeeds, the confirmation goes without the link, and a follow-up brings it', async () => {
    const telemost = new FakeTelemost()
    const { host } = await telemostHost(telemost)
    telemost.failNext({ status: 503 })
    const { meetingIds } = await book(host.login, 'late@example.com')
    const [conferenceRow] = await settled(meetingIds[0])
    expect(conferenceRow).toMatchObject({ status: 'pending', attempts: 1 })
    expect(conferenceRow.lastError).toMatch(/^network: .*503/)
    const [confirmation] = await emailsTo('late@example.com')
    expect(confirmation.status).toBe('sent')
    expect(confirmation.text).toContain('Яндекс Телемост: ссылка придёт отдельным письмом')
    expect(icsOf(confirmation)).not.toContain('LOCATION')

    // 429 with Retry-After is retried the same way.
    telemost.failNext({ status: 429, retryAfter: 30 })
    await drainOutbox(db, parseEnv(env), conferenceRow.nextAttemptAt, { ids: [conferenceRow.id] })
    const [again] = await db.select().from(outbox).where(eq(outbox.id, conferenceRow.id))
    expect(again).toMatchObject({ status: 'pending', attempts: 2 })
    expect(await emailsTo('late@example.com')).toHaveLength(1)

    await drainOutbox(db, parseEnv(env), again.nextAttemptAt, { ids: [conferenceRow.id] })
    const link = telemost.conferences[0].joinUrl
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingIds[0]))
    expect(meeting).toMatchObject({ meetingPoint: link, sequence: 1 })
    const mails = await emailsTo('late@example.com')
    expect(mails).toHaveLength(2)
    const followUp = mails.find((m) => m.payload?.kind === 'meetings.linked')!
    expect(followUp.subject).toBe('Ссылка на встречу: Consultation')
    expect(followUp.text).toContain(link)
    expect(followUp.text).toContain('/booking/manage/')
    expect(icsOf(followUp)).toContain('SEQUENCE:1')
    expect(icsOf(followUp)).toContain(`LOCATION:${link}`)
  })

  it('a grant Yandex refuses is marked revoked; the booking and its confirmation go on without a link', async () => {
    const telemost = new FakeTelemost()
    const { host } = await telemostHost(telemost)
    telemost.failNext({ status: 502 })
    const { meetingIds } = await book(host.login, 'revoked@example.com')
    const [first] = await settled(meetingIds[0])
    // The person removed the app's access in their Yandex account: the refresh is refused (invalid_grant).
    telemost.oauth.expireAccessTokens()
    telemost.oauth.revokeRefreshTokens()
    await drainOutbox(db, appEnv, first.nextAttemptAt, {
      ids: [first.id],
      senders: { conference: new ConferenceSender(db, appEnv, telemost.fetch) },
    })
    const [conferenceRow] = await db.select().from(outbox).where(eq(outbox.id, first.id))
    expect(conferenceRow.status).toBe('failed')
    expect(conferenceRow.lastError).toMatch(/^rejected:.*invalid_grant/)
    expect(telemost.oauth.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' })
    const [grant] = await db.select().from(videoGrants).where(eq(videoGrants.ownerId, host.id))
    expect(grant.isRevoked).toBe(true)
    const [confirmation] = await emailsTo('revoked@example.com')
    expect(confirmation.status).toBe('sent')
    const cookie = await sessionCookieFor(host.id)
    const integrations = await (
      await SELF.fetch('http://localhost/integrations', { headers: { Cookie: cookie } })
    ).text()
    expect(integrations).toContain('data-status="revoked"')
  })
})

describe('connecting Telemost', () => {
  it('asks Yandex for the Telemost scope with PKCE, keeps the grant sealed, and refuses a foreign or calendar state', async () => {
    const telemost = new FakeTelemost()
    const owner = await createTestUser()
    const stranger = await createTestUser()
    const deps = { db, env: appEnv, now: Date.now(), fetcher: telemost.fetch }
    const url = await telemostConsentUrl(deps, owner.id, '/eventTypes/abc')
    const asked = new URL(url!)
    expect(asked.origin + asked.pathname).toBe('https://oauth.yandex.ru/authorize')
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      client_id: YANDEX_CLIENT.id,
      redirect_uri: 'http://localhost:8787/TelemostOAuth/Code',
      code_challenge_method: 'S256',
    })
    expect(asked.searchParams.get('scope')?.split(' ')).toContain('telemost-api:conferences.create')
    const back = new URL(await telemost.oauth.consent(url!))
    const answer = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: null }
    expect(await finishTelemostConsent(deps, stranger.id, answer)).toMatchObject({ ok: false, problem: 'state' })
    expect(await finishTelemostConsent(deps, owner.id, answer)).toEqual({
      ok: true,
      problem: null,
      returnTo: '/eventTypes/abc',
    })
    const [grant] = await db.select().from(videoGrants).where(eq(videoGrants.ownerId, owner.id))
    expect(grant).toMatchObject({ login: 'irina@yandex.ru', isRevoked: false })
    expect(grant.credentialsEnc).not.toContain('access-')
    expect(grant.credentialsEnc).not.toContain('refresh-')
    // Spent once.
    expect(await finishTelemostConsent(deps, owner.id, answer)).toMatchObject({ ok: false, problem: 'state' })
    // A calendar consent's state does not finish a Telemost one.
    const google = await calendarConsentUrl(
      { db, env: parseEnv({ ...env, OAUTH_GOOGLE_CLIENT_ID: 'g', OAUTH_GOOGLE_CLIENT_SECRET: 's' }), now: Date.now() },
      owner.id,
      'google',
    )
    if (!google.ok) throw new Error('not configured')
    const state = new URL(google.url).searchParams.get('state')
    expect(await finishTelemostConsent(deps, owner.id, { code: 'x', state, error: null })).toMatchObject({
      ok: false,
      problem: 'state',
    })
  })

  it('answers the SPEC calls: the plan check, a translated 503 without a Yandex client, a conference now', async () => {
    const basic = await apiSpecialist('Basic')
    expect((await basic.call('GET', '/telemost/isOkAdd')).body.data).toBe(false)
    const { user, call } = await apiSpecialist('Pro')
    expect((await call('GET', '/telemost/isOkAdd')).body.data).toBe(true)
    const link = await call('GET', '/telemost/oauthFormLink', undefined, { 'Accept-Language': 'en' })
    expect(link.status).toBe(503)
    expect(link.body.apiErrors[0].text).toContain('OAUTH_YANDEX_CLIENT_ID')
    const notConnected = await call('POST', '/telemost/videoConference', {})
    expect(notConnected.status).toBe(400)
    expect(notConnected.body.apiErrors[0].text).toBe('Сначала подключите Яндекс Телемост')
    const refused = await basic.call('POST', '/telemost/videoConference', {})
    expect(refused.status).toBe(403)

    const telemost = new FakeTelemost()
    await connectTelemost(user.id, telemost)
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => telemost.fetch(input, init))
    const created = await call('POST', '/telemost/videoConference', {})
    expect(created.status).toBe(201)
    expect(created.body.data).toEqual({ id: telemost.conferences[0].id, joinUrl: telemost.conferences[0].joinUrl })
    telemost.failNext({ status: 500 })
    const down = await call('POST', '/telemost/videoConference', {})
    expect(down.status).toBe(503)
  })

  it('an event type asks for Telemost links only on Pro and with Telemost connected', async () => {
    const body = (extra: Record<string, unknown>) => ({
      name: `Video ${Math.random()}`,
      link: `video${Math.floor(Math.random() * 1e9)}`,
      color: '#ff0000',
      eventTypePlaceType: 'Online',
      durationInMinutes: 30,
      stepValue: 30,
      ...extra,
    })
    const { user, call } = await apiSpecialist('Pro')
    const [{ id: schedule }] = (await call('GET', '/schedule')).body.data
    const missing = await call('POST', '/eventTypes', body({ scheduleId: schedule, videoLinkService: 'telemost' }))
    expect(missing.status).toBe(400)
    expect(missing.body.apiErrors.map((e) => e.text).join()).toContain('Сначала подключите Яндекс Телемост')
    await connectTelemost(user.id, new FakeTelemost())
    const saved = await call('POST', '/eventTypes', body({ scheduleId: schedule, videoLinkService: 'telemost' }))
    expect(saved.status).toBe(201)
    const read = await call('GET', `/eventTypes/${saved.body.data.id}`)
    expect(read.body.data).toMatchObject({ videoLinkService: 'telemost', meetingPoint: null })
    const script = await call(
      'POST',
      '/eventTypes',
      body({ scheduleId: schedule, meetingPoint: 'javascript:alert(1)' }),
    )
    expect(script.status).toBe(400)
    expect(script.body.apiErrors.map((e) => e.text).join()).toContain('Допустимы только ссылки http и https')
    const basic = await apiSpecialist('Basic')
    const basicSchedule = (await basic.call('GET', '/schedule')).body.data[0]?.id
    const gated = await basic.call(
      'POST',
      '/eventTypes',
      body({ scheduleId: basicSchedule, videoLinkService: 'telemost' }),
    )
    expect(gated.status).toBe(403)
  })
})
