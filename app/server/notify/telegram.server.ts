/**
 * The Telegram Bot API over HTTP (https://core.telegram.org/bots/api), behind a small interface so tests put a
 * fake at the fetch boundary. Every call answers `{ ok, result }` or `{ ok: false, error_code, description }`.
 */
import type { AppEnv } from '../env.server.ts'
import type { MessageSender, OutgoingMessage } from '../outbox/senders.server.ts'

export interface TelegramApi {
  sendMessage(chatId: string, text: string): Promise<void>
  setWebhook(url: string, secretToken: string): Promise<void>
}

export class TelegramBotApi implements TelegramApi {
  constructor(
    private readonly token: string,
    private readonly base: string = 'https://api.telegram.org',
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private async call(method: string, body: Record<string, unknown>): Promise<unknown> {
    const fetcher = this.fetcher
    const response = await fetcher(`${this.base.replace(/\/$/, '')}/bot${this.token}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean
      result?: unknown
      description?: string
      error_code?: number
    } | null
    if (!response.ok || !answer?.ok) {
      throw new Error(
        `Telegram ${method} answered ${answer?.error_code ?? response.status}: ${answer?.description ?? 'no description'}`,
      )
    }
    return answer.result
  }

  async sendMessage(chatId: string, text: string): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } })
  }

  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] })
  }
}

/** The outbox's Telegram channel: the recipient is a chat id, the text is sent as plain text. */
export class TelegramSender implements MessageSender {
  constructor(private readonly api: TelegramApi) {}
  async send(message: OutgoingMessage): Promise<void> {
    await this.api.sendMessage(message.recipient, message.text)
  }
}

export function telegramConfigured(env: AppEnv): boolean {
  return Boolean(env.TELEGRAM_BOT_TOKEN)
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
