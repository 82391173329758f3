/** Reading waitlist entries (docs/decisions/0108-waitlist.md): always by their host (`ownerId`). */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { WaitlistEntry } from '#app/domain/waitlist/waitlist.ts'
import { eventTypes, users, waitlistEntries } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { findOwned } from '../rows.server.ts'

export type WaitlistRow = typeof waitlistEntries.$inferSelect

export const LIVE_STATUSES = ['waiting', 'offered'] as const

export function entryOf(row: WaitlistRow): WaitlistEntry {
  return {
    id: row.id,
    eventTypeId: row.eventTypeId,
    start: row.startAt,
    end: row.endAt,
    email: row.email,
    status: row.status,
    joinedAt: row.joinedAt,
    offerExpiresAt: row.offerExpiresAt,
    holdId: row.holdId,
  }
}

/** The host's live entries (waiting or offered), first in line first. */
export function liveEntries(db: Db, ownerId: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ownerId, ownerId), inArray(waitlistEntries.status, [...LIVE_STATUSES])))
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
}

/** The live line of one slot, for the meeting's page: first in line first. */
export function slotLine(db: Db, ownerId: string, eventTypeId: string, start: number) {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ownerId, ownerId),
        eq(waitlistEntries.eventTypeId, eventTypeId),
        eq(waitlistEntries.startAt, start),
        inArray(waitlistEntries.status, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
}

/** One entry of this host, or null (another host's entry is not found). */
export function findEntry(db: Db, ownerId: string, entryId: string): Promise<WaitlistRow | null> {
  return findOwned(db, waitlistEntries, ownerId, entryId)
}

/** An entry by the id its signed link names, with its event type's name and link and its host's login and name. */
export async function entryWithEvent(db: Db, entryId: string) {
  const [row] = await db
    .select({
      entry: waitlistEntries,
      eventName: eventTypes.name,
      eventLink: eventTypes.link,
      login: users.login,
      hostFirstName: users.firstName,
      hostLastName: users.lastName,
    })
    .from(waitlistEntries)
    .innerJoin(eventTypes, eq(eventTypes.id, waitlistEntries.eventTypeId))
    .innerJoin(users, eq(users.id, waitlistEntries.ownerId))
    .where(eq(waitlistEntries.id, entryId))
    .limit(1)
  return row ?? null
}

/** Hosts with someone in a line: the ones the minute's sweep visits. */
export async function hostsWithLines(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerId: waitlistEntries.ownerId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, [...LIVE_STATUSES]))
  return rows.map((r) => r.ownerId)
}
