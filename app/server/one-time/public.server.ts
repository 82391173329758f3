/**
 * The public side of a one-time meeting (`/booking`, SPEC §7 `GET /companyEvent/{id}/info`, `POST
 * /companyEvent/client`): what invited people and guests see, an invitee's confirmation and a guest's booking of a
 * free seat. The link is the meeting's opaque id; an invitee's link also carries their self-service token, whose
 * SHA-256 is the participant's `manageTokenHash`. Taking a seat runs inside the host's Durable Object (`bookOneTime`).
 */
import { and, eq } from 'drizzle-orm'
import type { ContactInfo } from '#app/domain/booking/contact-form.ts'
import type { Hold } from '#app/domain/commands/booking.ts'
import {
  type OneTimeParticipant,
  type OneTimeSnapshot,
  decideConfirmInvitation,
  decideSeatBooking,
  decideSeatHold,
  linkPaused,
  oneTimeState,
} from '#app/domain/commands/one-time.ts'
import { meetingTimeText, placeIcon } from '#app/domain/meetings/rules.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import { type Outcome, refusal } from '#app/domain/refusal.ts'
import type { Language } from '#app/i18n/config.ts'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { sha256 } from '#app/server/auth/tokens.server.ts'
import { apply } from '#app/server/commands/apply.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { contacts, meetingParticipants, meetings, oneTimeEvents, oneTimeInvitations, users } from '#db/schema.ts'

const ID = /^[A-Za-z0-9_-]{8,64}$/
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/** The one-time meeting by its public id, with its settings, organizer and participants; null when there is none. */
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

/** What the one-time decisions see of the meeting (app/domain/commands/one-time.ts). */
export function oneTimeSnapshot(row: OneTimeRow): OneTimeSnapshot {
  return {
    meeting: row.meeting,
    adjutantEmails: row.meeting.adjutantEmails,
    organizerEmail: row.organizer.email,
    organizerPlan: row.organizer.plan,
    whenCloses: { value: row.settings.whenClosesValue, type: row.settings.whenClosesType },
    remindersInMinutes: row.settings.remindersInMinutes,
    participants: row.participants.map(participantOf),
  }
}

function participantOf({ participant, invitation }: OneTimeRow['participants'][number]): OneTimeParticipant {
  return {
    id: participant.id,
    email: participant.email,
    role: participant.role,
    status: participant.status,
    invited: invitation !== null,
    lastName: participant.lastName,
    phone: participant.phone,
    messengerType: participant.messengerType,
    messengerValue: participant.messengerValue,
    comment: participant.comment,
  }
}

/** open: seats may be booked and invitations confirmed; closed: inside the "booking closes" time. */
export function publicState(row: OneTimeRow, now: number) {
  return oneTimeState(oneTimeSnapshot(row), now)
}

/** SPEC §3 "Meeting (participant view)" of a one-time meeting, in the viewer's zone, plus the public form's rules. */
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
    // An online meeting's link is its participants' (an invitee's own link shows it); the shared link shows its kind.
    meetingPoint: meeting.placeType === 'Online' && !invitee ? null : meeting.meetingPoint,
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
    /** The organizer's plan no longer has one-time meetings: no new guests (invitees still confirm; ADR 0097). */
    bookingPaused: linkPaused(oneTimeSnapshot(row)) !== null,
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

/** A seat booked, or an invitation confirmed: the participant and the ICS they get. */
export type SeatBooked = { participantId: string; confirmed: boolean; ics: string }

function attendeesOf(row: OneTimeRow) {
  return [
    ...row.participants
      .filter((p) => p.participant.status === 'booked')
      .map((p) => ({
        email: p.participant.email,
        name: `${p.participant.firstName} ${p.participant.lastName}`.trim(),
      })),
    ...row.meeting.adjutantEmails.map((email) => ({ email, name: email })),
  ]
}

export type BookOneTimeInput = {
  ownerId: string
  id: string
  /** An invitee's token (their invitation link): they confirm instead of taking a seat. */
  token: string | null
  contact: ContactInfo
  language: Language
  timeZone: string
  /** The guest's own seat hold (`POST /ghostBooking/companyEvent/{id}`), consumed by the booking. */
  holdId?: string | null
}

/**
 * `/booking` (inside the host's Durable Object, so two guests never take the last seat both): an invitee confirms
 * with their token; anyone else takes a free seat (`heldByOthers`: seats other guests hold now), and an invited email
 * confirms its invitation instead of taking a second seat.
 */
export async function bookOneTimeSeat(
  db: Db,
  env: AppEnv,
  input: BookOneTimeInput,
  heldByOthers: number,
  now: number,
): Promise<Outcome<SeatBooked>> {
  const row = await findOneTime(db, input.id)
  if (!row || row.meeting.ownerId !== input.ownerId) return { ok: false, refusal: refusal('notFound') }
  const oneTime = oneTimeSnapshot(row)
  let decision: ReturnType<typeof decideSeatBooking>
  if (input.token) {
    const invitee = await inviteeOf(row, input.token)
    decision = decideConfirmInvitation(
      { contact: input.contact },
      { oneTime, invitee: invitee ? participantOf(invitee) : null },
      now,
    )
  } else {
    const [existing] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, row.meeting.ownerId), eq(contacts.email, input.contact.email)))
      .limit(1)
    decision = decideSeatBooking(input, { oneTime, heldByOthers, contactId: existing?.id ?? null }, now)
  }
  if (!decision.ok) return decision
  const event = decision.value
  const applied = await apply(
    db,
    {
      ownerId: row.meeting.ownerId,
      now,
      env,
      organizer: row.organizer,
      oneTime: { meeting: row.meeting, attendees: attendeesOf(row) },
    },
    [event],
  )
  return {
    ok: true,
    value: {
      participantId: event.type === 'OneTimeSeatBooked' ? event.attendee.participantId : event.participantId,
      confirmed: event.type === 'InvitationConfirmed',
      ics: applied.ics ?? '',
    },
  }
}

export type SeatHoldInput = { ownerId: string; companyEventId: string; clientId: string; address: string }

/** Holds a seat of the one-time meeting for this client (inside the host's Durable Object; `active`: its holds). */
export async function seatHold(
  db: Db,
  input: SeatHoldInput,
  active: readonly Hold[],
  now: number,
): Promise<Outcome<Hold>> {
  const row = await findOneTime(db, input.companyEventId)
  return decideSeatHold(input, { oneTime: row ? oneTimeSnapshot(row) : null, holds: active }, now)
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
