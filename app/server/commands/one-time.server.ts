/**
 * The applier's parts for one-time meetings: a guest's seat (`OneTimeSeatBooked`), an invitee's confirmation
 * (`InvitationConfirmed`) and a new one-time meeting with its invitations (`OneTimeCreated`), in the command's batch.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { InvitationConfirmed, OneTimeCreated, OneTimeSeatBooked } from '#app/domain/commands/events.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import {
  contacts,
  meetingParticipants,
  meetings,
  oneTimeEvents,
  oneTimeInvitations,
  participantLinks,
} from '#db/schema.ts'
import { upsertContactStatement } from '../contacts/contacts.server.ts'
import { type Db, IN_LIST_MAX, chunked } from '../db.server.ts'
import type { MeetingRow } from '../meetings/meetings.server.ts'
import { adjutantRecipient, meetingNotices } from '../meetings/notify.server.ts'
import { organizerNotices } from '../notify/notifications.server.ts'
import { bookedEmail, invitationEmail, oneTimeIcs } from '../one-time/emails.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { conferenceRequests, heldConfirmation } from '../video/conferences.server.ts'

import type { ApplyScope, Statement } from './apply.server.ts'
import {
  type Part,
  attendeeColumns,
  contactColumns,
  envOf,
  meetingRow,
  participantToken,
  reminderInserts,
} from './parts.server.ts'

export async function oneTimeSeatBooked(db: Db, scope: ApplyScope, event: OneTimeSeatBooked): Promise<Part> {
  const { now, organizer, oneTime } = scope
  const env = envOf(scope)
  if (!organizer || !oneTime) throw new Error('OneTimeSeatBooked needs the meeting and its organizer')
  const { meeting } = oneTime
  const { attendee } = event
  const c = attendee.contact
  const secret = await participantToken(env, attendee.participantId)
  const manageUrl = manageLink(env.APP_URL, secret.token, attendee.language)
  const ics = oneTimeIcs(
    meeting,
    organizer,
    [...oneTime.attendees, { email: c.email, name: `${c.firstName} ${c.lastName}`.trim() }],
    now,
    { language: attendee.language, url: manageUrl },
  )
  const email = enqueueMessage(
    db,
    bookedEmail({
      to: { email: c.email, firstName: c.firstName, language: attendee.language, timeZone: attendee.timeZone },
      meeting,
      organizer,
      manageUrl,
      ics,
    }),
    now,
  )
  return {
    ics,
    outboxIds: [email.id],
    statements: [
      upsertContactStatement(db, meeting.ownerId, c, { eventTypeId: null, at: now }, now, attendee.contactId),
      db.insert(meetingParticipants).values({
        id: attendee.participantId,
        meetingId: meeting.id,
        ownerId: meeting.ownerId,
        contactId: attendee.contactId,
        role: 'member',
        ...attendeeColumns(attendee, secret.hash),
        bookingId: attendee.participantId,
        createdAt: now,
      }),
      db.insert(participantLinks).values(secret.link),
      ...reminderInserts(db, meeting, [attendee.participantId], event.remindersInMinutes, now, false),
      email.query,
      ...(await organizerNotices(db, env, {
        event: 'booked',
        meeting,
        clients: [`${c.firstName} ${c.lastName}`.trim()],
        now,
      })),
    ],
  }
}

export function invitationConfirmed(db: Db, scope: ApplyScope, event: InvitationConfirmed): Part {
  const { now, ownerId, organizer, oneTime } = scope
  if (!organizer || !oneTime) throw new Error('InvitationConfirmed needs the meeting and its organizer')
  return {
    ics: oneTimeIcs(oneTime.meeting, organizer, oneTime.attendees, now),
    statements: [
      db.update(meetingParticipants).set(event.details).where(eq(meetingParticipants.id, event.participantId)),
      db
        .update(oneTimeInvitations)
        .set({ confirmedAt: now })
        .where(and(eq(oneTimeInvitations.participantId, event.participantId), eq(oneTimeInvitations.ownerId, ownerId))),
      upsertContactStatement(
        db,
        ownerId,
        { ...event.details, email: event.email },
        { eventTypeId: null, at: now },
        now,
      ),
    ],
  }
}

export async function oneTimeCreated(
  db: Db,
  scope: ApplyScope,
  event: OneTimeCreated,
  contactsDone: Set<string>,
): Promise<Part> {
  const { now, organizer } = scope
  const env = envOf(scope)
  const language = scope.language ?? 'ru'
  if (!organizer) throw new Error('OneTimeCreated needs the organizer')
  const statements: Statement[] = []
  for (const upsert of event.contactUpserts) {
    if (contactsDone.has(upsert.contactId)) continue
    contactsDone.add(upsert.contactId)
    statements.push(
      upsertContactStatement(db, organizer.id, upsert.contact, { eventTypeId: null, at: now }, now, upsert.contactId),
    )
  }
  const meeting: MeetingRow = {
    ...meetingRow(event.meetingId, organizer.id, event.meeting, event.start, event.end, now),
    adjutantEmails: event.meeting.adjutantEmails,
    videoLinkService: event.meeting.videoLinkService ?? null,
    conferenceId: null,
    status: 'upcoming',
    isFailed: null,
    sequence: 0,
    canceledAt: null,
  }
  statements.push(
    db.insert(meetings).values(meeting),
    db.insert(oneTimeEvents).values({ id: event.meetingId, ownerId: organizer.id, ...event.settings, createdAt: now }),
  )
  const attendees = [
    ...event.invitees.map((i) => ({
      email: i.contact.email,
      name: `${i.contact.firstName} ${i.contact.lastName}`.trim(),
    })),
    ...event.meeting.adjutantEmails.map((email) => ({ email, name: email })),
  ]
  // Its own video link: the meeting's conference through the bookings' path (app/server/video/conferences.server.ts),
  // the invitations held a few seconds for it, keyed by the meeting (its invitees share one creation).
  const conference = meeting.videoLinkService ? conferenceRequests(db, [event.meetingId], event.meetingId, now) : null
  const outboxIds: string[] = [...(conference?.ids ?? [])]
  if (conference) statements.push(...conference.statements)
  for (const invitee of event.invitees) {
    const c = invitee.contact
    const secret = await participantToken(env, invitee.participantId)
    const manageUrl = manageLink(env.APP_URL, secret.token, language)
    const ics = oneTimeIcs(meeting, organizer, attendees, now, { language, url: manageUrl })
    const invitation = invitationEmail({
      to: { email: c.email, firstName: c.firstName, language, timeZone: invitee.timeZone },
      meeting,
      organizer,
      confirmUrl: bookingLink(env.APP_URL, event.meetingId, secret.token),
      manageUrl,
      ics,
    })
    const email = conference
      ? heldConfirmation(db, invitation, event.meetingId, now)
      : enqueueMessage(db, invitation, now)
    outboxIds.push(email.id)
    statements.push(
      db.insert(meetingParticipants).values({
        id: invitee.participantId,
        meetingId: event.meetingId,
        ownerId: organizer.id,
        contactId: invitee.contactId,
        role: 'member',
        ...contactColumns(c),
        language,
        timeZone: invitee.timeZone,
        manageTokenHash: secret.hash,
        bookingId: invitee.participantId,
        createdAt: now,
      }),
      db.insert(participantLinks).values(secret.link),
      db.insert(oneTimeInvitations).values({
        participantId: invitee.participantId,
        meetingId: event.meetingId,
        ownerId: organizer.id,
        createdAt: now,
      }),
      email.query,
    )
  }
  // After the participants: their reminder rows refer to them.
  statements.push(
    ...reminderInserts(
      db,
      meeting,
      event.invitees.map((i) => i.participantId),
      event.settings.remindersInMinutes,
      now,
      true,
    ),
    ...(await meetingNotices(
      db,
      env,
      {
        meeting,
        organizer,
        attendees,
        recipients: event.meeting.adjutantEmails.map((email) => adjutantRecipient(email, organizer)),
        kind: 'invited',
      },
      now,
    )),
  )
  // The chosen contacts were just invited: their "last booking" is now.
  const chosen = event.chosenContactIds.filter((id) => !contactsDone.has(`chosen:${id}`))
  for (const id of chosen) contactsDone.add(`chosen:${id}`)
  for (const part of chunked(chosen, IN_LIST_MAX)) {
    statements.push(
      db
        .update(contacts)
        .set({ lastBookingAt: now, updatedAt: now })
        .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.id, part))),
    )
  }
  return { statements, outboxIds }
}
