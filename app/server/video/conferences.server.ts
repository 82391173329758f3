/**
 * Each meeting's own video conference (issue 15, docs/decisions/0098-video-meetings.md). A booking of an event type
 * with "a Telemost link for each meeting" writes, in its one batch, an outbox row `conference` per meeting and holds
 * its confirmation emails for CONFERENCE_WAIT_MS (`payload.conferenceBookingId`). The outbox delivers the row through
 * `ConferenceSender` like any message (retries with backoff, never on the booking's path); the booking's immediate
 * background delivery takes the conference first, then the emails:
 *
 * - the conference is created: the meeting keeps its link (`meeting_point`, SEQUENCE raised); the held confirmation,
 *   still unsent, is rendered again from the stored rows with the link and released; one already sent gets a
 *   follow-up email with the updated ICS instead;
 * - the first attempt fails (Telemost down, 429, 5xx, a refused grant): the confirmation is released as it is ("the
 *   link follows in a separate email"), and the row is retried; its success sends the follow-up.
 *
 * A moved meeting keeps its row and so its link; a cancelled meeting's conference is never handed to another meeting
 * (each meeting asks for its own). Reminders and the manage page read the meeting's row, so they carry the link.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { newId } from '#app/domain/ids.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import { hostEvents, meetingParticipants, meetings, oneTimeInvitations, outbox, users } from '#db/schema.ts'
import { eventTypeContext } from '../booking/availability.server.ts'
import { confirmationMessages } from '../booking/emails.server.ts'
import { findBooking } from '../booking/public.server.ts'
import { CalendarAuthError, CalendarUnavailableError } from '../calendars/provider.server.ts'
import type { Statement } from '../commands/apply.server.ts'
import type { Db } from '../db.server.ts'
import { sessionKeys } from '../env.server.ts'
import { WorkSender, type WorkDeps } from '../outbox/work-sender.server.ts'
import {
  adjutantRecipient,
  meetingNotices,
  participantManageUrl,
  participantRecipient,
} from '../meetings/notify.server.ts'
import { participantManageToken } from '../notify/links.server.ts'
import { invitationEmail, oneTimeIcs } from '../one-time/emails.server.ts'
import { DeliveryError, type OutgoingMessage } from '../outbox/delivery.server.ts'
import { type NewMessage, enqueueMessage } from '../outbox/enqueue.server.ts'
import { headerSafe } from '../outbox/header.ts'
import { type VideoDeps, markTelemostRevoked, telemostApi, telemostGrant } from './grants.server.ts'
import { type Conference, createConference } from './telemost.server.ts'

/** How long a booking's confirmation waits for its meetings' links before it goes without them. */
export const CONFERENCE_WAIT_MS = 15_000

/** The outbox rows asking for each meeting's conference; one per meeting and booking, so a replay adds nothing. */
export function conferenceRequests(db: Db, meetingIds: readonly string[], bookingId: string, now: number) {
  const ids = meetingIds.map((meetingId) => `conference:${meetingId}:${bookingId}`)
  const statements = meetingIds.map((meetingId, i) =>
    db
      .insert(outbox)
      .values({
        id: ids[i],
        channel: 'conference',
        recipient: meetingId,
        text: '',
        payload: { bookingId },
        nextAttemptAt: now,
      })
      .onConflictDoNothing(),
  )
  return { ids, statements }
}

/** A booking's confirmation email that waits for its meetings' links (released by the conference, or by time). */
export function heldConfirmation(db: Db, email: NewMessage, bookingId: string, now: number) {
  return enqueueMessage(
    db,
    { ...email, payload: { ...email.payload, conferenceBookingId: bookingId } },
    now,
    now + CONFERENCE_WAIT_MS,
  )
}

const heldOf = (bookingIds: readonly string[], at: number) =>
  and(
    eq(outbox.channel, 'email'),
    eq(outbox.status, 'pending'),
    lte(outbox.lockedUntil, at),
    inArray(sql`json_extract(${outbox.payload}, '$.conferenceBookingId')`, [...bookingIds]),
  )

