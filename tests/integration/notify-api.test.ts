import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { organizerNotices } from '#app/server/notify/notifications.server.ts'
import { clientTelegramLink } from '#app/server/notify/telegram-binding.server.ts'
import { notifications, participantTelegram, pushTokens, telegramBindings } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { FakeBotApi, telegramUpdate } from '../fakes/telegram-bot-api.ts'
import { createTestMeeting } from './helpers/meetings.ts'
import { bearerFor, createTestUser } from './helpers/users.ts'

const BOT_TOKEN = '654321:API-test'
const WEBHOOK_SECRET = 'webhook-secret_123'
const testEnv = {
  ...env,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  TELEGRAM_BOT_USERNAME: 'fastslot_test_bot',
}
const db = getDb(env.DB)
let bot: FakeBotApi

beforeEach(() => {
  bot = new FakeBotApi(BOT_TOKEN)
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).hostname === 'api.telegram.org') return bot.handle(request)
    return new Response('unexpected fetch', { status: 599 })
  })
})
afterEach(() => vi.restoreAllMocks())

async function call(path: string, init: RequestInit & { auth?: string; bindings?: typeof testEnv } = {}) {
  const headers = new Headers(init.headers)
  if (init.auth) headers.set('Authorization', init.auth)
  if (init.body) headers.set('Content-Type', 'application/json')
  const response = await worker.fetch(
    new Request(`http://localhost:8787/api/v2${path}`, { ...init, headers }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    init.bindings ?? testEnv,
    { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
  )
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers are read loosely in these tests
    body: (await response.json()) as { isOk: boolean; data: any; apiErrors: { text: string }[] },
  }
}

function webhook(update: unknown, secret = WEBHOOK_SECRET) {
  return call('/tgBot/webhook', {
    method: 'POST',
    body: JSON.stringify(update),
    headers: { 'X-Telegram-Bot-Api-Secret-Token': secret },
  })
}

describe('Telegram bot API', () => {
  it('connects by a one-time deep link, binds the chat by the webhook, and disconnects', async () => {
    const user = await createTestUser({ culture: 'en' })
    const auth = await bearerFor(user.id)
    expect((await call('/tgBot/userInfo', { auth })).body.data).toMatchObject({ isEnabled: false })

    const link = await call('/tgBot/link', { auth })
    expect(link.status).toBe(200)
    const match = String(link.body.data.link).match(/^https:\/\/t\.me\/fastslot_test_bot\?start=([A-Za-z0-9_-]{43})$/)
    expect(match).not.toBeNull()
    const token = match?.[1] ?? ''

    // Without Telegram's secret header the update is refused and binds nothing.
    expect((await webhook(telegramUpdate(5001, `/start ${token}`), 'wrong')).status).toBe(401)
    expect((await call('/tgBot/userInfo', { auth })).body.data.isEnabled).toBe(false)

    expect((await webhook(telegramUpdate(5001, `/start ${token}`, 'anna'))).status).toBe(200)
    expect(bot.sent).toEqual([{ chatId: '5001', text: expect.stringContaining('The FastSlot bot is connected') }])
    expect((await call('/tgBot/userInfo', { auth })).body.data).toMatchObject({ isEnabled: true, chatUsername: 'anna' })

    // The token works once.
    await webhook(telegramUpdate(6002, `/start ${token}`))
    const [binding] = await db.select().from(telegramBindings).where(eq(telegramBindings.userId, user.id))
    expect(binding.chatId).toBe('5001')
    expect(bot.sent[1]).toEqual({ chatId: '6002', text: expect.stringContaining('Ссылка устарела') })

    expect((await call('/tgBot/userInfo', { method: 'DELETE', auth })).status).toBe(200)
    expect((await call('/tgBot/userInfo', { auth })).body.data.isEnabled).toBe(false)
    expect((await call('/tgBot/link')).status).toBe(401)
  })

  it('answers a translated 503 naming what is missing when the bot is not configured, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const user = await createTestUser()
    const auth = await bearerFor(user.id)
    const { TELEGRAM_BOT_TOKEN: _token, TELEGRAM_BOT_USERNAME: _username, ...rest } = testEnv
    const bindings = rest as typeof testEnv
    const link = await call('/tgBot/link', { auth, bindings, headers: { 'Accept-Language': 'en' } })
    expect(link.status).toBe(503)
    expect(link.body.apiErrors).toEqual([
      { text: 'The Telegram bot is not configured on this server: TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME missing.' },
    ])
    const update = await call('/tgBot/webhook', {
      method: 'POST',
      bindings,
      body: JSON.stringify(telegramUpdate(5009, '/start x')),
      headers: { 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
    })
    expect(update.status).toBe(503)
    expect(update.body.apiErrors[0].text).toBe(
      'Telegram-бот не настроен на этом сервере: не заданы TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME.',
    )
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('set TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME'))
    expect(await db.select().from(telegramBindings).where(eq(telegramBindings.userId, user.id))).toEqual([])
  })

  it('binds a client chat from the one-time confirmation-page token only, once', async () => {
    const owner = await createTestUser()
    const { participants } = await createTestMeeting({
      ownerId: owner.id,
      startAt: Date.UTC(2032, 0, 1, 10),
      bookedAt: Date.UTC(2031, 11, 1),
      secret: 'unused',
      clients: [{ firstName: 'Клиент', email: 'tg-client@example.com', timeZone: 'Europe/Moscow', language: 'ru' }],
    })
    const link = await clientTelegramLink(
      db,
      parseEnv(testEnv),
      { bookingId: participants[0].bookingId, ownerId: owner.id },
      Date.now(),
    )
    expect(link).toMatch(/^https:\/\/t\.me\/fastslot_test_bot\?start=[A-Za-z0-9_-]{43}$/)
    const token = new URL(link).searchParams.get('start') ?? ''
    const rows = () =>
      db.select().from(participantTelegram).where(eq(participantTelegram.participantId, participants[0].id))
    await webhook(telegramUpdate(7003, `/start ${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`))
    expect(await rows()).toEqual([])
    await webhook(telegramUpdate(7003, `/start ${token}`))
    expect((await rows())[0].chatId).toBe('7003')
    // Spent: another chat cannot take it over with the same token.
    await webhook(telegramUpdate(7004, `/start ${token}`))
    expect((await rows())[0].chatId).toBe('7003')
    expect(bot.sent.at(-1)).toEqual({ chatId: '7004', text: expect.stringContaining('Ссылка устарела') })
  })
})

