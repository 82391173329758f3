/**
 * Reading meetings (SPEC §7 "Meetings and bookings"): the organizer's bookings ("booked with me") and the meetings
 * the signed-in user is booked into by another specialist ("I am booked"). Every query is scoped: the organizer's
 * by `ownerId`, the participant's by their own email on a live participant row; anything else answers 404.
 */
import { isCompanionBooking } from '#app/domain/commands/booking.ts'
import { type SQL, and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import {
  type DisplayStatus,
  type ListStatus,
  type MeetingListQuery,
  defaultListStatus,
  displayStatus,
  isBelowMinSeats,
  meetingTimeText,
  monthRange,
  participantCount,
  periodRange,
  placeIcon,
  rangeBoundInstant,
} from '#app/domain/meetings/rules.ts'
import { avatarUrl } from '#app/server/accounts/profile.server.ts'
import { type Db, readInParts } from '#app/server/db.server.ts'
import { meetingParticipants, meetings, users } from '#db/schema.ts'
import { findOwned } from '../rows.server.ts'
import { found, refuse } from '../refusal.server.ts'
import type { Conflict } from '#app/domain/calendars/types.ts'
import { conflictsOf } from './conflicts.server.ts'

export type MeetingRow = typeof meetings.$inferSelect
export type ParticipantRow = typeof meetingParticipants.$inferSelect
type Viewer = Pick<typeof users.$inferSelect, 'id' | 'email' | 'timeZone'>

function statusWhere(status: ListStatus, now: number): SQL | undefined {
  switch (status) {
    case 'upcoming':
      return and(eq(meetings.status, 'upcoming'), gte(meetings.endAt, now + 1))
    case 'completed':
      return and(eq(meetings.status, 'upcoming'), lt(meetings.endAt, now + 1))
    case 'canceled':
      return eq(meetings.status, 'canceled')
    case 'upcomingAndCompleted':
      return eq(meetings.status, 'upcoming')
  }
}

function rangeWhere(query: MeetingListQuery, viewer: Viewer, now: number): SQL | undefined {
  const range =
    query.year && query.monthNumber
      ? monthRange(query.year, query.monthNumber, viewer.timeZone)
      : query.period
        ? periodRange(query.period, now, viewer.timeZone)
        : null
  return and(
    range ? and(gte(meetings.startAt, range.from), lt(meetings.startAt, range.to)) : undefined,
    query.from ? gte(meetings.startAt, rangeBoundInstant(query.from, viewer.timeZone, 'from')) : undefined,
    query.to ? lt(meetings.startAt, rangeBoundInstant(query.to, viewer.timeZone, 'to')) : undefined,
  )
}

/**
 * The organizer view of one meeting (SPEC §3 "Booking (organizer view)") with the card's extras and the outside
 * events of the organizer's calendars it overlaps (conflicts.server.ts; the organizer's eyes only).
 */
export function organizerView(
  meeting: MeetingRow,
  participants: ParticipantRow[],
  viewerTimeZone: string,
  now: number,
  conflicts: Conflict[],
) {
  const time = meetingTimeText(meeting, viewerTimeZone)
  const members = participants.filter((p) => p.role === 'member')
  const visitors = participants.filter((p) => p.role === 'visitor')
  const liveMembers = members.filter((p) => p.status === 'booked')
  const status = displayStatus(meeting, now)
  return {
    userEventInfo: {
      id: meeting.id,
      status,
      isFaild: meeting.isFailed,
      date: time.date,
      timeSlot: time.timeSlot,
      start: new Date(meeting.startAt).toISOString(),
      end: new Date(meeting.endAt).toISOString(),
      durationInMinutes: Math.round((meeting.endAt - meeting.startAt) / 60_000),
      participantType: meeting.participantType,
      minSeats: meeting.minSeats,
      totalSeats: meeting.totalSeats,
      adjutants: meeting.adjutantEmails.map((email) => ({ email })),
      isOneTime: meeting.eventTypeId === null,
      participantCount: participantCount({
        members: liveMembers.length,
        visitors: visitors.filter((v) => v.status === 'booked').length,
        adjutants: meeting.adjutantEmails.length,
      }),
      isBelowMinSeats: status !== 'canceled' && isBelowMinSeats(meeting, liveMembers.length),
    },
    eventTypeInfo: {
      eventTypeId: meeting.eventTypeId,
      eventTypeName: meeting.name,
      color: meeting.color,
      eventTypePlaceType: meeting.placeType,
      meetingPoint: meeting.meetingPoint,
      placeIcon: placeIcon(meeting.placeType, meeting.meetingPoint),
      description: meeting.description,
    },
    contactInfos: members.map((member) => ({
      id: member.id,
      contactId: member.contactId,
      firstName: member.firstName,
      lastName: member.lastName,
      imageUrl: null,
      phone: member.phone,
      email: member.email,
      messengerType: member.messengerType,
      messengerValue: member.messengerValue,
      comment: member.comment,
      /** SPEC §3 booking form's `tempCustomField`, kept with the booking (ADR 0105). */
      tempCustomField: member.customField,
      isCanceled: member.status === 'canceled',
      visitors: visitors
        .filter((v) => v.bookingId === member.bookingId && v.status === 'booked')
        .map((v) => ({ id: v.id, email: v.email })),
      /** The members of a group meeting this client brought along (ADR 0105). */
      companions: liveMembers
        .filter((m) => isCompanionBooking(m.bookingId, member.bookingId))
        .sort((x, y) => x.bookingId.localeCompare(y.bookingId, 'en', { numeric: true }))
        .map((m) => ({ id: m.id, email: m.email })),
    })),
    conflicts,
  }
}
export type OrganizerView = ReturnType<typeof organizerView>

async function participantsOf(db: Db, ownerId: string, meetingIds: string[]) {
  // In parts by meeting (the short list has 100 meetings): each meeting's people stay in one part, in order.
  const rows = await readInParts(meetingIds, (part) =>
    db
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.ownerId, ownerId), inArray(meetingParticipants.meetingId, part)))
      .orderBy(asc(meetingParticipants.createdAt), asc(meetingParticipants.id)),
  )
  const byMeeting = new Map<string, ParticipantRow[]>()
  for (const row of rows) byMeeting.set(row.meetingId, [...(byMeeting.get(row.meetingId) ?? []), row])
  return byMeeting
}

