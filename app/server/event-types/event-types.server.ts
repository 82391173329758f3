/**
 * Event types of one specialist (SPEC §2, §3, §5, §6, §7 "Event types", "Uniqueness"). Every query filters
 * by the owner: another specialist's event type answers "not found". Plan gating comes from app/domain/plans.
 */
import { and, asc, count, eq, ne, or } from 'drizzle-orm'
import { missingCapabilities } from '#app/domain/event-types/gating.ts'
import { telemostGrant } from '../video/grants.server.ts'
import { copyLink, copyName, eventNameKey } from '#app/domain/event-types/link.ts'
import { durationStepFields } from '#app/domain/event-types/duration-step.ts'
import { splitReminders } from '#app/domain/event-types/reminders.ts'
import type { EventTypeInput } from '#app/domain/event-types/schema.ts'
import { newId } from '#app/domain/ids.ts'
import { PLANS, withinLimit } from '#app/domain/plans.ts'
import { dmyToIso, isoToDmy } from '#app/domain/time/index.ts'
import { eventTypes, schedules } from '#db/schema.ts'
import type { Db } from '../db.server.ts'
import { countOwned, findOwned, findOwnedWhere, ownedBelowInsert, ownedBy } from '../rows.server.ts'
import { type Refusal, refusalFrom } from '#app/domain/refusal.ts'
import { Refused, found, refuse } from '../refusal.server.ts'
import { isUniqueViolation } from '../unique-violation.server.ts'
import { foldedContains } from '../search.server.ts'
import type { Owner } from '../schedules/schedules.server.ts'

type EventTypeRow = typeof eventTypes.$inferSelect

/** The fields stored under the name the API gives them, as they are (the rest are renamed or converted below). */
const SAME_NAMED = [
  'name',
  'link',
  'description',
  'color',
  'meetingPoint',
  'videoLinkService',
  'whoCallType',
  'whenClosesValue',
  'whenClosesType',
  'recordIsOpenType',
  'participantType',
  'minSeats',
  'totalSeats',
  'isLastNameRequired',
  'isMessengerRequired',
  'isPhoneRequired',
  'isOptionalInputsHidden',
  'isShowCost',
  'cost',
  'currency',
  'isShowRedirection',
  'redirectUrl',
  'redirectComment',
  'scheduleId',
  'isActive',
  'isShowOnSpecialistPage',
] as const satisfies readonly (keyof EventTypeRow & keyof EventTypeInput)[]

function sameNamed<T extends Record<(typeof SAME_NAMED)[number], unknown>>(source: T) {
  return Object.fromEntries(SAME_NAMED.map((key) => [key, source[key]])) as Pick<T, (typeof SAME_NAMED)[number]>
}

/** An event type by its SPEC §3 names (API-CONTRACT.md "Event types"); dates `DD.MM.YYYY`. */
export function toView(row: EventTypeRow) {
  return {
    id: row.id,
    ...sameNamed(row),
    eventTypePlaceType: row.placeType,
    ...durationStepFields(row.durationInMinutes, row.stepMinutes),
    getTimeBeforeValue: row.timeBeforeMinutes,
    getTimeAfterValue: row.timeAfterMinutes,
    ...splitReminders(row.remindersInMinutes),
    remindersInMinutes: row.remindersInMinutes,
    recordIsOpenPeriodStart: row.recordIsOpenPeriodStart ? isoToDmy(row.recordIsOpenPeriodStart) : null,
    recordIsOpenPeriodEnd: row.recordIsOpenPeriodEnd ? isoToDmy(row.recordIsOpenPeriodEnd) : null,
    maximumRecordsPerDayValue: row.maximumRecordsPerDay,
  }
}
export type EventTypeView = ReturnType<typeof toView>

function toRow(input: EventTypeInput) {
  return {
    ...sameNamed(input),
    nameKey: eventNameKey(input.name),
    placeType: input.eventTypePlaceType,
    durationInMinutes: input.durationInMinutes,
    stepMinutes: input.stepMinutes,
    timeBeforeMinutes: input.getTimeBeforeValue,
    timeAfterMinutes: input.getTimeAfterValue,
    remindersInMinutes: input.remindersInMinutes,
    recordIsOpenPeriodStart: input.recordIsOpenPeriodStart ? dmyToIso(input.recordIsOpenPeriodStart) : null,
    recordIsOpenPeriodEnd: input.recordIsOpenPeriodEnd ? dmyToIso(input.recordIsOpenPeriodEnd) : null,
    maximumRecordsPerDay: input.maximumRecordsPerDayValue,
  }
}

export async function getEventTypeRow(db: Db, ownerId: string, id: string): Promise<EventTypeRow> {
  return found(await findOwned(db, eventTypes, ownerId, id), 'eventTypeNotFound')
}

