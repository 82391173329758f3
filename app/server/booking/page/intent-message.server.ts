/** `intent=message`: the event page's "write to the organizer" form (sent by mail through the outbox). */
import { organizerMessageSchema } from '#app/domain/booking/contact-form.ts'
import { parseEnv } from '../../env.server.ts'
import { fieldTexts, parseForm } from '../../forms/parse.server.ts'
import { drainOutbox } from '../../outbox/outbox.server.ts'
import { BOOKING_LIMITS } from '../limits.server.ts'
import { sendOrganizerMessage } from '../message.server.ts'
import type { IntentContext } from './action.server.ts'
import { type ActionAnswer, limited } from './flow.server.ts'

export async function messageIntent({ env, ctx, db, request, intent, t, form, found, fail }: IntentContext) {
  const values = Object.fromEntries(['name', 'email', 'phone', 'text'].map((k) => [k, String(form.get(k) ?? '')]))
  const parsed = parseForm(form, organizerMessageSchema, t)
  if (!parsed.ok)
    return fail(400, t('booking:event.form.fixErrors'), { fieldErrors: fieldTexts(parsed.errors), values })
  if (await limited(env, request, BOOKING_LIMITS.message)) return fail(429, t('api:tooManyRequests'), { values })
  const id = await sendOrganizerMessage(db, found.host.login, parsed.value, Date.now())
  if (id) ctx.waitUntil(drainOutbox(db, parseEnv(env), Date.now(), { ids: [id] }).catch(() => {}))
  return { intent, messageSent: true } satisfies ActionAnswer
}