function order(status: ListStatus) {
  return status === 'completed' || status === 'canceled'
    ? [desc(meetings.startAt), desc(meetings.id)]
    : [asc(meetings.startAt), asc(meetings.id)]
}

/** "Booked with me": the organizer's meetings, filtered and paged (SPEC §9: 31 by default). */
export async function listOrganizerMeetings(db: Db, viewer: Viewer, query: MeetingListQuery, now: number) {
  const status = query.filter ?? defaultListStatus('organizer')
  const where = and(
    eq(meetings.ownerId, viewer.id),
    statusWhere(status, now),
    rangeWhere(query, viewer, now),
    query.held ? or(isNull(meetings.isFailed), eq(meetings.isFailed, false)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(meetings)
      .where(where)
      .orderBy(...order(status))
      .limit(query.limit)
      .offset(query.currentOffset),
    db.select({ value: count() }).from(meetings).where(where),
  ])
  const [participants, conflicts] = await Promise.all([
    participantsOf(
      db,
      viewer.id,
      rows.map((m) => m.id),
    ),
    conflictsOf(db, viewer.id, rows, now),
  ])
  return {
    filter: status,
    held: query.held ?? false,
    items: rows.map((meeting) =>
      organizerView(meeting, participants.get(meeting.id) ?? [], viewer.timeZone, now, conflicts.get(meeting.id) ?? []),
    ),
    pagination: { totalCount: total?.value ?? 0, currentOffset: query.currentOffset, limit: query.limit },
  }
}

/** One of the organizer's meetings with its participants, or 404. */
export async function findOwnedMeeting(db: Db, ownerId: string, meetingId: string) {
  const meeting = found(await findOwned(db, meetings, ownerId, meetingId))
  const participants = (await participantsOf(db, ownerId, [meeting.id])).get(meeting.id) ?? []
  return { meeting, participants }
}

/** The meeting page and `GET /userEvents/{id}`: one of the organizer's meetings with its conflicts, or 404. */
export async function ownedMeetingView(db: Db, viewer: Viewer, meetingId: string, now: number) {
  const found = await findOwnedMeeting(db, viewer.id, meetingId)
  const conflicts = await conflictsOf(db, viewer.id, [found.meeting], now)
  const view = organizerView(
    found.meeting,
    found.participants,
    viewer.timeZone,
    now,
    conflicts.get(found.meeting.id) ?? [],
  )
  return { ...found, view }
}

/** The participant view (SPEC §3 "Meeting (participant view)"), keyed by the viewer's participant row id. */
function participantView(
  row: { meeting: MeetingRow; participant: ParticipantRow; organizer: typeof users.$inferSelect },
  visitors: ParticipantRow[],
  viewerTimeZone: string,
  now: number,
) {
  const { meeting, participant, organizer } = row
  const time = meetingTimeText(meeting, viewerTimeZone)
  const status: DisplayStatus = participant.status === 'canceled' ? 'canceled' : displayStatus(meeting, now)
  return {
    id: participant.id,
    meetingId: meeting.id,
    status,
    start: new Date(meeting.startAt).toISOString(),
    end: new Date(meeting.endAt).toISOString(),
    meetingInfo: {
      date: time.date,
      timeSlot: time.timeSlot,
      durationInMinutes: Math.round((meeting.endAt - meeting.startAt) / 60_000),
      participantType: meeting.participantType,
      eventTypeName: meeting.name,
      eventTypePlaceType: meeting.placeType,
      meetingPoint: meeting.meetingPoint,
      placeIcon: placeIcon(meeting.placeType, meeting.meetingPoint),
      description: meeting.description,
      color: meeting.color,
    },
    organizerInfo: {
      firstName: organizer.firstName,
      lastName: organizer.lastName,
      imageUrl: avatarUrl(organizer.imageKey),
      email: organizer.email,
    },
    memberInfo: {
      imageUrl: null,
      role: participant.role,
      visitors: visitors.map((v) => ({ id: v.id, email: v.email })),
    },
  }
}
export type ParticipantView = ReturnType<typeof participantView>