export async function getEventType(db: Db, ownerId: string, id: string): Promise<EventTypeView> {
  return toView(await getEventTypeRow(db, ownerId, id))
}

export type ListQuery = { limit: number; offset: number; search?: string; isActive?: boolean }

/** SPEC §7 `GET /eventTypes`: newest first, `{ items, pagination: { totalCount, currentOffset, limit } }`. */
export async function listEventTypes(db: Db, ownerId: string, query: ListQuery) {
  const search = query.search?.trim()
  const where = and(
    eq(eventTypes.ownerId, ownerId),
    // The name's folded key and the lowercased link: "консультация" finds "Консультация" (SQLite folds ASCII only).
    search ? or(foldedContains(eventTypes.nameKey, search), foldedContains(eventTypes.link, search)) : undefined,
    query.isActive === undefined ? undefined : eq(eventTypes.isActive, query.isActive),
  )
  const [rows, [{ value: totalCount }]] = await Promise.all([
    db
      .select()
      .from(eventTypes)
      .where(where)
      .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(eventTypes).where(where),
  ])
  return { items: rows.map(toView), pagination: { totalCount, currentOffset: query.offset, limit: query.limit } }
}

/** SPEC §7 `GET /eventTypes/short`: the compact list for pickers. */
export async function shortEventTypes(db: Db, ownerId: string, isActive?: boolean) {
  const rows = await db
    .select({
      id: eventTypes.id,
      name: eventTypes.name,
      link: eventTypes.link,
      color: eventTypes.color,
      durationInMinutes: eventTypes.durationInMinutes,
      isActive: eventTypes.isActive,
    })
    .from(eventTypes)
    .where(and(eq(eventTypes.ownerId, ownerId), isActive === undefined ? undefined : eq(eventTypes.isActive, isActive)))
    .orderBy(asc(eventTypes.createdAt))
  return rows
}

/** SPEC §7 "Uniqueness": true when no other event type of the owner has this name, in any letter case. */
export async function isNameFree(db: Db, ownerId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ name: eventTypes.name })
    .from(eventTypes)
    .where(and(eq(eventTypes.ownerId, ownerId), exceptId ? ne(eventTypes.id, exceptId) : undefined))
  const key = eventNameKey(name)
  return !rows.some((row) => eventNameKey(row.name) === key)
}

/** SPEC §7 "Uniqueness": true when no other event type of the owner has this link (links are lowercase). */
export async function isLinkFree(db: Db, ownerId: string, link: string, exceptId?: string): Promise<boolean> {
  const other = exceptId ? ne(eventTypes.id, exceptId) : undefined
  return !(await findOwnedWhere(db, eventTypes, ownerId, and(eq(eventTypes.link, link), other)))
}

/** SPEC §7 `isOkAdd`: whether the plan allows one more event type. */
export async function canAddEventType(db: Db, owner: Owner): Promise<boolean> {
  return withinLimit(owner.plan, 'eventTypes', await countOwned(db, eventTypes, owner.id))
}

/** The database rules of a valid input: uniqueness, the schedule is the owner's, the plan allows it. */
async function checkInput(db: Db, owner: Owner, input: EventTypeInput, exceptId?: string) {
  if (missingCapabilities(owner.plan, input).length > 0) refuse('planLimit')
  const problems: Omit<Refusal, 'more'>[] = []
  const [schedule] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.id, input.scheduleId), eq(schedules.ownerId, owner.id)))
    .limit(1)
  if (!schedule) problems.push({ code: 'eventTypeScheduleNotFound', field: 'scheduleId' })
  // A link for each meeting needs Telemost connected (a refused grant keeps the option: the card asks to reconnect).
  if (input.videoLinkService && !(await telemostGrant(db, owner.id)))
    problems.push({ code: 'telemostNotConnected', field: 'videoLinkService' })
  if (!(await isNameFree(db, owner.id, input.name, exceptId)))
    problems.push({ code: 'eventTypeNameTaken', field: 'name' })
  if (!(await isLinkFree(db, owner.id, input.link, exceptId)))
    problems.push({ code: 'eventTypeLinkTaken', field: 'link' })
  const refusal = refusalFrom(problems)
  if (refusal) throw new Refused(refusal)
}

/**
 * Inserts the event type unless the plan's limit is reached (`ownedBelowInsert`: counted and inserted in one
 * statement, so creates made at the same time cannot pass it, ADR 0133), refused `planLimit` as the count before it.
 */
async function insertWithinLimit(
  db: Db,
  owner: Owner,
  row: typeof eventTypes.$inferInsert & { ownerId: string },
  recheck: () => Promise<void>,
) {
  const insert = ownedBelowInsert(db, eventTypes, row, PLANS[owner.plan].limits.eventTypes)
  const result = await uniqueRace(Promise.resolve(insert), recheck)
  if (result.meta.changes === 0) refuse('planLimit')
}

