/**
 * Connecting the Telegram bot (SPEC §2 Integrations "chat-bot card", §7 `/tgBot/link`, `/tgBot/userInfo`): a one-time
 * start token in the deep link `https://t.me/<bot>?start=<token>`; the bot's webhook receives `/start <token>` and
 * binds the chat. A client starts the bot from the confirmation page with a signed participant parameter.
 */
import { and, eq, gt } from 'drizzle-orm'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { meetingParticipants, participantTelegram, telegramBindings, users } from '#db/schema.ts'
import { hmac, randomToken, sha256 } from '../auth/tokens.server.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, sessionSecret } from '../env.server.ts'
import { drainOutbox, enqueueMessage } from '../outbox/outbox.server.ts'
import { telegramBotUsername } from './telegram.server.ts'

export const START_TOKEN_TTL_MS = 15 * 60_000

export async function telegramLink(db: Db, env: AppEnv, userId: string, now: number) {
  const username = telegramBotUsername(env)
  const token = randomToken()
  const values = { startTokenHash: await sha256(token), startTokenExpiresAt: now + START_TOKEN_TTL_MS }
  await db
    .insert(telegramBindings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: telegramBindings.userId, set: values })
  return {
    link: `https://t.me/${username}?start=${token}`,
    expiresAt: new Date(values.startTokenExpiresAt).toISOString(),
  }
}

export async function telegramUserInfo(db: Db, userId: string) {
  const [row] = await db.select().from(telegramBindings).where(eq(telegramBindings.userId, userId)).limit(1)
  return {
    isEnabled: Boolean(row?.chatId),
    chatUsername: row?.chatId ? row.chatUsername : null,
    connectedAt: row?.chatId && row.connectedAt ? new Date(row.connectedAt).toISOString() : null,
  }
}

export async function disconnectTelegram(db: Db, userId: string) {
  await db.delete(telegramBindings).where(eq(telegramBindings.userId, userId))
}

/** The start parameter a client's confirmation page puts in the bot link: the participant id, signed. */
export async function clientStartParameter(secret: string, participantId: string): Promise<string> {
  return `c${participantId.replaceAll('-', '')}_${(await hmac(secret, `tg:${participantId}`)).slice(0, 16)}`
}

export async function clientTelegramLink(env: AppEnv, participantId: string): Promise<string> {
  const start = await clientStartParameter(sessionSecret(env), participantId)
  return `https://t.me/${telegramBotUsername(env)}?start=${start}`
}

async function participantFromStart(secret: string, parameter: string): Promise<string | null> {
  const match = parameter.match(/^c([0-9a-f]{32})_[A-Za-z0-9_-]{16}$/)
  if (!match) return null
  const hex = match[1]
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  return (await clientStartParameter(secret, id)) === parameter ? id : null
}

export type TelegramUpdate = {
  update_id?: number
  message?: {
    text?: string
    chat?: { id?: number | string; type?: string; username?: string }
    from?: { language_code?: string }
  }
}

/**
 * One webhook update. Only `/start <parameter>` in a private chat does anything: it binds the chat to the specialist
 * whose live start token it carries, or to the client whose signed parameter it carries, and answers in the chat.
 */
export async function handleTelegramUpdate(db: Db, env: AppEnv, update: TelegramUpdate, now: number) {
  const message = update.message
  const chatId = message?.chat?.id
  const text = message?.text?.trim() ?? ''
  if (chatId === undefined || message?.chat?.type !== 'private' || !text.startsWith('/start')) return
  const parameter = text.slice('/start'.length).trim()
  const chat = String(chatId)
  let reply: { language: Language; key: string }
  const fallback: Language = message.from?.language_code === 'en' ? 'en' : 'ru'
  const [binding] = parameter
    ? await db
        .select({ userId: telegramBindings.userId, culture: users.culture })
        .from(telegramBindings)
        .innerJoin(users, eq(users.id, telegramBindings.userId))
        .where(
          and(
            eq(telegramBindings.startTokenHash, await sha256(parameter)),
            gt(telegramBindings.startTokenExpiresAt, now),
          ),
        )
        .limit(1)
    : []
  const participantId = binding ? null : await participantFromStart(sessionSecret(env), parameter)
  const [participant] = participantId
    ? await db
        .select({ id: meetingParticipants.id, language: meetingParticipants.language })
        .from(meetingParticipants)
        .where(eq(meetingParticipants.id, participantId))
        .limit(1)
    : []
  const statements = []
  if (binding) {
    statements.push(
      db
        .update(telegramBindings)
        .set({
          chatId: chat,
          chatUsername: message.chat?.username ?? null,
          connectedAt: now,
          startTokenHash: null,
          startTokenExpiresAt: null,
        })
        .where(eq(telegramBindings.userId, binding.userId)),
    )
    reply = { language: binding.culture, key: 'notify:telegram.connected' }
  } else if (participant) {
    statements.push(
      db
        .insert(participantTelegram)
        .values({ participantId: participant.id, chatId: chat })
        .onConflictDoUpdate({ target: participantTelegram.participantId, set: { chatId: chat } }),
    )
    reply = { language: participant.language, key: 'notify:telegram.clientConnected' }
  } else {
    reply = { language: fallback, key: parameter ? 'notify:telegram.linkExpired' : 'notify:telegram.welcome' }
  }
  const answer = enqueueMessage(
    db,
    { channel: 'telegram', recipient: chat, text: getT(reply.language)(reply.key) },
    now,
  )
  await db.batch([answer.query, ...statements])
  await drainOutbox(db, env, now, { ids: [answer.id] })
}
