/**
 * What the event-type pages' actions share: the submitted form checked by the one schema and the database
 * rules, with refusals shaped for the page (field errors, form errors, the plan-limit flag).
 */
import type { TFunction } from 'i18next'
import { eventTypeBodyFromForm } from '#app/domain/event-types/form-values.ts'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'
import { instantToZoned } from '#app/domain/time/index.ts'
import type { Db } from '../db.server.ts'
import { type PageErrors, pageErrors, refusalOf } from '../refusal.server.ts'
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
  const schema = eventTypeSchema({
    today: instantToZoned(owner.timeZone, Date.now()).date,
    savedPeriodStart: saved?.recordIsOpenPeriodStart,
  })
  const parsed = schema.safeParse(eventTypeBodyFromForm(form))
  if (!parsed.success) return { id: null, errors: pageErrors(parsed.error.issues, t), status: 400 }
  try {
    if (id) {
      await updateEventType(db, owner, id, parsed.data)
      return { id, errors: null, status: 200 }
    }
    return { id: (await createEventType(db, owner, parsed.data)).id, errors: null, status: 200 }
  } catch (error) {
    const refusal = refusalOf(error)
    return { id: null, errors: pageErrors(refusal, t), status: refusalStatus(refusal) }
  }
}
