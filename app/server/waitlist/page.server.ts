/**
 * The public event page's waitlist (docs/decisions/0108-waitlist.md): a full slot's link opens the join step
 * (`?waitlist=<start>`), whose plain form posts `intent=joinWaitlist`; the host's object decides and writes.
 */
import { data } from '@remix-run/cloudflare'
import type { ViewerSlot } from '#app/domain/availability/index.ts'
import { contactInfoSchema } from '#app/domain/booking/contact-form.ts'
import { WAITLIST_OFFER_MINUTES } from '#app/domain/constants.ts'
import { refusalKey, refusalStatus } from '#app/domain/refusal.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import { formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import type { PublicEventContext } from '../booking/availability.server.ts'
import { runCommand } from '../booking/host-lock-client.server.ts'
import type { ActionAnswer } from '../booking/page/flow.server.ts'
import { viewerDayWithFull } from '../booking/public.server.ts'
import { viewerZone } from '../booking/viewer-zone.server.ts'
import { type Db, getDb } from '../db.server.ts'
import { type Bindings, parseEnv } from '../env.server.ts'
import { fieldTexts, parseForm } from '../forms/parse.server.ts'
import { drainOutbox } from '../outbox/outbox.server.ts'

/** A full slot as the calendar lists it: a link to its waitlist. */
export function waitlistOptions(slots: readonly ViewerSlot[]) {
  return slots.map((s) => ({ start: s.start, from: s.from, to: s.to }))
}

/** The fields the join form asks: the booking form's required ones (an accepted offer books in one click). */
export const WAITLIST_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'messengerType', 'messengerValue'] as const

/**
 * The join step of `?waitlist=<start>`: the slot in the viewer's zone, and whether it is still full (when it is
 * not, the step says so and links back to the calendar). Null for an event type with no waitlist.
 */
export async function waitlistStep(
  deps: { db: Db; env: Bindings; found: PublicEventContext; viewerTimeZone: string; language: Language },
  start: number,
  now: number,
) {
  const { found, viewerTimeZone } = deps
  if (!found.eventType.participantType.startsWith('Group')) return null
  const end = start + found.eventType.durationInMinutes * 60_000
  const date = instantToZoned(viewerTimeZone, start).date
  const day = await viewerDayWithFull(deps.db, deps.env, found, viewerTimeZone, date, {}, now)
  return {
    start,
    date,
    when: formatWhen({ start, end }, viewerTimeZone, deps.language),
    minutes: WAITLIST_OFFER_MINUTES,
    full: day.full.some((s) => s.start === start),
  }
}

/** `intent=joinWaitlist`: the form's details, checked like the booking form's, then the host's object decides. */
export async function joinWaitlist(input: {
  env: Bindings
  ctx: ExecutionContext
  request: Request
  found: PublicEventContext
  form: FormData
  language: Language
}) {
  const { env, found, form, language } = input
  const t = getT(language)
  const intent = 'joinWaitlist'
  const values = Object.fromEntries(WAITLIST_FIELDS.map((k) => [k, String(form.get(k) ?? '')]))
  const fail = (status: number, error: string, extra: Partial<ActionAnswer> = {}) =>
    data<ActionAnswer>({ intent, error, values, ...extra }, { status })
  const parsed = parseForm(form, contactInfoSchema(found.eventType), t, { set: { comment: '' } })
  if (!parsed.ok) return fail(400, t('booking:event.form.fixErrors'), { fieldErrors: fieldTexts(parsed.errors) })
  const start = Number(form.get('start'))
  if (!Number.isSafeInteger(start)) return fail(400, t('booking:errors.selectSlot'))
  const result = await runCommand(env, {
    kind: 'joinWaitlist',
    ownerId: found.host.id,
    eventTypeId: found.eventType.id,
    start,
    end: start + found.eventType.durationInMinutes * 60_000,
    contact: parsed.value,
    language,
    timeZone: viewerZone(input.request, found.host.timeZone).zone,
  })
  if (!result.ok) {
    const text = t(refusalKey(result.refusal))
    const fieldErrors = result.refusal.field ? { [result.refusal.field]: text } : undefined
    return fail(refusalStatus(result.refusal), text, { fieldErrors })
  }
  input.ctx.waitUntil(
    drainOutbox(getDb(env.DB), parseEnv(env), Date.now(), { ids: result.value.outboxIds }).catch(() => {}),
  )
  return { intent, joined: parsed.value.email } satisfies ActionAnswer
}
