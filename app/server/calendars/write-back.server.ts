/**
 * Bookings written back to the specialist's calendar (issue 14, docs/decisions/0093-calendars.md). A consumer of the
 * host event log (db/schema-host-events.ts) turns every event that changes a meeting (booked, moved, cancelled,
 * participants changed) of a specialist with a write calendar into an outbox row `calendar` for that meeting; the
 * outbox delivers it through `CalendarWriteSender` with retries and backoff, never on the booking's critical path.
 * A delivery reconciles: it writes the meeting as it is now (created, updated with SEQUENCE raised, or deleted when
 * cancelled), so repeated or reordered deliveries end in the same calendar.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { getT } from '#app/i18n/translate.server.ts'
import { readableLabel } from '#app/domain/calendars/rules.ts'
import {
  calendarBusy,
  calendarEventLinks,
  calendarIntegrations,
  calendarWriteTargets,
  eventConsumers,
  hostEvents,
  integrationCalendars,
  meetingParticipants,
  meetings,
  notifications,
  outbox,
  users,
} from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import type { AppEnv } from '../env.server.ts'
import { WorkSender, type WorkDeps } from '../outbox/work-sender.server.ts'
import { participantManageUrl } from '../meetings/notify.server.ts'
import { DeliveryError, type OutgoingMessage } from '../outbox/delivery.server.ts'
import { CalendarAuthError, CalendarUnavailableError, type OurEvent } from './provider.server.ts'
import { type CalendarDeps, depressedNotice, providerOf } from './sync.server.ts'

const CONSUMER = 'calendar-write-back'
/** Host events routed per run; the next run goes on from where this one stopped. */
const EVENTS_PER_RUN = 500

/** Events after which a meeting's copy in the calendar may differ (held/not-held and seat counts change nothing). */
const WRITTEN_EVENTS = [
  'BookingConfirmed',
  'OneTimeSeatBooked',
  'InvitationConfirmed',
  'OneTimeCreated',
  'MeetingCanceled',
  'ParticipantCanceled',
  'MeetingMoved',
  'ParticipantsMoved',
  'VisitorsAdded',
  'AdjutantsChanged',
  // A meeting's own video link was created (app/server/video/conferences.server.ts): the copy's location changes.
  'MeetingLinked',
]

/** The outbox row of one meeting's write for one host event: its id is fixed, so routing an event twice adds nothing. */
const messageId = (eventId: string, meetingId: string) => `calendar:${eventId}:${meetingId}`

/**
 * Routes the host events logged since the last run to calendar writes: one outbox row per meeting an event touched,
 * for specialists with a write calendar. The rows and the consumer's new position go in one batch.
 */
export async function routeCalendarWrites(db: Db, now: number): Promise<number> {
  const [cursor] = await db.select().from(eventConsumers).where(eq(eventConsumers.name, CONSUMER)).limit(1)
  const after = cursor?.seq ?? 0
  const events = await db
    .select({
      seq: hostEvents.seq,
      id: hostEvents.id,
      ownerId: hostEvents.ownerId,
      type: hostEvents.type,
      meetingId: hostEvents.meetingId,
      payload: hostEvents.payload,
      target: calendarWriteTargets.calendarId,
    })
    .from(hostEvents)
    .leftJoin(calendarWriteTargets, eq(calendarWriteTargets.ownerId, hostEvents.ownerId))
    .where(gt(hostEvents.seq, after))
    .orderBy(asc(hostEvents.seq))
    .limit(EVENTS_PER_RUN)
  if (events.length === 0) return 0
  const rows: (typeof outbox.$inferInsert)[] = []
  for (const event of events) {
    if (!event.target || !event.meetingId || !WRITTEN_EVENTS.includes(event.type)) continue
    const from = (event.payload as { fromMeetingIds?: string[] }).fromMeetingIds ?? []
    for (const meetingId of new Set([event.meetingId, ...from])) {
      rows.push({
        id: messageId(event.id, meetingId),
        channel: 'calendar',
        recipient: meetingId,
        text: '',
        payload: { ownerId: event.ownerId, event: event.type },
        nextAttemptAt: now,
      })
    }
  }
  const last = events[events.length - 1].seq
  const advance = db
    .insert(eventConsumers)
    .values({ name: CONSUMER, seq: last })
    .onConflictDoUpdate({ target: eventConsumers.name, set: { seq: sql`max(${eventConsumers.seq}, ${last})` } })
  const inserts = rows.map((row) => db.insert(outbox).values(row).onConflictDoNothing())
  await db.batch([advance, ...inserts])
  return rows.length
}

