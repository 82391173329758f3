/**
 * Schedules of one specialist (SPEC §2 "Schedule", API-CONTRACT.md "Schedules"). Every query filters by the
 * owner, so another specialist's schedule is "not found". A specialist always has a default schedule.
 */
import { type SQL, and, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { copyName } from '#app/domain/event-types/link.ts'
import { newId } from '#app/domain/ids.ts'
import { PLANS, can, withinLimit } from '#app/domain/plans.ts'
import type { DatedAdjustment, WeeklyDay } from '#app/domain/schedules/editing.ts'
import type { ScheduleInput } from '#app/domain/schedules/schema.ts'
import { dmyToIso, isoToDmy } from '#app/domain/time/index.ts'
import { eventTypes, scheduleAdjustments, schedules, users } from '#db/schema.ts'
import type { PlanName } from '#app/domain/enums.ts'
import { type Db, readInParts } from '../db.server.ts'
import { countOwned, findOwned, listOwned, ownedBelowInsert, ownedBy } from '../rows.server.ts'
import { found, refuse } from '../refusal.server.ts'

export type Owner = { id: string; plan: PlanName; timeZone: string }

/** The API-CONTRACT.md shape: adjustments dated `DD.MM.YYYY`. */
export type ScheduleView = {
  id: string
  name: string
  timeZone: string
  isDefault: boolean
  weekly: WeeklyDay[]
  adjustments: { date: string; isDayOff: boolean; intervals: { start: string; end: string }[] }[]
}

export const DEFAULT_WEEKLY: WeeklyDay[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  intervals: [{ start: '09:00', end: '18:00' }],
}))

/** One atomic D1 batch of a list built at run time. */
export function runBatch(db: Db, items: BatchItem<'sqlite'>[]) {
  return db.batch(items as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
}

type ScheduleRow = typeof schedules.$inferSelect
type AdjustmentRow = typeof scheduleAdjustments.$inferSelect

function toView(row: ScheduleRow, adjustments: AdjustmentRow[]): ScheduleView {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    isDefault: row.isDefault,
    weekly: row.weekly,
    adjustments: adjustments
      .filter((adjustment) => adjustment.scheduleId === row.id)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((adjustment) => ({
        date: isoToDmy(adjustment.date),
        isDayOff: adjustment.isDayOff,
        intervals: adjustment.intervals,
      })),
  }
}

/** The stored adjustments of a schedule, dated `YYYY-MM-DD` (the engine's form). */
export function datedAdjustments(view: ScheduleView): DatedAdjustment[] {
  return view.adjustments.map((adjustment) => ({ ...adjustment, date: dmyToIso(adjustment.date) }))
}

/** Makes the first schedule of a specialist who has none (Mon-Fri 09:00-18:00 in their time zone). */
/**
 * The default schedule of a new account, as a statement for the batch that writes the user row (issue 18: the
 * schedule exists from sign-up on, not from the first visit of the schedules page), in the account's zone.
 */
export function defaultScheduleInsert(db: Db, ownerId: string, name: string, now: number) {
  return db.insert(schedules).values({
    id: newId(now),
    ownerId,
    name,
    timeZone: sql`(select ${users.timeZone} from ${users} where ${users.id} = ${ownerId})`,
    isDefault: true,
    weekly: DEFAULT_WEEKLY,
  })
}

/** Accounts made before sign-up wrote the default schedule get it on first use. */
export async function ensureDefaultSchedule(db: Db, owner: Owner, name: string): Promise<void> {
  if ((await countOwned(db, schedules, owner.id)) > 0) return
  await db.insert(schedules).values({
    id: newId(),
    ownerId: owner.id,
    name,
    timeZone: owner.timeZone,
    isDefault: true,
    weekly: DEFAULT_WEEKLY,
  })
}

export async function listSchedules(db: Db, ownerId: string): Promise<ScheduleView[]> {
  const rows = await listOwned(db, schedules, ownerId, 'oldest')
  if (rows.length === 0) return []
  const adjustments = await readInParts(
    rows.map((row) => row.id),
    (part) => db.select().from(scheduleAdjustments).where(inArray(scheduleAdjustments.scheduleId, part)),
  )
  return rows.map((row) => toView(row, adjustments))
}

export async function getSchedule(db: Db, ownerId: string, id: string): Promise<ScheduleView> {
  const row = found(await findOwned(db, schedules, ownerId, id), 'scheduleNotFound')
  const adjustments = await db.select().from(scheduleAdjustments).where(eq(scheduleAdjustments.scheduleId, id))
  return toView(row, adjustments)
}

function adjustmentKey(adjustment: { date: string; isDayOff: boolean; intervals: unknown }) {
  return JSON.stringify([adjustment.date, adjustment.isDayOff, adjustment.isDayOff ? [] : adjustment.intervals])
}

/** SPEC §6: adding or changing adjustments and day-offs needs Standard or Pro; removing them never does. */
function checkAdjustmentsAllowed(owner: Owner, next: ScheduleInput['adjustments'], saved: ScheduleView['adjustments']) {
  if (can(owner.plan, 'adjustments')) return
  const savedKeys = new Set(saved.map(adjustmentKey))
  if (next.some((adjustment) => !savedKeys.has(adjustmentKey(adjustment)))) refuse('planLimit')
}

