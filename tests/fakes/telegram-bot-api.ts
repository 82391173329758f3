/**
 * A fake Telegram Bot API built from the documented shapes (https://core.telegram.org/bots/api#making-requests):
 * `POST /bot<token>/<method>` with a JSON body answers `{ ok: true, result }` or
 * `{ ok: false, error_code, description }`. Used at the fetch boundary (integration) and over HTTP (e2e).
 */
export type SentTelegram = { chatId: string; text: string }

export class FakeBotApi {
  readonly sent: SentTelegram[] = []
  webhook: { url: string; secretToken: string } | null = null
  /** Answers the next N sendMessage calls with this error instead of delivering. */
  failNext: { count: number; code: number; description: string } | null = null
  private messageId = 0

  constructor(readonly token: string) {}

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const match = url.pathname.match(/^\/bot([^/]+)\/(\w+)$/)
    if (!match) return Response.json({ ok: false, error_code: 404, description: 'Not Found' }, { status: 404 })
    if (match[1] !== this.token) {
      return Response.json({ ok: false, error_code: 401, description: 'Unauthorized' }, { status: 401 })
    }
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
    switch (match[2]) {
      case 'getMe':
        return Response.json({
          ok: true,
          result: { id: 1, is_bot: true, first_name: 'FastSlot', username: 'fastslot_bot' },
        })
      case 'setWebhook':
        this.webhook = { url: String(body.url), secretToken: String(body.secret_token ?? '') }
        return Response.json({ ok: true, result: true, description: 'Webhook was set' })
      case 'sendMessage': {
        if (this.failNext && this.failNext.count > 0) {
          this.failNext.count--
          const { code, description } = this.failNext
          return Response.json({ ok: false, error_code: code, description }, { status: code })
        }
        if (typeof body.chat_id !== 'string' && typeof body.chat_id !== 'number') {
          return Response.json(
            { ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' },
            { status: 400 },
          )
        }
        if (typeof body.text !== 'string' || body.text.length === 0) {
          return Response.json(
            { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
            { status: 400 },
          )
        }
        this.sent.push({ chatId: String(body.chat_id), text: body.text })
        return Response.json({
          ok: true,
          result: {
            message_id: ++this.messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(body.chat_id), type: 'private' },
            text: body.text,
          },
        })
      }
      default:
        return Response.json(
          { ok: false, error_code: 404, description: 'Not Found: method not found' },
          { status: 404 },
        )
    }
  }
}

/** A Telegram update with a private message, as the webhook receives it. */
export function telegramUpdate(chatId: number, text: string, username = 'client') {
  return {
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', username, first_name: 'Test' },
      from: { id: chatId, is_bot: false, first_name: 'Test', username },
      text,
    },
  }
}
