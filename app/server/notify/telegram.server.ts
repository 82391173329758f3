/**
 * The Telegram Bot API over HTTP (https://core.telegram.org/bots/api), behind a small interface so tests put a
 * fake at the fetch boundary. Every call answers `{ ok, result }` or `{ ok: false, error_code, description }`.
 */
import type { AppEnv } from '../env.server.ts'
import {
  DeliveryError,
  type MessageSender,
  type OutgoingMessage,
  SEND_TIMEOUT_MS,
  providerFetch,
} from '../outbox/delivery.server.ts'

export interface TelegramApi {
  sendMessage(chatId: string, text: string, signal?: AbortSignal): Promise<void>
  setWebhook(url: string, secretToken: string): Promise<void>
}

export class TelegramBotApi implements TelegramApi {
  constructor(
    private readonly token: string,
    private readonly base: string = 'https://api.telegram.org',
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private async call(
    method: string,
    body: Record<string, unknown>,
    signal: AbortSignal = AbortSignal.timeout(SEND_TIMEOUT_MS),
  ): Promise<unknown> {
    const response = await providerFetch(
      'Telegram',
      this.fetcher,
      `${this.base.replace(/\/$/, '')}/bot${this.token}/${method}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      signal,
    )
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean
      result?: unknown
      description?: string
      error_code?: number
    } | null
    if (!response.ok || !answer?.ok) {
      if (signal.aborted) throw new DeliveryError('timeout', 'Telegram did not answer in time')
      const code = answer?.error_code ?? response.status
      const detail = `Telegram ${method} answered ${code}: ${answer?.description ?? 'no description'}`
      // 403: the user blocked the bot or deleted the chat; sending again cannot succeed.
      if (code === 403) throw new DeliveryError('blocked', detail, true)
      throw new DeliveryError('rejected', detail)
    }
    return answer.result
  }

  async sendMessage(chatId: string, text: string, signal?: AbortSignal): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } }, signal)
  }

  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] })
  }
}

/** The outbox's Telegram channel: the recipient is a chat id, the text is sent as plain text. */
export class TelegramSender implements MessageSender {
  constructor(private readonly api: TelegramApi) {}
  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    await this.api.sendMessage(message.recipient, message.text, signal)
  }
}

export function telegramConfigured(env: AppEnv): boolean {
  return Boolean(env.TELEGRAM_BOT_TOKEN)
}

/**
 * The settings the bot needs that this deployment lacks (the token, the webhook secret, the bot's username): the
 * page and the API name them instead of failing on first use.
 */
export function missingTelegramSettings(env: AppEnv): string[] {
  return (['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'TELEGRAM_BOT_USERNAME'] as const).filter(
    (name) => !env[name],
  )
}

/** The Bot API client of this deployment; a missing token is a clear error (in production and wherever it is used). */
export function telegramApi(env: AppEnv): TelegramApi {
  if (!env.TELEGRAM_BOT_TOKEN) {
    throw new Error('TELEGRAM_BOT_TOKEN is not set: run `wrangler secret put TELEGRAM_BOT_TOKEN` (Telegram bot)')
  }
  return new TelegramBotApi(env.TELEGRAM_BOT_TOKEN, env.TELEGRAM_API_BASE)
}

export function telegramWebhookSecret(env: AppEnv): string {
  if (!env.TELEGRAM_WEBHOOK_SECRET) {
    throw new Error('TELEGRAM_WEBHOOK_SECRET is not set: run `wrangler secret put TELEGRAM_WEBHOOK_SECRET`')
  }
  return env.TELEGRAM_WEBHOOK_SECRET
}

export function telegramBotUsername(env: AppEnv): string {
  if (!env.TELEGRAM_BOT_USERNAME) throw new Error('TELEGRAM_BOT_USERNAME is not set (Telegram bot deep links)')
  return env.TELEGRAM_BOT_USERNAME
}
