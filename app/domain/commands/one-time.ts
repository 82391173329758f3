/**
 * One-time meetings (SPEC §4, §5 "One-time event", §7 `companyEvent`): creating one, holding and booking a seat, an
 * invitee's confirmation. Pure decisions over a snapshot the host's Durable Object loads; refusals are the one
 * `Refusal`, and what was decided comes back as events for the applier.
 */
import type { ContactInfo } from '../booking/contact-form.ts'
import { usesCustomReminders } from '../event-types/reminders.ts'
import { newId } from '../ids.ts'
import { displayStatus } from '../meetings/rules.ts'
import { zoneOffsetHours } from '../one-time/form.ts'
import { type OneTimeEventInput, closesMinutes, inviteesFit, resolveDates } from '../one-time/rules.ts'
import { can, capabilityForParticipantType } from '../plans.ts'
import { type Outcome, type Refusal, type TimeConflict, refusal } from '../refusal.ts'
import { HOLD_TTL_MS, type Hold, holdLimitRefusal, isHeldBy } from './booking.ts'
import type { Attendee, InvitationConfirmed, OneTimeCreated, OneTimeSeatBooked } from './events.ts'
import type { PlanName } from '../enums.ts'
import { bookingPause } from '../plans.ts'

const fail = <T>(r: Refusal): Outcome<T> => ({ ok: false, refusal: r })

/** A participant of the one-time meeting as the decisions need them. */
export type OneTimeParticipant = {
  id: string
  email: string
  role: 'member' | 'visitor' | 'adjutant'
  status: 'booked' | 'canceled'
  /** Invited by the organizer (else a guest who booked through the link). */
  invited: boolean
  lastName: string
  phone: string | null
  messengerType: ContactInfo['messengerType']
  messengerValue: string | null
  comment: string | null
}

export type OneTimeSnapshot = {
  meeting: {
    id: string
    ownerId: string
    status: 'upcoming' | 'canceled'
    startAt: number
    endAt: number
    totalSeats: number
  }
  adjutantEmails: string[]
  organizerEmail: string
  /** The organizer's plan in force: without one-time meetings the link takes no new guests (ADR 0097). */
  organizerPlan: PlanName
  whenCloses: { value: number; type: 'Minutes' | 'Hours' | 'Days' }
  remindersInMinutes: number[]
  participants: OneTimeParticipant[]
}

export type OneTimeState = 'open' | 'closed' | 'completed' | 'canceled'

/** open: seats may be booked and invitations confirmed; closed: inside the "booking closes" time. */
export function oneTimeState(snapshot: OneTimeSnapshot, now: number): { state: OneTimeState; seatsLeft: number } {
  const { meeting } = snapshot
  const status = displayStatus(meeting, now)
  const members = snapshot.participants.filter((p) => p.role === 'member' && p.status === 'booked')
  const seatsLeft = Math.max(0, meeting.totalSeats - members.length)
  const closesAt = meeting.startAt - closesMinutes(snapshot.whenCloses.value, snapshot.whenCloses.type) * 60_000
  const state = status !== 'upcoming' ? status : now >= closesAt ? 'closed' : 'open'
  return { state, seatsLeft }
}

function stateRefusal(snapshot: OneTimeSnapshot, now: number): Refusal | null {
  const { state } = oneTimeState(snapshot, now)
  if (state === 'canceled') return refusal('meetingCanceled')
  if (state === 'completed') return refusal('meetingNotUpcoming')
  if (state === 'closed') return refusal('oneTimeClosed')
  return null
}

/**
 * A new guest through the share link, when the organizer's plan no longer has one-time meetings; invited people still
 * confirm (they were invited while the plan had it), and nothing already booked changes.
 */
export function linkPaused(oneTime: Pick<OneTimeSnapshot, 'organizerPlan'>): Refusal | null {
  const paused = bookingPause(oneTime.organizerPlan, { participantType: null, channel: 'oneTime' })
  return paused ? refusal('bookingPaused', undefined, { capability: paused }) : null
}

/**
 * A guest holds a seat while filling in `/booking`: one hold per client and meeting (asking again renews it); the
 * seats other clients hold are taken.
 */
