/** `intent=hold` (the calendar's chosen slots) and `intent=release` (a chosen slot removed on the form step). */
import { redirect } from '@remix-run/cloudflare'
import { newId } from '#app/domain/ids.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { MAX_SLOTS_PER_REQUEST, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import { BOOKING_LIMITS, addressKey } from '../limits.server.ts'
import type { IntentContext } from './action.server.ts'
import { keptParams, limited } from './flow.server.ts'

export async function holdIntent({
  env,
  request,
  url,
  basePath,
  t,
  form,
  found,
  holdIds,
  channel,
  fail,
}: IntentContext) {
  if (await limited(env, request, BOOKING_LIMITS.hold)) return fail(429, t('api:tooManyRequests'))
  const duration = found.eventType.durationInMinutes * 60_000
  const starts = [...new Set(form.getAll('slot').map(Number))].filter((n) => Number.isSafeInteger(n))
  if (starts.length === 0) {
    if (holdIds.length > 0) return redirect(`${basePath}${keptParams(url, { holds: holdIds.join(','), step: 'form' })}`)
    return fail(400, t('booking:errors.selectSlot'))
  }
  if (starts.length + holdIds.length > MAX_SLOTS_PER_REQUEST) {
    return fail(400, t('booking:errors.tooManySlots', { count: MAX_SLOTS_PER_REQUEST }))
  }
  const result = await runCommand(env, {
    kind: 'hold',
    channel,
    ownerId: found.host.id,
    eventTypeId: found.eventType.id,
    clientId: String(form.get('clientId') || newId()),
    address: await addressKey(request),
    slots: starts.map((start) => ({ start, end: start + duration })),
  })
  // The one refusal: the same status and text as the JSON API gives for it (app/domain/refusal.ts).
  if (!result.ok) return fail(refusalStatus(result.refusal), t(refusalKey(result.refusal)))
  const ids = [...holdIds, ...result.value.map((h) => h.id).filter((id) => !holdIds.includes(id))]
  return redirect(`${basePath}${keptParams(url, { holds: ids.join(','), step: 'form' })}`)
}

export async function releaseIntent({ env, url, basePath, form, found, holdIds }: IntentContext) {
  const id = String(form.get('holdId') ?? '')
  if (holdIds.includes(id)) await runCommand(env, { kind: 'release', ownerId: found.host.id, holdId: id })
  const rest = holdIds.filter((h) => h !== id)
  return redirect(`${basePath}${keptParams(url, { holds: rest.join(',') || null })}`)
}
