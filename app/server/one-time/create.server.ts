/**
 * Creating a one-off meeting (SPEC §7 `POST /companyEvent/organizer`, §5 "One-time event"): one meeting per date,
 * without an event type, with the chosen contacts (existing and new) invited as participants, adjutants, reminders
 * and the invitation emails, all in one D1 batch. Runs only inside the host's Durable Object
 * (workers/durable/host-lock.ts `createOneTime`), so it is serialised with the host's holds and bookings.
 *
 * The overlap check (SPEC §4 "Book anyway?", "Add anyway?") uses the availability engine's conflict rule: the time
 * widened by its buffers against the host's live meetings and active holds; an invitee is busy when they are a live
 * participant of another of this organizer's meetings at that time. `ignoreFreeTimeCheck` skips both.
 */
import { and, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm'
import { overlapping } from '#app/domain/availability/index.ts'
import { usesCustomReminders } from '#app/domain/event-types/reminders.ts'
import { newId } from '#app/domain/ids.ts'
import { zoneOffsetHours } from '#app/domain/one-time/form.ts'
import { type OneTimeEventInput, inviteesFit, resolveDates } from '#app/domain/one-time/rules.ts'
import { capabilityForParticipantType, can } from '#app/domain/plans.ts'
import { manageLink } from '#app/domain/reminders/links.ts'
import { reminderDueTimes } from '#app/domain/reminders/plan.ts'
import type { Language } from '#app/i18n/config.ts'
import { randomToken, sha256 } from '#app/server/auth/tokens.server.ts'
import type { HoldInterval } from '#app/server/booking/availability.server.ts'
import { upsertContactStatement } from '#app/server/contacts/contacts.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import type { MeetingRow } from '#app/server/meetings/meetings.server.ts'
import { adjutantRecipient, meetingNotices } from '#app/server/meetings/notify.server.ts'
import { participantLinkRow } from '#app/server/notify/links.server.ts'
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
import { invitationEmail, oneTimeIcs } from './emails.server.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'

/** Crosses the Durable Object RPC boundary: plain data only. */
export type PlainProblem = { field?: string; key: string; params?: Record<string, string> }

export type CreateOneTimeInput = {
  ownerId: string
  event: OneTimeEventInput
  ignoreFreeTimeCheck: boolean
  /** Language of the invitees' emails (the organizer's interface language at creation). */
  language: Language
  /** The zone of the meeting when the payload names none (the `timezone` header, else the organizer's). */
  fallbackTimeZone: string | null
  appUrl: string
  linkSecret: string
}

export type OverlapItem = { id: string; name: string; start: string; end: string }

export type CreateOneTimeOutcome =
  | { ok: true; ids: string[]; links: string[] }
  | {
      ok: false
      status: 400 | 403 | 404 | 409
      problems: PlainProblem[]
      overlaps: OverlapItem[]
      busyEmails: string[]
    }

type Statement = Parameters<Db['batch']>[0][number]

const refuse = (status: 400 | 403 | 404, problems: PlainProblem[]): CreateOneTimeOutcome => ({
  ok: false,
  status,
  problems,
  overlaps: [],
  busyEmails: [],
})

type Invitee = {
  contactId: string
  firstName: string
  lastName: string
  email: string
  phone: string | null
  messengerType: 'WhatsApp' | 'Telegram' | 'Viber' | null
  messengerValue: string | null
}

export async function createOneTimeEvent(
  db: Db,
  env: AppEnv,
  input: CreateOneTimeInput,
  holds: readonly HoldInterval[],
  now: number,
): Promise<CreateOneTimeOutcome> {
  const { event } = input
  const [organizer] = await db.select().from(users).where(eq(users.id, input.ownerId)).limit(1)
  if (!organizer) return refuse(404, [{ key: 'api:notFound' }])

  // SPEC §6: one-off meetings need Standard or Pro; group and collective meetings need Pro; so do custom reminders.
  const needs = [
    'oneTimeMeetings' as const,
    capabilityForParticipantType(event.form.participantType),
    usesCustomReminders(event.form.remindersInMinutes) ? ('customReminders' as const) : null,
  ]
  if (needs.some((capability) => capability && !can(organizer.tariff, capability))) {
    return refuse(403, [{ key: 'api:tariffLimit' }])
  }

  const timeZone = event.timeZone ?? input.fallbackTimeZone ?? organizer.timeZone
  const dates = resolveDates(
    event.dates,
    (wall) => zoneOffsetHours(timeZone, wall.slice(0, 10), wall.slice(11, 16)),
    now,
  )
  if (!dates.ok) {
    return refuse(
      400,
      dates.problems.map((problem) => ({ field: problem.path.join('.'), key: problem.key })),
    )
  }

  // Invitees: the chosen contacts (the organizer's own, with an email) and the new ones (matched by email).
  const chosen =
    event.contactIds.length > 0
      ? await db
          .select()
          .from(contacts)
          .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.id, event.contactIds)))
      : []
  if (chosen.length !== event.contactIds.length) return refuse(404, [{ key: 'api:notFound' }])
  const noEmail = chosen.find((contact) => !contact.email)
  if (noEmail) {
    return refuse(400, [
      { field: 'contactIds', key: 'oneoff:errors.contactNoEmail', params: { name: noEmail.firstName } },
    ])
  }
  const newEmails = event.contacts.map((contact) => contact.email)
  const known =
    newEmails.length > 0
      ? await db
          .select()
          .from(contacts)
          .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.email, newEmails)))
      : []
  const statements: Statement[] = []
  const invitees: Invitee[] = chosen.map((contact) => ({
    contactId: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email as string,
    phone: contact.phone,
    messengerType: contact.messengerType,
    messengerValue: contact.messengerValue,
  }))
  for (const contact of event.contacts) {
    const existing = known.find((row) => row.email === contact.email)
    const contactId = existing?.id ?? newId(now)
    statements.push(upsertContactStatement(db, organizer.id, contact, { eventTypeId: null, at: now }, now, contactId))
    invitees.push({
      contactId,
      firstName: contact.firstName,
      lastName: existing ? existing.lastName || contact.lastName : contact.lastName,
      email: contact.email,
      phone: existing?.phone ?? contact.phone,
      messengerType: existing?.messengerType ?? null,
      messengerValue: existing?.messengerValue ?? null,
    })
  }

  // SPEC §5: an email already in the participant list is rejected; the organizer does not invite themself.
  const seen = new Set<string>()
  for (const invitee of invitees) {
    if (seen.has(invitee.email) || invitee.email === organizer.email) {
      return refuse(400, [
        { field: 'contacts', key: 'meetings:errors.alreadyInvited', params: { email: invitee.email } },
      ])
    }
    seen.add(invitee.email)
  }
  const adjutantClash = event.adjutantEmails.find((email) => seen.has(email) || email === organizer.email)
  if (adjutantClash) {
    return refuse(400, [
      { field: 'adjutantEmails', key: 'meetings:errors.alreadyInvited', params: { email: adjutantClash } },
    ])
  }
  // SPEC §5 "max participants reached": invitees take seats.
  if (!inviteesFit(event.form, invitees.length)) {
    return refuse(400, [
      { field: 'contactIds', key: 'oneoff:errors.tooManyInvitees', params: { count: String(event.form.totalSeats) } },
    ])
  }

  if (!input.ignoreFreeTimeCheck) {
    const busy = await freeTimeCheck(db, organizer.id, dates.times, event, [...seen, ...event.adjutantEmails], holds)
    if (busy.overlaps.length > 0 || busy.busyEmails.length > 0) {
      const problems: PlainProblem[] = []
      if (busy.overlaps.length > 0) {
        problems.push({
          key: 'oneoff:errors.overlap',
          params: {
            names: busy.overlaps
              .map((o) => o.name)
              .filter(Boolean)
              .join(', '),
          },
        })
      }
      if (busy.busyEmails.length > 0) {
        problems.push({ key: 'oneoff:errors.busyInvitees', params: { emails: busy.busyEmails.join(', ') } })
      }
      return { ok: false, status: 409, problems, ...busy }
    }
  }

  const ids: string[] = []
  const links: string[] = []
  const form = event.form
  for (const time of dates.times) {
    const meetingId = newId(now)
    const meeting: MeetingRow = {
      id: meetingId,
      ownerId: organizer.id,
      eventTypeId: null,
      name: form.name,
      description: form.description,
      color: form.color,
      placeType: form.type,
      meetingPoint: form.meetingPoint,
      whoCallType: form.whoCallType,
      participantType: form.participantType,
      minSeats: form.minSeats,
      totalSeats: form.totalSeats,
      startAt: time.start,
      endAt: time.end,
      timeZone,
      status: 'upcoming',
      isFailed: null,
      sequence: 0,
      adjutantEmails: event.adjutantEmails,
      canceledAt: null,
      createdAt: now,
      updatedAt: now,
    }
    statements.push(
      db.insert(meetings).values(meeting),
      db.insert(oneTimeEvents).values({
        id: meetingId,
        ownerId: organizer.id,
        isLastNameRequired: form.isLastNameRequired,
        isPhoneRequired: form.isPhoneRequired,
        isMessengerRequired: form.isMessengerRequired,
        isOptionalInputsHidden: form.isOptionalInputsHidden,
        whenClosesValue: form.whenClosesValue,
        whenClosesType: form.whenClosesType,
        remindersInMinutes: form.remindersInMinutes,
        timeBeforeMinutes: form.getTimeBeforeValue ?? null,
        timeAfterMinutes: form.getTimeAfterValue ?? null,
        createdAt: now,
      }),
    )
    const dues = reminderDueTimes(time.start, form.remindersInMinutes, now)
    for (const due of dues) {
      statements.push(
        db.insert(reminders).values({
          id: newId(now),
          ownerId: organizer.id,
          meetingId,
          participantId: null,
          recipientKind: 'organizer',
          channel: 'email',
          offsetMinutes: due.offsetMinutes,
          dueAt: due.dueAt,
          createdAt: now,
        }),
      )
    }
    const attendees = [
      ...invitees.map((i) => ({ email: i.email, name: `${i.firstName} ${i.lastName}`.trim() })),
      ...event.adjutantEmails.map((email) => ({ email, name: email })),
    ]
    for (const invitee of invitees) {
      const participantId = newId(now)
      const token = randomToken()
      const manageUrl = manageLink(input.appUrl, token, input.language)
      const ics = oneTimeIcs(meeting, organizer, attendees, now, { language: input.language, url: manageUrl })
      statements.push(
        db.insert(meetingParticipants).values({
          id: participantId,
          meetingId,
          ownerId: organizer.id,
          contactId: invitee.contactId,
          role: 'member',
          firstName: invitee.firstName,
          lastName: invitee.lastName,
          email: invitee.email,
          phone: invitee.phone,
          messengerType: invitee.messengerType,
          messengerValue: invitee.messengerValue,
          language: input.language,
          timeZone,
          manageTokenHash: await sha256(token),
          bookingId: participantId,
          createdAt: now,
        }),
        db.insert(participantLinks).values(await participantLinkRow(input.linkSecret, participantId, token)),
        db.insert(oneTimeInvitations).values({ participantId, meetingId, ownerId: organizer.id, createdAt: now }),
        ...dues.map((due) =>
          db.insert(reminders).values({
            id: newId(now),
            ownerId: organizer.id,
            meetingId,
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
          invitationEmail({
            to: { email: invitee.email, firstName: invitee.firstName, language: input.language },
            meeting,
            organizer,
            confirmUrl: bookingLink(input.appUrl, meetingId, token),
            manageUrl,
            ics,
          }),
          now,
        ).query,
      )
    }
    statements.push(
      ...(await meetingNotices(
        db,
        env,
        {
          meeting,
          organizer,
          attendees,
          recipients: event.adjutantEmails.map((email) => adjutantRecipient(email, meeting, organizer)),
          kind: 'invited',
        },
        now,
      )),
    )
    ids.push(meetingId)
    links.push(bookingLink(input.appUrl, meetingId))
  }
  // The chosen contacts were just invited: their "last booking" is now.
  if (chosen.length > 0) {
    statements.push(
      db
        .update(contacts)
        .set({ lastBookingAt: now, updatedAt: now })
        .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.id, event.contactIds))),
    )
  }
  await db.batch(statements as [Statement, ...Statement[]])
  return { ok: true, ids, links }
}