export function decideSeatHold(
  command: { ownerId: string; clientId: string; address: string },
  snapshot: { oneTime: OneTimeSnapshot | null; holds: readonly Hold[] },
  now: number,
): Outcome<Hold> {
  const { oneTime } = snapshot
  if (!oneTime || oneTime.meeting.ownerId !== command.ownerId) return fail(refusal('oneTimeNotFound'))
  const refused = stateRefusal(oneTime, now) ?? linkPaused(oneTime)
  if (refused) return fail(refused)
  const forMeeting = snapshot.holds.filter((h) => h.companyEventId === oneTime.meeting.id)
  const mine = forMeeting.find((h) => isHeldBy(h, command)) ?? null
  const others = forMeeting.filter((h) => !isHeldBy(h, command)).length
  const limited = holdLimitRefusal(command, snapshot.holds, mine ? 0 : 1)
  if (limited) return fail(limited)
  if (!mine && oneTimeState(oneTime, now).seatsLeft - others <= 0) return fail(refusal('noSeats'))
  return {
    ok: true,
    value: {
      id: mine?.id ?? `${command.ownerId}.${newId(now)}`,
      eventTypeId: '',
      companyEventId: oneTime.meeting.id,
      clientId: command.clientId,
      address: command.address,
      start: oneTime.meeting.startAt,
      end: oneTime.meeting.endAt,
      expiresAt: now + HOLD_TTL_MS,
    },
  }
}

function confirmation(
  oneTime: OneTimeSnapshot,
  participant: OneTimeParticipant,
  contact: ContactInfo,
): InvitationConfirmed {
  return {
    type: 'InvitationConfirmed',
    meetingId: oneTime.meeting.id,
    participantId: participant.id,
    email: participant.email,
    details: {
      firstName: contact.firstName,
      lastName: contact.lastName || participant.lastName,
      phone: contact.phone ?? participant.phone,
      messengerType: contact.messengerValue ? contact.messengerType : participant.messengerType,
      messengerValue: contact.messengerValue ?? participant.messengerValue,
      comment: contact.comment ?? participant.comment,
    },
  }
}

/** An invited person confirms (with the details the form requires); confirming twice changes nothing more. */
export function decideConfirmInvitation(
  command: { contact: ContactInfo },
  snapshot: { oneTime: OneTimeSnapshot | null; invitee: OneTimeParticipant | null },
  now: number,
): Outcome<InvitationConfirmed> {
  const { oneTime, invitee } = snapshot
  if (!oneTime || !invitee) return fail(refusal('notFound'))
  const refused = stateRefusal(oneTime, now)
  if (refused) return fail(refused)
  if (invitee.status !== 'booked') return fail(refusal('invitationCanceled'))
  return { ok: true, value: confirmation(oneTime, invitee, command.contact) }
}

/**
 * A guest takes a free seat through the share link (seats other guests hold are not free); an invited email confirms
 * its invitation instead of taking a second seat.
 */
export function decideSeatBooking(
  command: { contact: ContactInfo; language: 'ru' | 'en'; timeZone: string },
  snapshot: { oneTime: OneTimeSnapshot | null; heldByOthers: number; contactId: string | null },
  now: number,
): Outcome<OneTimeSeatBooked | InvitationConfirmed> {
  const { oneTime } = snapshot
  if (!oneTime) return fail(refusal('notFound'))
  const refused = stateRefusal(oneTime, now)
  if (refused) return fail(refused)
  const c = command.contact
  const same = oneTime.participants.find((p) => p.email === c.email && p.status === 'booked')
  if (same?.invited && same.role === 'member') return { ok: true, value: confirmation(oneTime, same, c) }
  if (same || c.email === oneTime.organizerEmail || oneTime.adjutantEmails.includes(c.email)) {
    return fail(refusal('oneTimeAlreadyBooked'))
  }
  const paused = linkPaused(oneTime)
  if (paused) return fail(paused)
  if (oneTimeState(oneTime, now).seatsLeft - snapshot.heldByOthers <= 0) return fail(refusal('noSeats'))
  return {
    ok: true,
    value: {
      type: 'OneTimeSeatBooked',
      meetingId: oneTime.meeting.id,
      attendee: {
        participantId: newId(now),
        contactId: snapshot.contactId ?? newId(now),
        contact: c,
        language: command.language,
        timeZone: command.timeZone,
      },
      newContact: snapshot.contactId === null,
      remindersInMinutes: oneTime.remindersInMinutes,
    },
  }
}

