import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  disconnectTelegram,
  handleTelegramUpdate,
  type TelegramUpdate,
  telegramLink,
  telegramUserInfo,
} from '#app/server/notify/telegram-binding.server.ts'
import { listNotifications, markRead, registerPushToken, unreadCount } from '#app/server/notify/notifications.server.ts'
import { reminderStatusesFor } from '#app/server/notify/statuses.server.ts'
import { missingTelegramSettings, telegramWebhookSecret } from '#app/server/notify/telegram.server.ts'
import { requireAuth } from './auth.ts'
import type { Context } from 'hono'
import type { ApiEnv } from './context.ts'
import { ApiError, ok, parseWith, readJson } from './envelope.ts'

export const TokenSchema = z.object({ token: z.string().trim().min(1).max(4096) })
export const ReadSchema = z.object({ ids: z.array(z.string().max(64)).max(200).optional() })
export const NotificationsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})

function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a)
  const right = new TextEncoder().encode(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The bot's routes answer 503 naming what this deployment lacks (and log it) instead of failing with a 500 on first
 * use, like /integrations/tgBot says "not configured".
 */
function requireTelegram(c: Context<ApiEnv>) {
  const missing = missingTelegramSettings(c.get('config'))
  if (missing.length === 0) return
  console.warn(`Telegram bot is not configured: set ${missing.join(', ')} (${c.req.method} ${c.req.path})`)
  throw new ApiError(503, [c.get('t')('notify:telegram.notConfiguredApi', { names: missing.join(', ') })])
}

/** SPEC §7 tgBot, notificationCenter, firebaseCloudMessaging, and the bot's webhook. */
export const notify = new Hono<ApiEnv>()
  // Telegram calls this with the secret token given to setWebhook in X-Telegram-Bot-Api-Secret-Token.
  .post('/tgBot/webhook', async (c) => {
    requireTelegram(c)
    const secret = telegramWebhookSecret(c.get('config'))
    if (!sameSecret(c.req.header('X-Telegram-Bot-Api-Secret-Token') ?? '', secret)) {
      throw new ApiError(401, [c.get('t')('api:unauthorized')])
    }
    const update = (await c.req.json().catch(() => null)) as TelegramUpdate | null
    if (!update || typeof update !== 'object') throw new ApiError(400, [c.get('t')('api:malformedJson')])
    await handleTelegramUpdate(c.get('db'), c.get('config'), update, Date.now())
    return ok(c, null)
  })
  .use('/tgBot/link', requireAuth)
  .use('/tgBot/userInfo', requireAuth)
  .use('/notificationCenter/*', requireAuth)
  .use('/notificationCenter', requireAuth)
  .use('/firebaseCloudMessaging', requireAuth)
  .use('/meetings/:id/reminders', requireAuth)
  .get('/tgBot/link', async (c) => {
    requireTelegram(c)
    return ok(c, await telegramLink(c.get('db'), c.get('config'), c.get('user').id, Date.now()))
  })
  .get('/tgBot/userInfo', async (c) => ok(c, await telegramUserInfo(c.get('db'), c.get('user').id)))
  .delete('/tgBot/userInfo', async (c) => {
    await disconnectTelegram(c.get('db'), c.get('user').id)
    return ok(c, null)
  })
  .get('/notificationCenter/count', async (c) => ok(c, { count: await unreadCount(c.get('db'), c.get('user').id) }))
  .get('/notificationCenter', async (c) => {
    const page = parseWith(c, NotificationsPageSchema, c.req.query())
    const reader = { ...c.get('user'), language: c.get('language') }
    return ok(c, await listNotifications(c.get('db'), reader, page.limit, page.offset))
  })
  .put('/notificationCenter/read', async (c) => {
    const { ids } = await readJson(c, ReadSchema)
    return ok(c, { updated: await markRead(c.get('db'), c.get('user').id, Date.now(), ids) })
  })
  .post('/firebaseCloudMessaging', async (c) => {
    const { token } = await readJson(c, TokenSchema)
    await registerPushToken(c.get('db'), c.get('user').id, token)
    return ok(c, null)
  })
  .get('/meetings/:id/reminders', async (c) => {
    const statuses = await reminderStatusesFor(c.get('db'), c.get('user').id, c.req.param('id'))
    if (!statuses) throw new ApiError(404, [c.get('t')('api:notFound')])
    return ok(c, statuses)
  })
