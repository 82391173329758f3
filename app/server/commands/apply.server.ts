/**
 * The one applier of a host's commands (ARCHITECTURE.md "One write path", docs/decisions/0070-one-write-path.md):
 * the events a pure `decide` returned (app/domain/commands) become ONE D1 batch with everything that belongs to them:
 * meeting, participant and contact rows, the reminder rows of the one planner (`reminderRowsFor`), outbox messages,
 * the organizer's notices, and the events themselves in the host event log (`host_events`). The batch is one
 * transaction: the rows, the messages and the log entries exist together or not at all, so a consumer of the log
 * (calendar write-back, webhooks) can neither miss a change nor see one that was rolled back.
 *
 * Runs only inside the host's Durable Object, one command at a time per host. Nothing here decides: a refusal was
 * the decide function's; the only failure left is a unique index backing the object up, which the caller maps.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type {
  Attendee,
  BookingConfirmed,
  Companion,
  HostEvent,
  InvitationConfirmed,
  MeetingDraft,
  OneOffCreated,
  OneOffSeatBooked,
} from '#app/domain/commands/events.ts'
import { logEntry } from '#app/domain/commands/events.ts'
import { newId } from '#app/domain/ids.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { videoPlace } from '#app/domain/meetings/video-place.ts'
import { reminderRowsFor } from '#app/domain/reminders/plan.ts'
import {
  contacts,
  hostEvents,
  meetingParticipants,
  meetings,
  oneTimeEvents,
  oneTimeInvitations,
  participantLinks,
  reminders,
  type users,
} from '#db/schema.ts'
import { randomToken, sha256 } from '../auth/tokens.server.ts'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import type { PublicEventContext } from '../booking/availability.server.ts'
import { type ConfirmedMeeting, confirmationMessages } from '../booking/emails.server.ts'
import { upsertContactStatement } from '../contacts/contacts.server.ts'
import type { Db } from '../db.server.ts'
import { type AppEnv, sessionSecret } from '../env.server.ts'
import type { MeetingRow } from '../meetings/meetings.server.ts'
import { adjutantRecipient, meetingNotices } from '../meetings/notify.server.ts'
import { participantLinkRow } from '../notify/links.server.ts'
import { organizerNotices } from '../notify/notifications.server.ts'
import { bookedEmail, invitationEmail, oneTimeIcs } from '../one-time/emails.server.ts'
import { enqueueMessage } from '../outbox/outbox.server.ts'
import { conferenceRequests, heldConfirmation } from '../video/conferences.server.ts'
import { type WaitlistScope, isWaitlistEvent, waitlistPart } from '../waitlist/apply.server.ts'

/** One statement of a D1 batch. */
export type Statement = BatchItem<'sqlite'>

type Organizer = typeof users.$inferSelect

/** What the applier renders messages from: the snapshot the command was decided on. */
export type ApplyScope = {
  ownerId: string
  now: number
  /** Needed by the events whose rows the applier builds (tokens, links, messages). */
  env?: AppEnv
  /** BookingConfirmed: the event type, its host and schedule (emails, ICS). */
  booking?: PublicEventContext
  /** One-off events: the organizer. */
  organizer?: Organizer
  /** OneOffSeatBooked, InvitationConfirmed: the meeting as it was before the event, and its live attendees. */
  oneOff?: { meeting: MeetingRow; attendees: { email: string; name: string }[] }
  /** OneOffCreated: the language of the invitations (the organizer's interface language). */
  language?: 'ru' | 'en'
  /** Waitlist events: their event types and entries (app/server/waitlist/apply.server.ts). */
  waitlist?: WaitlistScope
}

/** What the caller answers with: the ICS the client gets back and the outbox messages to send right away. */
export type Applied = { ics: string | null; outboxIds: string[]; statements: number }

type Part = { statements: Statement[]; ics?: string; outboxIds?: string[] }

/**
 * Applies the events in one batch. `also`: statements of a command whose rows are not yet produced from its events
 * (the meeting commands of app/server/meetings/*, see the ADR), written in the same batch as their events' log rows.
 */
export async function apply(
  db: Db,
  scope: ApplyScope,
  events: readonly HostEvent[],
  also: readonly Statement[] = [],
): Promise<Applied> {
  const parts: Part[] = []
  const bookings = events.filter((e): e is BookingConfirmed => e.type === 'BookingConfirmed')
  if (bookings.length > 0) parts.push(await bookingConfirmed(db, scope, bookings))
  const contactsDone = new Set<string>()
  for (const event of events) {
    if (event.type === 'OneOffSeatBooked') parts.push(await oneOffSeatBooked(db, scope, event))
    if (event.type === 'InvitationConfirmed') parts.push(invitationConfirmed(db, scope, event))
    if (event.type === 'OneOffCreated') parts.push(await oneOffCreated(db, scope, event, contactsDone))
    if (isWaitlistEvent(event)) parts.push(await waitlistPart(db, scope, event))
  }
  const log = events.map((event) => {
    const entry = logEntry(event)
    return db.insert(hostEvents).values({
      id: newId(scope.now),
      ownerId: scope.ownerId,
      type: entry.type,
      meetingId: entry.meetingId,
      payload: entry.payload as unknown as Record<string, unknown>,
      createdAt: scope.now,
    })
  })
  const statements = [...parts.flatMap((p) => p.statements), ...also, ...log]
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]])
  return {
    ics: parts.find((p) => p.ics !== undefined)?.ics ?? null,
    outboxIds: parts.flatMap((p) => p.outboxIds ?? []),
    statements: statements.length,
  }
}