function participantStatusWhere(status: ListStatus, now: number): SQL | undefined {
  const live = eq(meetingParticipants.status, 'booked')
  if (status === 'canceled') return or(eq(meetings.status, 'canceled'), eq(meetingParticipants.status, 'canceled'))
  return and(live, statusWhere(status, now))
}

/** The viewer's own participant rows in other specialists' meetings (matched by the account's email). */
function participantScope(viewer: Viewer) {
  return and(eq(meetingParticipants.email, viewer.email.toLowerCase()), ne(meetings.ownerId, viewer.id))
}

async function visitorsOf(db: Db, rows: { participant: ParticipantRow }[]) {
  const bookingIds = [...new Set(rows.map((r) => r.participant.bookingId))]
  return readInParts(bookingIds, (part) =>
    db
      .select()
      .from(meetingParticipants)
      .where(
        and(
          inArray(meetingParticipants.bookingId, part),
          eq(meetingParticipants.role, 'visitor'),
          eq(meetingParticipants.status, 'booked'),
        ),
      ),
  )
}

/** "I am booked": meetings of other specialists the viewer is booked into (SPEC §4 default filter: upcoming). */
export async function listParticipantMeetings(db: Db, viewer: Viewer, query: MeetingListQuery, now: number) {
  const status = query.filter ?? defaultListStatus('participant')
  const where = and(participantScope(viewer), participantStatusWhere(status, now), rangeWhere(query, viewer, now))
  const base = db
    .select({ meeting: meetings, participant: meetingParticipants, organizer: users })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .innerJoin(users, eq(users.id, meetings.ownerId))
  const [rows, [total]] = await Promise.all([
    base
      .where(where)
      .orderBy(...order(status))
      .limit(query.limit)
      .offset(query.currentOffset),
    db
      .select({ value: count() })
      .from(meetingParticipants)
      .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
      .where(where),
  ])
  const visitors = await visitorsOf(db, rows)
  return {
    filter: status,
    items: rows.map((row) =>
      participantView(
        row,
        visitors.filter((v) => v.bookingId === row.participant.bookingId && v.meetingId === row.meeting.id),
        viewer.timeZone,
        now,
      ),
    ),
    pagination: { totalCount: total?.value ?? 0, currentOffset: query.currentOffset, limit: query.limit },
  }
}

/** One participant row of the viewer (their "eventContact") with its meeting and organizer, or 404. */
export async function findOwnParticipation(db: Db, viewer: Viewer, participantId: string) {
  const [row] = await db
    .select({ meeting: meetings, participant: meetingParticipants, organizer: users })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .where(and(eq(meetingParticipants.id, participantId), participantScope(viewer)))
    .limit(1)
  if (!row) refuse('notFound')
  return row
}

export async function participantMeetingView(db: Db, viewer: Viewer, participantId: string, now: number) {
  const row = await findOwnParticipation(db, viewer, participantId)
  const visitors = (await visitorsOf(db, [row])).filter((v) => v.meetingId === row.meeting.id)
  return participantView(row, visitors, viewer.timeZone, now)
}

/**
 * SPEC §7 `GET /userEvents/shortActualList`: the organizer's live upcoming meetings in short (the choice of a target
 * when moving participants), soonest first, at most 100.
 */
export async function shortActualList(db: Db, viewer: Viewer, now: number) {
  const rows = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.ownerId, viewer.id), statusWhere('upcoming', now)))
    .orderBy(asc(meetings.startAt), asc(meetings.id))
    .limit(100)
  const participants = await participantsOf(
    db,
    viewer.id,
    rows.map((m) => m.id),
  )
  return rows.map((meeting) => {
    const time = meetingTimeText(meeting, viewer.timeZone)
    const members = (participants.get(meeting.id) ?? []).filter((p) => p.role === 'member' && p.status === 'booked')
    return {
      id: meeting.id,
      name: meeting.name,
      color: meeting.color,
      date: time.date,
      timeSlot: time.timeSlot,
      start: new Date(meeting.startAt).toISOString(),
      end: new Date(meeting.endAt).toISOString(),
      participantType: meeting.participantType,
      totalSeats: meeting.totalSeats,
      bookedSeats: members.length,
      isOneTime: meeting.eventTypeId === null,
    }
  })
}
