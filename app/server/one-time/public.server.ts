/**
 * The public side of a one-off meeting (`/booking`, SPEC §7 `GET /companyEvent/{id}/info`, `POST
 * /companyEvent/client`): what invited people and guests see, an invitee's confirmation and a guest's booking of a
 * free seat. The link is the meeting's opaque id; an invitee's link also carries their self-service token, whose
 * SHA-256 is the participant's `manageTokenHash`. Taking a seat runs inside the host's Durable Object (`bookOneTime`).
 */
import { and, eq } from 'drizzle-orm'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import { newId } from '#app/domain/ids.ts'
import { displayStatus, meetingTimeText, placeIcon } from '#app/domain/meetings/rules.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import { closesMinutes } from '#app/domain/one-time/rules.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { reminderDueTimes } from '#app/domain/reminders/plan.ts'
import type { Language } from '#app/i18n/config.ts'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { randomToken, sha256 } from '#app/server/auth/tokens.server.ts'
import { upsertContactStatement } from '#app/server/contacts/contacts.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
import { organizerNotices } from '#app/server/notify/notifications.server.ts'
import { enqueueMessage } from '#app/server/outbox/outbox.server.ts'
import {
  contacts,
  meetingParticipants,
  meetings,
  oneTimeEvents,
  oneTimeInvitations,
  participantLinks,
  reminders,
  users,
} from '#db/schema.ts'
import type { Hold } from '#app/server/booking/host-lock-client.server.ts'
import type { PlainProblem } from './create.server.ts'
import { bookedEmail, oneTimeIcs } from './emails.server.ts'

const ID = /^[A-Za-z0-9_-]{8,64}$/
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/** The one-off meeting by its public id, with its settings, organizer and participants; null when there is none. */
export async function findOneTime(db: Db, id: string) {
  if (!ID.test(id)) return null
  const [row] = await db
    .select({ meeting: meetings, settings: oneTimeEvents, organizer: users })
    .from(oneTimeEvents)
    .innerJoin(meetings, and(eq(meetings.id, oneTimeEvents.id), eq(meetings.ownerId, oneTimeEvents.ownerId)))
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .where(eq(oneTimeEvents.id, id))
    .limit(1)
  if (!row) return null
  const participants = await db
    .select({ participant: meetingParticipants, invitation: oneTimeInvitations })
    .from(meetingParticipants)
    .leftJoin(oneTimeInvitations, eq(oneTimeInvitations.participantId, meetingParticipants.id))
    .where(eq(meetingParticipants.meetingId, id))
  return { ...row, participants }
}
export type OneTimeRow = NonNullable<Awaited<ReturnType<typeof findOneTime>>>

/** The invited participant a token belongs to, in this meeting; null for a wrong or foreign token. */
export async function inviteeOf(row: OneTimeRow, token: string | null | undefined) {
  if (!token || !TOKEN.test(token)) return null
  const hash = await sha256(token)
  return row.participants.find((p) => p.participant.manageTokenHash === hash && p.invitation) ?? null
}

/** open: seats may be booked and invitations confirmed; closed: inside the "booking closes" time. */
export function publicState(row: OneTimeRow, now: number) {
  const status = displayStatus(row.meeting, now)
  const members = row.participants.filter((p) => p.participant.role === 'member' && p.participant.status === 'booked')
  const seatsLeft = Math.max(0, row.meeting.totalSeats - members.length)
  const closesAt =
    row.meeting.startAt - closesMinutes(row.settings.whenClosesValue, row.settings.whenClosesType) * 60_000
  const state = status !== 'upcoming' ? status : now >= closesAt ? 'closed' : 'open'
  return { state, seatsLeft }
}

/** SPEC §3 "Meeting (participant view)" of a one-off meeting, in the viewer's zone, plus the public form's rules. */
export async function publicView(row: OneTimeRow, viewerTimeZone: string, now: number, token?: string | null) {
  const { meeting, settings, organizer } = row
  const time = meetingTimeText(meeting, viewerTimeZone)
  const invitee = await inviteeOf(row, token)
  return {
    id: meeting.id,
    name: meeting.name,
    description: meeting.description,
    color: meeting.color,
    eventTypePlaceType: meeting.placeType,
    meetingPoint: meeting.meetingPoint,
    placeIcon: placeIcon(meeting.placeType, meeting.meetingPoint),
    whoCallType: meeting.whoCallType,
    date: time.date,
    timeSlot: time.timeSlot,
    timeZone: viewerTimeZone,
    start: new Date(meeting.startAt).toISOString(),
    end: new Date(meeting.endAt).toISOString(),
    durationInMinutes: Math.round((meeting.endAt - meeting.startAt) / 60_000),
    participantType: meeting.participantType,
    totalSeats: meeting.totalSeats,
    ...publicState(row, now),
    organizerInfo: {
      firstName: organizer.firstName,
      lastName: organizer.lastName,
      imageUrl: avatarUrl(organizer.imageKey),
    },
    isLastNameRequired: settings.isLastNameRequired,
    isPhoneRequired: settings.isPhoneRequired,
    isMessengerRequired: settings.isMessengerRequired,
    isOptionalInputsHidden: settings.isOptionalInputsHidden,
    invitee: invitee
      ? {
          firstName: invitee.participant.firstName,
          lastName: invitee.participant.lastName,
          email: invitee.participant.email,
          phone: invitee.participant.phone,
          messengerType: invitee.participant.messengerType,
          messengerValue: invitee.participant.messengerValue,
          isCanceled: invitee.participant.status === 'canceled',
          isConfirmed: invitee.invitation?.confirmedAt !== null && invitee.invitation?.confirmedAt !== undefined,
        }
      : null,
  }
}
export type OneTimePublicView = Awaited<ReturnType<typeof publicView>>

