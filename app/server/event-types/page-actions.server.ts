/**
 * What the event-type pages' actions share: the submitted form parsed by the form's one schema (the API's
 * `eventTypeSchema` over the body the form makes, `eventTypeFormSchema`) and the database rules, with refusals shaped for the page (field errors, form errors, the plan-limit flag).
 */
import type { TFunction } from 'i18next'
import { eventTypeFormSchema } from '#app/domain/event-types/form-values.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import type { Db } from '../db.server.ts'
import { type PageErrors, attempt, pageErrors } from '../refusal.server.ts'
import { parseValue } from '../forms/parse.server.ts'
import { refusalStatus } from '#app/domain/refusal.ts'
import type { Owner } from '../schedules/schedules.server.ts'
import { createEventType, getEventType, updateEventType } from './event-types.server.ts'

/** `status`: the table's for a refusal (the API answers the same), 400 for bad input. */
export type SaveResult = { id: string | null; errors: PageErrors | null; status: number }

export async function saveEventTypeForm(
  db: Db,
  owner: Owner,
  form: FormData,
  t: TFunction,
  id?: string,
): Promise<SaveResult> {
  const saved = id ? await getEventType(db, owner.id, id) : null
  const schema = eventTypeFormSchema({
    today: instantToZoned(owner.timeZone, Date.now()).date,
    savedPeriodStart: saved?.recordIsOpenPeriodStart,
  })
  const parsed = parseValue(form, schema, t)
  if (!parsed.ok) return { id: null, errors: { ...parsed.errors, planLimit: false }, status: 400 }
  const done = await attempt(async () => {
    if (!id) return (await createEventType(db, owner, parsed.value)).id
    await updateEventType(db, owner, id, parsed.value)
    return id
  })
  if (!done.ok) return { id: null, errors: pageErrors(done.refusal, t), status: refusalStatus(done.refusal) }
  return { id: done.value, errors: null, status: 200 }
}
