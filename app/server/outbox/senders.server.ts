import type { AppEnv } from '../env.server.ts'
import { headerSafe } from './header.ts'
import { FcmSender, parseServiceAccount } from '../notify/push.server.ts'
import { TelegramSender, telegramApi } from '../notify/telegram.server.ts'

/** One message of the outbox, as a channel sends it. */
export type OutgoingMessage = {
  id: string
  channel: 'email' | 'telegram' | 'push'
  recipient: string
  subject: string
  text: string
  html: string | null
  payload: Record<string, unknown> | null
}

export type EmailAttachment = { filename: string; contentType: string; content: string }

/** A channel's delivery: resolves when the provider accepted the message, throws otherwise. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>
}

/**
 * Locally and in tests the outbox itself is the mailbox (`/dev/mail` reads it): delivering means
 * marking the row sent. Production never uses it: there a missing provider secret is an error.
 */
export const localSender: MessageSender = {
  async send() {},
}

/** Unisender Go's transactional API (the provider the SPEC names), over HTTP. */
export class UnisenderGoSender implements MessageSender {
  constructor(
    private readonly apiKey: string,
    private readonly from: { email: string; name: string },
    // Called as a plain function: Workers refuse `fetch` invoked as a method of another object ("Illegal invocation").
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const attachments = ((message.payload?.attachments as EmailAttachment[] | undefined) ?? []).map((a) => ({
      type: a.contentType,
      name: a.filename,
      content: btoa(unescape(encodeURIComponent(a.content))),
    }))
    const response = await this.fetcher('https://go1.unisender.ru/ru/transactional/api/v1/email/send.json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': this.apiKey },
      body: JSON.stringify({
        message: {
          recipients: [{ email: message.recipient }],
          subject: headerSafe(message.subject),
          from_email: this.from.email,
          from_name: headerSafe(this.from.name),
          body: { plaintext: message.text, ...(message.html ? { html: message.html } : {}) },
          attachments,
          idempotence_key: message.id,
        },
      }),
    })
    if (!response.ok) {
      throw new Error(`Unisender Go answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    }
  }
}

/** Channels not yet configured in production fail loudly, naming what is missing. */
class MissingConfigurationSender implements MessageSender {
  constructor(private readonly what: string) {}
  async send(): Promise<void> {
    throw new Error(`${this.what} is not configured`)
  }
}

export function senderFor(channel: OutgoingMessage['channel'], env: AppEnv): MessageSender {
  // Telegram and push go to their provider (or a configured fake) wherever configured; locally without it the
  // outbox is the record (/dev/messages shows it).
  if (channel === 'telegram' && env.TELEGRAM_BOT_TOKEN) return new TelegramSender(telegramApi(env))
  if (channel === 'push' && env.FCM_SERVICE_ACCOUNT) return new FcmSender(parseServiceAccount(env.FCM_SERVICE_ACCOUNT))
  if (env.ENVIRONMENT !== 'production') return localSender
  if (channel === 'email') {
    if (!env.UNISENDER_GO_API_KEY) return new MissingConfigurationSender('UNISENDER_GO_API_KEY (email)')
    return new UnisenderGoSender(env.UNISENDER_GO_API_KEY, { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME })
  }
  if (channel === 'telegram') return new MissingConfigurationSender('TELEGRAM_BOT_TOKEN (Telegram)')
  return new MissingConfigurationSender('FCM_SERVICE_ACCOUNT (push)')
}