export type ClientOutcome =
  | { ok: true; participantId: string; confirmed: boolean; ics: string }
  | { ok: false; status: 400 | 404 | 409; problems: PlainProblem[] }

function attendeesOf(row: OneTimeRow, extra: { email: string; name: string }[] = []) {
  return [
    ...row.participants
      .filter((p) => p.participant.status === 'booked')
      .map((p) => ({
        email: p.participant.email,
        name: `${p.participant.firstName} ${p.participant.lastName}`.trim(),
      })),
    ...row.meeting.adjutantEmails.map((email) => ({ email, name: email })),
    ...extra,
  ]
}

function refusalOf(row: OneTimeRow, now: number): ClientOutcome | null {
  const { state } = publicState(row, now)
  if (state === 'canceled') return { ok: false, status: 400, problems: [{ key: 'meetings:errors.canceled' }] }
  if (state === 'completed') return { ok: false, status: 400, problems: [{ key: 'meetings:errors.notUpcoming' }] }
  if (state === 'closed') return { ok: false, status: 400, problems: [{ key: 'oneoff:errors.closed' }] }
  return null
}

/** An invited participant confirms (with the details the form requires); confirming twice changes nothing more. */
export async function confirmInvitation(
  db: Db,
  input: { id: string; token: string; contact: ContactInfo },
  now: number,
): Promise<ClientOutcome> {
  const row = await findOneTime(db, input.id)
  if (!row) return { ok: false, status: 404, problems: [{ key: 'api:notFound' }] }
  const invitee = await inviteeOf(row, input.token)
  if (!invitee) return { ok: false, status: 404, problems: [{ key: 'api:notFound' }] }
  const refused = refusalOf(row, now)
  if (refused) return refused
  if (invitee.participant.status !== 'booked') {
    return { ok: false, status: 400, problems: [{ key: 'oneoff:errors.invitationCanceled' }] }
  }
  return confirmParticipant(db, row, invitee.participant, input.contact, now)
}

async function confirmParticipant(
  db: Db,
  row: OneTimeRow,
  participant: typeof meetingParticipants.$inferSelect,
  contact: ContactInfo,
  now: number,
): Promise<ClientOutcome> {
  const details = {
    firstName: contact.firstName,
    lastName: contact.lastName || participant.lastName,
    phone: contact.phone ?? participant.phone,
    messengerType: contact.messengerValue ? contact.messengerType : participant.messengerType,
    messengerValue: contact.messengerValue ?? participant.messengerValue,
    comment: contact.comment ?? participant.comment,
  }
  await db.batch([
    db.update(meetingParticipants).set(details).where(eq(meetingParticipants.id, participant.id)),
    db
      .update(oneTimeInvitations)
      .set({ confirmedAt: now })
      .where(
        and(eq(oneTimeInvitations.participantId, participant.id), eq(oneTimeInvitations.ownerId, row.meeting.ownerId)),
      ),
    upsertContactStatement(
      db,
      row.meeting.ownerId,
      { ...details, email: participant.email },
      { eventTypeId: null, at: now },
      now,
    ),
  ])
  return {
    ok: true,
    participantId: participant.id,
    confirmed: true,
    ics: oneTimeIcs(row.meeting, row.organizer, attendeesOf(row), now),
  }
}

export type BookOneTimeInput = {
  id: string
  contact: ContactInfo
  language: Language
  timeZone: string
  appUrl: string
  linkSecret: string
  /** The guest's own seat hold (`POST /ghostBooking/companyEvent/{id}`), consumed by the booking. */
  holdId?: string | null
}

export type SeatHoldInput = { ownerId: string; companyEventId: string; clientId: string }
export type SeatHoldOutcome =
  | { ok: true; hold: Hold }
  | { ok: false; status: 400 | 404 | 409; problems: PlainProblem[] }

/**
 * May this client hold a seat of the one-off meeting now (inside the host's Durable Object, `holdSeat`)? A client
 * keeps one hold per meeting (asking again renews it); others' live holds count as taken seats.
 */
