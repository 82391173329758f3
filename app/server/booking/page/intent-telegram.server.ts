/** `intent=telegram`: "Get reminders in Telegram" on the success view, a one-time start token for this booking. */
import { redirect } from '@remix-run/cloudflare'
import { parseEnv } from '../../env.server.ts'
import { clientTelegramLink } from '../../notify/telegram-binding.server.ts'
import { BOOKING_LIMITS } from '../limits.server.ts'
import type { IntentContext } from './action.server.ts'
import { bookingOfEvent, limited, telegramAvailable } from './flow.server.ts'

export async function telegramIntent({ env, db, request, url, t, found, fail }: IntentContext) {
  const bookingId = url.searchParams.get('booking') ?? ''
  const mine = await bookingOfEvent(db, bookingId, found)
  if (mine.length === 0 || !telegramAvailable(env)) return fail(404, t('booking:errors.bookingNotFound'))
  if (await limited(env, request, BOOKING_LIMITS.hold)) return fail(429, t('api:tooManyRequests'))
  return redirect(await clientTelegramLink(db, parseEnv(env), { bookingId, ownerId: found.host.id }, Date.now()))
}