/** The UID of a meeting's copy in the host's calendar (participants' invitations use `<id>@fastslot`). */
export const hostEventUid = (meetingId: string) => `${meetingId}-host@fastslot`

/** After this many failed attempts of one write, the specialist gets a notice (the outbox keeps retrying). */
const NOTICE_AFTER_ATTEMPTS = 3

async function meetingToWrite(db: Db, env: AppEnv, meetingId: string) {
  const [row] = await db
    .select({ meeting: meetings, owner: users })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .where(eq(meetings.id, meetingId))
    .limit(1)
  if (!row) return null
  const participants = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.meetingId, meetingId), eq(meetingParticipants.status, 'booked')))
    .orderBy(asc(meetingParticipants.createdAt))
  return { ...row, participants, env }
}

/** The meeting as the host's calendar shows it: summary, who comes, their manage links, the place. */
async function ourEvent(
  db: Db,
  env: AppEnv,
  found: NonNullable<Awaited<ReturnType<typeof meetingToWrite>>>,
  sequence: number,
): Promise<OurEvent> {
  const { meeting, owner, participants } = found
  const t = getT(owner.culture)
  const names = participants.map((p) => `${p.firstName} ${p.lastName}`.trim())
  const lines: string[] = []
  if (meeting.description) lines.push(meeting.description, '')
  for (const p of participants) {
    const contact = [p.email, p.phone, p.messengerValue ? `${p.messengerType ?? ''} ${p.messengerValue}`.trim() : '']
      .filter(Boolean)
      .join(', ')
    lines.push(`${`${p.firstName} ${p.lastName}`.trim()}: ${contact}`)
    if (p.comment) lines.push(`  ${p.comment}`)
    if (p.role === 'member') {
      const manage = await participantManageUrl(db, env, p.id, owner.culture)
      if (manage) lines.push(`  ${t('calendars:event.manage')}: ${manage}`)
    }
  }
  lines.push('', `${t('calendars:event.meetingPage')}: ${new URL(`/meetings/${meeting.id}`, env.APP_URL).toString()}`)
  return {
    uid: hostEventUid(meeting.id),
    sequence,
    summary: names.length === 1 ? `${meeting.name}: ${names[0]}` : meeting.name,
    description: lines.join('\n').trim(),
    location: meeting.meetingPoint ?? '',
    start: meeting.startAt,
    end: meeting.endAt,
    timeZone: owner.timeZone,
    organizer: { email: owner.email, name: `${owner.firstName} ${owner.lastName}`.trim() },
    attendees: participants.map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
  }
}