/**
 * The schedule's adjustments as one batch item (none for none), only where `onlyIf` holds: the rows go in through
 * `json_each` over one bound JSON array, so any number of days is one statement under D1's bound parameters.
 */
function adjustmentInserts(db: Db, scheduleId: string, input: ScheduleInput, onlyIf: SQL = sql`1`) {
  if (input.adjustments.length === 0) return []
  const rows = input.adjustments.map((a) => [
    newId(),
    dmyToIso(a.date),
    a.isDayOff ? 1 : 0,
    JSON.stringify(a.intervals),
  ])
  const at = (index: number) => sql.raw(`json_extract(j.value, '$[${index}]')`)
  // Every column, in table order: id, schedule_id, date, is_day_off, intervals.
  return [
    db
      .insert(scheduleAdjustments)
      .select(
        sql`SELECT ${at(0)}, ${scheduleId}, ${at(1)}, ${at(2)}, ${at(3)} FROM json_each(${JSON.stringify(rows)}) AS j WHERE ${onlyIf}`,
      ),
  ]
}

/**
 * A new schedule with its adjustments, within the plan's limit: the batch starts with the guarded insert
 * (`ownedBelowInsert`) and the rest writes only if the schedule row is there, so creates made at the same time
 * cannot pass the limit and a refused one writes nothing (ADR 0133). A copy keeps the adjustments it copies.
 */
export async function createSchedule(
  db: Db,
  owner: Owner,
  input: ScheduleInput,
  copied = false,
): Promise<{ id: string }> {
  const held = await countOwned(db, schedules, owner.id)
  if (!withinLimit(owner.plan, 'schedules', held)) refuse('planLimit')
  if (!copied) checkAdjustmentsAllowed(owner, input.adjustments, [])
  const id = newId()
  const isDefault = input.isDefault || held === 0
  const written = sql`exists (select 1 from ${schedules} where ${schedules.id} = ${id})`
  const row = { id, ownerId: owner.id, name: input.name, timeZone: input.timeZone, isDefault, weekly: input.weekly }
  const [inserted] = await runBatch(db, [
    ownedBelowInsert(db, schedules, row, PLANS[owner.plan].limits.schedules),
    ...(isDefault
      ? [
          db
            .update(schedules)
            .set({ isDefault: false })
            .where(and(eq(schedules.ownerId, owner.id), ne(schedules.id, id), written)),
        ]
      : []),
    ...adjustmentInserts(db, id, input, written),
  ])
  if ((inserted as D1Result).meta.changes === 0) refuse('planLimit')
  return { id }
}

export async function updateSchedule(db: Db, owner: Owner, id: string, input: ScheduleInput): Promise<void> {
  const saved = await getSchedule(db, owner.id, id)
  checkAdjustmentsAllowed(owner, input.adjustments, saved.adjustments)
  // The default can move to another schedule, never vanish: unchecking it on the default keeps it.
  const isDefault = input.isDefault || saved.isDefault
  await runBatch(db, [
    ...(isDefault && !saved.isDefault
      ? [
          db
            .update(schedules)
            .set({ isDefault: false })
            .where(and(eq(schedules.ownerId, owner.id), ne(schedules.id, id))),
        ]
      : []),
    db
      .update(schedules)
      .set({ name: input.name, timeZone: input.timeZone, isDefault, weekly: input.weekly })
      .where(and(eq(schedules.id, id), eq(schedules.ownerId, owner.id))),
    db.delete(scheduleAdjustments).where(eq(scheduleAdjustments.scheduleId, id)),
    ...adjustmentInserts(db, id, input),
  ])
}

/** SPEC §2 "copy schedule": the same hours and adjustments under a new name (within 200), never the default. */
export async function copySchedule(db: Db, owner: Owner, id: string): Promise<{ id: string }> {
  const saved = await getSchedule(db, owner.id, id)
  const names = new Set((await listSchedules(db, owner.id)).map((schedule) => schedule.name))
  let copyIndex = 2
  while (names.has(copyName(saved.name, copyIndex))) copyIndex++
  // The copy keeps the adjustments it copies even on Basic: nothing new is added.
  return createSchedule(
    db,
    owner,
    {
      name: copyName(saved.name, copyIndex),
      timeZone: saved.timeZone,
      isDefault: false,
      weekly: saved.weekly,
      adjustments: saved.adjustments,
    },
    true,
  )
}

/** The default schedule cannot go, nor one that event types still use. */
export async function deleteSchedule(db: Db, owner: Owner, id: string): Promise<void> {
  const saved = await getSchedule(db, owner.id, id)
  if (saved.isDefault) refuse('scheduleDeleteDefault')
  const [{ value }] = await db
    .select({ value: count() })
    .from(eventTypes)
    .where(and(eq(eventTypes.ownerId, owner.id), eq(eventTypes.scheduleId, id)))
  if (value > 0) refuse('scheduleInUse', undefined, { count: value })
  await db.delete(schedules).where(ownedBy(schedules, owner.id, id))
}
