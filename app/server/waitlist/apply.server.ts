/**
 * The waitlist's events in the one applier's batch (app/server/commands/apply.server.ts,
 * docs/decisions/0108-waitlist.md): the entry rows and the guest's emails (their language and zone) through the
 * outbox. The ghost holds that keep offered seats are the host's object's, saved beside this batch.
 */
import { and, eq } from 'drizzle-orm'
import type { WaitlistEvent } from '#app/domain/commands/events.ts'
import { WAITLIST_OFFER_MINUTES } from '#app/domain/constants.ts'
import { formatMoment, formatWhen } from '#app/domain/time/readable.ts'
import type { Language } from '#app/i18n/config.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { waitlistEntries } from '#db/schema.ts'
import type { PublicEventContext } from '../booking/availability.server.ts'
import type { ApplyScope, Statement } from '../commands/apply.server.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { composeEmail, hello } from '../meetings/mail.server.ts'
import { enqueueMessage } from '../outbox/enqueue.server.ts'
import type { WaitlistRow } from './entries.server.ts'
import { waitlistLink } from './links.server.ts'

export const isWaitlistEvent = (event: { type: string }): event is WaitlistEvent => event.type.startsWith('Waitlist')

/** What the waitlist's events are rendered from: their event types and entries as they were before. */
export type WaitlistScope = {
  contexts: ReadonlyMap<string, PublicEventContext>
  entries: ReadonlyMap<string, WaitlistRow>
}

type Guest = { email: string; firstName: string; language: Language; timeZone: string }

function envOf(scope: ApplyScope): AppEnv {
  if (!scope.env) throw new Error('The waitlist needs the environment (links, messages)')
  return scope.env
}

/** One of the two emails a guest gets: on joining the line, and when a seat is offered. */
async function guestEmail(
  db: Db,
  scope: ApplyScope,
  kind: 'joined' | 'offered',
  guest: Guest,
  entry: { id: string; eventTypeId: string; start: number; end: number; offerExpiresAt?: number },
) {
  const env = envOf(scope)
  const context = scope.waitlist?.contexts.get(entry.eventTypeId)
  if (!context) throw new Error('A waitlist email needs its event type')
  const t = getT(guest.language)
  const values = {
    event: context.eventType.name,
    organizer: `${context.host.firstName} ${context.host.lastName}`.trim(),
    when: formatWhen(entry, guest.timeZone, guest.language),
    minutes: WAITLIST_OFFER_MINUTES,
    until: entry.offerExpiresAt ? formatMoment(entry.offerExpiresAt, guest.timeZone, guest.language) : '',
  }
  const email = composeEmail(
    t(`waitlist:mail.${kind}.subject`, values) as string,
    [hello(t, guest.firstName), t(`waitlist:mail.${kind}.line`, values) as string],
    [{ label: t(`waitlist:mail.${kind}.button`) as string, url: await waitlistLink(env, entry.id, guest.language) }],
  )
  return enqueueMessage(
    db,
    {
      channel: 'email',
      recipient: guest.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      payload: { kind: `waitlist.${kind}` },
    },
    scope.now,
  )
}

function setStatus(db: Db, scope: ApplyScope, entryId: string, values: Partial<WaitlistRow>) {
  return db
    .update(waitlistEntries)
    .set({ ...values, updatedAt: scope.now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.ownerId, scope.ownerId)))
}

export async function waitlistPart(
  db: Db,
  scope: ApplyScope,
  event: WaitlistEvent,
): Promise<{ statements: Statement[]; outboxIds: string[] }> {
  switch (event.type) {
    case 'WaitlistJoined': {
      const c = event.contact
      const guest = { email: c.email, firstName: c.firstName, language: event.language, timeZone: event.timeZone }
      const email = await guestEmail(db, scope, 'joined', guest, { ...event, id: event.entryId })
      const row = db.insert(waitlistEntries).values({
        id: event.entryId,
        ownerId: scope.ownerId,
        eventTypeId: event.eventTypeId,
        startAt: event.start,
        endAt: event.end,
        email: c.email,
        contact: c,
        language: event.language,
        timeZone: event.timeZone,
        joinedAt: scope.now,
        updatedAt: scope.now,
      })
      return { statements: [row, email.query], outboxIds: [email.id] }
    }
    case 'WaitlistOffered': {
      const entry = scope.waitlist?.entries.get(event.entryId)
      if (!entry) throw new Error('An offer needs its entry')
      const guest = { ...entry, firstName: entry.contact.firstName }
      const email = await guestEmail(db, scope, 'offered', guest, {
        id: entry.id,
        eventTypeId: entry.eventTypeId,
        start: entry.startAt,
        end: entry.endAt,
        offerExpiresAt: event.expiresAt,
      })
      const offered = setStatus(db, scope, event.entryId, {
        status: 'offered',
        holdId: event.holdId,
        offeredAt: scope.now,
        offerExpiresAt: event.expiresAt,
      })
      return { statements: [offered, email.query], outboxIds: [email.id] }
    }
    case 'WaitlistOfferExpired':
      return { statements: [setStatus(db, scope, event.entryId, { status: 'expired' })], outboxIds: [] }
    case 'WaitlistClosed':
      return { statements: [setStatus(db, scope, event.entryId, { status: 'closed' })], outboxIds: [] }
    case 'WaitlistLeft': {
      const status = event.by === 'guest' ? 'left' : 'removed'
      return { statements: [setStatus(db, scope, event.entryId, { status })], outboxIds: [] }
    }
    case 'WaitlistBooked':
      return {
        statements: [setStatus(db, scope, event.entryId, { status: 'booked', bookingId: event.bookingId })],
        outboxIds: [],
      }
  }
}
