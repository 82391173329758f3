/** `intent=book`: the form step's contact details book the held slots (the host's object decides and writes). */
import { redirect } from '@remix-run/cloudflare'
import { MAX_COMPANIONS, bookingContactSchema } from '#app/domain/booking/contact-form.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { goalsInUrl } from '../../analytics/goals.server.ts'
import { parseEnv } from '../../env.server.ts'
import { fieldTexts, parseForm } from '../../forms/parse.server.ts'
import { drainOutbox } from '../../outbox/outbox.server.ts'
import { BOOKING_LIMITS } from '../limits.server.ts'
import { viewerZone as guestZone } from '../viewer-zone.server.ts'
import type { IntentContext } from './action.server.ts'
import { type ActionAnswer, keptParams, limited } from './flow.server.ts'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue', 'comment']

export async function bookIntent(c: IntentContext) {
  const { env, ctx, db, request, url, basePath, language, t, form, found, holdIds, channel, fail } = c
  const values = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? '')]))
  const companions = form.getAll('emails').map(String)
  // "Add one more" without script: the same form again with one more companion field (nothing is booked).
  if (form.get('addCompanion')) {
    const more = companions.length < MAX_COMPANIONS ? [...companions, ''] : companions
    return { intent: 'book', values, companions: more } satisfies ActionAnswer
  }
  // A companion's field is `emails.<index>`; the list as a whole (too many) is `emails`.
  const parsed = parseForm(form, bookingContactSchema(found.eventType), t)
  if (!parsed.ok) {
    return fail(400, t('booking:event.form.fixErrors'), { fieldErrors: fieldTexts(parsed.errors), values, companions })
  }
  const kept = { values, companions }
  if (holdIds.length === 0) return fail(400, t('booking:errors.selectSlot'), kept)
  if (await limited(env, request, BOOKING_LIMITS.booking)) return fail(429, t('api:tooManyRequests'), kept)
  const result = await runCommand(env, {
    kind: 'book',
    channel,
    ownerId: found.host.id,
    eventTypeId: found.eventType.id,
    holdIds,
    slots: [],
    contact: parsed.value,
    language,
    timeZone: guestZone(request, found.host.timeZone).zone,
    idempotencyKey: String(form.get('idempotencyKey') || '') || null,
    appUrl: parseEnv(env).APP_URL,
  })
  if (!result.ok) {
    const text = t(refusalKey(result.refusal), result.refusal.params)
    // A party too large for the seats is said at the companions' fields too.
    const fieldErrors = result.refusal.field === 'contactInfo.emails' ? { emails: text } : undefined
    return fail(refusalStatus(result.refusal), text, { ...kept, fieldErrors })
  }
  const booked = result.value
  if (booked.outboxIds.length > 0) {
    ctx.waitUntil(drainOutbox(db, parseEnv(env), Date.now(), { ids: booked.outboxIds }).catch(() => {}))
  }
  const success = `${basePath}${keptParams(url, { booking: booked.bookingId })}`
  return redirect(channel === 'widget' ? goalsInUrl(success, 'bookingFromWidget') : success)
}