/** What is already at these times: the host's live meetings and active holds, and invitees busy in his meetings. */
export async function freeTimeCheck(
  db: Db,
  ownerId: string,
  times: { start: number; end: number }[],
  event: { form: Pick<OneTimeEventInput['form'], 'getTimeBeforeValue' | 'getTimeAfterValue'> },
  emails: string[],
  /** The host's active holds; a held seat of a one-off meeting (`companyEventId`) is inside that meeting's time. */
  holds: readonly (HoldInterval & { companyEventId?: string })[],
  /** The meeting being moved: it never overlaps itself, nor makes its own people busy. */
  excludeMeetingId?: string,
): Promise<{ overlaps: OverlapItem[]; busyEmails: string[] }> {
  const buffers = {
    beforeMinutes: event.form.getTimeBeforeValue ?? 0,
    afterMinutes: event.form.getTimeAfterValue ?? 0,
  }
  // Load every meeting the widened times can touch (buffers are 5-60 minutes on forms, any length through the API).
  const reach = Math.max(60, buffers.beforeMinutes, buffers.afterMinutes) * 60_000
  const from = Math.min(...times.map((t) => t.start)) - reach
  const to = Math.max(...times.map((t) => t.end)) + reach
  const live = (
    await db
      .select({
        id: meetings.id,
        name: meetings.name,
        start: meetings.startAt,
        end: meetings.endAt,
        adjutantEmails: meetings.adjutantEmails,
      })
      .from(meetings)
      .where(
        and(
          eq(meetings.ownerId, ownerId),
          eq(meetings.status, 'upcoming'),
          lt(meetings.startAt, to),
          gt(meetings.endAt, from),
        ),
      )
  ).filter((meeting) => meeting.id !== excludeMeetingId)
  const items = [
    ...live.map(({ id, name, start, end }) => ({ id, name, start, end })),
    ...holds
      .filter((hold) => !hold.companyEventId)
      .map((hold) => ({ id: hold.id, name: '', start: hold.start, end: hold.end })),
  ]
  const found = new Map<string, (typeof items)[number]>()
  for (const time of times) for (const item of overlapping(time, buffers, items)) found.set(item.id, item)
  const busyEmails = new Set<string>()
  const during = (m: { start: number; end: number }) => times.some((time) => m.start < time.end && time.start < m.end)
  for (const meeting of live.filter(during)) {
    for (const email of meeting.adjutantEmails) if (emails.includes(email)) busyEmails.add(email)
  }
  if (emails.length > 0 && live.length > 0) {
    const rows = await db
      .select({ email: meetingParticipants.email, start: meetings.startAt, end: meetings.endAt })
      .from(meetingParticipants)
      .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
      .where(
        and(
          eq(meetingParticipants.ownerId, ownerId),
          eq(meetingParticipants.status, 'booked'),
          inArray(meetingParticipants.email, emails),
          inArray(
            meetings.id,
            live.map((m) => m.id),
          ),
        ),
      )
    for (const row of rows) {
      if (during(row)) busyEmails.add(row.email)
    }
  }
  for (const email of await hostsBusy(db, ownerId, emails, from, to, during)) busyEmails.add(email)
  return {
    overlaps: [...found.values()].map((item) => ({
      id: item.id,
      name: item.name,
      start: new Date(item.start).toISOString(),
      end: new Date(item.end).toISOString(),
    })),
    busyEmails: [...busyEmails],
  }
}

/**
 * Invitees who are FastSlot specialists hosting a live meeting at one of the times, among the organizer's own
 * contacts who have met him (a booking or an invitation set their `lastBookingAt`). Anyone else's calendar is never
 * consulted: an email typed in, or a contact added by hand, cannot probe another account's busy time (issue 19).
 */
export async function hostsBusy(
  db: Db,
  organizerId: string,
  emails: string[],
  from: number,
  to: number,
  during: (meeting: { start: number; end: number }) => boolean,
): Promise<string[]> {
  if (emails.length === 0) return []
  const rows = await db
    .select({ email: users.email, start: meetings.startAt, end: meetings.endAt })
    .from(contacts)
    .innerJoin(users, eq(users.email, contacts.email))
    .innerJoin(meetings, eq(meetings.ownerId, users.id))
    .where(
      and(
        eq(contacts.ownerId, organizerId),
        inArray(contacts.email, emails),
        isNotNull(contacts.lastBookingAt),
        eq(meetings.status, 'upcoming'),
        lt(meetings.startAt, to),
        gt(meetings.endAt, from),
      ),
    )
  return [...new Set(rows.filter(during).map((row) => row.email))]
}
