/**
 * Connecting the Telegram bot (SPEC §2 Integrations "chat-bot card", §7 `/tgBot/link`, `/tgBot/userInfo`): a one-time
 * start token in the deep link `https://t.me/<bot>?start=<token>`; the bot's webhook receives `/start <token>` and
 * binds the chat. A client starts the bot from the confirmation page with a one-time token bound to the booking.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { bookingTelegramStarts, meetingParticipants, participantTelegram, telegramBindings, users } from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import { clientRowsOf } from '../booking/public.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
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

/**
 * "Get reminders in Telegram" on a booking's confirmation page: a one-time start token bound to the booking (its
 * participants, not an account), valid for START_TOKEN_TTL_MS. Each click makes a new token.
 */
export async function clientTelegramLink(
  db: Db,
  env: AppEnv,
  booking: { bookingId: string; ownerId: string },
  now: number,
): Promise<string> {
  const username = telegramBotUsername(env)
  const token = randomToken()
  await db.insert(bookingTelegramStarts).values({
    tokenHash: await sha256(token),
    bookingId: booking.bookingId,
    ownerId: booking.ownerId,
    expiresAt: now + START_TOKEN_TTL_MS,
    createdAt: now,
  })
  return `https://t.me/${username}?start=${token}`
}

/** Spends a client's start token (one conditional UPDATE, so a token binds once): the booking it was made for. */
async function spendClientStart(db: Db, token: string, now: number) {
  const [start] = await db
    .update(bookingTelegramStarts)
    .set({ usedAt: now })
    .where(
      and(
        eq(bookingTelegramStarts.tokenHash, await sha256(token)),
        isNull(bookingTelegramStarts.usedAt),
        gt(bookingTelegramStarts.expiresAt, now),
      ),
    )
    .returning({ bookingId: bookingTelegramStarts.bookingId, ownerId: bookingTelegramStarts.ownerId })
  if (!start) return []
  return db
    .select({ id: meetingParticipants.id, language: meetingParticipants.language })
    .from(meetingParticipants)
    .where(and(clientRowsOf(start.bookingId), eq(meetingParticipants.ownerId, start.ownerId)))
}

/** Whether the booking's client already gets its reminders in Telegram (the confirmation page says so). */
export async function bookingHasTelegram(db: Db, participantIds: string[]): Promise<boolean> {
  if (participantIds.length === 0) return false
  const [row] = await db
    .select({ id: participantTelegram.participantId })
    .from(participantTelegram)
    .where(inArray(participantTelegram.participantId, participantIds))
    .limit(1)
  return Boolean(row)
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
 * whose live start token it carries, or to the booking whose one-time client token it carries, and answers in the chat.
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
  const participants = binding || !parameter ? [] : await spendClientStart(db, parameter, now)
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
  } else if (participants.length > 0) {
    for (const participant of participants) {
      statements.push(
        db
          .insert(participantTelegram)
          .values({ participantId: participant.id, chatId: chat, createdAt: now })
          .onConflictDoUpdate({ target: participantTelegram.participantId, set: { chatId: chat } }),
      )
    }
    reply = { language: participants[0].language, key: 'notify:telegram.clientConnected' }
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