export async function seatHoldCheck(
  db: Db,
  input: SeatHoldInput,
  active: readonly Hold[],
  now: number,
): Promise<{ ok: true; mine: Hold | null; start: number; end: number } | Extract<SeatHoldOutcome, { ok: false }>> {
  const row = await findOneTime(db, input.companyEventId)
  if (!row || row.meeting.ownerId !== input.ownerId) {
    return { ok: false, status: 404, problems: [{ key: 'oneoff:errors.notFound' }] }
  }
  const refused = refusalOf(row, now)
  if (refused && !refused.ok) return refused
  const forMeeting = active.filter((hold) => hold.companyEventId === row.meeting.id)
  const mine = forMeeting.find((hold) => hold.clientId === input.clientId) ?? null
  const others = forMeeting.filter((hold) => hold.clientId !== input.clientId).length
  if (!mine && publicState(row, now).seatsLeft - others <= 0) {
    return { ok: false, status: 409, problems: [{ key: 'oneoff:errors.noSeats' }] }
  }
  return { ok: true, mine, start: row.meeting.startAt, end: row.meeting.endAt }
}

/**
 * A guest takes a free seat through the share link (inside the host's Durable Object, so two guests never take the
 * last seat both). An invited email confirms its invitation instead of taking a second seat.
 */
export async function bookOneTimeSeat(
  db: Db,
  env: AppEnv,
  input: BookOneTimeInput,
  now: number,
  /** Seats other guests hold right now (their forms are open): not free for this guest. */
  heldByOthers = 0,
): Promise<ClientOutcome> {
  const row = await findOneTime(db, input.id)
  if (!row) return { ok: false, status: 404, problems: [{ key: 'api:notFound' }] }
  const refused = refusalOf(row, now)
  if (refused) return refused
  const c = input.contact
  const same = row.participants.find((p) => p.participant.email === c.email && p.participant.status === 'booked')
  if (same?.invitation && same.participant.role === 'member')
    return confirmParticipant(db, row, same.participant, c, now)
  if (same || c.email === row.organizer.email || row.meeting.adjutantEmails.includes(c.email)) {
    return { ok: false, status: 409, problems: [{ key: 'oneoff:errors.alreadyBooked' }] }
  }
  if (publicState(row, now).seatsLeft - heldByOthers <= 0) {
    return { ok: false, status: 409, problems: [{ key: 'oneoff:errors.noSeats' }] }
  }
  const { meeting, organizer } = row
  const [existing] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, meeting.ownerId), eq(contacts.email, c.email)))
    .limit(1)
  const contactId = existing?.id ?? newId(now)
  const participantId = newId(now)
  const token = randomToken()
  const manageUrl = manageLink(input.appUrl, token, input.language)
  const ics = oneTimeIcs(
    meeting,
    organizer,
    attendeesOf(row, [{ email: c.email, name: `${c.firstName} ${c.lastName}`.trim() }]),
    now,
    { language: input.language, url: manageUrl },
  )
  const contactValues = {
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    messengerType: c.messengerType,
    messengerValue: c.messengerValue,
    comment: c.comment,
  }
  await db.batch([
    upsertContactStatement(db, meeting.ownerId, c, { eventTypeId: null, at: now }, now, contactId),
    db.insert(meetingParticipants).values({
      id: participantId,
      meetingId: meeting.id,
      ownerId: meeting.ownerId,
      contactId,
      role: 'member',
      email: c.email,
      ...contactValues,
      language: input.language,
      timeZone: input.timeZone,
      manageTokenHash: await sha256(token),
      bookingId: participantId,
      createdAt: now,
    }),
    db.insert(participantLinks).values(await participantLinkRow(input.linkSecret, participantId, token)),
    ...reminderDueTimes(meeting.startAt, row.settings.remindersInMinutes, now).map((due) =>
      db.insert(reminders).values({
        id: newId(now),
        ownerId: meeting.ownerId,
        meetingId: meeting.id,
        participantId,
        recipientKind: 'client',
        channel: 'email',
        offsetMinutes: due.offsetMinutes,
        dueAt: due.dueAt,
        createdAt: now,
      }),
    ),
    enqueueMessage(
      db,
      bookedEmail({
        to: { email: c.email, firstName: c.firstName, language: input.language, timeZone: input.timeZone },
        meeting,
        organizer,
        manageUrl,
        ics,
      }),
      now,
    ).query,
    ...(await organizerNotices(db, env, {
      event: 'booked',
      meeting,
      clients: [`${c.firstName} ${c.lastName}`.trim()],
      now,
    })),
  ])
  return { ok: true, participantId, confirmed: false, ics }
}

/** The organizer's share data (`GET /companyEvent/{id}/share`): the link and who was invited, confirmed or booked. */
export async function shareInfo(db: Db, ownerId: string, id: string, appUrl: string) {
  const row = await findOneTime(db, id)
  if (!row || row.meeting.ownerId !== ownerId) return null
  return {
    id,
    link: bookingLink(appUrl, id),
    name: row.meeting.name,
    participants: row.participants
      .filter((p) => p.participant.role === 'member')
      .map((p) => ({
        id: p.participant.id,
        firstName: p.participant.firstName,
        lastName: p.participant.lastName,
        email: p.participant.email,
        isInvited: p.invitation !== null,
        isConfirmed: p.invitation === null || p.invitation.confirmedAt !== null,
        isCanceled: p.participant.status === 'canceled',
      })),
  }
}
