import type { OneTimeEventInput } from '#app/domain/one-time/rules.ts'
import { can } from '#app/domain/plans.ts'
import type { Language } from '#app/i18n/config.ts'
import { hostLock, runCommand } from '#app/server/booking/host-lock-client.server.ts'
import type { Db } from '#app/server/db.server.ts'
import type { Bindings } from '#app/server/env.server.ts'
import { conflictRefusal } from '#app/domain/commands/one-time.ts'
import { type Refusal, type TimeConflict, refusal } from '#app/domain/refusal.ts'
import { Refused, refuse } from '#app/server/refusal.server.ts'
import type { users } from '#db/schema.ts'
import { freeTimeCheck } from './create.server.ts'
import { type BookOneTimeInput, type OneTimeRow, findOneTime } from './public.server.ts'

/** The time is taken (SPEC §4): the organizer may still go on with `ignoreFreeTimeCheck`. */
export class FreeTimeConflict extends Refused {
  constructor(readonly conflict: TimeConflict) {
    super(conflictRefusal(conflict) ?? refusal('timeOverlap'))
  }

  get overlaps() {
    return this.conflict.overlaps
  }

  get busyEmails() {
    return this.conflict.busyEmails
  }
}

/** The host's object answered a refusal: thrown for pages and the API (a time conflict keeps what it found). */
function refused(answer: Refusal): never {
  if (answer.conflict) throw new FreeTimeConflict(answer.conflict)
  throw new Refused(answer)
}

/** SPEC §7 `GET /companyEvent/organizer/isOkCreate`: may this plan create one-time meetings (SPEC §6)? */
export function isOkCreate(user: Pick<typeof users.$inferSelect, 'plan'>): boolean {
  return can(user.plan, 'oneTimeMeetings')
}

export async function createOneTime(
  bindings: Bindings,
  user: Pick<typeof users.$inferSelect, 'id'>,
  event: OneTimeEventInput,
  options: { ignoreFreeTimeCheck: boolean; language: Language; fallbackTimeZone: string | null },
) {
  const outcome = await runCommand(bindings, { kind: 'createOneTime', ownerId: user.id, event, ...options })
  if (!outcome.ok) refused(outcome.refusal)
  return { id: outcome.value.ids[0], ids: outcome.value.ids, links: outcome.value.links }
}

/** `/booking`: an invitee (with their token) confirms; anyone else books a free seat through the host's object. */
export async function answerOneTime(bindings: Bindings, db: Db, input: Omit<BookOneTimeInput, 'ownerId'>) {
  const row = await findOneTime(db, input.id)
  if (!row) refuse('notFound')
  const outcome = await runCommand(bindings, {
    kind: 'bookSeat',
    ownerId: row.meeting.ownerId,
    id: input.id,
    token: input.token,
    contact: input.contact,
    language: input.language,
    timeZone: input.timeZone,
    holdId: input.holdId ?? null,
  })
  if (!outcome.ok) refused(outcome.refusal)
  return outcome.value
}

/**
 * Holds a seat of a one-time meeting for a guest filling in `/booking` (through the host's Durable Object, which
 * takes seats one request at a time); 404 for an unknown meeting, 409 when no seat is left for another hold.
 */
export async function holdOneTimeSeat(
  bindings: Bindings,
  db: Db,
  companyEventId: string,
  holder: { clientId: string; address: string },
) {
  const row = await findOneTime(db, companyEventId)
  if (!row) refuse('oneTimeNotFound')
  const outcome = await runCommand(bindings, {
    kind: 'holdSeat',
    ownerId: row.meeting.ownerId,
    companyEventId: row.meeting.id,
    ...holder,
  })
  if (!outcome.ok) refused(outcome.refusal)
  return outcome.value
}

/** Seats the host's other clients hold now on this meeting (`exceptClientId`'s own hold left out). */
export async function seatsHeldByOthers(bindings: Bindings, row: OneTimeRow, exceptClientId: string | null) {
  const holds = await hostLock(bindings, row.meeting.ownerId).activeHolds(Date.now())
  return holds.filter((h) => h.companyEventId === row.meeting.id && h.clientId !== exceptClientId).length
}

/**
 * The invitee free-slot check (SPEC §7 "query from, to and email, response data.isFree"): is the email a live
 * participant or adjutant of another of this organizer's live meetings in [from, to), or a specialist among his
 * contacts hosting one of their own then? The busy invitees of create.server.ts `freeTimeCheck`, for one email
 * and no buffers. No other account's calendar is consulted.
 */
export async function inviteeIsFree(db: Db, ownerId: string, email: string, from: number, to: number) {
  const noBuffers = { form: { getTimeBeforeValue: null, getTimeAfterValue: null } }
  const { busyEmails } = await freeTimeCheck(db, ownerId, [{ start: from, end: to }], noBuffers, [email], [])
  return busyEmails.length === 0
}