/** A contact of the host as creation needs it. */
export type KnownContact = {
  id: string
  email: string | null
  firstName: string
  lastName: string
  phone: string | null
  messengerType: ContactInfo['messengerType']
  messengerValue: string | null
}

export type CreateOneTimeCommand = {
  ownerId: string
  event: OneTimeEventInput
  ignoreFreeTimeCheck: boolean
  language: 'ru' | 'en'
  /** The zone of the meeting when the payload names none (the `timezone` header, else the organizer's). */
  fallbackTimeZone: string | null
}

export type CreateOneTimeSnapshot = {
  organizer: { id: string; email: string; plan: Parameters<typeof can>[0]; timeZone: string } | null
  /** The chosen contacts (`contactIds`) found among the organizer's. */
  chosen: KnownContact[]
  /** The organizer's contacts with the emails of the typed new contacts. */
  known: KnownContact[]
  /** What is at the resolved times already (empty when not checked). */
  conflict: TimeConflict
  /**
   * Invitees' own zones where known (lower-cased email → IANA zone: an account's profile zone, else the zone of their
   * last booking on this host's public page); the others read the meeting's zone (issue 18: one zone per person).
   */
  inviteeZones?: Readonly<Record<string, string>>
  /** The organizer has a Telemost grant (a revoked one counts: its card asks to reconnect), issue 15. */
  telemostConnected?: boolean
}

/** The zone and instants of the command's dates, as creation reads them (the server loads the conflict for them). */
export function oneTimeTimes(command: CreateOneTimeCommand, organizerTimeZone: string, now: number) {
  const timeZone = command.event.timeZone ?? command.fallbackTimeZone ?? organizerTimeZone
  const dates = resolveDates(
    command.event.dates,
    (wall) => zoneOffsetHours(timeZone, wall.slice(0, 10), wall.slice(11, 16)),
    now,
  )
  return { timeZone, dates }
}

/**
 * Create the one-time meeting, one per date, with its invitees (chosen contacts and typed new ones, matched by email),
 * adjutants, reminders and invitations. Refused for the plan (SPEC §6), unreadable or past dates, an invitee twice or
 * the organizer, too many invitees for the seats, and (unless `ignoreFreeTimeCheck`) a time that overlaps the host's
 * meetings or holds or finds an invitee busy: then with what was found, for "Book anyway?".
 */
