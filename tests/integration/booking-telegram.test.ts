import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/server/db.server.ts'
import { bookingTelegramStarts, meetingParticipants, participantTelegram, reminders } from '#db/schema.ts'
import worker from '#workers/app.ts'
import { FakeBotApi, telegramUpdate } from '../fakes/telegram-bot-api.ts'
import { createBookableHost } from './helpers/booking.ts'

const BOT_TOKEN = '777000:booking-telegram'
const WEBHOOK_SECRET = 'booking-webhook-secret'
const testEnv = {
  ...env,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  TELEGRAM_BOT_USERNAME: 'fastslot_booking_bot',
}
const db = getDb(env.DB)
let bot: FakeBotApi

beforeEach(() => {
  bot = new FakeBotApi(BOT_TOKEN)
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).hostname === 'api.telegram.org') return bot.handle(request)
    return realFetch(input, init)
  })
})
afterEach(() => vi.restoreAllMocks())

function send(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('CF-Connecting-IP', `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
  return worker.fetch(
    new Request(`http://localhost${path}`, { redirect: 'manual', ...init, headers }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    testEnv,
    createExecutionContext(),
  )
}

function formPost(path: string, fields: [string, string][]) {
  return send(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      'X-Forwarded-Host': 'localhost',
    },
  })
}

function webhook(chatId: number, text: string) {
  return send('/api/v2/tgBot/webhook', {
    method: 'POST',
    body: JSON.stringify(telegramUpdate(chatId, text)),
    headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': WEBHOOK_SECRET },
  })
}

/** Books the first free slot three days ahead through the page's form posts; answers the success page's path. */
async function bookThroughPage(login: string, messengerType: string) {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  const dayUrl = `/user/${login}/event/consult?tz=Etc/UTC&month=${day.slice(0, 7)}&date=${day}`
  const html = await (await send(dayUrl)).text()
  const start = /name="slot"[^>]*value="(\d+)"/.exec(html)?.[1] ?? ''
  const held = await formPost(dayUrl, [
    ['intent', 'hold'],
    ['slot', start],
  ])
  const formUrl = held.headers.get('Location') ?? ''
  const form = await (await send(formUrl)).text()
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1] ?? ''
  const booked = await formPost(formUrl, [
    ['intent', 'book'],
    ['idempotencyKey', key],
    ['firstName', 'Мария'],
    ['email', `tg-${Date.now()}@example.com`],
    ['messengerType', messengerType],
    ['messengerValue', '@maria'],
  ])
  expect(booked.status).toBe(302)
  return { successUrl: booked.headers.get('Location') ?? '', start: Number(start) }
}

describe('client reminders in Telegram from the confirmation page', () => {
  it('booking → one-time start token → /start binds the chat → the due reminder goes to that chat', async () => {
    const { host } = await createBookableHost({ remindersInMinutes: [60] })
    const { successUrl, start } = await bookThroughPage(host.login, 'Telegram')
    const success = await (await send(successUrl)).text()
    expect(success).toContain('data-testid="telegram-offer"')
    expect(success).toContain('data-suggested="true"')
    expect(success).not.toContain('data-testid="telegram-connected"')

    const started = await formPost(successUrl, [['intent', 'telegram']])
    expect(started.status).toBe(302)
    const link = started.headers.get('Location') ?? ''
    expect(link).toMatch(/^https:\/\/t\.me\/fastslot_booking_bot\?start=[A-Za-z0-9_-]{43}$/)
    const token = new URL(link).searchParams.get('start') ?? ''
    // Stored only hashed.
    expect(JSON.stringify(await db.select().from(bookingTelegramStarts))).not.toContain(token)

    const bookingId = new URL(successUrl, 'http://localhost').searchParams.get('booking') ?? ''
    const [participant] = await db
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.bookingId, bookingId))
    const chatOf = async () =>
      (await db.select().from(participantTelegram).where(eq(participantTelegram.participantId, participant.id)))[0]
        ?.chatId

    // A forged token binds nothing.
    await webhook(91001, `/start ${token.slice(0, 20)}${'A'.repeat(23)}`)
    expect(await chatOf()).toBeUndefined()
    expect(bot.sent.at(-1)?.chatId).toBe('91001')

    expect((await webhook(91002, `/start ${token}`)).status).toBe(200)
    expect(await chatOf()).toBe('91002')
    expect(bot.sent.at(-1)).toEqual({ chatId: '91002', text: expect.stringContaining('Напоминания о вашей записи') })

    // Reused: refused, the chat stays.
    await webhook(91003, `/start ${token}`)
    expect(await chatOf()).toBe('91002')
    expect(bot.sent.at(-1)).toEqual({ chatId: '91003', text: expect.stringContaining('Ссылка устарела') })

    expect(await (await send(successUrl)).text()).toContain('data-testid="telegram-connected"')

    // The client's reminder, due an hour before the start: email and Telegram to the bound chat.
    const [clientReminder] = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.participantId, participant.id), eq(reminders.recipientKind, 'client')))
    expect(clientReminder.dueAt).toBe(start - 60 * 60_000)
    const sentBefore = bot.sent.length
    await worker.scheduled(
      createScheduledController({ scheduledTime: clientReminder.dueAt + 1000, cron: '* * * * *' }),
      testEnv,
      createExecutionContext(),
    )
    const toClient = bot.sent.slice(sentBefore).filter((m) => m.chatId === '91002')
    expect(toClient).toHaveLength(1)
    expect(toClient[0].text).toContain('Consultation')
    const [after] = await db.select().from(reminders).where(eq(reminders.id, clientReminder.id))
    expect(after.status).toBe('sent')
  })

  it('refuses the start post for an unknown booking and hides the offer without a bot', async () => {
    const { host } = await createBookableHost()
    const refused = await formPost(`/user/${host.login}/event/consult?booking=nope`, [['intent', 'telegram']])
    expect(refused.status).toBe(404)
    expect(await refused.text()).toContain('Запись не найдена')
    const { successUrl } = await bookThroughPage(host.login, 'WhatsApp')
    const withBot = await (await send(successUrl)).text()
    expect(withBot).toContain('data-testid="telegram-offer"')
    expect(withBot).toContain('data-suggested="false"')
    const { SELF } = await import('cloudflare:test')
    const withoutBot = await (await SELF.fetch(`http://localhost${successUrl}`)).text()
    expect(withoutBot).toContain('data-testid="booking-success"')
    expect(withoutBot).not.toContain('data-testid="telegram-offer"')
  })
})