describe('notification center and push', () => {
  it('counts unread organizer notices, lists them with SPEC actions, marks read; another user sees none', async () => {
    const owner = await createTestUser({ culture: 'ru' })
    const other = await createTestUser()
    await db.insert(telegramBindings).values({ userId: owner.id, chatId: '8004', connectedAt: Date.now() })
    const auth = await bearerFor(owner.id)
    const otherAuth = await bearerFor(other.id)
    expect(
      (await call('/firebaseCloudMessaging', { method: 'POST', auth, body: JSON.stringify({ token: '' }) })).status,
    ).toBe(400)
    expect(
      (await call('/firebaseCloudMessaging', { method: 'POST', auth, body: JSON.stringify({ token: 'fcm-1' }) }))
        .status,
    ).toBe(200)
    expect(await db.select().from(pushTokens).where(eq(pushTokens.userId, owner.id))).toHaveLength(1)

    const { meeting } = await createTestMeeting({
      ownerId: owner.id,
      startAt: Date.UTC(2032, 1, 2, 9),
      bookedAt: Date.UTC(2032, 0, 2),
      secret: 'unused',
      clients: [{ firstName: 'Вера', email: 'vera@example.com', timeZone: 'Europe/Moscow', language: 'ru' }],
    })
    const now = Date.now()
    const statements = await organizerNotices(db, parseEnv(testEnv), { event: 'booked', meeting, now })
    const moved = await organizerNotices(db, parseEnv(testEnv), {
      event: 'moved',
      meeting,
      previousStartAt: meeting.startAt - 24 * 3600_000,
      now: now + 1,
    })
    await db.batch([statements[0], ...statements.slice(1), ...moved])
    expect(statements).toHaveLength(3)

    expect((await call('/notificationCenter/count', { auth })).body.data).toEqual({ count: 2 })
    expect((await call('/notificationCenter/count', { auth: otherAuth })).body.data).toEqual({ count: 0 })
    const list = await call('/notificationCenter', { auth })
    expect(list.body.data.items[0]).toMatchObject({
      title: 'Встреча перенесена: «Консультация»',
      body: 'Вера: теперь пн, 02.02.2032, 12:00–13:00 (Москва) (было вс, 01.02.2032, 12:00–13:00 (Москва)).',
      action: { onClickActionName: 'openEventOrganizer', onClickActionValue: meeting.id },
      isRead: false,
    })
    // Translated at display: the same notices in the reader's language (the API's `locale`), the profile's zone.
    const english = await call('/notificationCenter', { auth, headers: { locale: 'en' } })
    expect(english.body.data.items[0]).toMatchObject({
      title: 'Meeting moved: “Консультация”',
      body: 'Вера: now Mon, 02.02.2032, 12:00–13:00 (Moscow) (was Sun, 01.02.2032, 12:00–13:00 (Moscow)).',
    })
    expect(english.body.data.items[1].title).toBe('New booking: “Консультация”')
    const firstId = list.body.data.items[1].id
    await call('/notificationCenter/read', { method: 'PUT', auth: otherAuth, body: JSON.stringify({ ids: [firstId] }) })
    expect((await call('/notificationCenter/count', { auth })).body.data.count).toBe(2)
    await call('/notificationCenter/read', { method: 'PUT', auth, body: JSON.stringify({ ids: [firstId] }) })
    expect((await call('/notificationCenter/count', { auth })).body.data.count).toBe(1)
    await call('/notificationCenter/read', { method: 'PUT', auth, body: JSON.stringify({}) })
    expect((await call('/notificationCenter/count', { auth })).body.data.count).toBe(0)
    expect(await db.select().from(notifications).where(eq(notifications.userId, other.id))).toEqual([])

    // The reminder statuses of the meeting: the owner's only.
    const statuses = await call(`/meetings/${meeting.id}/reminders`, { auth })
    expect(statuses.body.data.map((s: { status: string }) => s.status)).toEqual(Array(4).fill('scheduled'))
    expect((await call(`/meetings/${meeting.id}/reminders`, { auth: otherAuth })).status).toBe(404)
  })
})