/** A unique index caught a race between the check and the write: answer as the check would have. */
async function uniqueRace<T>(write: Promise<T>, recheck: () => Promise<void>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) await recheck()
    throw error
  }
}

export async function createEventType(db: Db, owner: Owner, input: EventTypeInput): Promise<{ id: string }> {
  if (!(await canAddEventType(db, owner))) refuse('planLimit')
  await checkInput(db, owner, input)
  const id = newId()
  await insertWithinLimit(db, owner, { id, ownerId: owner.id, ...toRow(input) }, () => checkInput(db, owner, input))
  return { id }
}

export async function updateEventType(db: Db, owner: Owner, id: string, input: EventTypeInput): Promise<void> {
  await getEventTypeRow(db, owner.id, id)
  await checkInput(db, owner, input, id)
  await uniqueRace(
    db
      .update(eventTypes)
      .set(toRow(input))
      .where(ownedBy(eventTypes, owner.id, id)),
    () => checkInput(db, owner, input, id),
  )
}

export async function deleteEventType(db: Db, ownerId: string, id: string): Promise<void> {
  await getEventTypeRow(db, ownerId, id)
  await db.delete(eventTypes).where(ownedBy(eventTypes, ownerId, id))
}

/**
 * SPEC §2 "duplicate": a copy with the first free name `… (2)` and link `…_2` (names compared in any case), the
 * base trimmed so both stay within 200 characters; counted against the plan. A concurrent copy that takes the
 * same suffix first makes the unique index refuse this one: it tries the next suffix.
 */
export async function copyEventType(db: Db, owner: Owner, id: string): Promise<{ id: string }> {
  const row = await getEventTypeRow(db, owner.id, id)
  if (!(await canAddEventType(db, owner))) refuse('planLimit')
  if (missingCapabilities(owner.plan, toView(row)).length > 0) refuse('planLimit')
  for (let attempt = 1; ; attempt++) {
    const taken = await db
      .select({ name: eventTypes.name, link: eventTypes.link })
      .from(eventTypes)
      .where(eq(eventTypes.ownerId, owner.id))
    const names = new Set(taken.map((item) => eventNameKey(item.name)))
    const links = new Set(taken.map((item) => item.link))
    let index = 2
    while (names.has(eventNameKey(copyName(row.name, index))) || links.has(copyLink(row.link, index))) index++
    const copyId = newId()
    try {
      const copy = {
        ...row,
        id: copyId,
        name: copyName(row.name, index),
        nameKey: eventNameKey(copyName(row.name, index)),
        link: copyLink(row.link, index),
        createdAt: Date.now(),
      }
      await insertWithinLimit(db, owner, copy, async () => {})
      return { id: copyId }
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error
    }
  }
}

/** SPEC §7 `isOkChangeActivity`: turning off is always allowed; turning on needs the plan's features. */
export async function activityCheck(db: Db, owner: Owner, id: string): Promise<{ isOk: boolean; comments: string[] }> {
  const row = await getEventTypeRow(db, owner.id, id)
  if (!row.isActive && missingCapabilities(owner.plan, toView(row)).length > 0)
    return { isOk: false, comments: ['eventTypes:errors.cannotActivate'] }
  return { isOk: true, comments: [] }
}

export async function setActive(db: Db, owner: Owner, id: string, isActive: boolean): Promise<void> {
  const row = await getEventTypeRow(db, owner.id, id)
  if (isActive && !row.isActive && missingCapabilities(owner.plan, toView(row)).length > 0) refuse('planLimit')
  await db
    .update(eventTypes)
    .set({ isActive })
    .where(ownedBy(eventTypes, owner.id, id))
}

export async function setShownOnSpecialistPage(db: Db, ownerId: string, id: string, shown: boolean): Promise<void> {
  await getEventTypeRow(db, ownerId, id)
  await db
    .update(eventTypes)
    .set({ isShowOnSpecialistPage: shown })
    .where(ownedBy(eventTypes, ownerId, id))
}

/** SPEC §3 "Template fields": what a one-time meeting copies from an event type. */
export function templateData(view: EventTypeView) {
  return {
    name: view.name,
    description: view.description,
    type: view.eventTypePlaceType,
    meetingPoint: view.meetingPoint,
    whoCallType: view.whoCallType,
    color: view.color,
    remindersInMinutes: view.remindersInMinutes,
    isLastNameRequired: view.isLastNameRequired,
    isMessengerRequired: view.isMessengerRequired,
    isPhoneRequired: view.isPhoneRequired,
    isOptionalInputsHidden: view.isOptionalInputsHidden,
    whenClosesValue: view.whenClosesValue,
    whenClosesType: view.whenClosesType,
    getTimeBeforeValue: view.getTimeBeforeValue,
    getTimeAfterValue: view.getTimeAfterValue,
  }
}