export function decideCreateOneTime(
  command: CreateOneTimeCommand,
  snapshot: CreateOneTimeSnapshot,
  now: number,
): Outcome<OneTimeCreated[]> {
  const { event } = command
  const { organizer } = snapshot
  if (!organizer) return fail(refusal('notFound'))
  const needs = [
    'oneTimeMeetings' as const,
    capabilityForParticipantType(event.form.participantType),
    usesCustomReminders(event.form.remindersInMinutes) ? ('customReminders' as const) : null,
    event.form.videoLinkService ? ('videoMeetingLinks' as const) : null,
  ]
  if (needs.some((capability) => capability && !can(organizer.plan, capability))) return fail(refusal('planLimit'))
  const { timeZone, dates } = oneTimeTimes(command, organizer.timeZone, now)
  if (!dates.ok) {
    const [first, ...rest] = dates.problems.map((problem) => refusal(problem.code, problem.path.join('.')))
    return fail(rest.length > 0 ? { ...first, more: rest } : first)
  }
  if (event.form.videoLinkService && !snapshot.telemostConnected) {
    return fail(refusal('telemostNotConnected', 'form.videoLinkService'))
  }
  if (snapshot.chosen.length !== event.contactIds.length) return fail(refusal('notFound'))
  const noEmail = snapshot.chosen.find((contact) => !contact.email)
  if (noEmail) return fail(refusal('contactNoEmail', 'contactIds', { name: noEmail.firstName }))

  const blank = { comment: null }
  const zoneOf = (email: string) => snapshot.inviteeZones?.[email.toLowerCase()] ?? timeZone
  const invitees: Attendee[] = snapshot.chosen.map((contact) => ({
    participantId: newId(now),
    contactId: contact.id,
    contact: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email as string,
      phone: contact.phone,
      messengerType: contact.messengerType,
      messengerValue: contact.messengerValue,
      ...blank,
    },
    language: command.language,
    timeZone: zoneOf(contact.email as string),
  }))
  const contactUpserts: OneTimeCreated['contactUpserts'] = []
  for (const contact of event.contacts) {
    const existing = snapshot.known.find((row) => row.email === contact.email)
    const contactId = existing?.id ?? newId(now)
    contactUpserts.push({ contactId, contact })
    invitees.push({
      participantId: newId(now),
      contactId,
      contact: {
        firstName: contact.firstName,
        lastName: existing ? existing.lastName || contact.lastName : contact.lastName,
        email: contact.email,
        phone: existing?.phone ?? contact.phone,
        messengerType: existing?.messengerType ?? null,
        messengerValue: existing?.messengerValue ?? null,
        ...blank,
      },
      language: command.language,
      timeZone: zoneOf(contact.email),
    })
  }
  // SPEC §5: an email already in the participant list is rejected; the organizer does not invite themself.
  const seen = new Set<string>()
  for (const invitee of invitees) {
    const email = invitee.contact.email
    if (seen.has(email) || email === organizer.email) return fail(refusal('alreadyInvited', 'contacts', { email }))
    seen.add(email)
  }
  const clash = event.adjutantEmails.find((email) => seen.has(email) || email === organizer.email)
  if (clash) return fail(refusal('alreadyInvited', 'adjutantEmails', { email: clash }))
  // SPEC §5 "max participants reached": invitees take seats.
  if (!inviteesFit(event.form, invitees.length)) {
    return fail(refusal('tooManyInvitees', 'contactIds', { count: String(event.form.totalSeats) }))
  }
  if (!command.ignoreFreeTimeCheck) {
    const refused = conflictRefusal(snapshot.conflict)
    if (refused) return fail(refused)
  }
  const form = event.form
  return {
    ok: true,
    value: dates.times.map((time, index) => ({
      type: 'OneTimeCreated',
      meetingId: newId(now),
      meeting: {
        eventTypeId: null,
        name: form.name,
        description: form.description,
        color: form.color,
        placeType: form.type,
        meetingPoint: form.meetingPoint,
        videoLinkService: form.videoLinkService,
        whoCallType: form.whoCallType,
        participantType: form.participantType,
        minSeats: form.minSeats,
        totalSeats: form.totalSeats,
        timeZone,
        adjutantEmails: event.adjutantEmails,
      },
      start: time.start,
      end: time.end,
      // Each date's meeting has its own participant rows (and ids).
      invitees: index === 0 ? invitees : invitees.map((i) => ({ ...i, participantId: newId(now) })),
      contactUpserts,
      chosenContactIds: event.contactIds,
      settings: {
        isLastNameRequired: form.isLastNameRequired,
        isPhoneRequired: form.isPhoneRequired,
        isMessengerRequired: form.isMessengerRequired,
        isOptionalInputsHidden: form.isOptionalInputsHidden,
        whenClosesValue: form.whenClosesValue,
        whenClosesType: form.whenClosesType,
        remindersInMinutes: form.remindersInMinutes,
        timeBeforeMinutes: form.getTimeBeforeValue ?? null,
        timeAfterMinutes: form.getTimeAfterValue ?? null,
      },
    })),
  }
}

/** The time is taken (SPEC §4 "Book anyway?", "Move anyway?"): one refusal per kind, with what was found. */
export function conflictRefusal(conflict: TimeConflict): Refusal | null {
  const problems: Refusal[] = []
  if (conflict.overlaps.length > 0) {
    const names = conflict.overlaps
      .map((o) => o.name)
      .filter(Boolean)
      .join(', ')
    problems.push(refusal('timeOverlap', undefined, { names }))
  }
  if (conflict.busyEmails.length > 0) {
    problems.push(refusal('inviteesBusy', undefined, { emails: conflict.busyEmails.join(', ') }))
  }
  if (problems.length === 0) return null
  const [first, ...more] = problems
  return { ...first, ...(more.length > 0 ? { more } : {}), conflict }
}
