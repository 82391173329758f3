/**
 * Creating a one-time meeting (SPEC §7 `POST /companyEvent/organizer`, §5 "One-time event"): one meeting per date,
 * without an event type, with the chosen contacts (existing and new) invited as participants, adjutants, reminders
 * and the invitation emails. Runs only inside the host's Durable Object (workers/durable/host-lock.ts `run`), so it is
 * serialised with the host's holds and bookings: the snapshot is loaded here, `decideCreateOneTime`
 * (app/domain/commands/one-time.ts) decides, and the one applier writes it all in one D1 batch.
 *
 * The overlap check (SPEC §4 "Book anyway?", "Add anyway?") uses the availability engine's conflict rule: the time
 * widened by its buffers against the host's live meetings and active holds; an invitee is busy when they are a live
 * participant of another of this organizer's meetings at that time. `ignoreFreeTimeCheck` skips both.
 */
import { and, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm'
import { overlapping } from '#app/domain/availability/index.ts'
import type { HoldInterval } from '#app/domain/commands/calendar.ts'
import { type CreateOneTimeCommand, decideCreateOneTime, oneTimeTimes } from '#app/domain/commands/one-time.ts'
import { bookingLink } from '#app/domain/one-time/links.ts'
import type { OneTimeEventInput } from '#app/domain/one-time/rules.ts'
import type { Outcome, TimeConflict } from '#app/domain/refusal.ts'
import { apply } from '#app/server/commands/apply.server.ts'
import { type Db, readInParts } from '#app/server/db.server.ts'
import type { AppEnv } from '#app/server/env.server.ts'
import { telemostGrant } from '#app/server/video/grants.server.ts'
import { contacts, meetingParticipants, meetings, users } from '#db/schema.ts'

export type CreateOneTimeInput = CreateOneTimeCommand

export type OverlapItem = TimeConflict['overlaps'][number]

export type OneTimeCreated = { ids: string[]; links: string[] }

export async function createOneTimeEvent(
  db: Db,
  env: AppEnv,
  input: CreateOneTimeInput,
  holds: readonly HoldInterval[],
  now: number,
): Promise<Outcome<OneTimeCreated>> {
  const { event } = input
  const [organizer] = await db.select().from(users).where(eq(users.id, input.ownerId)).limit(1)
  const newEmails = event.contacts.map((contact) => contact.email)
  const [chosen, known] = await Promise.all([
    organizer
      ? readInParts(event.contactIds, (ids) =>
          db
            .select()
            .from(contacts)
            .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.id, ids))),
        )
      : [],
    organizer
      ? readInParts(newEmails, (emails) =>
          db
            .select()
            .from(contacts)
            .where(and(eq(contacts.ownerId, organizer.id), inArray(contacts.email, emails))),
        )
      : [],
  ])
  let conflict: TimeConflict = { overlaps: [], busyEmails: [] }
  const { dates } = oneTimeTimes(input, organizer?.timeZone ?? 'UTC', now)
  if (organizer && !input.ignoreFreeTimeCheck && dates.ok) {
    const emails = [
      ...new Set([
        ...chosen.flatMap((contact) => (contact.email ? [contact.email] : [])),
        ...newEmails,
        ...event.adjutantEmails,
      ]),
    ]
    conflict = await freeTimeCheck(db, organizer.id, dates.times, event, emails, holds)
  }
  const inviteeEmails = [...chosen.flatMap((contact) => (contact.email ? [contact.email] : [])), ...newEmails]
  const inviteeZones = organizer ? await knownZones(db, organizer.id, inviteeEmails) : {}
  const telemostConnected = Boolean(organizer && event.form.videoLinkService && (await telemostGrant(db, organizer.id)))
  const decision = decideCreateOneTime(
    input,
    { organizer: organizer ?? null, chosen, known, conflict, inviteeZones, telemostConnected },
    now,
  )
  if (!decision.ok) return decision
  await apply(db, { ownerId: input.ownerId, now, env, organizer, language: input.language }, decision.value)
  const ids = decision.value.map((created) => created.meetingId)
  return { ok: true, value: { ids, links: ids.map((id) => bookingLink(env.APP_URL, id)) } }
}

/**
 * The zones the invitees read their times in, where known (issue 18: one zone per person): an account's profile
 * zone, else the zone of their latest booking through this host's public pages (which the guest's browser gave).
 */
async function knownZones(db: Db, ownerId: string, emails: string[]): Promise<Record<string, string>> {
  const lower = [...new Set(emails.map((email) => email.toLowerCase()))]
  if (lower.length === 0) return {}
  const [accounts, booked] = await Promise.all([
    readInParts(lower, (part) =>
      db.select({ email: users.email, timeZone: users.timeZone }).from(users).where(inArray(users.email, part)),
    ),
    readInParts(lower, (part) =>
      db
        .select({
          email: meetingParticipants.email,
          timeZone: meetingParticipants.timeZone,
          createdAt: meetingParticipants.createdAt,
        })
        .from(meetingParticipants)
        .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
        .where(
          and(
            eq(meetingParticipants.ownerId, ownerId),
            inArray(meetingParticipants.email, part),
            isNotNull(meetings.eventTypeId),
          ),
        ),
    ),
  ])
  booked.sort((a, b) => a.createdAt - b.createdAt)
  // Later rows win: the latest booking, then an account over any booking.
  return Object.fromEntries([...booked, ...accounts].map((row) => [row.email.toLowerCase(), row.timeZone] as const))
}

/** An upcoming meeting overlapping [from, to). */
function upcomingDuring(from: number, to: number) {
  return and(eq(meetings.status, 'upcoming'), lt(meetings.startAt, to), gt(meetings.endAt, from))
}

/** What is already at these times: the host's live meetings and active holds, and invitees busy in his meetings. */
export async function freeTimeCheck(
  db: Db,
  ownerId: string,
  times: { start: number; end: number }[],
  event: { form: Pick<OneTimeEventInput['form'], 'getTimeBeforeValue' | 'getTimeAfterValue'> },
  emails: string[],
  /** The host's active holds; a held seat of a one-time meeting (`companyEventId`) is inside that meeting's time. */
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
      .where(and(eq(meetings.ownerId, ownerId), upcomingDuring(from, to)))
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
  if (live.length > 0) {
    // The live meetings by the same window as above, not by their ids: a busy host has more than D1 binds.
    const liveIds = new Set(live.map((m) => m.id))
    const rows = await readInParts(emails, (part) =>
      db
        .select({ id: meetings.id, email: meetingParticipants.email, start: meetings.startAt, end: meetings.endAt })
        .from(meetingParticipants)
        .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
        .where(
          and(
            eq(meetingParticipants.ownerId, ownerId),
            eq(meetingParticipants.status, 'booked'),
            inArray(meetingParticipants.email, part),
            eq(meetings.ownerId, ownerId),
            upcomingDuring(from, to),
          ),
        ),
    )
    for (const row of rows) {
      if (liveIds.has(row.id) && during(row)) busyEmails.add(row.email)
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
  const rows = await readInParts(emails, (part) =>
    db
      .select({ email: users.email, start: meetings.startAt, end: meetings.endAt })
      .from(contacts)
      .innerJoin(users, eq(users.email, contacts.email))
      .innerJoin(meetings, eq(meetings.ownerId, users.id))
      .where(
        and(
          eq(contacts.ownerId, organizerId),
          inArray(contacts.email, part),
          isNotNull(contacts.lastBookingAt),
          upcomingDuring(from, to),
        ),
      ),
  )
  return [...new Set(rows.filter(during).map((row) => row.email))]
}