/** The booking's confirmation emails as they read now (its meetings' current links), or null if it cannot be told. */
async function renderConfirmation(deps: VideoDeps, bookingId: string): Promise<NewMessage[] | null> {
  const { db, env, now } = deps
  const rows = await findBooking(db, bookingId)
  const first = rows[0]
  // A one-time meeting's invitations are held under the meeting's id (its invitees share one creation).
  if (!first) return renderInvitations(deps, bookingId)
  if (!first.meeting.eventTypeId) return null
  const context = await eventTypeContext(db, first.meeting.ownerId, first.meeting.eventTypeId)
  if (!context) return null
  const p = first.participant
  const manageUrls = await Promise.all(rows.map((r) => participantManageUrl(db, env, r.participant.id, p.language)))
  if (manageUrls.some((url) => url === null)) return null
  return confirmationMessages({
    context,
    contact: {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      messengerType: p.messengerType,
      messengerValue: p.messengerValue,
      comment: p.comment,
    },
    language: p.language,
    timeZone: p.timeZone,
    meetings: rows.map((r) => r.meeting),
    manageUrls: manageUrls as string[],
    now,
  }).emails
}

/** A one-time meeting's invitations as they read now (its current link), or null if it cannot be told. */
async function renderInvitations(deps: VideoDeps, meetingId: string): Promise<NewMessage[] | null> {
  const { db, env, now } = deps
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId)).limit(1)
  if (!meeting || meeting.eventTypeId) return null
  const [[organizer], booked, invited] = await Promise.all([
    db.select().from(users).where(eq(users.id, meeting.ownerId)).limit(1),
    db
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.meetingId, meetingId), eq(meetingParticipants.status, 'booked'))),
    db
      .select({ participantId: oneTimeInvitations.participantId })
      .from(oneTimeInvitations)
      .where(eq(oneTimeInvitations.meetingId, meetingId)),
  ])
  if (!organizer) return null
  const attendees = [
    ...booked.map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
    ...meeting.adjutantEmails.map((email) => ({ email, name: email })),
  ]
  const invitedIds = new Set(invited.map((row) => row.participantId))
  const messages: NewMessage[] = []
  for (const p of booked.filter((row) => invitedIds.has(row.id))) {
    const token = await participantManageToken(db, sessionKeys(env), p.id)
    if (!token) return null
    const manageUrl = manageLink(env.APP_URL, token, p.language)
    messages.push(
      invitationEmail({
        to: { email: p.email, firstName: p.firstName, language: p.language, timeZone: p.timeZone },
        meeting,
        organizer,
        confirmUrl: bookingLink(env.APP_URL, meetingId, token),
        manageUrl,
        ics: oneTimeIcs(meeting, organizer, attendees, now, { language: p.language, url: manageUrl }),
      }),
    )
  }
  return messages
}

/**
 * Sends the booking's held confirmation now: rendered again from the rows (`rerender`, with the links there are) or as
 * it is. Answers whether every held email was released (false: none was held, or a delivery claimed one meanwhile).
 */
async function releaseConfirmation(deps: VideoDeps, bookingId: string, rerender: boolean): Promise<boolean> {
  const { db, now } = deps
  const held = await db
    .select()
    .from(outbox)
    .where(heldOf([bookingId], now))
  if (held.length === 0) return false
  const fresh = rerender ? await renderConfirmation(deps, bookingId) : null
  const updates = held.map((row) => {
    const again = fresh?.find(
      (message) => message.payload?.kind === row.payload?.kind && message.recipient === row.recipient,
    )
    const content = again
      ? {
          subject: headerSafe(again.subject ?? ''),
          text: again.text,
          html: again.html ?? null,
          payload: { ...again.payload, conferenceBookingId: bookingId },
        }
      : {}
    return db
      .update(outbox)
      .set({ ...content, nextAttemptAt: now })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), lte(outbox.lockedUntil, now)))
      .returning({ id: outbox.id })
  })
  const [first, ...rest] = updates
  const results = await db.batch([first, ...rest])
  return results.every((result) => result.length === 1)
}

/**
 * The follow-up with the link and the updated ICS, to the meeting's adjutants and (`members`) its participants whose
 * confirmation already went.
 */