function envOf(scope: ApplyScope): AppEnv {
  if (!scope.env) throw new Error('This event needs the environment (links, messages)')
  return scope.env
}

function meetingRow(id: string, ownerId: string, draft: MeetingDraft, start: number, end: number, now: number) {
  return {
    id,
    ownerId,
    ...draft,
    startAt: start,
    endAt: end,
    createdAt: now,
    updatedAt: now,
  }
}

/** The reminder rows of the one planner, for the batch. */
function reminderInserts(
  db: Db,
  meeting: { id: string; ownerId: string; startAt: number },
  participantIds: readonly string[],
  remindersInMinutes: readonly number[],
  now: number,
  withOrganizer: boolean,
): Statement[] {
  const rows = reminderRowsFor(
    meeting,
    participantIds.map((id) => ({ id })),
    { remindersInMinutes },
    now,
  ).filter((row) => withOrganizer || row.participantId !== null)
  return rows.length > 0 ? [db.insert(reminders).values(rows.map((row) => ({ ...row, createdAt: now })))] : []
}

/** A new participant's self-service token: its hash on the row, the sealed token for later reminders. */
/** A participant row's columns from the attendee the command decided: contact details, language, zone, manage link. */
function attendeeColumns(attendee: Attendee, manageTokenHash: string) {
  const c = attendee.contact
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    messengerType: c.messengerType,
    messengerValue: c.messengerValue,
    comment: c.comment,
    customField: c.tempCustomField ?? null,
    language: attendee.language,
    timeZone: attendee.timeZone,
    manageTokenHash,
  }
}

/** A companion's details: their email, and its local part as their name (like a visitor's, SPEC §3). */
function companionContact(email: string): ContactInfo {
  const none = { phone: null, messengerType: null, messengerValue: null, comment: null }
  return { firstName: email.split('@')[0], lastName: '', email, ...none }
}

/** A companion as a participant: the client's language and zone. */
function companionAttendee(companion: Companion, client: Attendee): Attendee {
  const { language, timeZone } = client
  return {
    participantId: companion.participantId,
    contactId: '',
    contact: companionContact(companion.email),
    language,
    timeZone,
  }
}

async function participantToken(env: AppEnv, participantId: string) {
  const token = randomToken()
  return {
    token,
    hash: await sha256(token),
    link: await participantLinkRow(sessionSecret(env), participantId, token),
  }
}

async function bookingConfirmed(db: Db, scope: ApplyScope, events: BookingConfirmed[]): Promise<Part> {
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
      db.insert(meetingParticipants).values([
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
      db.insert(participantLinks).values([secret.link, ...companionSecrets.map((one) => one.link)]),
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

async function oneOffSeatBooked(db: Db, scope: ApplyScope, event: OneOffSeatBooked): Promise<Part> {
  const { now, organizer, oneOff } = scope
  const env = envOf(scope)
  if (!organizer || !oneOff) throw new Error('OneOffSeatBooked needs the meeting and its organizer')
  const { meeting } = oneOff
  const { attendee } = event
  const c = attendee.contact
  const secret = await participantToken(env, attendee.participantId)
  const manageUrl = manageLink(env.APP_URL, secret.token, attendee.language)
  const ics = oneTimeIcs(
    meeting,
    organizer,
    [...oneOff.attendees, { email: c.email, name: `${c.firstName} ${c.lastName}`.trim() }],
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

function invitationConfirmed(db: Db, scope: ApplyScope, event: InvitationConfirmed): Part {
  const { now, ownerId, organizer, oneOff } = scope
  if (!organizer || !oneOff) throw new Error('InvitationConfirmed needs the meeting and its organizer')
  return {
    ics: oneTimeIcs(oneOff.meeting, organizer, oneOff.attendees, now),
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

async function oneOffCreated(
  db: Db,
  scope: ApplyScope,
  event: OneOffCreated,
  contactsDone: Set<string>,
): Promise<Part> {
  const { now, organizer } = scope
  const env = envOf(scope)
  const language = scope.language ?? 'ru'
  if (!organizer) throw new Error('OneOffCreated needs the organizer')
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
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
        messengerType: c.messengerType,
        messengerValue: c.messengerValue,
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
  if (chosen.length > 0) {
    statements.push(
      db
        .update(contacts)
        .set({ lastBookingAt: now, updatedAt: now })
        .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.id, chosen))),
    )
  }
  return { statements, outboxIds }
}