/** Writes one meeting to its host's write calendar as it is now (see the module comment). */
export async function writeMeeting(deps: CalendarDeps, meetingId: string, attempts: number): Promise<void> {
  const { db, env } = deps
  const found = await meetingToWrite(db, env, meetingId)
  if (!found) return
  const [target] = await db
    .select({ calendar: integrationCalendars, integration: calendarIntegrations })
    .from(calendarWriteTargets)
    .innerJoin(integrationCalendars, eq(integrationCalendars.id, calendarWriteTargets.calendarId))
    .innerJoin(calendarIntegrations, eq(calendarIntegrations.id, integrationCalendars.integrationId))
    .where(eq(calendarWriteTargets.ownerId, found.meeting.ownerId))
    .limit(1)
  // No write calendar any more, or its integration is switched off: nothing to write.
  if (!target?.integration.isActive) return
  const [link] = await db
    .select()
    .from(calendarEventLinks)
    .where(and(eq(calendarEventLinks.meetingId, meetingId), eq(calendarEventLinks.calendarId, target.calendar.id)))
    .limit(1)
  const alive = found.meeting.status === 'upcoming' && found.participants.length > 0
  try {
    const provider = await providerOf(deps, target.integration)
    const calendar = { remoteId: target.calendar.remoteId }
    if (!alive) {
      if (!link) return
      await provider.deleteEvent(calendar, { key: link.key, etag: link.etag })
      // The stored copy goes with the link: once the link is gone its UID is no longer known as ours.
      await db.batch([
        db
          .delete(calendarEventLinks)
          .where(
            and(eq(calendarEventLinks.meetingId, meetingId), eq(calendarEventLinks.calendarId, target.calendar.id)),
          ),
        db
          .delete(calendarBusy)
          .where(and(eq(calendarBusy.calendarId, target.calendar.id), eq(calendarBusy.uid, link.uid))),
      ])
      return
    }
    const sequence = link ? link.sequence + 1 : 0
    const event = await ourEvent(db, env, found, sequence)
    const written = await provider.putEvent(calendar, event, link ? { key: link.key, etag: link.etag } : null)
    await db
      .insert(calendarEventLinks)
      .values({
        meetingId,
        calendarId: target.calendar.id,
        key: written.key,
        etag: written.etag,
        uid: event.uid,
        sequence,
      })
      .onConflictDoUpdate({
        target: [calendarEventLinks.meetingId, calendarEventLinks.calendarId],
        set: { key: written.key, etag: written.etag, sequence },
      })
  } catch (error) {
    await recordWriteFailure(deps, target.integration, found.meeting.name, error, attempts)
    if (error instanceof CalendarAuthError) throw new DeliveryError('rejected', error.message)
    if (error instanceof CalendarUnavailableError) throw new DeliveryError('network', error.message)
    throw error
  }
}

/** The card shows the failure; a refused grant turns the integration depressed; a write failing on gives a notice. */
async function recordWriteFailure(
  deps: CalendarDeps,
  integration: typeof calendarIntegrations.$inferSelect,
  meetingName: string,
  error: unknown,
  attempts: number,
) {
  const { db, env, now } = deps
  const refused = error instanceof CalendarAuthError
  const statements = []
  statements.push(
    db
      .update(calendarIntegrations)
      .set({
        problem: refused ? 'authRefused' : 'writeFailed',
        ...(refused ? { isDepressed: true, syncStatus: 'fail' as const } : {}),
        version: sql`${calendarIntegrations.version} + 1`,
      })
      .where(eq(calendarIntegrations.id, integration.id)),
  )
  const [owner] = await db
    .select({ id: users.id, email: users.email, culture: users.culture })
    .from(users)
    .where(eq(users.id, integration.ownerId))
    .limit(1)
  if (owner && refused && !integration.isDepressed) {
    statements.push(...(await depressedNotice(db, env, owner, integration, now)))
  } else if (owner && !refused && attempts === NOTICE_AFTER_ATTEMPTS) {
    const t = getT(owner.culture)
    statements.push(
      db.insert(notifications).values({
        id: newId(now),
        userId: owner.id,
        title: t('calendars:notice.writeFailedTitle'),
        body: t('calendars:notice.writeFailedBody', { name: meetingName, label: readableLabel(integration, t) }),
        content: {
          title: { key: 'calendars:notice.writeFailedTitle' },
          body: {
            key: 'calendars:notice.writeFailedBody',
            values: { name: meetingName, label: { integration: { type: integration.type, label: integration.label } } },
          },
        },
        actionName: 'navigate',
        actionValue: '/integrations',
        createdAt: now,
      }),
    )
  }
  const [first, ...rest] = statements
  await db.batch([first, ...rest])
}

/** The outbox's sender of `calendar` rows. */
export class CalendarWriteSender extends WorkSender {
  protected work(deps: WorkDeps, message: OutgoingMessage) {
    return writeMeeting(deps, message.recipient, message.attempts ?? 1)
  }
}
