import { createExecutionContext, createScheduledController } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { vi } from 'vitest'
import worker from '#workers/app.ts'
import { FakeBotApi } from '../../fakes/telegram-bot-api.ts'

export const MIN = 60_000
export const DAY = 24 * 60 * MIN
export const NOTIFY_SECRET = 'notify-test-session-secret-0123456789abcdef'
export const BOT_TOKEN = '123456:TEST-token'

/** Production configuration: emails through (fake) Unisender Go, Telegram through the (fake) Bot API. */
export const prodEnv = {
  ...env,
  ENVIRONMENT: 'production',
  SESSION_SECRET: NOTIFY_SECRET,
  UNISENDER_GO_API_KEY: 'unisender-test-key',
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
}

export type FakeEmail = { id: string; to: string; subject: string; text: string }

/**
 * Fakes at the fetch boundary, built from the providers' documented shapes: Unisender Go (which can fail a
 * recipient N times, or hang until the call is aborted) and the Telegram Bot API.
 */
export function installFakeProviders() {
  const fakes = {
    bot: new FakeBotApi(BOT_TOKEN),
    emails: [] as FakeEmail[],
    failures: new Map<string, number>(),
    /** Recipients whose calls never answer (until the caller aborts). */
    hanging: new Set<string>(),
    /** Unisender calls per message id (the idempotence key), and the most in flight at once for one id. */
    calls: new Map<string, number>(),
    maxInFlight: 0,
  }
  const inFlight = new Map<string, number>()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.hostname === 'api.telegram.org') return fakes.bot.handle(request)
    if (url.hostname !== 'go1.unisender.ru') return new Response('unexpected fetch', { status: 599 })
    const { message } = (await request.json()) as {
      message: {
        recipients: { email: string }[]
        subject: string
        body: { plaintext: string }
        idempotence_key: string
      }
    }
    const id = message.idempotence_key
    const to = message.recipients[0].email
    fakes.calls.set(id, (fakes.calls.get(id) ?? 0) + 1)
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1)
    fakes.maxInFlight = Math.max(fakes.maxInFlight, inFlight.get(id) ?? 0)
    try {
      if (fakes.hanging.has(to)) {
        await new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        })
      }
      const failuresLeft = fakes.failures.get(to) ?? 0
      if (failuresLeft > 0) {
        fakes.failures.set(to, failuresLeft - 1)
        return Response.json({ status: 'error', message: 'Service unavailable' }, { status: 503 })
      }
      fakes.emails.push({ id, to, subject: message.subject, text: message.body.plaintext })
      return Response.json({ status: 'success', job_id: '1', emails: [to] })
    } finally {
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1)
    }
  })
  return fakes
}

/** One cron minute of the Worker, as Cloudflare runs it. */
export async function tick(at: number, bindings: Record<string, unknown> = prodEnv) {
  const controller = createScheduledController({ scheduledTime: at, cron: '* * * * *' })
  await worker.scheduled(controller, bindings as typeof env, createExecutionContext())
}
