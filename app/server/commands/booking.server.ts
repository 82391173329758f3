/**
 * The applier's part for `BookingConfirmed` (a client booked one or more slots of an event type, with companions):
 * the contact upsert, meetings, participants and their links, reminder rows, the organizer's notices, the
 * confirmation emails (held for a video link when the meeting gets its own), in the command's one batch.
 */
import type { BookingConfirmed } from '#app/domain/commands/events.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { videoPlace } from '#app/domain/meetings/video-place.ts'
import { meetingParticipants, meetings, participantLinks } from '#db/schema.ts'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import { type ConfirmedMeeting, confirmationMessages } from '../booking/emails.server.ts'
import { upsertContactStatement } from '../contacts/contacts.server.ts'
import { type Db, insertRows } from '../db.server.ts'
import { organizerNotices } from '../notify/notifications.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { conferenceRequests, heldConfirmation } from '../video/conferences.server.ts'

import type { ApplyScope, Statement } from './apply.server.ts'
import {
  type Part,
  attendeeColumns,
  companionAttendee,
  companionContact,
  envOf,
  meetingRow,
  participantToken,
  reminderInserts,
} from './parts.server.ts'

export async function bookingConfirmed(db: Db, scope: ApplyScope, events: BookingConfirmed[]): Promise<Part> {
  const context = scope.booking
  if (!context) throw new Error('BookingConfirmed needs the event context')
  const { now } = scope
  const env = envOf(scope)
  const host = context.host
  const first = events[0]
  const c = first.attendee.contact
  // One contact per owner and email: a returning client's details are refreshed, an archived one reopened.
  const statements: Statement[] = [
    upsertContactStatement(
      db,
      host.id,
      c,
      { eventTypeId: context.eventType.id, at: now },
      now,
      first.attendee.contactId,
    ),
  ]
  const booked: { meeting: ConfirmedMeeting; token: string }[] = []
  /** Each companion's manage tokens, one per slot in order. */
  const companionTokens = new Map<string, string[]>()
  const place = videoPlace(context.eventType)
  for (const event of events) {
    const { attendee } = event
    if (event.newMeeting) {
      statements.push(
        db.insert(meetings).values(meetingRow(event.meetingId, host.id, event.newMeeting, event.start, event.end, now)),
      )
    }
    const secret = await participantToken(env, attendee.participantId)
    const companions = event.companions ?? []
    const companionSecrets = await Promise.all(companions.map((one) => participantToken(env, one.participantId)))
    statements.push(
      ...insertRows(db, meetingParticipants, [
        {
          id: attendee.participantId,
          meetingId: event.meetingId,
          ownerId: host.id,
          contactId: attendee.contactId,
          ...attendeeColumns(attendee, secret.hash),
          bookingId: event.bookingId,
          idempotencyKey: event.idempotencyKey,
          createdAt: now,
        },
        ...companions.map((one, i) => ({
          id: one.participantId,
          meetingId: event.meetingId,
          ownerId: host.id,
          contactId: null,
          role: one.role,
          ...attendeeColumns(companionAttendee(one, attendee), companionSecrets[i].hash),
          bookingId: one.bookingId,
          createdAt: now,
        })),
      ]),
      ...insertRows(db, participantLinks, [secret.link, ...companionSecrets.map((one) => one.link)]),
      ...reminderInserts(
        db,
        { id: event.meetingId, ownerId: host.id, startAt: event.start },
        [attendee.participantId, ...companions.map((one) => one.participantId)],
        event.remindersInMinutes,
        now,
        event.newMeeting !== null,
      ),
      ...(await organizerNotices(db, env, {
        event: 'booked',
        meeting: {
          id: event.meetingId,
          ownerId: host.id,
          name: context.eventType.name,
          startAt: event.start,
          endAt: event.end,
          placeType: context.eventType.placeType,
          meetingPoint: place.meetingPoint,
        },
        clients: [`${c.firstName} ${c.lastName}`.trim(), ...companions.map((one) => one.email)],
        now,
      })),
    )
    companions.forEach((one, i) => {
      const tokens = companionTokens.get(one.email) ?? []
      companionTokens.set(one.email, [...tokens, companionSecrets[i].token])
    })
    booked.push({
      token: secret.token,
      meeting: {
        id: event.meetingId,
        sequence: 0,
        startAt: event.start,
        endAt: event.end,
        timeZone: context.schedule.timeZone,
        name: context.eventType.name,
        description: context.eventType.description,
        placeType: context.eventType.placeType,
        ...place,
      },
    })
  }
  const language = first.attendee.language
  const companions = [...companionTokens.keys()]
  const confirmation = (contact: ContactInfo, tokens: readonly string[], bookedBy?: string) =>
    confirmationMessages({
      context,
      contact,
      companions,
      bookedBy,
      language,
      timeZone: first.attendee.timeZone,
      meetings: booked.map((b) => b.meeting),
      manageUrls: tokens.map((token) => manageLink(env.APP_URL, token, language)),
      now,
    })
  const { ics, emails } = confirmation(
    c,
    booked.map((b) => b.token),
  )
  // Each companion's own confirmation (their manage links), sent at once: a video link follows them (ADR 0105).
  const companionEmails = companions.flatMap(
    (email) =>
      confirmation(companionContact(email), companionTokens.get(email) ?? [], `${c.firstName} ${c.lastName}`.trim())
        .emails,
  )
  // A meeting with its own video link: the conference is asked for after the batch, and the confirmation waits a
  // few seconds for it (app/server/video/conferences.server.ts).
  const conference = place.videoLinkService
    ? conferenceRequests(
        db,
        events.map((e) => e.meetingId),
        first.bookingId,
        now,
      )
    : null
  const outboxIds: string[] = [...(conference?.ids ?? [])]
  if (conference) statements.push(...conference.statements)
  for (const email of emails) {
    const { id, query } = conference
      ? heldConfirmation(db, email, first.bookingId, now)
      : enqueueMessage(db, email, now)
    outboxIds.push(id)
    statements.push(query)
  }
  for (const email of companionEmails) {
    const { id, query } = enqueueMessage(db, email, now)
    outboxIds.push(id)
    statements.push(query)
  }
  return { statements, ics, outboxIds }
}
