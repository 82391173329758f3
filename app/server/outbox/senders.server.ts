import { CalendarWriteSender } from '../calendars/write-back.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import {
  DeliveryError,
  type MessageSender,
  type OutgoingMessage,
  answerText,
  providerFetch,
} from './delivery.server.ts'
import { headerSafe } from './header.ts'
import { FcmSender, parseServiceAccount } from '../notify/push.server.ts'
import { TelegramSender, telegramApi } from '../notify/telegram.server.ts'
import { WebhookSender } from '../webhooks/webhooks.server.ts'
import { ConferenceSender } from '../video/conferences.server.ts'

/** An email attachment as the outbox payload keeps it (`payload.attachments`). */
export type EmailAttachment = { filename: string; contentType: string; content: string }

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

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    const attachments = ((message.payload?.attachments as EmailAttachment[] | undefined) ?? []).map((a) => ({
      type: a.contentType,
      name: a.filename,
      content: btoa(unescape(encodeURIComponent(a.content))),
    }))
    const response = await providerFetch(
      'Unisender Go',
      this.fetcher,
      'https://go1.unisender.ru/ru/transactional/api/v1/email/send.json',
      {
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
            // The provider drops a repeat of the same key, should an aborted call have gone through after all.
            idempotence_key: message.id,
          },
        }),
      },
      signal,
    )
    if (!response.ok) {
      const body = await answerText('Unisender Go', response, signal)
      throw new DeliveryError('rejected', `Unisender Go answered ${response.status}: ${body}`)
    }
  }
}

/** Channels not configured in production fail loudly, naming what is missing or wrong. */
class MisconfiguredSender implements MessageSender {
  constructor(private readonly detail: string) {}
  async send(): Promise<void> {
    throw new DeliveryError('notConfigured', this.detail)
  }
}

/**
 * The sender of a channel in this deployment. The drain builds each channel's sender once and uses it for all its
 * messages, so a provider's access token is fetched once (push.server.ts also keeps it per isolate).
 */
export function senderFor(channel: OutgoingMessage['channel'], env: AppEnv, db: Db): MessageSender {
  // A meeting written to the host's calendar: the calendar's own provider, wherever it runs.
  if (channel === 'calendar') return new CalendarWriteSender(db, env)
  // A signed POST to a specialist's webhook endpoint, in every environment (development allows 127.0.0.1 receivers).
  if (channel === 'webhook') return new WebhookSender(db, env)
  // A meeting's own video conference: the video service, wherever it runs (a fake in development).
  if (channel === 'conference') return new ConferenceSender(db, env)
  // Telegram and push go to their provider (or a configured fake) wherever configured; locally without it the
  // outbox is the record (/dev/messages shows it).
  if (channel === 'telegram' && env.TELEGRAM_BOT_TOKEN) return new TelegramSender(telegramApi(env))
  if (channel === 'push' && env.FCM_SERVICE_ACCOUNT) {
    try {
      return new FcmSender(parseServiceAccount(env.FCM_SERVICE_ACCOUNT))
    } catch (error) {
      return new MisconfiguredSender(error instanceof Error ? error.message : String(error))
    }
  }
  if (env.ENVIRONMENT !== 'production') return localSender
  if (channel === 'email') {
    if (!env.UNISENDER_GO_API_KEY) return new MisconfiguredSender('UNISENDER_GO_API_KEY (email) is not configured')
    return new UnisenderGoSender(env.UNISENDER_GO_API_KEY, { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME })
  }
  if (channel === 'telegram') return new MisconfiguredSender('TELEGRAM_BOT_TOKEN (Telegram) is not configured')
  return new MisconfiguredSender('FCM_SERVICE_ACCOUNT (push) is not configured')
}