async function followUp(deps: VideoDeps, meeting: typeof meetings.$inferSelect, members: boolean) {
  const { db, env, now } = deps
  const [organizer] = await db.select().from(users).where(eq(users.id, meeting.ownerId)).limit(1)
  const participants = await db
    .select()
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.status, 'booked')))
  if (!organizer || (participants.length === 0 && meeting.adjutantEmails.length === 0)) return
  const bookingIds = [...new Set(participants.map((p) => p.bookingId))]
  const stillHeld = new Set(
    (
      await db
        .select({ bookingId: sql<string>`json_extract(${outbox.payload}, '$.conferenceBookingId')` })
        .from(outbox)
        .where(heldOf(bookingIds, now))
    ).map((row) => row.bookingId),
  )
  const recipients = [
    ...participants
      // Visitors too: a client's companions got their confirmation at once, saying the link follows (ADR 0105).
      .filter((p) => members && p.role !== 'adjutant' && !stillHeld.has(p.bookingId))
      .map(participantRecipient),
    // A one-time meeting's adjutants got their notice at once (never held): the link reaches them here.
    ...meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)),
  ]
  if (recipients.length === 0) return
  const statements = await meetingNotices(
    db,
    env,
    {
      meeting,
      organizer,
      attendees: [
        ...participants.map((p) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() })),
        ...meeting.adjutantEmails.map((email) => ({ email, name: email })),
      ],
      recipients,
      kind: 'linked',
    },
    now,
  )
  const [first, ...rest] = statements as Statement[]
  if (first) await db.batch([first, ...rest])
}

/** Creates the conference of one meeting (one `conference` outbox row), see the module comment. */
export async function provideConference(deps: VideoDeps, message: OutgoingMessage): Promise<void> {
  const { db, env, now } = deps
  const meetingId = message.recipient
  const bookingId = String(message.payload?.bookingId ?? '')
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId)).limit(1)
  if (meeting?.status !== 'upcoming' || !meeting.videoLinkService || meeting.meetingPoint) {
    // Nothing to create (an earlier booking of this group meeting got its link, or it was cancelled): send as it is now.
    await releaseConfirmation(deps, bookingId, true)
    return
  }
  let conference: Conference
  try {
    const grant = await telemostGrant(db, meeting.ownerId)
    if (!grant || grant.isRevoked)
      throw new DeliveryError('rejected', 'Telemost is not connected, or Yandex refused its grant', true)
    const api = await telemostApi(deps, grant)
    if (!api)
      throw new CalendarAuthError(
        'the Telemost grant no longer opens (SESSION_SECRET changed without SESSION_SECRET_PREVIOUS)',
      )
    conference = await createConference(api, env)
  } catch (error) {
    // The confirmation does not wait for a second try: it goes now, and the link follows when a retry gets it.
    if ((message.attempts ?? 1) === 1) await releaseConfirmation(deps, bookingId, false)
    if (error instanceof CalendarAuthError) {
      await markTelemostRevoked(db, meeting.ownerId, now)
      throw new DeliveryError('rejected', error.message, true)
    }
    if (error instanceof CalendarUnavailableError) throw new DeliveryError('network', error.message)
    throw error
  }
  // Only a meeting still without a link takes it (two bookings of one group meeting: the first link wins).
  const [linked] = await db
    .update(meetings)
    .set({
      meetingPoint: conference.joinUrl,
      conferenceId: conference.id,
      sequence: sql`${meetings.sequence} + 1`,
      updatedAt: now,
    })
    .where(and(eq(meetings.id, meetingId), isNull(meetings.meetingPoint)))
    .returning()
  if (!linked) {
    await releaseConfirmation(deps, bookingId, true)
    return
  }
  // The host event log: the calendar write-back puts the link in the specialist's calendar too.
  await db.insert(hostEvents).values({
    id: newId(now),
    ownerId: linked.ownerId,
    type: 'MeetingLinked',
    meetingId,
    payload: { conferenceId: conference.id },
    createdAt: now,
  })
  // The released confirmation carries the link; the adjutants (never held) and anyone whose went get the follow-up.
  const released = await releaseConfirmation(deps, bookingId, true)
  await followUp(deps, linked, !released)
}

/** The outbox's sender of `conference` rows. */
export class ConferenceSender extends WorkSender {
  protected work(deps: WorkDeps, message: OutgoingMessage) {
    return provideConference(deps, message)
  }
}
